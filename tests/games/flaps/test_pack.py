"""The pack as data (flaps.md "Level 1 Full Rules" and the counts of each heading), the
notation, and the level option."""

import random
from collections import Counter

import pytest

from fliptable.cli import rules_text
from fliptable.core import OptionError, get_game

from .helpers import FLAPS, NAMES

# flaps.md, heading by heading, written out by hand
LEVEL_1 = {
    "ac": 1,
    "ah": 1,
    "as": 1,  # "three ACEs; the ACE of Diamonds is missing"
    "aed": 1,
    "aes": 1,  # "two ACE'N'ENDs; one Diamonds, one Spades"
    "alc": 1,
    "ald": 1,
    "alh": 1,
    "als": 1,  # "four ACE'N'LAYS one of each suit"
    **{f"{r}{s}": 2 for r in "2379" for s in "cdhs"},  # "eight 2s ... two of each suit"
    **{f"4{s}": 4 for s in "cdhs"},  # "sixteen FLAPS cards; four of each suit"
    "mf": 1,  # "only one MEGA-FLAP card; hearts"
    **{f"8{s}": 2 for s in "cdhs"},
    **{f"10{s}": 2 for s in "cdhs"},
    **{f"hd{s}": 1 for s in "cdhs"},  # "four HOOFERS-DOOFERS Queens; one of each suit"
    **{f"j{s}": 1 for s in "cdhs"},  # "four JACKS; one of each suit"
    "ujc": 1,
    "ujd": 1,
    "ujs": 1,  # "the UP-JACKS of Hearts is missing"
    "aj": 2,  # "two ACE-JACKS and they are suit-less"
    **{f"5{s}": 2 for s in "cdhs"},
    **{f"q{s}": 1 for s in "cdhs"},
    **{f"k{s}": 1 for s in "cdhs"},
}
LEVEL_2 = {**{f"kt{s}": 1 for s in "cdhs"}, "om1": 1, "om2": 1, "om3": 1, "om4": 1}
LEVEL_3 = {"0": 1, "stf": 1, "dtf": 1, "6s": 1, "klc": 1}


def _counts(level):
    return Counter(NAMES[c] for c in FLAPS.deck(4, {"level": level}))


def test_level_1_full_rules_the_pack_is_103_cards():
    assert sum(LEVEL_1.values()) == 103
    assert _counts(1) == Counter(LEVEL_1)


def test_level_2_full_rules_adds_eight_cards():
    assert _counts(2) == Counter({**LEVEL_1, **LEVEL_2}) and sum(_counts(2).values()) == 111


def test_level_3_full_rules_adds_five_cards():
    assert _counts(3) == Counter({**LEVEL_1, **LEVEL_2, **LEVEL_3}) and sum(_counts(3).values()) == 116


def test_the_card_table_holds_what_the_rules_read():
    from fliptable.games.flaps.cards import FACES

    by = {f.name: f for f in FACES}
    assert not by["ac"].finish and by["aed"].finish and not by["alh"].finish and not by["aj"].finish
    assert by["alh"].colour == (1, 2) and by["als"].colour == (0, 3)  # red: d h; black: c s
    assert by["aj"].suit == -1 and by["aj"].rank == 11 and by["aj"].wild
    assert by["om1"].trumps > by["om2"].trumps > by["om4"].trumps > by["ks"].trumps + 50
    assert by["aj"].trumps > by["0"].trumps  # QUACK below ACE-JACK
    assert not by["om3"].finish and not by["dtf"].finish and by["6s"].finish
    assert by["om1"].spoof == 20 and by["ac"].spoof == 1 and by["aj"].spoof == 1  # Level 4's SPOOF


@pytest.mark.parametrize("level", [0, 8])
def test_levels_outside_1_to_7_are_refused_with_one_line(level):
    with pytest.raises(OptionError) as info:
        FLAPS.new_state(4, {"level": level}, 1)
    assert str(info.value) == f"option level={level} is invalid; accepted: an integer in 1..7"


def test_two_to_eight_players_and_with_two_packs_up_to_sixteen():
    assert (FLAPS.min_players, FLAPS.max_players) == (2, 16)
    with pytest.raises(OptionError) as info:
        FLAPS.new_state(9, {}, 1)
    assert str(info.value) == (
        '9 players need two packs: option packs=2 (one pack seats 2 to 8; "order another pack and combine two packs!")'
    )
    with pytest.raises(OptionError):
        FLAPS.info(9, {"packs": 1})


@pytest.mark.parametrize("level", [1, 3, 7])
def test_what_happens_if_we_run_out_of_cards_more_than_eight_players_combine_two_packs(level):
    """ "If you ... want to play with more than eight players, order another pack and combine
    two packs!": every card of the chosen level twice; sixteen players are dealt seven each."""
    one = Counter(FLAPS.deck(4, {"level": level}))
    two = Counter(FLAPS.deck(16, {"level": level, "packs": 2}))
    assert two == Counter({c: 2 * k for c, k in one.items()})
    s = FLAPS.new_state(16, {"level": level, "packs": 2}, level)
    assert [len(h) for h in s.hands] == [7] * 16 and len(s.pack) == sum(two.values()) - 16 * 7 - 1
    space = FLAPS.action_space(16, s.options)
    assert {"catch:15", "10h>15", "last"} <= set(space) and len(space) == len(set(space))
    rng = random.Random(level)
    while not s.is_over():  # every seat's legal actions are in the space; play ends
        movers = [p for p in range(16) if s.legal_actions(p)]
        assert set(s.legal_actions(movers[0])) <= set(space)
        p = rng.choice(movers)
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert FLAPS.state_from_json(s.to_json()).to_json() == s.to_json()


def test_every_card_has_notation_listed_by_fliptable_rules():
    text = rules_text(get_game("flaps"))
    for f in get_game("flaps").cards.names:
        assert f"  {f} " in text, f


def test_notation_is_forgiving_for_people():
    assert FLAPS.parse_action("7♥") == "7h"
    assert FLAPS.parse_action(" AH : spades ") == "ah:s"
    assert FLAPS.parse_action("5c !") == "5c!"
    assert FLAPS.parse_action("quack") == "0"


def test_the_action_space_is_fixed_and_holds_every_legal_action():
    space = FLAPS.action_space(3, FLAPS.resolve_options({"level": 3}))
    assert len(space) == len(set(space))
    assert {
        "7h",
        "7h!",
        "ah:s",
        "ald:h",
        "10h>2",
        "hdc>0",
        "ktc:h",
        "catch:2",
        "t:om1",
        "draw",
        "take",
        "knock",
        "done",
    } <= set(space)
    assert "ald:c" not in space  # a red ACE'N'LAY calls diamonds or hearts
    assert "10h>3" not in space


@pytest.mark.parametrize(
    "level, cards, bound", [(1, 103, 535), (3, 116, 600), (4, 120, 632), (5, 127, 669), (6, 147, 809), (7, 149, 831)]
)
def test_a_game_takes_at_most_the_published_number_of_decisions(level, cards, bound):
    """``info.max_decisions`` (what a learner truncates at) for 3 players: five decisions per
    card of the pack (a lay, a draw, a take, a catch, a knock or done each move or follow a
    card), then per pack the four TRUMPS games of 3 commits (12), from Level 4 the two
    SPOOF games of 3 commits and 3 calls (12), from Level 5 a secret put and a guess (2),
    from Level 6 two choices per Level 6 card (40), at Level 7 six steps per FULL MONTY
    (12), and 8 "last"; per game of the match."""
    extra = (
        12
        + (12 if level >= 4 else 0)
        + (2 if level >= 5 else 0)
        + (40 if level >= 6 else 0)
        + (12 if level >= 7 else 0)
    )
    assert len(FLAPS.deck(3, {"level": level})) == cards and 5 * cards + extra + 8 == bound
    assert FLAPS.info(3, {"level": level}).max_decisions == bound
    assert FLAPS.info(3, {"level": level, "games": 3}).max_decisions == 3 * bound
    assert FLAPS.info(3, {"level": level, "packs": 2}).max_decisions == 2 * (bound - 8) + 8
    rng = random.Random(level)
    for seed in range(3):
        s = FLAPS.new_state(3, {"level": level}, seed)
        while not s.is_over():
            p = next(p for p in s.decision().actors if s.legal_actions(p))
            s.apply(p, rng.choice(s.legal_actions(p)))
        assert s.ply <= bound


def test_rules_version_1_logs_replay_with_legacy_v1():
    assert FLAPS.rules_version == "2"
    assert FLAPS.legacy_options("1") == {"legacy": "v1"} and FLAPS.legacy_options("2") is None
