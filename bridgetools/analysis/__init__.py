"""bridgetools.analysis"""
