"""The rating tables of docs/strength.md: per game, a seat-rotated tournament
(``fliptable tournament``) of random play, every heuristic bot of the game and ISMCTS at
two budgets.

    nice -n 10 python bench/strength_table.py               # every game, rewrites the tables
    nice -n 10 python bench/strength_table.py flip7 flaps   # only these games' tables
    python bench/strength_table.py --scale 0.1 flip7        # a quick look (fewer games)

Each game's table sits in docs/strength.md between ``<!-- table:GAME -->`` markers; the
rest of the file (the analysis) is left as it is. Seeds are fixed: the same command on
the same code gives the same tables (the ISMCTS budgets are iterations, not time).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from fliptable.core.registry import all_game_ids, get_game
from fliptable.sim.tournament import tournament

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "strength.md"
SEED = 13
#: the two ISMCTS budgets (iterations per decision), small enough to measure on 2 cores
BUDGETS = (50, 200)
#: per game: games in the tournament, and ISMCTS options beyond the budget. Rollouts
#: are cut (``depth``, then scored by the current ranks) where full games are long.
PLAN = {
    "flip7": (100, ""),
    "flyswatter": (16, ",depth=20"),
    "flinch": (16, ""),
    "muggins": (48, ",depth=30"),
    "authors": (80, ""),
    "patience": (200, ""),
    "go-to-the-store": (48, ""),
    "flush": (16, ",depth=30"),
    "flaps": (16, ""),
}


def specs_for(game_id: str) -> list[str]:
    game = get_game(game_id)
    extra = PLAN[game_id][1]
    heuristics = sorted(game.bots())
    return ["random", *heuristics, *(f"ismcts:iterations={n}{extra}" for n in BUDGETS)]


def section(game_id: str, report: dict, elapsed: float) -> str:
    game = get_game(game_id)
    default = game.default_bot
    specs = [b["spec"] for b in report["bots"]]
    d = specs.index(default) if default in specs else None
    lines = [
        f"### {game_id}",
        "",
        (
            f"{report['games']} games, {report['players']} seat{'s' if report['players'] != 1 else ''} per game, "
            f"seed {SEED}"
            f"{' (interrupted)' if report['interrupted'] else ''}; "
            f"{elapsed:.0f} s on this machine. Default bot: `{default}`."
        ),
        "",
        (f"| bot | rating | 95% interval | games | win rate | 95% interval | ahead of `{default}` |"),
        "|---|---|---|---|---|---|---|",
    ]
    order = sorted(range(len(specs)), key=lambda i: -report["bots"][i]["rating"])
    for i in order:
        b = report["bots"][i]
        lo, hi = b["rating_ci95"]
        wl, wh = b["win_rate_ci95"]
        vs = report["pairwise"][i][d] if d is not None and i != d else None
        vs_text = "-" if vs is None else f"{100 * vs:.0f}%"
        lines.append(
            f"| `{b['spec']}` | {b['rating']:.1f} | [{lo:.1f}, {hi:.1f}] | {b['games']} | "
            f"{100 * b['win_rate']:.1f}% | [{100 * wl:.1f}, {100 * wh:.1f}] | {vs_text} |"
        )
    seats = ", ".join(f"{100 * r:.0f}%" for r in report["seat_advantage"])
    lines += ["", f"Win rate by seat (whoever sat there): {seats}."]
    return "\n".join(lines)


def write(game_id: str, text: str) -> None:
    doc = DOC.read_text() if DOC.exists() else "# Strength of the bots\n"
    start, end = f"<!-- table:{game_id} -->", f"<!-- /table:{game_id} -->"
    block = f"{start}\n{text}\n{end}"
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    doc = pattern.sub(lambda m: block, doc) if pattern.search(doc) else doc.rstrip("\n") + "\n\n" + block + "\n"
    DOC.write_text(doc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count by this")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args(argv)
    ids = args.games or [g for g in all_game_ids() if g in PLAN]
    for game_id in ids:
        if game_id not in PLAN:
            print(f"no plan for {game_id!r}; games: {', '.join(PLAN)}", file=sys.stderr)
            return 2
        n = max(1, round(PLAN[game_id][0] * args.scale))
        began = time.perf_counter()
        report = tournament(game_id, specs_for(game_id), n, seed=SEED, workers=args.workers)
        text = section(game_id, report, time.perf_counter() - began)
        print(text + "\n", flush=True)
        if not args.no_write:
            write(game_id, text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
