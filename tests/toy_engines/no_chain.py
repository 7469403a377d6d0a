"""A wrong engine whose pushes never chain: a pushed copy that meets a copy of
the other colour is removed instead of pushing it on (breaks MOVE.PUSH.CHAIN)."""

from __future__ import annotations

from tests.toy_engines.spec_rule import push_removed_on_meeting, serve_with_spec_rule

push_without_chains = push_removed_on_meeting(own_colour=False)

if __name__ == "__main__":
    serve_with_spec_rule("push", push_without_chains)
