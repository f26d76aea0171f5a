"""animate-behaviour: subtle random idle motion for Pepper (NAOqi 2.5+)."""
__version__ = "1.1.0"
