"""``fliptable simulate flush`` and its ``stats`` (issue 9): mean rounds, mean round length,
the share of rounds won by their first player, Flushes / Super Flushes / pick-ups per
round. The report is checked against the games themselves: every game's log is replayed
and its events counted, independently of the state's own counters."""

import json

from fliptable.core.log import load_log, start_state
from fliptable.sim.simulate import simulate
from tests.cli.helpers import run

GAMES = 6


def _count_events(paths):
    """Per-run totals read from the games' events (never from ``state.stat``)."""
    totals = {
        "games": 0,
        "rounds": 0,
        "decisions": 0,
        "turns": 0,
        "first_wins": 0,
        "flushes": 0,
        "supers": 0,
        "pickups": 0,
    }
    for path in paths:
        log = load_log(str(path))
        state = start_state(log)
        totals["games"] += 1
        totals["decisions"] += len(log.actions)
        first = state.view(None)["first"]  # round 1 is dealt before any action: no event
        releases = 0
        for player, action in log.actions:
            for e in state.apply(player, action):
                if e.type == "round_start":
                    first, releases = e.data["first"], 0
                elif e.type in ("play", "pickup"):
                    releases += 1
                    totals["pickups"] += e.type == "pickup"
                elif e.type == "flush":
                    totals["flushes"] += 1
                    totals["supers"] += e.data["super"]
                elif e.type == "round_end":
                    totals["rounds"] += 1
                    won = e.data["winner"] is not None
                    totals["first_wins"] += won and e.data["winner"] == first
                    # a round's turns: the first, then one more after every release — but
                    # the winner's last release starts none
                    totals["turns"] += 1 + releases - won
        assert state.is_over()
    return totals


def test_simulate_reports_the_issues_stats_as_the_games_played_them(tmp_path):
    report = simulate("flush", GAMES, 3, ["greedy", "random"], 11, 1, {"rounds": "3"}, logs_dir=tmp_path)
    stats = report["stats"]
    t = _count_events(sorted(tmp_path.glob("flush-*.json")))
    assert t["games"] == GAMES and t["rounds"] == 3 * GAMES
    assert t["flushes"] and t["pickups"]  # the games did flush and pick up
    rounds = t["rounds"]
    assert stats["mean_rounds"] == 3
    assert stats["mean_round_decisions"] == t["decisions"] / rounds
    assert stats["mean_round_turns"] == t["turns"] / rounds
    assert stats["first_player_round_win_share"] == t["first_wins"] / rounds
    assert stats["flushes_per_round"] == t["flushes"] / rounds
    assert stats["super_flushes_per_round"] == t["supers"] / rounds
    assert stats["pickups_per_round"] == t["pickups"] / rounds
    assert stats["even_share"] == 1 / 3 and stats["capped_rounds"] == 0


def test_simulate_counts_every_round_of_an_elimination_game(tmp_path):
    report = simulate("flush", 3, 2, ["random"], 5, 1, {"mode": "elimination", "limit": "20"}, logs_dir=tmp_path)
    t = _count_events(sorted(tmp_path.glob("flush-*.json")))
    assert t["rounds"] >= 3  # at least one round a game
    assert report["stats"]["mean_rounds"] == t["rounds"] / 3
    assert report["stats"]["pickups_per_round"] == t["pickups"] / t["rounds"]


def test_cli_simulate_flush_prints_the_stats(capsys):
    code, out, err = run(capsys, "simulate", "flush", "-n", "4", "-p", "2", "-w", "1", "--json")
    assert code == 0, err
    stats = json.loads(out)["stats"]
    assert {
        "mean_rounds",
        "mean_round_turns",
        "mean_round_decisions",
        "first_player_round_win_share",
        "flushes_per_round",
        "super_flushes_per_round",
        "pickups_per_round",
    } <= set(stats)
    assert stats["mean_rounds"] == 5  # mode=rounds, 5 rounds by default
    code, out, _ = run(capsys, "simulate", "flush", "-n", "2", "-p", "2", "-w", "1")
    assert code == 0 and "first_player_round_win_share" in out and "pickups_per_round" in out


def test_summarize_stats_gives_means_per_game_and_per_round():
    from fliptable.core import get_game

    game = get_game("flush")
    totals = {
        "rounds": 10,
        "turns": 200,
        "round_decisions": 400,
        "first_player_round_wins": 4,
        "flushes": 30,
        "super_flushes": 2,
        "pickups": 5,
        "link_flushes": 1,
        "flush_cards": 7,
        "big_flushes": 3,
        "blind_flips": 6,
        "capped_rounds": 1,
    }
    assert game.summarize_stats(totals, 4, 3) == {
        "mean_rounds": 2.5,
        "mean_round_turns": 20.0,
        "mean_round_decisions": 40.0,
        "first_player_round_win_share": 0.4,
        "even_share": 1 / 3,
        "flushes_per_round": 3.0,
        "super_flushes_per_round": 0.2,
        "pickups_per_round": 0.5,
        "link_flushes_per_round": 0.1,
        "flush_cards_per_round": 0.7,
        "big_flushes_per_round": 0.3,
        "blind_flips_per_round": 0.6,
        "capped_rounds": 1,
    }
    empty = game.summarize_stats({}, 0, 4)
    assert empty == {key: 0.25 if key == "even_share" else 0 for key in empty} and len(empty) == 13
