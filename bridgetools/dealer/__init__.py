"""bridgetools.dealer"""
