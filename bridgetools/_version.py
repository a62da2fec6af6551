"""The package version, in a module of its own so that any layer may name it."""

__version__ = "0.1.0"
