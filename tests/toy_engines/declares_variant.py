"""A right engine for the self-push=ends variant that says so: its version
reply declares the rules it plays ("plays", spec/protocol.md), so the runner
can tell which --variant to pass."""

from __future__ import annotations

import json
import sys

from oracle.tools.protocol import handle

if __name__ == "__main__":
    for line in sys.stdin:
        answer = json.loads(handle(line.rstrip("\n")))
        if answer.get("op") == "version":
            answer["plays"] = {"ruleset": "standard", "variants": ["self-push=ends"]}
        print(json.dumps(answer), flush=True)
