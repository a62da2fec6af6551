"""Lark grammars shipped with bridgetools (installed as the package ``bridgetools.grammars``)."""
