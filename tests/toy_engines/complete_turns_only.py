"""An engine that judges complete turns only: it answers bad_turn to a partial
turn.  Right otherwise; ``oracle conform --complete-turns-only`` accepts it."""

from __future__ import annotations

import json
import sys

from oracle.tools.protocol import handle

if __name__ == "__main__":
    for line in sys.stdin:
        request = json.loads(line)
        turn = request.get("turn")
        if request.get("op") == "legal" and isinstance(turn, str) and ">" not in turn:
            error = {"code": "bad_turn", "message": "this engine judges complete turns only"}
            print(json.dumps({"id": request.get("id"), "ok": False, "error": error}), flush=True)
        else:
            print(handle(line.rstrip("\n")), flush=True)
