"""Deliberately wrong engines: the oracle with one rule broken, speaking the
protocol on stdin/stdout.  The conformance tests check that each is caught
and that the report names the rule it breaks."""
