"""A wrong engine with no paradox: a copy pushed onto a copy of its own colour
is removed alone, as if crushed, and the copy it struck stays (breaks
MOVE.PUSH.PARADOX)."""

from __future__ import annotations

from tests.toy_engines.spec_rule import push_removed_on_meeting, serve_with_spec_rule

push_without_paradox = push_removed_on_meeting(own_colour=True)

if __name__ == "__main__":
    serve_with_spec_rule("push", push_without_paradox)
