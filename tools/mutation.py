"""Mutation testing of the rules code with mutmut (not part of CI: it takes long).

Each mutant is a small change to the rules (``<`` for ``<=``, ``+ 1`` for ``- 1``, a
constant changed...); a good suite fails on it ("killed"). The kill rate is the share
of mutants killed among those the tests ran on.

    pip install mutmut
    python tools/mutation.py patience                 # one game, its own tests
    python tools/mutation.py flip7 --tests tests/games/flip7 tests/golden --workers 2
    python tools/mutation.py all                      # every game (hours on 2 cores)

The run happens in a copy of the working tree (a temporary folder, or ``--keep DIR``)
so the checkout never holds mutated files; the summary is printed as one JSON object
per game: mutants, killed, survived, timeouts, not covered, kill rate, and the names of
the surviving mutants (``mutmut show NAME`` in the copy shows one).
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "fliptable" / "games"

def games() -> list[str]:
    return sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())


def copy_tree(dest: Path) -> None:
    """The working tree as git sees it (tracked and untracked, not ignored)."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.splitlines()
    for name in files:
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


def write_config(where: Path, game: str, tests: list[str]) -> None:
    (where / "setup.cfg").write_text(
        "[mutmut]\n"
        "source_paths = fliptable\n"
        f"only_mutate = fliptable/games/{game}/*\n"
        # text for people and the bots' heuristics are not rules: their mutants say
        # nothing about the rules tests
        f"do_not_mutate =\n    fliptable/games/{game}/render.py\n    fliptable/games/{game}/bots.py\n"
        "pytest_add_cli_args_test_selection =\n" + "".join(f"    {t}\n" for t in tests)
        + "pytest_add_cli_args =\n    -p\n    no:cacheprovider\n    -q\n    -x\n")


def verdicts(where: Path) -> Counter:
    """Count the verdicts in mutmut's result files (mutants/**/*.meta), named as mutmut
    names them (``mutmut.stats.status_by_exit_code``: killed, survived, timeout, no
    tests, skipped, ...)."""
    from mutmut.stats import status_by_exit_code
    counts: Counter = Counter()
    survivors: list[str] = []
    for meta in (where / "mutants").rglob("*.meta"):
        data = json.loads(meta.read_text())
        for name, code in data.get("exit_code_by_key", {}).items():
            verdict = status_by_exit_code[code]
            counts[verdict] += 1
            if verdict == "survived":
                survivors.append(name)
    counts["_survivors"] = sorted(survivors)  # type: ignore[assignment]
    return counts


def run_game(game: str, tests: list[str], workers: int, keep: Path | None) -> dict:
    where = Path(tempfile.mkdtemp(prefix=f"mutation-{game}-")) if keep is None else keep / game
    where.mkdir(parents=True, exist_ok=True)
    copy_tree(where)
    write_config(where, game, tests)
    proc = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(workers)],
                          cwd=where, capture_output=True, text=True)
    counts = verdicts(where)
    survivors = counts.pop("_survivors")
    ran = counts["killed"] + counts["survived"] + counts["timeout"]
    report = {"game": game, "tests": tests, "mutants": sum(counts.values()), **dict(counts),
              "kill_rate": round((counts["killed"] + counts["timeout"]) / ran, 4) if ran else None,
              "survivors": survivors, "copy": str(where), "mutmut_exit": proc.returncode}
    if proc.returncode not in (0, 1) and not ran:
        report["error"] = (proc.stderr or proc.stdout).strip().splitlines()[-1:]
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help=f"a game package ({', '.join(games())}) or 'all'")
    parser.add_argument("--tests", nargs="+", help="test paths (default: the game's own tests)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="run in this folder and keep it")
    args = parser.parse_args(argv)
    chosen = games() if args.game == "all" else [args.game]
    for game in chosen:
        if game not in games():
            parser.error(f"unknown game package {game!r}; accepted: {', '.join(games())}, all")
        tests = args.tests or [f"tests/games/{game}"]
        print(json.dumps(run_game(game, tests, args.workers, args.keep)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
