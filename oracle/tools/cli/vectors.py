"""``oracle vectors``: export, verify and regenerate test vectors (spec/vectors.md), for every game."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from oracle.words import agreeing, counted

DESCRIPTION = """\
Test vectors for other implementations, for every game (--game NAME): states
with their complete sets of legal actions, apply cases with the state after
and the events, illegal actions with the rule they break, perft files and
seeded playthroughs, whose chance outcomes (a deal, a die) are written out as
actions, with a manifest.json naming the spec version, the game and the
rules.  The files are the same byte for byte on every run.  spec/vectors.md
describes the formats.

  export DIR       write the set of --rules and --variant (default: standard) into DIR
  verify DIR       rebuild DIR's set in memory (its manifest names the game,
                   the rules and the seeds) and compare it byte for byte
  regenerate       rewrite the game's sets kept in the repository (TTYKM:
                   vectors/standard, vectors/self-push-paradox, ... one per
                   ruleset and variant; vectors/GAME/ for the other games)
                   after a deliberate change of the rules; review the diff,
                   then commit
  coverage [DIR]   print the tables of spec/vectors.md: how many records of
                   each set under DIR (default vectors) exercise each clause
                   of the game's spec, and how the apply records end (for a
                   game that counts them: TTYKM)
"""

EPILOG = """\
exit status:
  0  done; for verify: identical
  1  verify: the directory differs from a fresh export (the files are listed)
  2  usage error, or DIR is not empty and holds no vector set

examples:
  oracle vectors export ttykm-vectors
  oracle vectors export ttykm-paradox --variant self-push=paradox
  oracle vectors verify vectors/standard
  oracle vectors regenerate            (from the repository root)
  oracle vectors coverage              (from the repository root)
  oracle vectors --game time-chase export tc-vectors --variant players=5
  oracle vectors --game trois-ombres regenerate
  oracle vectors verify vectors/time-chase/players-3
"""


def cmd_vectors(args: argparse.Namespace) -> int:
    import json
    import sys

    from oracle.tools.cli.common import UsageError, read_game, read_rules
    from oracle.tools.vectors import VectorDirError, export, regenerate, verify

    def progress(step: str) -> None:
        if not args.quiet:
            print(f"vectors: {step}", file=sys.stderr, flush=True)

    game = read_game(args)
    check_options(args)
    try:
        if args.action in ("export", "verify") and args.dir is None:
            raise UsageError(f"vectors {args.action} needs a directory")
        if args.action == "export":
            paths = export(Path(args.dir), game, game.vector_set(read_rules(args, game)), progress)
            print(json.dumps({"dir": args.dir, "files": paths}) if args.json else
                  f"wrote {counted(len(paths), 'file')} to {args.dir}")
            return 0
        if args.action == "verify":
            check_manifest(args, Path(args.dir))
            problems = verify(Path(args.dir), progress)
            if args.json:
                print(json.dumps({"dir": args.dir, "identical": not problems, "problems": problems}))
            else:
                count = len(problems)
                differ = f"{counted(count, 'file')} {agreeing(count, 'differs', 'differ')} from a fresh export"
                print("\n".join([*problems, f"{args.dir}: " + (differ if problems else "identical")]))
            return 1 if problems else 0
        root = Path(args.dir or "vectors")
        if args.action == "coverage":
            return print_coverage(root, game)
        if args.dir is None and not Path("oracle").is_dir():
            raise UsageError("run 'vectors regenerate' from the repository root, or give the vectors directory")
        written = [str(directory) for directory in regenerate(root, game, progress)]
        print(json.dumps({"regenerated": written}) if args.json else
              "\n".join(f"regenerated {directory}" for directory in written))
        return 0
    except VectorDirError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:  # a directory that cannot be created, read or written
        raise UsageError(f"{args.dir}: {exc.strerror or exc}") from None


def check_options(args: argparse.Namespace) -> None:
    """Refuse the options an action has no use for: its set is named by its manifest, or it rewrites every set."""
    from oracle.tools.cli.options import named_rules, refuse

    given = named_rules(args)
    if given and args.action in ("regenerate", "coverage"):
        refuse(" and ".join(given), f"has no use in 'vectors {args.action}', which reads every set of the game kept"
                                    " in the repository; 'vectors export DIR' writes the set of those rules")
    if args.action == "coverage" and args.json:
        refuse("--json", "has no use in 'vectors coverage', which prints the Markdown tables of spec/vectors.md")
    if args.action == "coverage" and args.quiet:
        refuse("--quiet", "has no use in 'vectors coverage', which shows no progress")


def check_manifest(args: argparse.Namespace, directory: Path) -> None:
    """``vectors verify DIR``: the set's manifest names its game and rules; --game, --rules, --variant must agree."""
    from oracle.tools.cli.common import UsageError, read_rules
    from oracle.tools.vectors import manifest_set

    given = [f"--{name} {getattr(args, name)}" for name in ("game", "rules", "variant")
             if getattr(args, name, None) is not None]
    if not given:
        return
    held, vector_set = manifest_set(directory)
    if args.game is not None and args.game != held.name:
        raise UsageError(f"--game {args.game}: {directory} holds vectors of {held.name}")
    if args.rules is None and args.variant is None:
        return  # --game alone: the set's own rules are checked
    wanted = held.rules_name(read_rules(args, held))
    own = held.rules_name(held.parse_rules(None, vector_set.rules))
    if wanted != own:
        raise UsageError(f"{' and '.join(given)}: {directory} holds the vectors of {own}, not {wanted}")


def spec_clauses(spec: Path) -> dict[str, list[str]]:
    """The clause IDs of each Markdown file of a game's spec folder, by file (relative path)."""
    from oracle.tools.site.spec_files import CLAUSE

    return {md.relative_to(spec).as_posix(): [m.group(2) for m in CLAUSE.finditer(md.read_text(encoding="utf-8"))]
            for md in sorted(spec.rglob("*.md"))}


def committed_sets(root: Path, game: Any) -> dict[str, dict[str, bytes]]:
    """The files of the game's committed sets found under ``root``, by set name."""
    import json

    from oracle.tools.vectors import MANIFEST

    sets = {}
    for vector_set in sorted(game.vector_sets(), key=lambda s: s.directory):
        directory = root / vector_set.directory
        if (directory / MANIFEST).is_file():
            names = [str(entry["path"]) for entry in json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
                     ["files"]]
            sets[vector_set.directory] = {path: (directory / path).read_bytes() for path in [*names, MANIFEST]}
    return sets


def print_coverage(root: Path, game: Any) -> int:
    """Print the coverage tables of the game's sets under ``root`` against the clauses of spec/GAME/."""
    from oracle.tools.cli.common import UsageError
    from oracle.tools.vectors import coverage_table

    measure = game.coverage()
    if measure is None:
        raise UsageError(f"vectors coverage needs a game that says which clauses its records exercise,"
                         f" which {game.name} does not")
    spec = Path("spec") / game.name
    if not spec.is_dir():
        raise UsageError(f"run 'vectors coverage' from the repository root, where spec/{game.name}/ is")
    sets = committed_sets(root, game)
    if not sets:
        raise UsageError(f"{root} holds no vector set")
    print(coverage_table(game, sets, measure.clauses(spec_clauses(spec))), end="")
    return 0


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("vectors", parents=[common], help="export or verify test vectors for other engines",
                       description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("action", choices=("export", "verify", "regenerate", "coverage"), help="what to do")
    p.add_argument("dir", nargs="?", metavar="DIR", help="the vector directory (regenerate: default vectors)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=cmd_vectors)
