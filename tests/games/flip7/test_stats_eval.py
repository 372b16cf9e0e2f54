"""Flip 7's statistics for ``simulate`` (``stats``, ``summarize_stats``) and the position
value a search reads when it stops early (``evaluate``)."""

import math

from tests.games.flip7.helpers import GAME, new, play


def test_stats_count_rounds_busts_flip_7s_and_round_scores():
    s = new(3, ["9", "6", "5", "6", "4"])
    play(s, "stay", "hit", "hit", "stay")  # 9 banked, seat 1 busts, seat 2 banks 5+4
    assert GAME.stats(s) == {"rounds": 2, "player_rounds": 3, "busts": 1, "flip7s": 0, "round_score_sum": 18}
    s = new(2, ["1", "12", "2", "12", "3", "4", "5", "6", "7"])
    play(s, "hit", "hit", "hit", "hit", "hit", "hit", "hit")  # seat 1 busts, seat 0 flips 7
    assert GAME.stats(s) == {"rounds": 2, "player_rounds": 2, "busts": 1, "flip7s": 1, "round_score_sum": 28 + 15}


def test_summarize_stats_gives_means_per_game_and_rates_per_player_round():
    totals = {"rounds": 30.0, "player_rounds": 90.0, "busts": 27.0, "flip7s": 3.0, "round_score_sum": 1800.0}
    assert GAME.summarize_stats(totals, 3, 3) == {
        "mean_rounds": 10.0,
        "mean_round_score": 20.0,
        "bust_rate": 0.3,
        "flip7_rate": 3 / 90,
    }
    assert GAME.summarize_stats({"rounds": 7.0, "player_rounds": 21.0}, 1, 3)["mean_rounds"] == 7.0
    assert GAME.summarize_stats({}, 0, 3) == {
        "mean_rounds": 0.0,
        "mean_round_score": 0.0,
        "bust_rate": 0.0,
        "flip7_rate": 0.0,
    }


def test_evaluate_counts_banked_points_fully_and_a_drawing_players_by_half():
    s = new(3, ["9", "6", "5", "6", "4"])
    play(s, "stay", "hit", "hit")  # seat 0 banks 9, seat 1 busts, seat 2 draws on 9
    s.totals[:] = [20, 0, 10]
    keys = [20 + 9, 0, 10 + 4.5]
    ranked = [1.0, -1.0, 0.0]  # by totals: seat 0, seat 2, seat 1
    want = [0.5 * ranked[p] + 0.5 * math.tanh((keys[p] - (sum(keys) - keys[p]) / 2) / 40) for p in range(3)]
    assert GAME.evaluate(s) == tuple(want)


def test_evaluate_counts_a_frozen_players_banked_points():
    """docs/rules/flip7.md "Freeze": a frozen player banks the round score, as one who stays."""
    frozen = new(2, ["9", "6", "freeze"])
    play(frozen, "hit")  # seat 0 is frozen on 9
    stayed = new(2, ["9", "6"])
    play(stayed, "stay")  # seat 0 stays on 9
    assert frozen.status[0] != stayed.status[0]
    assert GAME.evaluate(frozen) == GAME.evaluate(stayed)
    assert GAME.evaluate(frozen)[0] > 0


def test_evaluate_of_a_finished_game_is_its_result():
    s = new(2, ["10", "5"])
    s.totals[:] = [195, 0]
    play(s, "stay", "stay")
    assert s.over and GAME.evaluate(s) == s.result().returns() == (1.0, -1.0)


def test_one_players_return_falls_evenly_from_the_first_round_to_the_round_limit():
    """A one-seat table (learning environments) has no rank to compare: reaching 200 in
    round 1 is worth 1, at round ``round_limit`` -1, evenly between; the round limit
    ending the game first is -1."""
    from fliptable.core.result import Result

    def solo(rounds, ended, round_limit):
        result = Result(scores=(200,), winners=(0,), ranks=(1,), details={"rounds": rounds, "ended": ended})
        return GAME.solo_return(result, GAME.resolve_options({"round_limit": round_limit}))

    assert [solo(r, "score", 5) for r in (1, 2, 3, 4, 5)] == [1.0, 0.5, 0.0, -0.5, -1.0]
    assert solo(3, "round_limit", 5) == -1.0 and solo(5, "round_limit", 5) == -1.0
    assert solo(1, "score", 1) == 1.0 and solo(1, "round_limit", 1) == -1.0
    s = new(1, ["9"], round_limit=1)
    play(s, "stay")  # 9 points banked: round 1 was the last, 200 not reached
    assert s.is_over() and s.result().details["ended"] == "round_limit"
    assert GAME.solo_return(s.result(), s.options) == -1.0
