"""A wrong engine that ignores the request's variant and always plays the
standard game (so it breaks every variant's clauses)."""

from __future__ import annotations

import json
import sys

from oracle.tools.protocol import handle

if __name__ == "__main__":
    for line in sys.stdin:
        try:
            request = json.loads(line)
            if isinstance(request, dict):
                request.pop("variant", None)
                line = json.dumps(request)
        except ValueError:
            pass
        print(handle(line.rstrip("\n")), flush=True)
