"""A saved Flush state is checked before it is played (``checks.Checks._check``): one
test per condition, each with a state that breaks exactly that condition (cards are
moved, never made up, so the deck check passes) and the rule the refusal names; beside
each, the boundary that is accepted."""

from functools import partial

import pytest

from fliptable.core.knowledge import PUBLIC
from fliptable.games.flush.tables import BLIND, N_STATS, PASS, PICK, PLAY, SWAP, round_cap
from tests.games.flush.helpers import FLUSH, ID, play, table
from tests.helpers import assert_load_refused


def base(**kw):
    """Three seats, seat 0 to act with a 5 and a 6; seat 1 holds 9 9 3, seat 2 holds 8 2;
    every seat has one base (a Blind card, its top gone)."""
    args = {
        "hands": {0: ["5", "6"], 1: ["9", "9", "3"], 2: ["8", "2"]},
        "blinds": {0: ["1"], 1: ["2"], 2: ["3"]},
        "tops": {0: [None], 1: [None], 2: [None]},
        "turn": 0,
    }
    args.update(kw)
    return table(3, **args).to_json()


refused = partial(assert_load_refused, FLUSH)  # (data, says): the load is refused, saying that
loads = FLUSH.state_from_json


def test_the_base_state_loads():
    loads(base())


@pytest.mark.parametrize("field", ["hands", "known", "blinds", "tops", "totals", "out_round"])
def test_one_entry_per_seat(field):
    data = base()
    st = data["state"]
    if field in ("hands", "blinds"):
        st["discard"] += st[field][2]
    st[field].pop()
    refused(data, f"{field} must have one entry per seat")


@pytest.mark.parametrize("stat", [[0] * (N_STATS - 1), [0] * (N_STATS + 1), [0] * (N_STATS - 1) + [-1]])
def test_stat_is_the_counters_none_negative(stat):
    data = base()
    data["state"]["stat"] = stat
    refused(data, f"stat must be {N_STATS} non-negative counters")


def test_one_knowledge_mask_per_hand_card():
    data = base()
    data["state"]["known"][1].append(PUBLIC)
    refused(data, "seat 1: one knowledge mask per hand card")


@pytest.mark.parametrize("mask, ok", [(1 << 1, True), (PUBLIC, True), (1 << 0, False), (0, False)])
def test_a_hand_card_is_known_to_its_owner_or_to_everybody(mask, ok):
    data = base()
    data["state"]["known"][1][0] = mask
    if ok:
        loads(data)
    else:
        refused(data, "seat 1: a hand card is known to its owner, or to everybody")


def test_one_top_per_base():
    data = base()
    data["state"]["tops"][1].append(-1)
    refused(data, "seat 1: one top (or -1) per base, at most 18 bases")


@pytest.mark.parametrize("bases, ok", [(18, True), (19, False)])
def test_at_most_eighteen_bases(bases, ok):
    data = base()
    st = data["state"]
    moved = [c for c in st["unused"] if c not in (ID["f"], ID["bf"])][: bases - 1]
    for c in moved:
        st["unused"].remove(c)
    st["blinds"][1] += moved
    st["tops"][1] += [-1] * len(moved)
    if ok:
        loads(data)
    else:
        refused(data, "seat 1: one top (or -1) per base, at most 18 bases")


def test_a_top_is_a_card_or_minus_one():
    data = base()
    data["state"]["tops"][1] = [-2]
    refused(data, "seat 1: a top is a card or -1")


def test_totals_are_never_below_zero():
    data = base(totals=[0, 0, 0])
    data["state"]["totals"][2] = -1
    refused(data, "totals are never below zero")


@pytest.mark.parametrize("round_no, rounds, ok", [(0, 5, False), (6, 5, False), (5, 5, True), (1, 1, True)])
def test_the_round_is_one_to_the_modes_rounds(round_no, rounds, ok):
    data = base(options={"rounds": rounds})
    data["state"]["round_no"] = round_no
    if ok:
        loads(data)
    else:
        refused(data, "round must be 1 or more" if round_no < 1 else f"round must be 1..{rounds}")


def test_an_elimination_game_has_at_most_100_rounds():
    data = base(options={"mode": "elimination"})
    data["state"]["round_no"] = 100
    loads(data)
    data["state"]["round_no"] = 101
    refused(data, "round must be 1..100")


@pytest.mark.parametrize("out, ok", [([0, 0, 4], False), ([0, 0, -1], False), ([0, 0, 3], True)])
def test_out_round_is_zero_or_a_round_played(out, ok):
    data = base(options={"mode": "elimination"}, round_no=3)
    st = data["state"]
    st["discard"] += st["hands"][2] + st["blinds"][2]
    st["hands"][2], st["known"][2], st["blinds"][2], st["tops"][2] = [], [], [], []
    st["out_round"] = out
    if ok:
        loads(data)
    else:
        refused(data, "out_round is 0 or a round played")


def test_only_elimination_puts_players_out():
    data = base(round_no=3)
    st = data["state"]
    st["discard"] += st["hands"][2] + st["blinds"][2]
    st["hands"][2], st["known"][2], st["blinds"][2], st["tops"][2] = [], [], [], []
    st["out_round"] = [0, 0, 2]
    refused(data, "only elimination puts players out")


@pytest.mark.parametrize("pile_as", [[7, 7], [0], [11]])
def test_pile_as_gives_a_value_per_pile_card(pile_as):
    data = base(pile=["7"])
    data["state"]["pile_as"] = pile_as
    refused(data, "pile_as gives a value 1..10 per pile card")


def test_a_pile_card_counts_as_its_own_value_or_is_a_mimic():
    data = base(pile=["7", "1"], pile_as=[7, 7], top_count=2)  # the 1 is the Mimic (indicator 1s)
    loads(data)
    data["state"]["pile_as"] = [8, 7]
    refused(data, "a pile card counts as its own value, or is a Mimic")


def test_laid_from_gives_a_source_per_laid_card():
    data = base()
    data["state"]["laid_from"] = [0]
    refused(data, "laid_from gives a source per laid card")


@pytest.mark.parametrize(
    "decisions, over, ok",
    [
        (-1, False, False),
        (round_cap(3) - 1, False, True),
        (round_cap(3), False, False),
        (round_cap(3), True, True),
        (round_cap(3) + 1, True, False),
    ],
)
def test_round_decisions_stay_below_the_cap_but_in_a_game_the_cap_ended(decisions, over, ok):
    data = base()
    data["state"]["round_decisions"], data["state"]["over"] = decisions, over
    # spelled out on purpose: each load check corrupts its own field and names its own refusal
    if ok:
        loads(data)
    else:
        refused(data, "round_decisions is beyond the cap")


@pytest.mark.parametrize("field", ["turn_deduction", "turns"])
def test_turn_deduction_and_turns_are_not_negative(field):
    data = base()
    data["state"][field] = -1
    refused(data, "turn_deduction and turns are not negative")


SUMMARY = {"round": 1, "winner": 0, "scores": [0, 5, 7], "deduction": 0, "double": False, "eliminated": []}


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.pop("double"),
        lambda s: s.update(extra=1),
        lambda s: s.update(scores=[0, 5]),
        lambda s: s.update(scores=[0, 5, 7.0]),
        lambda s: s.update(scores="057"),
        lambda s: s.update(winner=3),
        lambda s: s.update(deduction=0.0),
        lambda s: s.update(round="1"),
        lambda s: s.update(double=0),
        lambda s: s.update(eliminated="12"),
        lambda s: s.update(eliminated=[3]),
    ],
)
def test_last_round_is_a_round_summary(change):
    data = base()
    data["state"]["last_round"] = dict(SUMMARY)
    loads(data)
    change(data["state"]["last_round"])
    refused(data, "last_round is not a round summary")


def test_last_round_may_have_no_winner():
    data = base()
    data["state"]["last_round"] = dict(SUMMARY, winner=None, eliminated=[2])
    loads(data)


def test_a_seat_out_holds_no_cards():
    data = base(options={"mode": "elimination"}, round_no=3)
    data["state"]["out_round"] = [0, 0, 2]
    refused(data, "seat 2 is out but holds cards")


def elimination_with_one_left():
    data = base(options={"mode": "elimination"}, round_no=3)
    st = data["state"]
    for q in (1, 2):
        st["discard"] += st["hands"][q] + st["blinds"][q]
        st["hands"][q], st["known"][q], st["blinds"][q], st["tops"][q] = [], [], [], []
    st["out_round"] = [0, 2, 2]
    return data


def test_a_game_in_progress_has_its_players():
    refused(elimination_with_one_left(), "a game in progress has its players")
    data = elimination_with_one_left()
    data["state"]["over"] = True  # over: one player left is the end
    loads(data)


@pytest.mark.parametrize("field", ["turn", "first"])
def test_the_player_to_act_and_the_first_player_are_playing(field):
    data = base(options={"mode": "elimination"}, round_no=3, turn=1, previous=0)
    st = data["state"]
    st["discard"] += st["hands"][2] + st["blinds"][2]
    st["hands"][2], st["known"][2], st["blinds"][2], st["tops"][2] = [], [], [], []
    st["out_round"] = [0, 0, 2]
    loads(data)
    st[field] = 2
    refused(data, "the player to act and the first player are playing")


def test_the_previous_turns_player_is_another_player_still_playing():
    data = base(previous=1)
    loads(data)
    data["state"]["previous"] = 0  # the player to act
    refused(data, "the previous turn's player is another player still playing")
    data = base(options={"mode": "elimination"}, round_no=3, previous=1)
    st = data["state"]
    st["discard"] += st["hands"][2] + st["blinds"][2]
    st["hands"][2], st["known"][2], st["blinds"][2], st["tops"][2] = [], [], [], []
    st["out_round"] = [0, 0, 2]
    loads(data)
    st["previous"] = 2  # out of the game
    refused(data, "the previous turn's player is another player still playing")


def test_a_flush_card_never_stays_on_the_pile():
    data = base()
    st = data["state"]
    st["unused"].remove(ID["f"])
    st["unused"].append(st["indicator"])
    st["indicator"], st["phase"] = ID["f"], SWAP  # the Mimic value is 0 while it waits
    loads(data)
    st["unused"].remove(ID["f"])
    st["pile"], st["pile_as"], st["top_count"] = [ID["f"]], [1], 1
    refused(data, "a Flush card never stays on the pile")


@pytest.mark.parametrize(
    "pile_as, top_count, ok",
    [
        ([7, 7, 7], 3, True),
        ([7, 7, 7, 7], 4, False),
        ([7], 0, False),
        ([8, 7], 2, False),
        ([], 1, False),
        ([], 0, True),
    ],
)
def test_one_to_three_cards_count_toward_a_flush_the_last_play_among_them(pile_as, top_count, ok):
    data = base()
    st = data["state"]
    for v in pile_as:
        card = ID[str(v)]
        st["unused"].remove(card)
        st["pile"].append(card)
    st["pile_as"], st["top_count"] = list(pile_as), top_count
    if ok:
        loads(data)
    else:
        refused(
            data,
            "the cards counting toward a Flush on top of the pile are 1..3 (4 would have flushed), "
            "the last play among them",
        )


def test_the_phase_is_one_of_five():
    data = base()
    data["state"]["phase"] = 5
    refused(data, "phase must be 0..4")
    data["state"]["phase"] = -1
    refused(data, "phase must be 0..4")


def test_a_flush_card_shows_as_the_mimic_exactly_while_it_waits_to_be_swapped():
    data = base()
    data["state"]["phase"] = SWAP
    refused(data, "a Flush card shows as the Mimic exactly while it waits to be swapped")
    st = data["state"]
    st["unused"].remove(ID["f"])
    st["unused"].append(st["indicator"])
    st["indicator"], st["phase"] = ID["f"], PLAY
    refused(data, "a Flush card shows as the Mimic exactly while it waits to be swapped")


def picking():
    """Seat 0 has declared three 6s, laid its top 6d; two more are to be chosen."""
    state = table(2, hands={0: ["6", "6l", "6s", "9"], 1: ["2"]}, tops={0: ["6d"]}, blinds={0: ["1"]}, turn=0)
    play(state, (0, "3x6"), (0, "b1"))
    assert state.phase == PICK
    return state.to_json()


@pytest.mark.parametrize("field, value", [("decl_count", 0), ("decl_count", 1), ("decl_kind", 4), ("decl_count", 81)])
def test_a_declaration_being_fulfilled_has_its_kind_count_and_room(field, value):
    data = picking()
    data["state"][field] = value
    refused(data, "a declaration being fulfilled needs its kind, count and room for cards")


@pytest.mark.parametrize("field, value", [("decl_value", 0), ("decl_value", 11), ("decl_count", 16)])
# spelled out on purpose: each load check corrupts its own field and names its own refusal
def test_a_declarations_value_and_count_fit_its_kind(field, value):
    data = picking()
    data["state"][field] = value
    refused(data, "the declaration's value and count do not fit its kind")


def test_the_laid_cards_fit_the_declaration():
    data = picking()
    st = data["state"]
    st["hands"][0].remove(ID["9"])
    st["known"][0].pop()
    st["laid"].append(ID["9"])
    st["laid_from"].append(0)
    refused(data, "the laid cards do not fit the declaration")


def test_a_declaration_that_can_no_longer_be_fulfilled_is_refused():
    data = picking()
    st = data["state"]
    i = st["hands"][0].index(ID["6l"])
    st["hands"][0].pop(i)
    st["known"][0].pop(i)
    st["discard"].append(ID["6l"])
    loads(data)  # 6 and 6s: two left for two
    j = st["hands"][0].index(ID["6s"])
    st["hands"][0].pop(j)
    st["known"][0].pop(j)
    st["discard"].append(ID["6s"])
    refused(data, "the declaration cannot be fulfilled")


def test_mimics_alone_taking_the_piles_value_need_no_real_card_with_mimic_join_pile():
    """flush.md "MIMIC CARDS", mimic_join=pile: Mimics alone may take the value on top of
    the pile, so a saved "2 Sevens" with Mimics only (no 7 held) can still be fulfilled;
    with mimic_join=play the same cards cannot be laid as Sevens."""
    layout = {"hands": {0: ["5", "5s", "5l", "9"], 1: ["3"]}, "indicator": "5d", "pile": ["7"], "turn": 0}
    state = table(2, options={"mimic_join": "pile"}, **layout)
    play(state, (0, "2x7"))
    assert state.phase == PICK and state.laid == []
    assert loads(state.to_json()).legal_actions(0) == ("5", "5s", "5l")
    data = state.to_json()
    data["options"]["mimic_join"] = "play"
    # spelled out on purpose: each load check corrupts its own field and names its own refusal
    refused(data, "the declaration cannot be fulfilled")


def test_cards_are_laid_only_while_a_declaration_is_made():
    data = picking()
    data["state"]["phase"] = PLAY
    refused(data, "cards are laid only while a declaration is made")


def test_a_flipped_blind_card_waits_for_its_declaration():
    data = base()
    st = data["state"]
    st["phase"] = BLIND
    # spelled out on purpose: each load check corrupts its own field and names its own refusal
    refused(data, "a flipped Blind card waits for its declaration")


def test_a_base_is_passed_to_the_previous_turns_player():
    data = base()
    data["state"]["phase"] = PASS
    refused(data, "a base is passed to the previous turn's player")


def test_a_seat_with_no_cards_has_ended_the_round():
    data = base()
    st = data["state"]
    st["discard"] += st["hands"][2] + st["blinds"][2]
    st["hands"][2], st["known"][2], st["blinds"][2], st["tops"][2] = [], [], [], []
    refused(data, "seat 2 has no cards, so the round should be over")
