"""fliptable balance (sim/balance.py, sim/findings.py): the statistics on synthetic
results with known answers, the card tallies against what the games show, and numbers
that depend only on the seed."""

import pytest

from fliptable.bots.base import make_agent
from fliptable.core.errors import FliptableError
from fliptable.core.registry import get_game
from fliptable.core.table import Table
from fliptable.sim.balance import (
    TIMING_KEYS,
    BalanceError,
    BalanceTally,
    Combination,
    balance,
    combinations,
    game_seed,
    run_chunk,
)
from fliptable.sim.findings import build_report
from fliptable.sim.match import play_match


def _numbers(report):
    return {k: v for k, v in report.items() if k not in TIMING_KEYS}


def _synthetic(game, winner_of, dealt_of, games=1000, players=4, kinds=("A", "B")):
    """A report from made-up games: ``winner_of(i)`` wins game i, ``dealt_of(i)`` the
    kinds per seat."""
    tally = BalanceTally(players, len(kinds))
    for i in range(games):
        tally.add_game([winner_of(i)], 0, {"decisions": 10 + i % 7}, False, {}, dealt_of(i), None)
    tally.close_part()
    combo = Combination(players, (), game.resolve_options({}))
    run = {
        "game": game.id,
        "title": game.title,
        "seed": 0,
        "games_requested": games,
        "players": [players],
        "vary": {},
        "options": combo.options,
        "bots": {players: ["x"] * players},
        "workers": 1,
        "backend": "local",
        "interrupted": False,
        "games": games,
        "elapsed_seconds": 1.0,
        "games_per_second": games,
    }
    return build_report(game, run, [combo], [tally], [{k: i for i, k in enumerate(kinds)}])


def test_a_first_player_advantage_is_found_and_said():
    # seat 0 wins 4 games in 10, the others 2 each: 40% against an even 25%
    game = get_game("flaps")
    report = _synthetic(game, lambda i: 0 if i % 10 < 4 else 1 + i % 3, lambda i: [set(), set(), set(), set()])
    seats = report["combinations"][0]["seats"]
    assert seats["win_rate"][0] == pytest.approx(0.4)
    # Wilson, 400 of 1000: (0.4 + z²/2000 ± z sqrt(0.24/1000 + z²/4e6)) / (1 + z²/1000)
    assert seats["ci95"][0] == pytest.approx([0.37007, 0.43069], abs=1e-5)
    assert seats["test"]["significant"] and seats["test"]["p_holm"] < 1e-6
    assert seats["test"]["seat_p_holm"][0] < 1e-6
    assert report["summary"][0].startswith(
        "Seat 0 wins 40.0% [37.0, 43.1] at 4 players against an even 25.0%: "
        "a significant first-player advantage (chi-square"
    )


def test_an_even_split_is_not_called_an_advantage():
    game = get_game("flaps")
    report = _synthetic(game, lambda i: i % 4, lambda i: [set(), set(), set(), set()])
    test = report["combinations"][0]["seats"]["test"]
    assert test["chi2"] == 0 and not test["significant"]
    assert "no seat advantage is significant" in report["summary"][0]


def test_a_game_that_draws_its_first_player_speaks_of_seats():
    game = get_game("flush")  # the first player of a round is drawn: seat 0 is not "the first player"
    report = _synthetic(game, lambda i: 0 if i % 10 < 4 else 1 + i % 3, lambda i: [set(), set(), set(), set()])
    assert "significant advantage for seat 0" in report["summary"][0]


def test_card_impact_finds_the_card_that_decides_games():
    # kind 0 ("A") is dealt to the winner of every game and to nobody else; kind 1 ("B")
    # to seat i % 4 whoever wins (the winner is seat (i // 4) % 4: independent of B)
    def winner(i):
        return (i // 4) % 4

    def dealt(i):
        seats = [set() for _ in range(4)]
        seats[winner(i)].add(0)
        seats[i % 4].add(1)
        return seats

    game = get_game("flaps")
    report = _synthetic(game, winner, dealt)
    cards = {e["kind"]: e for e in report["combinations"][0]["cards"]}
    assert report["combinations"][0]["cards"][0]["kind"] == "A"  # sorted by effect
    a, b = cards["A"], cards["B"]
    assert a["dealt"]["rate"] == 1.0 and a["not_dealt"]["rate"] == 0.0
    assert a["effect"]["diff"] == 1.0 and a["effect"]["significant"]
    assert b["dealt"]["n"] == 1000 and b["dealt"]["rate"] == pytest.approx(0.25)
    assert b["effect"]["diff"] == pytest.approx(0.0) and not b["effect"]["significant"]
    assert any(s.startswith("Dealt A, a player wins 100.0%") for s in report["summary"])


def test_every_combination_is_played_and_bad_combinations_are_refused():
    flaps = get_game("flaps")
    combos = combinations(flaps, [2, 3], {"level": ["1", "7"], "hoofers": ["target", "plain"]})
    assert [(c.players, c.varied) for c in combos][:3] == [
        (2, (("level", "1"), ("hoofers", "target"))),
        (2, (("level", "1"), ("hoofers", "plain"))),
        (2, (("level", "7"), ("hoofers", "target"))),
    ]
    assert len(combos) == 8 and combos[-1].options["level"] == 7
    cases = [
        ({"colour": ["1"]}, "flaps has no option 'colour'"),
        ({"level": ["1", "9"]}, "option level='9' is invalid; accepted: an integer in 1..7"),
        ({"level": ["3", "03"]}, "'03' is the same value as '3'"),
        ({"level": []}, "gives no values"),
    ]
    for vary, message in cases:
        with pytest.raises(FliptableError, match=message):
            combinations(flaps, [4], vary)
    with pytest.raises(BalanceError, match="both set"):
        combinations(flaps, [4], {"level": ["1", "2"]}, {"level": "3"})
    with pytest.raises(BalanceError, match="9 players with level=1: 9 players need two packs"):
        combinations(flaps, [8, 9], {"level": ["1"]})


def test_the_numbers_depend_only_on_the_seed_not_on_workers():
    args = {"players": [2, 3], "vary": {"rules": ["rulebook", "official"]}, "games": 12, "seed": 7}
    one = balance("flip7", workers=1, **args)
    two = balance("flip7", workers=2, **args)
    assert one["games"] == 48 and not one["interrupted"]
    assert _numbers(one) == _numbers(two)
    assert _numbers(balance("flip7", workers=1, **{**args, "seed": 8})) != _numbers(one)


def test_a_combination_is_the_same_whatever_else_is_varied():
    a = balance("flaps", vary={"level": ["1", "3"]}, games=10, seed=2)
    b = balance("flaps", vary={"level": ["3", "5"]}, games=10, seed=2)
    assert a["combinations"][1]["label"] == b["combinations"][0]["label"] == "4 players, level=3"
    assert a["combinations"][1]["seats"] == b["combinations"][0]["seats"]
    assert a["combinations"][1]["cards"] == b["combinations"][0]["cards"]


def test_rotated_bots_sit_everywhere_and_are_rated():
    report = balance("flip7", players=[2], bot_specs=["ev", "threshold:10"], games=40, seed=1)
    record = report["combinations"][0]
    assert [b["spec"] for b in record["bots"]] == ["ev", "threshold:10"]
    assert [b["n"] for b in record["bots"]] == [40, 40]
    assert sum(b["successes"] for b in record["bots"]) == pytest.approx(sum(record["seats"]["wins"]))


def test_a_line_up_of_different_bots_plays_whole_rotations():
    # each bot at each seat equally often: 5 games become 6 at 2 and at 3 players
    report = balance("flip7", players=[2, 3], bot_specs=["ev", "threshold:10"], games=5, seed=1)
    assert [r["games"] for r in report["combinations"]] == [6, 6] and report["games"] == 12
    assert report["rounded_up"] == [2, 3] and report["games_planned"] == 12
    assert [b["n"] for b in report["combinations"][1]["bots"]] == [6, 12]  # threshold:10 fills two seats
    same = balance("flip7", players=[2, 3], games=5, seed=1)  # one bot: as asked
    assert [r["games"] for r in same["combinations"]] == [5, 5] and same["rounded_up"] == []
    whole = balance("flip7", players=[2, 3], bot_specs=["ev", "threshold:10"], games=6, seed=1)
    assert whole["rounded_up"] == [] and _numbers(whole)["combinations"] == _numbers(report)["combinations"]


def test_collecting_events_does_not_change_a_game():
    for gid, players in (("flaps", 4), ("flip7", 3), ("flyswatter", 3)):
        game = get_game(gid)
        told = []
        plain = play_match(game, [make_agent(game, game.default_bot) for _ in range(players)], None, 5)
        collected = play_match(
            game, [make_agent(game, game.default_bot) for _ in range(players)], None, 5, collect=told
        )
        assert collected.decisions == plain.decisions and collected.state.to_json() == plain.state.to_json()
        assert len(told) >= plain.decisions // 2 and all(hasattr(e, "type") for e in told)


def test_balance_plays_the_games_simulate_plays(monkeypatch):
    # with simulate's seeds, a combination's games are simulate's games, tallied the same
    import fliptable.sim.balance as module
    from fliptable.core.rng import derive_seed
    from fliptable.sim.simulate import run_chunk as simulate_chunk

    monkeypatch.setattr(module, "game_seed", lambda seed, combo, i: derive_seed(seed, i))
    for gid in ("flip7", "flaps"):
        game = get_game(gid)
        opts = game.resolve_options({})
        combo = Combination(4, (), opts)
        kinds = {k: i for i, k in enumerate(game.balance.kinds(game, 4, opts))}
        _, mine = run_chunk((0, game, combo, [game.default_bot] * 4, kinds, 3, 0, 6))
        theirs = simulate_chunk((game, 4, [game.default_bot] * 4, opts, 3, 0, 6, None))
        assert mine.wins == theirs.wins and mine.length_counts["decisions"] == theirs.length_counts
        assert mine.stats == theirs.stats


def test_flip7_dealt_cards_are_the_flips_a_spectator_sees():
    game = get_game("flip7")
    combo = Combination(3, (), game.resolve_options({}))
    kinds = {name: i for i, name in enumerate(game.balance.kinds(game, 3, combo.options))}
    _, tally = run_chunk((0, game, combo, ["ev"] * 3, kinds, 11, 0, 1))
    seed = game_seed(11, combo, 0)
    state = game.new_state(3, combo.options, seed)
    table = Table(state, [make_agent(game, "ev") for _ in range(3)], seed=seed, record=False)
    table.run()
    flipped = [set() for _ in range(3)]
    for event in table.history(None):
        if event["type"] == "flip":
            flipped[event["player"]].add(kinds[event["card"]])
    assert sum(len(s) for s in flipped) == sum(tally.dealt_n) > 0
    for k in range(len(kinds)):
        assert tally.dealt_n[k] == sum(k in s for s in flipped)
    assert tally.length_counts["rounds"] == {state.round_no: 1}


def test_flaps_dealt_and_held_cards_are_the_hands():
    game = get_game("flaps")
    combo = Combination(4, (("level", "3"),), game.resolve_options({"level": 3}))
    kinds = {name: i for i, name in enumerate(game.balance.kinds(game, 4, combo.options))}
    assert {"2", "MF - MEGA-FLAP (Hearts)", "ACE'N'LAY (ANY RED CARD)", "0 - QUACK"} <= set(kinds)
    assert "FULL MONTY" not in kinds  # a Level 7 card
    _, tally = run_chunk((0, game, combo, ["greedy"] * 4, kinds, 3, 0, 1))
    start = game.new_state(4, combo.options, game_seed(3, combo, 0))
    dealt = [game.balance.labels(game, hand) for hand in start.hands]
    for name, k in kinds.items():
        assert tally.dealt_n[k] == sum(name in d for d in dealt)
    end = play_match(game, [make_agent(game, "greedy") for _ in range(4)], combo.options, game_seed(3, combo, 0)).state
    held = [game.balance.labels(game, hand) for hand in end.hands]
    assert sum(tally.held_n) == sum(len(h) for h in held)


def test_ctrl_c_keeps_the_games_that_finished():
    seen = []

    def progress(done, total):
        seen.append(done)
        if done >= 6:
            raise KeyboardInterrupt

    report = balance(
        "flip7", players=[2], vary={"rules": ["rulebook", "official"]}, games=20, seed=1, progress=progress
    )
    assert report["interrupted"]
    assert report["games"] == sum(r["games"] for r in report["combinations"]) < 40
    assert report["summary"][0].startswith("The run was interrupted")


def test_many_quiet_combinations_are_one_sentence_and_a_significant_one_is_named():
    from fliptable.sim.findings import seat_sentences

    game = get_game("flaps")
    quiet = _synthetic(game, lambda i: i % 4, lambda i: [set()] * 4)["combinations"][0]
    loud = _synthetic(game, lambda i: 0 if i % 10 < 4 else 1 + i % 3, lambda i: [set()] * 4)["combinations"][0]
    records = [{**quiet, "label": f"quiet {k}"} for k in range(4)] + [{**loud, "label": "loud"}]
    got = seat_sentences(records, True)
    assert len(got) == 2
    assert got[0].startswith(
        "Seat 0 wins 40.0% [37.0, 43.1] at loud against an even 25.0%: a significant first-player advantage"
    )
    assert got[1].startswith("No seat advantage is significant in 4 of 5 combinations")


@pytest.mark.parametrize("gid", ["authors", "go-to-the-store"])
def test_the_asking_games_report_their_decision_cap(gid):
    # the decision cap ends a game with books still to make: the report's safety cap
    game = get_game(gid)
    played = play_match(game, [make_agent(game, "greedy") for _ in range(3)], None, 4).state
    assert played.is_over() and not game.balance.capped(played)
    data = game.new_state(3, None, 4).to_json()
    data["ply"] = 1999
    state = game.state_from_json(data)
    state.apply(state.turn, state.legal_actions(state.turn)[0])
    assert state.is_over() and state.result().details == {"capped": True} and game.balance.capped(state)
    report = balance(gid, players=[3], games=4, seed=1)
    cap = report["combinations"][0]["cap"]
    assert cap is not None and cap["n"] == 4 and cap["successes"] == 0
