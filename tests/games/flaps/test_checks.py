"""A saved FLAPS state is checked before it is played (``views.Views._check``): the
conditions a Level 3 table can break alone (cards moved, never made up, so the deck
check passes), each with the whole message a person reads, and the bounds that load."""

from functools import partial

import pytest

from fliptable.core import get_game
from fliptable.games.flaps.tables import ATTACKED, FOLLOW, MONTY_TAKE, PLAY, SPOOF_CALL, SPOOF_GAME, TRUMPS_GAME
from tests.helpers import assert_load_refused

GAME = get_game("flaps")


def saved(players=3, **options):
    """A fresh Level 3 game (the first card on the pile), seat 0 to play."""
    return GAME.new_state(players, options or None, 1).to_json()


refused = partial(assert_load_refused, GAME)  # (data, says): the load is refused, saying that
loads = GAME.state_from_json


def test_the_base_state_loads():
    loads(saved())


def test_the_pile_holds_at_least_the_first_card():
    data = saved()
    st = data["state"]
    st["pack"] += st["pile"]
    st["pile"] = []
    refused(data, "the pile holds at least the first card")


@pytest.mark.parametrize("phase", [-1, MONTY_TAKE + 1])
def test_the_phase_is_known(phase):
    data = saved()
    data["state"]["phase"] = phase
    refused(data, f"unknown phase {phase}")


@pytest.mark.parametrize("direction", [0, 2, -2])
def test_direction_is_one_way_or_the_other(direction):
    data = saved()
    data["state"]["direction"] = direction
    refused(data, "direction is 1 or -1")


@pytest.mark.parametrize("field, value", [("lead_suit", -2), ("lead_suit", 5), ("lead_rank", -2), ("lead_rank", 14)])
def test_the_lead_suit_and_rank_are_in_range(field, value):
    data = saved()
    data["state"][field] = value
    refused(data, "lead suit or rank out of range")


@pytest.mark.parametrize(
    "field, value", [("last_flapper", -2), ("last_flapper", 3), ("trump", -2), ("caller", -2), ("caller", 3)]
)
def test_a_seat_or_suit_is_in_range(field, value):
    data = saved()
    data["state"][field] = value
    refused(data, "a seat or suit out of range")


@pytest.mark.parametrize(
    "field, value",
    [
        ("mega_laid", -1),
        ("mega_laid", 4),
        ("mega_cap", 1),
        ("mega_cap", 4),
        ("run_left", -1),
        ("run_left", 4),
        # spelled out on purpose: each load check corrupts its own field and names its own refusal
        ("resume", -1),
        ("resume", 3),
        ("attack_sum", -1),
        ("attack_sum", 41),
    ],
)
def test_a_run_a_scuffle_or_an_attack_is_in_range(field, value):
    data = saved()
    data["state"][field] = value
    refused(data, "a run, a scuffle or an attack out of range")


@pytest.mark.parametrize(
    "field, value",
    [
        ("mega_laid", 3),
        ("mega_cap", 2),
        ("run_left", 3),
        ("resume", 2),
        ("last_flapper", 2),
        ("caller", 2),
        # spelled out on purpose: each load check corrupts its own field and names its own refusal
        ("lead_rank", -1),
        ("lead_rank", 13),
        ("lead_suit", -1),
        ("lead_suit", 4),
    ],
)
def test_the_bounds_of_seats_runs_and_scuffles_load(field, value):
    data = saved()
    data["state"][field] = value
    loads(data)


@pytest.mark.parametrize("committed", [[-1, -1], [-1, -1, -2]])
def test_committed_holds_a_card_or_minus_one_per_seat(committed):
    data = saved()
    data["state"]["committed"] = committed
    refused(data, "committed holds a card or -1 per seat")


def test_trumps_and_spoof_cards_are_laid_only_in_a_trumps_or_spoof_game():
    data = saved()
    data["state"]["trump"] = 2
    refused(data, "TRUMPS and SPOOF cards are laid only in a TRUMPS or SPOOF game")
    data = saved()
    st = data["state"]
    st["committed"][1] = st["hands"][1].pop()
    refused(data, "TRUMPS and SPOOF cards are laid only in a TRUMPS or SPOOF game")
    data = saved()
    data["state"]["phase"] = TRUMPS_GAME
    refused(data, "TRUMPS and SPOOF cards are laid only in a TRUMPS or SPOOF game")


def test_a_trumps_game_has_a_caller():
    data = saved()
    data["state"]["phase"], data["state"]["trump"] = TRUMPS_GAME, 1
    refused(data, "a TRUMPS or SPOOF game has a caller")


@pytest.mark.parametrize("calls", [[-1, -1], [-1, -1, 0], [-2, -1, -1]])
def test_spoof_calls_are_made_only_in_a_spoof_game(calls):
    data = saved(level=4)
    loads(data)
    data["state"]["calls"] = calls
    refused(data, "SPOOF calls are made only in a SPOOF game, one number per seat")


def test_spoof_is_a_level_4_card():
    data = saved()
    st = data["state"]
    st["phase"], st["caller"] = SPOOF_GAME, 0
    refused(data, "SPOOF is a Level 4 card")


def test_an_attack_has_a_card_and_a_sum():
    data = saved()
    data["state"]["phase"] = ATTACKED
    refused(data, "an attack has a card and a sum")
    data = saved()
    data["state"]["attack_sum"] = 2
    refused(data, "an attack has a card and a sum")


def test_shown_cards_are_in_the_hand():
    data = saved()
    st = data["state"]
    st["shown"][1] = [st["hands"][1][0]]
    loads(data)
    st["shown"][1] = [st["hands"][2][0]] if st["hands"][2][0] not in st["hands"][1] else [st["pile"][0]]
    # spelled out on purpose: each load check corrupts its own field and names its own refusal
    refused(data, "seat 1's shown cards are not in their hand")


def test_one_hand_per_seat():
    data = saved()
    data["state"]["shown"].pop()
    refused(data, "one hand per seat")


def test_only_a_player_on_one_card_can_be_caught_once():
    data = saved()
    data["state"]["forgot"] = [1]
    refused(data, "only a player on one card can be caught, once")


@pytest.mark.parametrize("over, winners, ended", [(True, [], "out"), (False, [1], None), (True, [1], None)])
def test_a_game_over_has_winners_and_an_ending(over, winners, ended):
    data = saved()
    st = data["state"]
    st["over"], st["winners"], st["ended"] = over, winners, ended
    refused(data, "a game over has winners and an ending")


def test_a_player_with_no_cards_has_won():
    data = saved()
    st = data["state"]
    st["pack"] += st["hands"][2]
    st["hands"][2] = []
    refused(data, "a player with no cards has won")


def test_a_follow_on_comes_after_an_ace_n_lay():
    data = saved()
    data["state"]["phase"] = FOLLOW
    refused(data, "a follow-on comes after an ACE'N'LAY")


@pytest.mark.parametrize("field, value", [("game_no", 0), ("game_no", 2), ("points", [0, 0]), ("points", [0, -1, 0])])
# spelled out on purpose: each load check corrupts its own field and names its own refusal
def test_the_matchs_game_number_and_points_are_in_range(field, value):
    data = saved()
    data["state"][field] = value
    refused(data, "the match's game number or points are out of range")


def test_last_game_is_an_object():
    data = saved()
    data["state"]["last_game"] = [1]
    refused(data, "last_game is an object")


def test_a_game_in_play_at_phase_play_loads():
    data = saved()
    assert data["state"]["phase"] == PLAY
    assert loads(data).phase == PLAY


@pytest.mark.parametrize("level", range(1, 8))
def test_each_levels_actions_enter_the_action_space_at_that_level(level):
    from fliptable.games.flaps import notation as A

    space = set(A.action_space(3, level))
    blocks = {
        4: A.SPOOF_CALLS[:1],
        5: [A.SECRET_PUTS[0], A.GUESSES[0]],
        6: A.PLACES[:1] + A.PEEK_HANDS[:1],
        7: A.POINTS[:1] + A.SHOWS[:1] + A.KEEPS[:1],
    }
    for first, actions in blocks.items():
        assert all((a in space) == (level >= first) for a in actions), (first, actions)


@pytest.mark.parametrize("level", [4, 7])
def test_every_legal_action_is_in_the_action_space(level):
    import random

    options = GAME.resolve_options({"level": level})
    space = set(GAME.action_space(3, options))
    rng = random.Random(level)
    for seed in range(3):
        s = GAME.new_state(3, options, seed)
        while not s.is_over():
            for p in s.decision().actors:  # a turn, or every seat of a simultaneous step
                legal = s.legal_actions(p)
                assert set(legal) <= space
            p = next(p for p in s.decision().actors if s.legal_actions(p))
            s.apply(p, rng.choice(s.legal_actions(p)))


def test_summarize_stats_gives_means_per_game_and_per_attack_and_run():
    totals = {
        "decisions": 300,
        "lays": 90,
        "attacks": 4,
        "attack_sum": 20,
        "flappings": 2,
        "flaps": 6,
        "mega_flaps": 1,
        "forgets": 3,
        "catches": 2,
        "trumps": 1,
        "cuts": 5,
        "spoofs": 2,
        "solved": 1,
        "scuffles": 4,
        "pack_outs": 1,
        "double_wins": 1,
        "seat0_wins": 1.5,
        "seat2_wins": 0.5,
    }
    assert GAME.summarize_stats(totals, 2, 3) == {
        "mean_decisions": 150.0,
        "mean_lays": 45.0,
        "attacks_per_game": 2.0,
        "mean_attack_sum": 5.0,
        "flapping_runs_per_game": 1.0,
        "mean_flaps_per_run": 3.0,
        "mega_flaps_per_game": 0.5,
        "forgotten_last_cards_per_game": 1.5,
        "last_card_catches_per_game": 1.0,
        "trumps_games_per_game": 0.5,
        "trumps_cuts_per_game": 2.5,
        "spoof_games_per_game": 1.0,
        "mysteries_solved_per_game": 0.5,
        "scuffles_per_game": 2.0,
        "pack_out_share": 0.5,
        "double_win_share": 0.5,
        "seat_win_share": [0.75, 0.0, 0.25],
        "even_share": 1 / 3,
    }
    empty = GAME.summarize_stats({}, 0, 2)
    assert empty == {
        key: ([0.0, 0.0] if key == "seat_win_share" else 0.5 if key == "even_share" else 0.0) for key in empty
    }


def test_stats_of_a_finished_game_name_every_counter_and_the_winner():
    from fliptable.bots.base import RandomAgent
    from fliptable.sim.match import play_match

    state = play_match(GAME, [RandomAgent() for _ in range(3)], {"level": 7}, 4).state
    out = GAME.stats(state)
    # written out, not read from tables.STAT_NAMES: this is what checks that list
    counters = [
        "decisions",
        "lays",
        "draws",
        "attacks",
        "attack_sum",
        "flappings",
        "flaps",
        "catches",
        "forgets",
        "trumps",
        "cuts",
        "pack_outs",
        "double_wins",
        "scuffles",
        "mega_flaps",
        "spoofs",
        "solved",
    ]
    winners = state.result().winners
    assert list(out) == counters + [f"seat{w}_wins" for w in winners]
    assert out["decisions"] == state.ply and sum(out[f"seat{w}_wins"] for w in winners) == 1


def test_evaluate_weighs_games_won_against_cards_in_hand():
    import math

    s = GAME.new_state(3, {"games": 3}, 1)
    s.points[:] = [1, 0, 0]  # seat 0 has won a game of the match
    r = s.result()
    keys = [10 * p - len(h) for p, h in zip(r.scores, s.hands, strict=True)]
    ranked = r.rank_values()
    want = tuple(0.5 * ranked[q] + 0.5 * math.tanh((keys[q] - (sum(keys) - keys[q]) / 2) / 3) for q in range(3))
    assert r.scores[0] == 1 and GAME.evaluate(s) == want


def mystery(level=5):
    """A Level 5 table with seat 1's first card moved to the Solve the Mystery pile, known to seat 2."""
    data = saved(level=level)
    st = data["state"]
    st["mystery"].append(st["hands"][1].pop(0))
    st["mystery_known"].append(1 << 2)
    return data


@pytest.mark.parametrize("seat, ok", [(0, True), (2, True), (3, False), (-1, False)])
def test_a_guess_is_a_seat_a_card_and_an_index_in_the_mystery_pile(seat, ok):
    data = mystery()
    loads(data)
    data["state"]["guesses"] = [[seat, 5, 0]]
    if ok:
        loads(data)
    else:
        refused(data, "a guess is [seat, card, index in the Solve the Mystery pile]")


@pytest.mark.parametrize("guess", [[0, 5], [0, -1, 0], [0, 5, 1], [0, 5, -1]])
def test_a_malformed_guess_is_refused(guess):
    data = mystery()
    data["state"]["guesses"] = [guess]
    refused(data, "a guess is [seat, card, index in the Solve the Mystery pile]")


def test_the_mystery_pile_is_a_level_5_rule():
    data = saved(level=4)
    data["state"].update(
        mystery=[], mystery_known=[], known_cards=[[], [], []], known_masks=[[], [], []], guesses=[[0, 5, 0]]
    )
    refused(data, "a Level 4 state has no 'guesses' (Level 5 on)")  # a Level 4 save has no such fields


def test_only_a_1_down_or_a_1_swap_holds_a_pending_choice():
    data = saved(level=6)
    loads(data)
    st = data["state"]
    st["pending"] = [st["hands"][0][0]]
    refused(data, "only a 1-DOWN or a 1-SWAP holds a pending choice")


def test_1_down_piles_are_a_level_6_rule():
    data = saved(level=6)
    st = data["state"]
    st["downs"][1].append(st["hands"][1].pop(0))
    st["downs_known"][1].append(1 << 1)
    loads(data)
    st["downs_known"][1][0] = 1 << 3  # known to a seat that is not at the table
    refused(data, "a 1-DOWN card is face up or known to some seats")


def test_1_down_choices_are_a_level_6_rule():
    from fliptable.games.flaps.tables import DOWN_PLACE

    data = saved(level=5)
    data["state"]["phase"] = DOWN_PLACE
    refused(data, "1-DOWN piles are a Level 6 rule")


def test_only_a_player_on_one_card_not_caught_may_still_say_last_card():
    data = saved()
    st = data["state"]
    st["unsaid"] = [1]  # seat 1 holds more than one card
    refused(data, 'only a player on one card who has not been caught may still say "Last Card", once')
    st["pack"] += st["hands"][1][1:]
    st["hands"][1] = st["hands"][1][:1]  # now seat 1 is on one card
    loads(data)
    st["unsaid"] = [1, 1]
    refused(data, 'only a player on one card who has not been caught may still say "Last Card", once')
    st["unsaid"], st["forgot"] = [1], [1]
    refused(data, 'only a player on one card who has not been caught may still say "Last Card", once')


def reach(level, phase, seed=0):
    """A saved 3-player game at ``level`` in ``phase``, met in seeded random play."""
    import random

    options = GAME.resolve_options({"level": level})
    for game_seed in range(seed, seed + 20):
        s, rng = GAME.new_state(3, options, game_seed), random.Random(game_seed)
        while not s.is_over():
            if s.phase == phase:
                return s.to_json()
            p = next(p for p in s.decision().actors if s.legal_actions(p))
            s.apply(p, rng.choice(s.legal_actions(p)))
    raise AssertionError(f"no game reached phase {phase}")


@pytest.mark.parametrize("level", [4, 5, 6, 7])
def test_a_game_saved_in_any_phase_loads_back_the_same(level):
    """Every state of seeded random games (every phase, the separate games, the 1-DOWN and
    FULL MONTY choices) passes the loading checks and loads back unchanged."""
    import random

    from fliptable.games.flaps.tables import PHASES

    options = GAME.resolve_options({"level": level})
    seen = set()
    for seed in range(4):
        s, rng = GAME.new_state(3, options, seed), random.Random(seed)
        while not s.is_over():
            data = s.to_json()
            assert GAME.state_from_json(data).to_json() == data
            seen.add((s.phase, s.actor if s.phase > PLAY else s.turn))
            p = next(p for p in s.decision().actors if s.legal_actions(p))
            s.apply(p, rng.choice(s.legal_actions(p)))
    phases = {PHASES[ph] for ph, _ in seen}
    want = {
        4: {"trumps", "spoof", "spoof-call"},
        5: {"pick a secret", "guess"},
        6: {"1-down", "1-over", "1-look", "1-swap", "1-swap give"},
        7: {"full monty", "full monty point", "full monty show", "full monty take"},
    }[level]
    assert want <= phases, want - phases
    if level == 4:  # every seat, seat 0 too, has called in SPOOF
        assert {a for ph, a in seen if ph == SPOOF_CALL} == {0, 1, 2}


def test_the_player_to_call_in_spoof_laid_a_card_and_has_not_called():
    data = reach(4, SPOOF_CALL)
    st = data["state"]
    loads(data)
    st["calls"][st["actor"]] = 30
    refused(data, "the player to call in SPOOF laid a card and has not called")
    st["calls"][st["actor"]] = -1  # the player to call took their card back
    st["hands"][st["actor"]].append(st["committed"][st["actor"]])
    st["committed"][st["actor"]] = -1
    refused(data, "the player to call in SPOOF laid a card and has not called")


def test_known_cards_are_in_their_holders_hand():
    data = saved(level=5)
    st = data["state"]
    st["known_cards"][1], st["known_masks"][1] = [st["hands"][1][0]], [1 << 0]
    loads(data)
    st["known_cards"][1] = [st["hands"][2][0]]
    refused(data, "seat 1's known cards are not in their hand")


def test_a_1_swap_holds_the_1_down_card_chosen():
    from fliptable.games.flaps.tables import SWAP_GIVE

    data = reach(6, SWAP_GIVE)
    st = data["state"]
    seat, index = st["pending"]
    assert 0 <= index < len(st["downs"][seat])
    st["pending"] = [seat, len(st["downs"][seat])]
    refused(data, "a 1-SWAP holds the 1-DOWN card chosen")
    st["pending"] = [seat]
    refused(data, "a 1-SWAP holds the 1-DOWN card chosen")
