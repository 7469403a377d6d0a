"""Statistics of every Hypothesis state machine of the project: runs, invalid runs, endings by clause.

Each machine runs with the settings its test gives it (with ``--examples N``, at most N runs), watched
through Hypothesis's observations: a run is *invalid* when Hypothesis gave it up (a filter or a
precondition it could not satisfy), and a run *reaches* an end clause when, after some step, its game
has ended by that clause (a run that ends several games counts once per clause).

    python -m properties.machine_stats [--examples N | --runs N] [--markdown] [NAME ...]

``--examples N`` holds each machine to at most N runs of its test's; ``--runs N`` gives every machine N
(valid) runs, more than its test for the slow model machines.  ``--markdown`` prints the table of
docs/formal-checks.md; NAME picks machines whose name contains it.  Each terminal line also says why the
invalid runs were given up, in Hypothesis's words.  Exit status 1 when a machine's invalid runs reach
`MAX_INVALID`; 2 for a bad option.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from hypothesis import HealthCheck, Phase, event, settings
from hypothesis.internal.observability import with_observability_callback
from hypothesis.stateful import RuleBasedStateMachine, invariant, run_state_machine_as_test

MAX_INVALID = 0.20


def ttykm_end(machine: Any) -> str | None:
    return "WIN.CHECK" if machine.position.winner is not None else None


def time_chase_end(machine: Any) -> str | None:
    state = machine.state
    if state.phase != "over":
        return None
    return str(state.end_rule) + ("" if state.winners else " (no winner)")


def trois_ombres_end(machine: Any) -> str | None:
    state = machine.state
    return None if state.result is None else f"{state.rule} {state.result}"


@dataclass(frozen=True)
class Machine:
    game: str
    name: str
    module: str
    attribute: str  # the machine class in ``module``, or REGISTRY:KEY (a dict, tuple or factory of machines)
    ending: Callable[[Any], str | None]
    options: dict[str, Any] = field(default_factory=dict)  # the settings the machine's test runs it with
    test: str = ""  # or the test case that holds them: a name in ``module``, or MODULE:NAME

    def run_settings(self) -> settings:
        if not self.test:
            return settings(settings(), **self.options)
        module, name = self.test.split(":") if ":" in self.test else (self.module, self.test)
        found: settings = getattr(import_module(module), name).settings
        return settings(found, **self.options)


def _engine(name: str, module: str, attribute: str, test: str) -> Machine:
    """A TTYKM engine machine, run with the settings of its test case ``test`` in ``module``."""
    return Machine("TTYKM", name, module, attribute, ttykm_end, test=test)


MACHINES: tuple[Machine, ...] = (
    _engine("standard", "properties.test_play", "Play", "TestPlay"),
    _engine("self-push=paradox", "properties.test_play", "PlaySelfPushParadox", "TestPlaySelfPushParadox"),
    _engine("copy-choice=free", "properties.test_play", "PlayCopyChoiceFree", "TestPlayCopyChoiceFree"),
    _engine("growth", "properties.test_growth_play", "GrowthPlay", "TestGrowthPlay"),
    _engine("influence", "properties.test_influence_play", "PlayInfluence", "TestPlayInfluence"),
    _engine("influence, pull=automatic", "properties.test_influence_play", "PlayInfluenceAutomaticPull",
            "TestPlayInfluenceAutomaticPull"),
    _engine("influence, statue-build=move-copy", "properties.test_influence_play", "PlayInfluenceMoveCopy",
            "TestPlayInfluenceMoveCopy"),
    _engine("influence, pull=sideways", "properties.test_influence_play", "PlayInfluenceSidewaysPull",
            "TestPlayInfluenceSidewaysPull"),
    _engine("memory", "properties.test_memory_play", "MemoryPlay", "TestMemoryPlay"),
    _engine("growth+influence", "properties.test_convergence_play", "machine:growth+influence",
            "TestGrowthInfluencePlay"),
    _engine("growth+memory", "properties.test_convergence_play", "machine:growth+memory", "TestGrowthMemoryPlay"),
    _engine("influence+memory", "properties.test_convergence_play", "machine:influence+memory",
            "TestInfluenceMemoryPlay"),
    # The settings of `properties.test_model_play`, and of each card game's machine tests, a few more runs.
    *(Machine("TTYKM", f"model: {rules}", "properties.model_play", f"MACHINES:{rules}", ttykm_end,
              {"stateful_step_count": 8, "max_examples": 5})
      for rules in ("standard", "self-push-paradox", "self-push-ends", "self-push-whole-turn", "copy-choice-free",
                    "growth", "influence", "memory", "growth+influence", "growth+memory", "influence+memory")),
    *(Machine("Time Chase", f"{players} players", "properties.time_chase.machine", f"MACHINES:{players - 3}",
              time_chase_end, {"max_examples": 10, "stateful_step_count": 75}) for players in (3, 4, 5, 6)),
    *(Machine("Time Chase", f"model: {name}", "properties.time_chase.model_machine", name, time_chase_end,
              {"max_examples": 10, "stateful_step_count": 1})
      for name in ("ModelThreePlayers", "ModelFourPlayers", "ModelFivePlayers", "ModelSixPlayers",
                   "ModelThreePlayersParadox")),
    Machine("3 Ombres", "engine", "properties.trois_ombres.machine", "Play", trois_ombres_end,
            test="properties.trois_ombres.test_play:TestPlay"),
    Machine("3 Ombres", "model", "properties.trois_ombres.model_machine", "ModelPlay", trois_ombres_end,
            {"max_examples": 20, "stateful_step_count": 1}),
    Machine("3 Ombres", "engine, short piles", "properties.trois_ombres.machine", "ShortPiles", trois_ombres_end,
            {"max_examples": 10, "stateful_step_count": 100}),  # machine.SHORT_RUNS
)


def machine_class(m: Machine) -> type[RuleBasedStateMachine]:
    module = import_module(m.module)
    if ":" not in m.attribute:
        found: type[RuleBasedStateMachine] = getattr(module, m.attribute)
        return found
    name, key = m.attribute.split(":")
    registry = getattr(module, name)
    if callable(registry) and not isinstance(registry, (dict, tuple)):
        built: type[RuleBasedStateMachine] = registry(key)
        return built
    return registry[int(key)] if isinstance(registry, tuple) else registry[key]  # type: ignore[no-any-return]


def observed(cls: type[RuleBasedStateMachine], ending: Callable[[Any], str | None]) -> type[RuleBasedStateMachine]:
    """``cls`` with one more invariant, which reports the end clause of a game that has ended, and the same
    report just before the machine starts a new game (``restart``, ``again``), which may happen inside a
    rule that plays a whole run."""

    def note_the_end(self: Any) -> None:
        clause = ending(self)
        if clause is not None:
            event(f"end {clause}")

    body: dict[str, Any] = {"note_the_end": invariant()(note_the_end)}
    for name in ("restart", "again"):
        original = getattr(cls, name, None)
        if original is not None:
            def noted(self: Any, *args: Any, _original: Any = original) -> None:
                note_the_end(self)
                _original(self, *args)

            body[name] = noted
    return type(cls.__name__, (cls,), body)


@dataclass
class Stats:
    machine: Machine
    runs: int = 0
    invalid: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    given_up: Counter[str] = field(default_factory=Counter)  # why Hypothesis gave runs up, in its words
    seconds: float = 0.0

    @property
    def invalid_share(self) -> float:
        return self.invalid / self.runs if self.runs else 0.0


def measure(m: Machine, examples: int | None = None, runs: int | None = None) -> Stats:
    """``m``'s runs under its test's settings, at most ``examples`` of them, or exactly ``runs``."""
    cls = observed(machine_class(m), m.ending)
    chosen = settings(m.run_settings(), deadline=None, database=None, phases=[Phase.generate],
                      suppress_health_check=list(HealthCheck))
    if examples is not None:
        chosen = settings(chosen, max_examples=min(chosen.max_examples, examples))
    if runs is not None:
        chosen = settings(chosen, max_examples=runs)
    stats = Stats(m)
    seen: list[Any] = []
    started = time.process_time()
    with with_observability_callback(seen.append):
        run_state_machine_as_test(cls, settings=chosen)
    stats.seconds = time.process_time() - started
    for o in seen:
        if getattr(o, "type", None) != "test_case":
            continue
        stats.runs += 1
        if o.status == "gave_up":
            stats.invalid += 1
            stats.given_up[o.status_reason or "no reason given"] += 1
        stats.ends.update(k[4:] for k in o.features if isinstance(k, str) and k.startswith("end "))
    return stats


def markdown(rows: list[Stats]) -> str:
    lines = ["| game | machine | runs | invalid | runs reaching each end clause |", "| --- | --- | --- | --- | --- |"]
    for s in rows:
        ends = ", ".join(f"{clause} {n}" for clause, n in sorted(s.ends.items())) or "none"
        lines.append(f"| {s.machine.game} | {s.machine.name} | {s.runs} | {100 * s.invalid_share:.0f}% | {ends} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    counts: dict[str, int | None] = {"--examples": None, "--runs": None}
    for option in counts:
        if option in argv:
            i = argv.index(option)
            value = argv[i + 1] if i + 1 < len(argv) else ""
            if not value.isdigit() or int(value) < 1:
                print(f"machine_stats: {option} needs a number of runs, not {value!r}", file=sys.stderr)
                return 2
            counts[option] = int(value)
            argv = argv[:i] + argv[i + 2:]
    as_markdown = "--markdown" in argv
    names = [a for a in argv if a != "--markdown"]
    chosen = [m for m in MACHINES if not names or any(n in f"{m.game} {m.name}" for n in names)]
    rows = []
    for m in chosen:
        stats = measure(m, counts["--examples"], counts["--runs"])
        rows.append(stats)
        print(f"{m.game:<10} {m.name:<36} {stats.runs:>4} runs {100 * stats.invalid_share:5.1f}% invalid "
              f"{stats.seconds:6.1f} s  {dict(stats.ends)}  given up: {dict(stats.given_up)}",
              file=sys.stderr if as_markdown else sys.stdout, flush=True)
    if as_markdown:
        print(markdown(rows))
    return 1 if any(s.invalid_share >= MAX_INVALID for s in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
