"""The code that builds the rules site from spec/ and the oracle (run by docs/hooks.py, never by a query)."""
