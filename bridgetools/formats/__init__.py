"""bridgetools.formats"""
