"""bridgetools.scoring"""
