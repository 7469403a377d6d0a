"""``oracle vectors``: export, verify and regenerate test vectors (spec/vectors.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

from oracle.games import DEFAULT_GAME

DESCRIPTION = """\
Test vectors for other implementations: positions with their complete sets of
legal turns, apply cases with the position after and the events, illegal
turns with the rule they break, a perft file and seeded random playthroughs,
with a manifest.json naming the spec version and the variant.  The files are
the same byte for byte on every run.  spec/vectors.md describes the formats.

  export DIR       write the set of --variant (default: standard) into DIR
  verify DIR       re-export DIR's set in memory and compare it byte for byte
  regenerate       rewrite the sets kept in the repository (vectors/standard,
                   vectors/self-push-paradox, vectors/copy-choice-free) after a
                   deliberate change of the rules; review the diff, then commit
  coverage [DIR]   print the tables of spec/vectors.md: how many records of
                   each set under DIR (default vectors) exercise each clause
                   of spec/ttykm/, and how the apply records end (TTYKM only)

With --game time-chase or --game trois-ombres the same actions work on that
game's sets (spec/vectors.md, the other games): seeded playthroughs whose
chance outcomes (the deal, the die) are written out as actions, apply and
illegal records.  regenerate rewrites vectors/GAME/ (Time Chase: one set per
player count; Trois Ombres: the default setup); export writes the set of
--variant; verify reads the game, rules and seeds from DIR's manifest.
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
    from pathlib import Path

    from oracle.tools.cli.main import UsageError, read_game, read_pair_ruleset
    from oracle.tools.vectors import VectorDirError, export, regenerate, verify

    if read_game(args).name != DEFAULT_GAME or (args.action == "verify" and args.dir is not None
                                                 and is_game_set_dir(Path(args.dir))):
        return cmd_game_vectors(args)

    def progress(step: str) -> None:
        if not args.quiet:
            print(f"vectors: {step}", file=sys.stderr, flush=True)

    try:
        if args.action == "export":
            if args.dir is None:
                raise UsageError("vectors export needs a directory")
            paths = export(Path(args.dir), read_pair_ruleset(args), progress)
            done = f"wrote {len(paths)} files to {args.dir}"
            print(json.dumps({"dir": args.dir, "files": paths}) if args.json else done)
            return 0
        if args.action == "verify":
            if args.dir is None:
                raise UsageError("vectors verify needs a directory")
            problems = verify(Path(args.dir), progress)
            if args.json:
                print(json.dumps({"dir": args.dir, "identical": not problems, "problems": problems}))
            else:
                for problem in problems:
                    print(problem)
                verdict = f"{len(problems)} files differ from a fresh export" if problems else "identical"
                print(f"{args.dir}: {verdict}")
            return 1 if problems else 0
        root = Path(args.dir or "vectors")
        if args.action == "coverage":
            return print_coverage(root)
        if args.dir is None and not Path("oracle").is_dir():
            raise UsageError("run 'vectors regenerate' from the repository root, or give the vectors directory")
        for directory in regenerate(root, progress):
            print(f"regenerated {directory}")
        return 0
    except VectorDirError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:  # a directory that cannot be created, read or written
        raise UsageError(f"{args.dir}: {exc.strerror or exc}") from None


def is_game_set_dir(directory: Path) -> bool:
    """Whether ``directory`` holds a set of another game than TTYKM (its manifest names the game)."""
    from oracle.tools.game_vectors import is_game_set
    from oracle.tools.vectors import VectorDirError, read_manifest

    try:
        return is_game_set(read_manifest(directory))
    except (VectorDirError, OSError):
        return False


def cmd_game_vectors(args: argparse.Namespace) -> int:
    """``oracle vectors`` for the games played through the common interface (`oracle.tools.game_vectors`)."""
    import json

    from oracle.tools import game_vectors
    from oracle.tools.cli.main import UsageError, read_game
    from oracle.tools.vectors import VectorDirError

    name = read_game(args).name
    try:
        if args.action == "coverage":
            raise UsageError(f"vectors coverage counts the clauses of {DEFAULT_GAME} only, not of --game {name}")
        if args.action in ("export", "verify") and args.dir is None:
            raise UsageError(f"vectors {args.action} needs a directory")
        if args.action == "export":
            paths = game_vectors.export(Path(args.dir), name, args.variant)
            print(json.dumps({"dir": args.dir, "files": paths}) if args.json else
                  f"wrote {len(paths)} files to {args.dir}")
            return 0
        if args.action == "verify":
            problems = game_vectors.verify(Path(args.dir))
            if args.json:
                print(json.dumps({"dir": args.dir, "identical": not problems, "problems": problems}))
            else:
                print("\n".join([*problems, f"{args.dir}: " + (f"{len(problems)} files differ from a fresh export"
                                                               if problems else "identical")]))
            return 1 if problems else 0
        if args.dir is None and not Path("oracle").is_dir():
            raise UsageError("run 'vectors regenerate' from the repository root, or give the vectors directory")
        for directory in game_vectors.regenerate(Path(args.dir or "vectors"), name):
            print(f"regenerated {directory}")
        return 0
    except VectorDirError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"{args.dir}: {exc.strerror or exc}") from None


def print_coverage(root: Path) -> int:
    """Print the coverage tables of the sets under ``root`` against the clauses of spec/ttykm/."""
    import json

    from oracle.tools.cli.main import UsageError
    from oracle.tools.vectors import COMMITTED, MANIFEST, coverage_table, ruleset_dir_name, standard_game_clauses

    spec = Path("spec") / "ttykm"
    if not spec.is_dir():
        raise UsageError("run 'vectors coverage' from the repository root, where spec/ttykm/ is")
    sets = {}
    committed = {ruleset_dir_name(r) for r in COMMITTED}
    for manifest in sorted(root.glob(f"*/{MANIFEST}")):
        directory = manifest.parent
        if directory.name not in committed:  # another game's sets, counted by their own tools
            continue
        names = [str(entry["path"]) for entry in json.loads(manifest.read_text(encoding="utf-8"))["files"]]
        sets[directory.name] = {path: (directory / path).read_bytes() for path in [*names, MANIFEST]}
    if not sets:
        raise UsageError(f"{root} holds no vector set")
    print(coverage_table(sets, standard_game_clauses(spec)), end="")
    return 0


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("vectors", parents=[common], help="export or verify test vectors for other engines",
                       description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("action", choices=("export", "verify", "regenerate", "coverage"), help="what to do")
    p.add_argument("dir", nargs="?", metavar="DIR", help="the vector directory (regenerate: default vectors)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=cmd_vectors)
