"""Mutation testing of the rules code with mutmut (not part of CI: it takes long).

Each mutant is a small change to the rules (``<`` for ``<=``, ``+ 1`` for ``- 1``, a
constant changed...); a good suite fails on it ("killed"). The kill rate is the share
of mutants killed (or timed out) among those the tests reached; "not reached" are the
mutants in code no test runs.

    pip install -e '.[mutation]'                     # mutmut 3.x
    python tools/mutation.py patience                 # one game (its tests, see default_tests)
    python tools/mutation.py flip7 --tests tests/games/flip7
    python tools/mutation.py flush --sample 400 --seed 1   # a seeded random sample
    python tools/mutation.py all --sample 300         # every game (hours on 2 cores)
    python tools/mutation.py flaps --sample 150 --seed 2 --keep /tmp/mt > /tmp/flaps.json
    python tools/mutation.py --recheck /tmp/flaps.json     # its survivors, against today's tests

The run happens in a copy of the working tree (a temporary folder, or ``--keep DIR``)
so the checkout never holds mutated files; the copy mutmut tests in holds every file of
the tree (README.md, docs/, pyproject.toml..., which some tests read). The summary is
one JSON object per game: mutants, killed, survived, timeouts, not reached, the kill
rate among reached mutants with its Wilson 95% interval, the run time, and the names of
the surviving mutants (``mutmut show NAME`` in the copy shows one).

How the tool keeps mutmut honest:

- Timeouts: a mutant's tests may take ``--timeout-factor`` times (default 4) as long as
  they took on the clean code, plus 8 s, of wall time (twice that of CPU time;
  mutmut's ``timeout_multiplier`` and ``timeout_constant``), instead of mutmut's 15
  times plus 15 s (x2 in CPU time: one hanging mutant ran ~13 CPU-minutes).
- Caches: ``tools/mutation_caches.py`` (a pytest plugin) empties the rules' caches
  before every test, so a mutant in the code that fills a cache (the deck spec cache,
  the action-space cache) is run by every test that reads it.
- Import-time tables: a function the rules call while being imported (Flush's
  ``tables._eligible`` building ``tables.ELIGIBLE``; found by collecting the tests with
  mutmut's call recorder on) has run, unmutated, before mutmut
  forks a mutant's process, so its mutants are run apart, each in a fresh interpreter
  with the mutant active from the start and the game's tests (``fresh`` in the report);
  with ``--no-fresh`` (or past ``--fresh-max``) they are counted as ``not_testable``;
  ``--import-time-only`` tests only them (a sample of them with ``--sample``), so a
  ``--no-fresh`` run and one of these measure a large game in two parts.
- ``--sample N --seed S`` tests N mutants drawn at random (seeded) from all of them;
  the Wilson interval then says how far the rate of all mutants may lie.
- ``--recheck REPORT`` (a run kept with ``--keep``): the run's surviving and unreached
  mutants again, against the tests as they are now; the others keep their verdicts.
  With ``--timeouts`` its timed-out mutants too, under ``--timeout-factor``: mutmut's
  limits scale the tests' clean time, so on a machine whose load rose during the run a
  mutant the tests would have killed, or not, can run out of time instead.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "fliptable" / "games"
#: files that are not rules: text for people (terminal, browser), the bots' heuristics and the RL
#: adapters' fast path (``fastobs.py``: NumPy, tested by tests/adapters); their mutants say nothing
#: about the rules tests
NOT_RULES = ("render.py", "bots.py", "web.py", "fastobs.py")
#: mutmut's own statuses (``mutmut.stats.status_by_exit_code``) as this report names them
REACHED = ("killed", "timeout", "survived")

# mutmut's command line, run as ``python -c`` so that mutmut is imported once, as
# ``mutmut.__main__`` (``python -m mutmut`` warns that it re-executes it)
MUTMUT = "import sys; sys.argv[0] = 'mutmut'; from mutmut.__main__ import cli; cli()"

# the mutants, written into mutants/ without running anything (the first steps of
# ``mutmut run``), so that a sample can be drawn from their names
GENERATE = """
import os
from mutmut.__main__ import (copy_also_copy_files, copy_src_dir, create_mutants,
                             setup_source_paths, store_lines_covered_by_tests)
from mutmut.mutation.trampoline import set_mutant_under_test
set_mutant_under_test("mutant_generation")
os.makedirs("mutants", exist_ok=True)
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); store_lines_covered_by_tests()
create_mutants(1)
"""

# run in mutants/: collect the tests (importing the rules and the tests as pytest does)
# and print the mutated functions that ran meanwhile, i.e. at import time
IMPORT_TIME = """
import json, sys
sys.path.insert(0, ".")
import pytest
import mutmut.mutation.trampoline as trampoline
hits = set()
trampoline.record_trampoline_hit = lambda name, caller=None: hits.add(name)
code = pytest.main(["--collect-only", "-qq", "-p", "no:cacheprovider", *sys.argv[1:]])
print(json.dumps({"exit": int(code), "functions": sorted(hits)}))
"""


def games() -> list[str]:
    return sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())


def users(game: str) -> list[str]:
    """The other packages whose rules import ``game``'s modules, directly or through one
    another (``flinch_pack``, the pack and the challenge window: FLINCH, Muggins, Patience
    and ``asking``, hence Authors and Go to the Store): their tests test ``game``'s code too."""
    pattern = re.compile(rf"from \.\.{game}[ .]|fliptable\.games\.{game}\b")
    out = [
        other
        for other in games()
        if other != game
        and any(
            pattern.search(f.read_text(encoding="utf-8"))
            for f in (GAMES / other).glob("*.py")
            if f.name not in NOT_RULES
        )
    ]
    for other in list(out):
        out += [u for u in users(other) if u != game and u not in out]
    return sorted(out)


def default_tests(game: str) -> list[str]:
    """The tests of the package and of those built on it (a shared package such as
    ``asking`` has none of its own), and tests/golden (the logs replayed)."""
    return [f"tests/games/{g}" for g in (game, *users(game)) if (ROOT / "tests" / "games" / g).is_dir()] + [
        "tests/golden"
    ]


def tree_files() -> list[str]:
    """The working tree as git sees it (tracked and untracked, not ignored)."""
    return subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.splitlines()


def copy_tree(dest: Path) -> list[str]:
    """Copy the working tree into ``dest``; its top-level entries."""
    tops = set()
    for name in tree_files():
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
            tops.add(name.split("/", 1)[0])
    return sorted(tops)


def write_config(where: Path, game: str, tests: list[str], tops: list[str], timeout_factor: float) -> None:
    """mutmut's setup.cfg: mutate the game's rules; copy every other top-level entry of
    the tree into mutants/ (mutmut copies only tests/, setup.cfg and pyproject.toml);
    empty the caches before each test; timeouts relative to the clean run."""
    also = [t for t in tops if t not in ("fliptable", "setup.cfg", "mutants")]
    (where / "setup.cfg").write_text(
        "[mutmut]\n"
        "source_paths = fliptable\n"
        f"only_mutate = fliptable/games/{game}/*\n"
        "do_not_mutate =\n"
        + "".join(f"    fliptable/games/{game}/{f}\n" for f in NOT_RULES)
        + "also_copy =\n"
        + "".join(f"    {t}\n" for t in also)
        + "pytest_add_cli_args_test_selection =\n"
        + "".join(f"    {t}\n" for t in tests)
        + "pytest_add_cli_args =\n    -p\n    no:cacheprovider\n    -p\n    tools.mutation_caches\n"
        # mutmut's wall limit is (tests' clean time + constant) * multiplier, its CPU
        # limit twice that
        f"timeout_multiplier = {timeout_factor}\n"
        "timeout_constant = 2.0\n"
        "use_git_change_detection = false\n"
    )


def set_timeout_factor(where: Path, timeout_factor: float) -> None:
    """Change the timeout factor in the mutmut config of a kept copy (``write_config``)."""
    cfg = where / "setup.cfg"
    cfg.write_text(re.sub(r"(?m)^timeout_multiplier = .*$", f"timeout_multiplier = {timeout_factor}", cfg.read_text()))


def child_env(where: Path) -> dict[str, str]:
    """The environment of mutmut and the tests: the checkout's own ``fliptable`` must
    not be importable (PYTHONPATH pointing at it would shadow the mutated copy)."""
    env = dict(os.environ)
    keep = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and Path(p).resolve() != ROOT]
    env["PYTHONPATH"] = os.pathsep.join([str(where / "mutants"), *keep])
    env.pop("MUTANT_UNDER_TEST", None)
    # Run from inside a pytest-xdist worker (this tool's own tests), the child would
    # otherwise believe it is a worker too: its tests see PYTEST_XDIST_WORKER set.
    for name in [k for k in env if k.startswith("PYTEST_XDIST_") or k == "PYTEST_CURRENT_TEST"]:
        del env[name]
    return env


def mutant_names(where: Path) -> list[str]:
    names = []
    for meta in (where / "mutants").rglob("*.meta"):
        names.extend(json.loads(meta.read_text()).get("exit_code_by_key", {}))
    return sorted(names)


def function_of(mutant: str) -> str:
    """``pkg.module.x_f__mutmut_3`` -> ``pkg.module.x_f``: the mangled function name
    mutmut records when the function runs."""
    return mutant.rsplit("__mutmut_", 1)[0]


def draw(names: list[str], sample: int | None, seed: int) -> list[str]:
    if sample is None or sample >= len(names):
        return list(names)
    return sorted(random.Random(seed).sample(names, sample))


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float] | None:
    """The Wilson score interval (95% by default) of a proportion k/n."""
    if n == 0:
        return None
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mutmut_verdicts(where: Path) -> dict[str, str]:
    """Each mutant's verdict from mutmut's result files (mutants/**/*.meta), as mutmut
    names it (killed, survived, timeout, no tests, not checked, ...)."""
    from mutmut.stats import status_by_exit_code

    out = {}
    for meta in (where / "mutants").rglob("*.meta"):
        for name, code in json.loads(meta.read_text()).get("exit_code_by_key", {}).items():
            out[name] = status_by_exit_code[code]
    return out


def import_time_functions(where: Path, tests: list[str], env: dict[str, str]) -> set[str]:
    """The mutated functions that run while the rules and the tests are imported."""
    proc = subprocess.run(
        [sys.executable, "-c", IMPORT_TIME, *tests],
        cwd=where / "mutants",
        env={**env, "MUTANT_UNDER_TEST": "stats"},
        capture_output=True,
        text=True,
    )
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(f"collecting the tests failed: {(proc.stderr or proc.stdout)[-500:]}")
    return set(json.loads(lines[-1])["functions"])


def run_tests(
    where: Path, tests: list[str], env: dict[str, str], mutant: str, timeout: float | None, workers: int = 1
) -> tuple[str, float]:
    """Run ``tests`` in a fresh interpreter with ``mutant`` active from the start ("" for
    the clean code), on ``workers`` processes (pytest-xdist) and stopping at the first
    failure: its verdict and the wall time taken."""
    start = time.monotonic()
    spread = ["-n", str(workers)] if workers > 1 else []
    try:
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-x",
                "-q",
                "--rootdir=.",
                *spread,
                "-p",
                "no:cacheprovider",
                "-p",
                "tools.mutation_caches",
                *tests,
            ],
            cwd=where / "mutants",
            env={**env, "MUTANT_UNDER_TEST": mutant},
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start
    took = time.monotonic() - start
    if proc.returncode == 0:
        return "survived", took
    if proc.returncode == 5:
        return "no tests", took
    if not mutant:
        raise RuntimeError("the clean tests fail in the copy: " + proc.stdout[-800:])
    return "killed", took


def run_mutmut(where: Path, env: dict[str, str], workers: int, forked: list[str]):
    """mutmut's own run over the mutants it forks for (None when there are none)."""
    if not forked:
        return None
    return subprocess.run(
        [sys.executable, "-c", MUTMUT, "run", "--max-children", str(workers), *forked],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
    )


def summarize(game: str, verdicts: dict[str, str], population: int, seconds: float, **extra) -> dict:
    """The report of one game from each chosen mutant's verdict."""
    counts = Counter(verdicts.values())
    killed = counts["killed"] + counts["timeout"]
    reached = killed + counts["survived"]
    interval = wilson(killed, reached)
    tested = len(verdicts)
    return {
        "game": game,
        "mutants": population,
        "tested": tested,
        "killed": counts["killed"],
        "timeout": counts["timeout"],
        "survived": counts["survived"],
        "not_reached": counts["no tests"],
        "not_testable": counts["not testable"],
        "other": {k: v for k, v in counts.items() if k not in (*REACHED, "no tests", "not testable")},
        "kill_rate": round(killed / reached, 4) if reached else None,
        "kill_rate_95": [round(x, 4) for x in interval] if interval else None,
        "not_reached_rate": round(counts["no tests"] / tested, 4) if tested else None,
        "seconds": round(seconds),
        **extra,
        "survivors": sorted(n for n, v in verdicts.items() if v == "survived"),
    }


def run_game(
    game: str,
    tests: list[str],
    *,
    workers: int,
    keep: Path | None,
    sample: int | None,
    seed: int,
    timeout_factor: float,
    fresh: bool,
    fresh_max: int | None = None,
    import_time_only: bool = False,
) -> dict:
    started = time.monotonic()
    where = Path(tempfile.mkdtemp(prefix=f"mutation-{game}-")) if keep is None else keep / game
    if where.exists() and keep is not None:
        shutil.rmtree(where)
    where.mkdir(parents=True, exist_ok=True)
    tops = copy_tree(where)
    write_config(where, game, tests, tops, timeout_factor)
    env = child_env(where)
    gen = subprocess.run([sys.executable, "-c", GENERATE], cwd=where, env=env, capture_output=True, text=True)
    if gen.returncode:
        return {"game": game, "error": (gen.stderr or gen.stdout).strip().splitlines()[-3:]}
    population = mutant_names(where)
    at_import = import_time_functions(where, tests, env)
    if import_time_only:
        # the import-time mutants alone, each run fresh: a sample of them, measured apart
        population = [m for m in population if function_of(m) in at_import]
    chosen = draw(population, sample, seed)
    apart = [m for m in chosen if function_of(m) in at_import]
    forked = [m for m in chosen if function_of(m) not in at_import]
    proc = run_mutmut(where, env, workers, forked)
    mine = mutmut_verdicts(where)
    verdicts = {m: mine.get(m, "not checked") for m in forked}
    if proc is not None and proc.returncode not in (0, 1) and not any(v in REACHED for v in verdicts.values()):
        return {"game": game, "error": (proc.stderr or proc.stdout).strip().splitlines()[-3:], "copy": str(where)}
    # each fresh run is the game's whole test set: ``fresh_max`` bounds how many are made
    run_fresh = apart[:fresh_max] if fresh and fresh_max is not None else (apart if fresh else [])
    if run_fresh:
        _, clean = run_tests(where, tests, env, "", None, workers)
        for mutant in run_fresh:
            verdicts[mutant], _ = run_tests(where, tests, env, mutant, timeout_factor * clean + 10, workers)
    verdicts.update((m, "not testable") for m in apart if m not in run_fresh)
    return summarize(
        game,
        verdicts,
        len(population),
        time.monotonic() - started,
        tests=tests,
        sample=sample,
        seed=seed if sample else None,
        fresh=len(run_fresh),
        import_time=sorted(at_import),
        copy=str(where),
        mutmut_exit=proc.returncode if proc else None,
        import_time_only=import_time_only,
        fresh_verdicts={m: verdicts[m] for m in run_fresh},
    )


def recheck(report: dict, timeout_factor: float, workers: int = 1, timeouts: bool = False) -> dict:
    """Run again, against the working tree's tests as they are now, the mutants an earlier
    run (``report``, kept with ``--keep``) left alive or unreached; the others keep their
    verdicts (a test added or made stricter cannot bring a killed mutant back). The copy's
    rules code stays as it was (its mutants are those of the report); every other file
    (the tests, the engine they run) is the working tree's now, and mutmut's record of
    which test reaches which function is made anew. ``timeouts``: the timed-out mutants
    too, with ``timeout_factor`` as mutmut's timeout multiplier."""
    started = time.monotonic()
    where, tests = Path(report["copy"]), report["tests"]
    env = child_env(where)
    verdicts = {m: v for m, v in mutmut_verdicts(where).items() if v != "not checked"}
    verdicts.update(report.get("fresh_verdicts", {}))
    chosen = draw(mutant_names(where), report["sample"], report["seed"] or 0)
    at_import = set(report.get("import_time", []))
    apart = [m for m in chosen if function_of(m) in at_import]
    if "fresh_verdicts" not in report and apart and report.get("fresh") == len(apart):
        # a report of before fresh_verdicts: every import-time mutant was run fresh and
        # those not among the survivors were killed (or timed out)
        verdicts.update((m, "survived" if m in report["survivors"] else "killed") for m in apart)
    verdicts.update((m, "not testable") for m in chosen if m not in verdicts)
    redo = ("survived", "no tests") + (("timeout",) if timeouts else ())
    again = sorted(m for m, v in verdicts.items() if v in redo)
    rules = f"fliptable/games/{report['game']}/"
    for dest in (where, where / "mutants"):
        shutil.rmtree(dest / "tests")
        for name in tree_files():
            # everything but the mutated rules: the tests, and the code they run beside them
            if (ROOT / name).is_file() and not (name.startswith(rules) and name[len(rules) :] not in NOT_RULES):
                (dest / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, dest / name)
    (where / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    if timeouts:
        set_timeout_factor(where, timeout_factor)
    forked = [m for m in again if function_of(m) not in at_import]
    fresh = [m for m in again if function_of(m) in at_import]
    proc = run_mutmut(where, env, workers, forked)
    mine = mutmut_verdicts(where)
    if proc is not None and proc.returncode != 0:
        return {
            "game": report["game"],
            "error": (proc.stdout + proc.stderr).strip().splitlines()[-8:],
            "copy": str(where),
        }
    verdicts.update((m, mine.get(m, "not checked")) for m in forked)
    if fresh:
        _, clean = run_tests(where, tests, env, "", None, workers)
        for mutant in fresh:
            verdicts[mutant], _ = run_tests(where, tests, env, mutant, timeout_factor * clean + 10, workers)
    out = summarize(
        report["game"],
        verdicts,
        report["mutants"],
        time.monotonic() - started,
        tests=tests,
        sample=report["sample"],
        seed=report["seed"],
        copy=str(where),
        mutmut_exit=proc.returncode if proc else None,
        fresh_verdicts={m: v for m, v in verdicts.items() if function_of(m) in at_import and v != "not testable"},
        import_time=sorted(at_import),
    )
    out["rechecked"] = {
        "mutants": len(again),
        "still_alive": sorted(m for m in again if verdicts[m] not in ("killed", "timeout")),
        "first_run": {
            k: report[k]
            for k in ("killed", "timeout", "survived", "not_reached", "kill_rate", "kill_rate_95", "seconds")
        },
    }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", help=f"a game package ({', '.join(games())}) or 'all'")
    parser.add_argument(
        "--tests",
        nargs="+",
        help="test paths (default: the game's own tests, those of the games built on "
        "it and tests/golden, the logs replayed: mutmut runs only the tests that "
        "reach the mutated function)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="mutants run at once (default 1); an import-time mutant's fresh run spreads its "
        "tests over as many processes",
    )
    parser.add_argument("--keep", type=Path, help="run in this folder and keep it")
    parser.add_argument("--sample", type=int, help="test this many mutants drawn at random")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    parser.add_argument(
        "--timeout-factor",
        type=float,
        default=4.0,
        help="a mutant's tests may take this many times their clean time (default 4)",
    )
    parser.add_argument(
        "--no-fresh",
        dest="fresh",
        action="store_false",
        help="count mutants of import-time code as not testable instead of running each in a fresh interpreter",
    )
    parser.add_argument(
        "--fresh-max",
        type=int,
        help="run at most this many import-time mutants fresh (each runs every test "
        "of the game); the others count as not testable",
    )
    parser.add_argument(
        "--import-time-only",
        action="store_true",
        help="test only the mutants of import-time code (each fresh; --sample draws from "
        "them): their kill rate, measured apart from a --no-fresh run's",
    )
    parser.add_argument(
        "--recheck",
        type=Path,
        metavar="REPORT",
        help="a report (this tool's JSON line) of a run kept with --keep: run its surviving "
        "and unreached mutants again against the tests as they are now",
    )
    parser.add_argument(
        "--timeouts",
        action="store_true",
        help="with --recheck: run the report's timed-out mutants again too, with "
        "--timeout-factor (a timeout on a loaded machine may be the load's)",
    )
    args = parser.parse_args(argv)
    if args.workers < 1 or args.timeout_factor <= 0:
        parser.error("--workers and --timeout-factor must be positive")
    if args.timeouts and args.recheck is None:
        parser.error("--timeouts re-runs the timed-out mutants of a kept run: it goes with --recheck REPORT")
    if args.recheck is not None:
        try:
            lines = [x for x in args.recheck.read_text(encoding="utf-8").splitlines() if x.startswith("{")]
            report = json.loads(lines[-1]) if lines else {}
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            parser.error(f"cannot read the report {args.recheck}: {exc}")
        if not isinstance(report, dict) or "copy" not in report or not Path(report["copy"]).is_dir():
            parser.error(
                f"{args.recheck} holds no report of a run kept with --keep (a JSON line whose 'copy' "
                "folder still exists)"
            )
        print(json.dumps(recheck(report, args.timeout_factor, args.workers, args.timeouts)), flush=True)
        return 0
    if args.game is None:
        parser.error("name a game package or 'all' (or --recheck REPORT)")
    if args.game != "all" and args.game not in games():
        parser.error(f"unknown game package {args.game!r}; accepted: {', '.join(games())}, all")
    if args.import_time_only and not args.fresh:
        parser.error("--import-time-only runs import-time mutants fresh: it cannot go with --no-fresh")
    if args.sample is not None and args.sample < 1:
        parser.error(f"--sample must be a positive number of mutants, not {args.sample}")
    try:
        import mutmut  # noqa: F401
    except ImportError:
        parser.error("mutmut is not installed: pip install -e '.[mutation]' (mutmut 3.x)")
    chosen = games() if args.game == "all" else [args.game]
    for game in chosen:
        tests = args.tests or default_tests(game)
        print(
            json.dumps(
                run_game(
                    game,
                    tests,
                    workers=args.workers,
                    keep=args.keep,
                    sample=args.sample,
                    seed=args.seed,
                    timeout_factor=args.timeout_factor,
                    fresh=args.fresh,
                    fresh_max=args.fresh_max,
                    import_time_only=args.import_time_only,
                )
            ),
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
