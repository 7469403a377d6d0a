"""The memory question for L'heure des 3 ombres: how do win rate and ending hour depend on forgetting?

    python bench/trois_ombres_memory.py [--games N] [--seed S] [--out docs/trois-ombres/memory.svg]

Plays seeded games of the default setup with the simulated team of
`oracle.games.trois_ombres.team` (it forgets each remembered tile with
probability p at the start of each turn, except tiles under a clue) for
several p and clue counts, and prints, for each, the win rate with a 95 %
Wilson interval, the mean ending hour with a 95 % interval, and games per
second.  It writes the chart (SVG) and the figures (JSON) next to each
other, and the French edition's chart beside the French page
(docs/fr/trois-ombres/memory.svg); the docs pages state the assumptions.
With --redraw it plays nothing and draws both charts again from the figures.
"""

from __future__ import annotations

import argparse
import html
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.team import play_game

FORGET = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5)
CLUES = (0, 4, 8)
Z = 1.96


@dataclass(frozen=True)
class Point:
    forget: float
    clues: int
    games: int
    wins: int
    hours: tuple[int, ...]
    seconds: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    def win_interval(self) -> tuple[float, float]:
        """Wilson score interval at 95 %."""
        n, p = self.games, self.win_rate
        centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
        half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    @property
    def mean_hour(self) -> float:
        return sum(self.hours) / len(self.hours)

    def hour_interval(self) -> tuple[float, float]:
        n = len(self.hours)
        mean = self.mean_hour
        var = sum((h - mean) ** 2 for h in self.hours) / max(1, n - 1)
        half = Z * math.sqrt(var / n)
        return mean - half, mean + half


def measure(forget: float, clues: int, games: int, seed: int) -> Point:
    rules = Rules.parse(f"clues={clues}")
    wins = 0
    hours = []
    started = time.perf_counter()
    for k in range(games):
        state, _ = play_game(rules, seed + k, forget)
        wins += state.result == "win"
        hours.append(state.hour)
    return Point(forget, clues, games, wins, tuple(hours), time.perf_counter() - started)


Figures = dict[str, Any]  # a point's figures, as memory.json holds them (`figures`)


def figures(q: Point) -> Figures:
    """A point's figures, rounded as the JSON file and the pages give them."""
    return {"forget": q.forget, "clues": q.clues, "games": q.games, "win_rate": round(q.win_rate, 4),
            "win_interval": [round(v, 4) for v in q.win_interval()], "mean_hour": round(q.mean_hour, 3),
            "hour_interval": [round(v, 3) for v in q.hour_interval()]}


# The chart's words in each edition (the French page: docs/fr/trois-ombres/memory.md), and its decimal mark.
WORDS = {
    "en": {"win": "win rate", "hour": "hour the game ends", "p": "p, the chance to forget a tile each turn",
           "clue": "clue per player", "clues": "clues per player", "mark": ".",
           "label": "win rate and ending hour against the forgetting probability"},
    "fr": {"win": "taux de victoire", "hour": "heure de fin de partie",
           "p": "p, la probabilité d'oublier une tuile à chaque tour", "clue": "Indice par joueur",
           "clues": "Indices par joueur", "mark": ",",
           "label": "taux de victoire et heure de fin selon la probabilité d'oubli"},
}


def counted(clues: int, lang: str) -> str:
    """The key of `WORDS` for ``clues`` clues: plural but for 1 in English, for 2 and more in French (0 Indice)."""
    return "clues" if (clues != 1 if lang == "en" else clues > 1) else "clue"


def french_chart(out: Path) -> Path:
    """The French edition's chart beside the English one: docs/trois-ombres/memory.svg ->
    docs/fr/trois-ombres/memory.svg."""
    return out.parent.parent / "fr" / out.parent.name / out.name


def chart(points: list[Figures], lang: str = "en") -> str:
    """Two panels, win rate and ending hour against p, one line per clue count, with 95 % intervals, in the words
    of ``lang`` (`WORDS`)."""
    words = WORDS[lang]

    def number(text: str) -> str:
        return text.replace(".", words["mark"])

    width, height, pad = 760, 330, 50
    panel = (width - 3 * pad) / 2
    colours = {0: "#d62728", 4: "#1f77b4", 8: "#2ca02c"}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" font-family="sans-serif" font-size="12" role="img" '
           f'aria-label="{html.escape(words["label"])}">',
           f'<rect width="{width}" height="{height}" fill="#fff"/>']
    top, bottom = 30, height - 60
    p_max = max(FORGET)
    panels: tuple[tuple[str, float, float, Callable[[Figures], float], Callable[[Figures], list[float]]], ...] = (
        (words["win"], 0.0, 1.0, lambda q: float(q["win_rate"]), lambda q: list(q["win_interval"])),
        (words["hour"], 0.0, 12.0, lambda q: float(q["mean_hour"]), lambda q: list(q["hour_interval"])),
    )
    for index, (title, low, high, value, interval) in enumerate(panels):
        left = pad + index * (panel + pad)

        def sx(p: float, left: float = left) -> float:
            return left + p / p_max * panel

        def sy(v: float, low: float = low, high: float = high) -> float:
            return bottom - (v - low) / (high - low) * (bottom - top)

        out.append(f'<text x="{left + panel / 2}" y="18" text-anchor="middle" font-weight="bold">{title}</text>')
        out.append(f'<line x1="{left}" y1="{bottom}" x2="{left + panel}" y2="{bottom}" stroke="#333"/>')
        out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="#333"/>')
        for k in range(5):
            v = low + (high - low) * k / 4
            label = number(f"{v:.2f}") if high <= 1 else f"{v:.0f}"
            out.append(f'<text x="{left - 6}" y="{sy(v) + 4:.1f}" text-anchor="end">{label}</text>')
            out.append(f'<line x1="{left}" y1="{sy(v):.1f}" x2="{left + panel}" y2="{sy(v):.1f}" stroke="#eee"/>')
        for p in FORGET:
            out.append(f'<text x="{sx(p):.1f}" y="{bottom + 16}" text-anchor="middle">{number(f"{p:g}")}</text>')
        out.append(f'<text x="{left + panel / 2}" y="{bottom + 34}" text-anchor="middle">'
                   f'{html.escape(words["p"])}</text>')
        for clues in CLUES:
            line = [q for q in points if q["clues"] == clues]
            path = " ".join(f"{sx(q['forget']):.1f},{sy(value(q)):.1f}" for q in line)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colours[clues]}" stroke-width="2"/>')
            for q in line:
                lo, hi = interval(q)
                x = sx(q["forget"]) + (clues - 4) * 0.8
                out.append(f'<line x1="{x:.1f}" y1="{sy(lo):.1f}" x2="{x:.1f}" y2="{sy(hi):.1f}" '
                           f'stroke="{colours[clues]}" stroke-width="1.5"/>')
                out.append(f'<circle cx="{x:.1f}" cy="{sy(value(q)):.1f}" r="3" fill="{colours[clues]}"/>')
    for k, clues in enumerate(CLUES):
        x = pad + k * 140
        out.append(f'<rect x="{x}" y="{height - 18}" width="12" height="12" fill="{colours[clues]}"/>'
                   f'<text x="{x + 18}" y="{height - 8}">{clues} {html.escape(words[counted(clues, lang)])}</text>')
    out.append("</svg>")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per point (default 60)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=Path("docs/trois-ombres/memory.svg"))
    parser.add_argument("--redraw", action="store_true",
                        help="play nothing: draw both editions' charts again from the figures next to --out")
    args = parser.parse_args()
    if args.redraw:
        saved = json.loads(args.out.with_suffix(".json").read_text(encoding="utf-8"))["points"]
        write_charts(args.out, saved)
        return
    points = []
    print(f"{'p':>5} {'clues':>5} {'win rate [95% CI]':>24} {'ending hour [95% CI]':>24} {'games/s':>8}")
    for forget in FORGET:
        for clues in CLUES:
            q = measure(forget, clues, args.games, args.seed)
            points.append(q)
            lo, hi = q.win_interval()
            hlo, hhi = q.hour_interval()
            print(f"{forget:>5g} {clues:>5} {q.win_rate:>8.3f} [{lo:.3f}, {hi:.3f}] "
                  f"{q.mean_hour:>8.2f} [{hlo:5.2f}, {hhi:5.2f}] {q.games / q.seconds:>8.1f}", flush=True)
    total_games = sum(q.games for q in points)
    total_seconds = sum(q.seconds for q in points)
    print(f"{total_games} games in {total_seconds:.1f} s: {total_games / total_seconds:.1f} games per second")
    measured = [figures(q) for q in points]
    write_charts(args.out, measured)
    args.out.with_suffix(".json").write_text(json.dumps({"seed": args.seed, "points": measured,
                                                         "games_per_second": round(total_games / total_seconds, 1)},
                                                        indent=1) + "\n", encoding="utf-8")


def write_charts(out: Path, points: list[Figures]) -> None:
    """The chart in English at ``out`` and in French beside the French page (`french_chart`)."""
    for lang, path in (("en", out), ("fr", french_chart(out))):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(chart(points, lang) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
