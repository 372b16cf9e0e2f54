"""Write the golden logs: a few complete games per game, played by the bots with fixed
seeds, each with its result, a digest of its final state and a digest of everything
every seat saw on the way (``seen``: each seat's and a spectator's events and view
after every action, the deal's events first). ``test_golden.py`` replays
them in CI; a rules change that alters any game shows up there. Regenerate (and say why
in the commit) only when a rules change is intended — name the games to rewrite only
theirs:

    python -m tests.golden.regenerate [GAME ...]
    python -m tests.golden.regenerate --seen [GAME ...]   # only the 'seen' digests, actions kept
"""

import hashlib
import json
import sys
from pathlib import Path

from fliptable.bots import make_agent
from fliptable.core import get_game
from fliptable.core.log import start_state
from fliptable.sim.match import play_match

HERE = Path(__file__).parent

#: (game, players, bot specs, options, seeds)
CASES = [
    ("flip7", 4, ["ev", "threshold:20", "random", "threshold:30"], {}, [1, 2]),
    ("flip7", 3, ["ev", "threshold:25", "random"], {"rules": "official"}, [3]),
    ("flip7", 3, ["ev", "threshold:25", "random"], {"flip3_actions": "immediate"}, [4]),
    ("flip7", 3, ["random", "ev"], {"rules": "official", "flip3_actions": "immediate"}, [12]),
    ("flip7", 4, ["ev", "random"], {"round_limit": "3"}, [6]),
    ("flip7", 3, ["random", "threshold:25"], {"spare_second": "give"}, [21]),
    ("flyswatter", 3, ["swatter:rt=300", "swatter:rt=400,err=0.1", "random"], {}, [1]),
    ("flyswatter", 5, ["swatter"], {"remove": "20"}, [2]),
    ("flyswatter", 4, ["swatter", "swatter:rt=300,err=0.2", "random"], {"window_ms": "600"}, [3]),
    ("flyswatter", 3, ["swatter:err=0.2", "random"], {"check": "landing"}, [13]),
    ("flinch", 3, ["greedy", "greedy", "random"], {}, [1]),
    ("flinch", 4, ["greedy", "random"], {"enforce": "table"}, [2]),
    ("flinch", 2, ["greedy", "random"], {"packs": 2}, [3]),
    ("flinch", 2, ["random", "greedy"], {"edition": 150}, [4]),
    ("flinch", 3, ["greedy", "random"], {"centre": "ones-and-tens"}, [5]),
    ("flinch", 3, ["random", "greedy"], {"centre": "fives", "enforce": "table"}, [6]),
    ("flinch", 4, ["greedy", "random"], {"partnership": True, "enforce": "table"}, [7]),
    ("flinch", 2, ["greedy", "random"], {"reserve_memory": "off"}, [8]),
    ("flinch", 6, ["greedy", "random"], {"packs": 1}, [9]),
    ("flinch", 3, ["greedy", "random"], {"enforce": "table", "challenge": "window"}, [10]),
    ("flinch", 2, ["random"], {"standstill": "two-rounds"}, [11]),
    ("muggins", 3, ["greedy", "random", "greedy"], {"enforce": "table"}, [1]),
    ("muggins", 3, ["greedy", "random"], {"enforce": "strict"}, [2]),
    ("muggins", 4, ["random", "greedy"], {"packs": 1, "enforce": "table"}, [3]),
    ("muggins", 2, ["random"], {"round_limit": 15, "enforce": "table"}, [4]),
    ("muggins", 3, ["random", "greedy"], {"muggins": "window"}, [5]),
    ("muggins", 3, ["greedy", "random"], {"turn_over": "when-needed"}, [6]),
    ("authors", 4, ["greedy", "random"], {}, [1]),
    ("authors", 4, ["greedy"], {}, [2]),
    ("authors", 2, ["random"], {}, [3]),
    ("authors", 10, ["greedy", "random", "greedy:stop_below=0"], {}, [4]),
    ("go-to-the-store", 3, ["greedy", "random"], {}, [1]),
    ("go-to-the-store", 2, ["greedy"], {}, [2]),
    ("go-to-the-store", 4, ["random", "greedy"], {}, [3]),
    ("patience", 1, ["greedy"], {}, [1, 2]),
    ("patience", 1, ["random"], {}, [7]),
    ("patience", 1, ["greedy"], {"strict": "false"}, [3]),
    ("patience", 1, ["greedy"], {"spaces": "refill"}, [4]),
    ("patience", 1, ["random"], {"strict": "false", "spaces": "refill"}, [5]),
    ("patience", 1, ["random"], {"stock_first": "false"}, [6]),
    ("flush", 4, ["greedy", "random"], {}, [1]),
    ("flush", 3, ["greedy", "random", "greedy"], {"mode": "arena"}, [2]),
    ("flush", 5, ["greedy", "random"], {"mode": "elimination", "limit": 40}, [3]),
    ("flush", 2, ["random", "greedy"], {"flush_count": "previous", "mimic_join": "pile", "rounds": 3}, [4]),
    ("flush", 6, ["greedy", "random"], {"rounds": 2}, [5]),
    ("flaps", 4, ["greedy", "random"], {}, [1]),
    ("flaps", 2, ["random", "greedy"], {"level": 1}, [2]),
    ("flaps", 3, ["greedy:forget=0.3,catch=0.5", "random", "greedy"], {"level": 2}, [3]),
    ("flaps", 8, ["greedy", "random"], {"after_flapping": "last"}, [4]),
    ("flaps", 3, ["greedy", "random"], {"games": 3}, [5]),
    ("flaps", 4, ["greedy", "random", "greedy"], {"hoofers": "plain"}, [6]),
    ("flaps", 3, ["greedy", "random"], {"king_n_lay": "next", "games": 2}, [7]),
    ("flaps", 4, ["random"], {"pack_out": "draw"}, [9]),
    ("flaps", 4, ["greedy", "random"], {"level": 4}, [16]),
    ("flaps", 4, ["greedy", "random"], {"level": 5}, [23, 44]),
    ("flaps", 4, ["greedy", "random"], {"level": 6}, [32]),
    ("flaps", 4, ["greedy", "random"], {"level": 7}, [45]),
    ("flaps", 4, ["greedy", "random"], {"level": 2, "trumps_ties": "any"}, [30]),
    ("flaps", 12, ["greedy", "random"], {"packs": 2}, [33]),
]


def digest(state) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()


def seen(log) -> str:
    """A digest of what each seat (and a spectator) was shown through the game: the events
    as they saw them and their view after every action. A change to what any seat is
    told or shown — an event's field, a view's key, a card revealed too early — changes it."""
    state = start_state(log)
    seats = [*range(state.players), None]
    h = hashlib.sha256()

    def add(events) -> None:
        for seat in seats:
            told = [e.for_player(seat) for e in events]
            h.update(json.dumps([seat, told, state.view(seat)], sort_keys=True, default=str).encode())

    add(state.opening)
    for player, action in log.actions:
        add(state.apply(player, action))
    return h.hexdigest()


def main(games: list[str]) -> None:
    for game_id, players, specs, options, seeds in CASES:
        if games and game_id not in games:
            continue
        game = get_game(game_id)
        for seed in seeds:
            agents = [make_agent(game, specs[min(i, len(specs) - 1)]) for i in range(players)]
            match = play_match(game, agents, options, seed, record=True)
            data = match.log.to_json()
            data["digest"] = digest(match.state)
            data["seen"] = seen(match.log)
            name = (
                f"{game_id}-{players}p-{seed}{'-' + '-'.join(f'{k}{v}' for k, v in options.items()) if options else ''}"
            )
            (HERE / f"{name}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
            print(name, len(data["actions"]), "actions")


def reseen(games: list[str]) -> None:
    """Rewrite only the ``seen`` digest of the existing logs (their actions kept): for a
    change to what seats are told or shown that leaves play itself alone."""
    from fliptable.core import parse_log

    for path in sorted(HERE.glob("*.json")):
        data = json.loads(path.read_text())
        if games and data["game"] not in games:
            continue
        data["seen"] = seen(parse_log(data))
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(path.stem)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--seen"]:
        reseen(args[1:])
    else:
        main(args)
