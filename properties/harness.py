"""The mutation harness's core: every kind of check on every mutant.

A mutant is a deliberately broken rule.  It declares

- ``game``: the row's group in the table (``ttykm``, ``ttykm/growth``,
  ``time-chase``, ...);
- ``patch``: a callable returning a context manager inside which the engine
  runs the broken rule;
- ``kinds``: the kinds of checks that judge it, each one callable that
  raises when it notices the break (any exception counts as a catch) and
  returns quietly on the real rules;
- ``prepare`` (optional): builds the checks' samples with the real rules,
  before the patch is in place.

`judge` runs **every** kind on the mutant (it never stops at the first
catch) and records, for each kind, whether it caught the break alone.  The
table has one row per mutant and one column per kind in `KINDS`, and its
foot gives each kind's catch rate and the rate of the formal kinds
(`FORMAL`: state machines and model differentials) alone.

A game joins the table without editing this module: its folder's
``report.py`` defines ``harness_mutants() -> Sequence[Mutant]`` (see
`properties.game_reports`).  A kind it leaves out of ``kinds`` shows as
``-`` (not run) in its row.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any

Check = Callable[[], None]

EXAMPLES = "examples"  # worked examples of the spec and unit-style checks of fixed cases
VECTORS = "vectors"  # the committed vector sets (golden answers)
PERFT = "perft"  # a second, fast implementation counted against the plain rules
PROPERTIES = "properties"  # invariants, legality consistency and symmetries on a fixed sample
MACHINE = "machine"  # Hypothesis state machines (self-consistency and, where model-based, the model)
DIFFERENTIAL = "differential"  # an independent model (Z3 or executable) compared with the engine

KINDS: tuple[str, ...] = (EXAMPLES, VECTORS, PERFT, PROPERTIES, MACHINE, DIFFERENTIAL)
FORMAL: frozenset[str] = frozenset({MACHINE, DIFFERENTIAL})


def _nothing() -> None:
    return None


@contextmanager
def replaced(module: Any, **replacements: Any) -> Iterator[None]:
    """Replace attributes (functions, tables) of ``module`` inside the block: how a mutant or a model break
    puts its misreading in, the module's callers reaching it through the module."""
    originals = {name: getattr(module, name) for name in replacements}
    for name, value in replacements.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in originals.items():
            setattr(module, name, value)


@dataclass(frozen=True)
class Mutant:
    """One broken rule, the game it belongs to, and the kinds of checks that judge it."""

    name: str
    game: str
    patch: Callable[[], AbstractContextManager[object]]
    kinds: Mapping[str, Check]
    prepare: Callable[[], object] = _nothing
    rule: str = ""  # the spec clause it breaks, when one is named

    def __post_init__(self) -> None:
        unknown = set(self.kinds) - set(KINDS)
        if unknown:
            raise ValueError(f"mutant {self.name!r}: unknown kind {sorted(unknown)[0]!r}; kinds: {', '.join(KINDS)}")


@dataclass(frozen=True)
class Verdict:
    """What each kind of check said about one mutant."""

    mutant: Mutant
    caught: Mapping[str, str] = field(default_factory=dict)  # kind -> its first failure, for the kinds that caught
    seconds: Mapping[str, float] = field(default_factory=dict)  # kind -> CPU-independent wall time of the kind

    @property
    def is_caught(self) -> bool:
        return bool(self.caught)

    @property
    def formal_caught(self) -> bool:
        return any(kind in FORMAL for kind in self.caught)

    def mark(self, kind: str) -> str:
        """``x`` caught, ``.`` run and missed, ``-`` not run."""
        if kind not in self.seconds:
            return "-"
        return "x" if kind in self.caught else "."


def all_of(*checks: Check) -> Check:
    """One kind made of several checks: it catches when any of them fails."""

    def run() -> None:
        for check in checks:
            check()

    return run


def describe_failure(exc: BaseException) -> str:
    """The first line of a failure, short enough for a table."""
    message = str(exc).strip().splitlines()[0][:90] if str(exc).strip() else ""
    return message if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {message}"


@contextmanager
def spec_engines() -> Iterator[None]:
    """Every registered game played by its spec engine inside the block: a mutant patches the spec's
    rules, and a compiled engine (TTYKM's standard game) would answer in their place and hide it."""
    from oracle.games import GAMES, load_game
    from oracle.interface import engine_impl_name

    games = [load_game(name) for name in GAMES]
    before = [engine_impl_name(game) for game in games]
    for game in games:
        game.use_engine_impl("spec")
    try:
        yield
    finally:
        for game, name in zip(games, before, strict=True):
            game.use_engine_impl(name)


def judge(mutant: Mutant, kinds: Iterable[str] | None = None) -> Verdict:
    """Run each kind of ``mutant`` (or only ``kinds``) under the mutant; never stop at a catch."""
    chosen = [k for k in KINDS if k in mutant.kinds and (kinds is None or k in set(kinds))]
    mutant.prepare()
    caught: dict[str, str] = {}
    seconds: dict[str, float] = {}
    for kind in chosen:
        started = time.perf_counter()
        with spec_engines(), mutant.patch():
            try:
                mutant.kinds[kind]()
            except Exception as exc:  # any failure, assertion or crash, is a catch
                caught[kind] = describe_failure(exc) or type(exc).__name__
        seconds[kind] = time.perf_counter() - started
    return Verdict(mutant, caught, seconds)


def check_real_rules(mutants: Sequence[Mutant]) -> list[str]:
    """Each distinct kind callable passes on the real rules; the failures as lines."""
    seen: set[int] = set()
    problems = []
    for mutant in mutants:
        mutant.prepare()
        for kind, check in mutant.kinds.items():
            if id(check) in seen:
                continue
            seen.add(id(check))
            try:
                check()
            except Exception as exc:
                problems.append(f"{mutant.game} {kind}: fails on the real rules: {describe_failure(exc)}")
    return problems


# --- the table -----------------------------------------------------------------------------


def header(width: int = 52) -> str:
    return f"{'game':<14} {'mutant':<{width}} " + " ".join(f"{k[:5]:>5}" for k in KINDS) + "   time"


def row(v: Verdict, width: int = 52) -> str:
    marks = " ".join(f"{v.mark(k):>5}" for k in KINDS)
    flag = "" if v.is_caught else "   NOT CAUGHT"
    return f"{v.mutant.game:<14} {v.mutant.name[:width]:<{width}} {marks}  {sum(v.seconds.values()):5.1f} s{flag}"


@dataclass(frozen=True)
class Rate:
    caught: int
    run: int

    def __str__(self) -> str:
        return f"{self.caught}/{self.run}" if self.run else "-"


def kind_rates(verdicts: Sequence[Verdict]) -> dict[str, Rate]:
    """Each kind's catches among the mutants it ran on."""
    return {
        k: Rate(sum(k in v.caught for v in verdicts), sum(k in v.seconds for v in verdicts)) for k in KINDS
    }


def formal_rate(verdicts: Sequence[Verdict]) -> Rate:
    """The mutants caught by the formal kinds alone, among all mutants."""
    return Rate(sum(v.formal_caught for v in verdicts), len(verdicts))


def footer(verdicts: Sequence[Verdict], width: int = 52) -> str:
    rates = kind_rates(verdicts)
    caught = sum(v.is_caught for v in verdicts)
    formal = formal_rate(verdicts)
    percent = 100 * formal.caught // max(formal.run, 1)
    return "\n".join([
        f"{'':<14} {'caught alone by each kind':<{width}} " + " ".join(f"{rates[k]!s:>5}" for k in KINDS),
        f"{caught} of {len(verdicts)} mutants caught; the formal kinds ({', '.join(sorted(FORMAL))}) alone catch"
        f" {formal.caught} of {formal.run} ({percent}%)",
    ])


def markdown(verdicts: Sequence[Verdict]) -> str:
    """The table as Markdown, for docs/formal-checks.md."""
    lines = ["| game | mutant | " + " | ".join(KINDS) + " |",
             "| --- | --- | " + " | ".join("---" for _ in KINDS) + " |"]
    symbol = {"x": "yes", ".": "**no**", "-": "-"}
    for v in verdicts:
        lines.append(f"| {v.mutant.game} | {v.mutant.name} | " + " | ".join(symbol[v.mark(k)] for k in KINDS) + " |")
    rates = kind_rates(verdicts)
    lines.append("| | **caught alone** | " + " | ".join(f"**{rates[k]}**" for k in KINDS) + " |")
    return "\n".join(lines)


def first_catch(mutant: Mutant, kinds: Sequence[str]) -> str | None:
    """The first of ``kinds`` (in that order) that catches ``mutant``, or None: for a cheap CI check."""
    mutant.prepare()
    for kind in kinds:
        if kind not in mutant.kinds:
            continue
        with spec_engines(), mutant.patch():
            try:
                mutant.kinds[kind]()
            except Exception:
                return kind
    return None


def run_table(mutants: Sequence[Mutant], markdown_too: bool = False) -> int:
    """Judge every mutant, printing the terminal table row by row (and the Markdown table after it when
    ``markdown_too``); exit status 0 when every mutant is caught by some kind, 1 otherwise.  The body of a
    game's ``python -m properties.<game>.mutants``."""
    verdicts = []
    print(header(), flush=True)
    for mutant in mutants:
        verdicts.append(judge(mutant))
        print(row(verdicts[-1]), flush=True)
    print(footer(verdicts))
    if markdown_too:
        print(markdown(verdicts))
    return 0 if all(v.is_caught for v in verdicts) else 1
