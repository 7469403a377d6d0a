"""The versions of the oracle and of the spec it implements (``oracle version``, every vector file)."""

__version__ = "0.1.0"
SPEC_VERSION = "1.0.0"
