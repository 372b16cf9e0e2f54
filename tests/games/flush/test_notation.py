"""The notation people type and the fixed action space (RL masks)."""

import random

import pytest

from fliptable.cli import rules_text
from fliptable.core import get_game
from tests.games.flush.helpers import FLUSH, table


@pytest.mark.parametrize(
    "typed, action",
    [
        ("3x6", "3x6"),
        ("3 X 6", "3x6"),
        ("3*6", "3x6"),
        ("3 sixes", "3x6"),
        ("1 six", "1x6"),
        ("2 Tens", "2x10"),
        ("12x10", "12x10"),
        ("blind 2", "blind:2"),
        ("Blind:2", "blind:2"),
        ("pass 1", "pass:1"),
        ("link 4", "link:4"),
        ("B2", "b2"),
        ("6L", "6l"),
        ("mimic 6l", "mimic:6l"),
        ("mimic b3", "mimic:b3"),
        ("no", "keep"),
        ("big", "bigflush"),
        ("Flush", "flush"),
        ("bf", "bf"),
    ],
)
def test_notation_people_type_is_read_as_the_canonical_action(typed, action):
    assert FLUSH.parse_action(typed) == action


def test_the_action_space_is_fixed_and_holds_every_action_ever_legal():
    options = FLUSH.resolve_options({})
    space = FLUSH.action_space(4, options)
    assert len(space) == len(set(space)) == FLUSH.info(4).num_actions
    assert space[:3] == ("1x1", "2x1", "3x1") and space.index("15x10") == 149
    assert "blind:12" in space and "blind:13" not in space
    rng = random.Random(3)
    state = FLUSH.new_state(4, {}, 3)
    while not state.is_over():
        p = state.decision().player
        legal = state.legal_actions(p)
        mask = state.action_mask(p)
        assert [space[i] for i, ok in enumerate(mask) if ok] == sorted(legal, key=space.index)
        state.apply(p, legal[int(rng.random() * len(legal))])


def test_the_action_space_follows_the_table_and_the_pack():
    small = FLUSH.action_space(2, FLUSH.resolve_options({}))
    big = FLUSH.action_space(6, FLUSH.resolve_options({}))
    assert len(big) > len(small) and "pass:18" in big and "pass:7" not in small
    assert "link:11" in small and "link:12" not in small  # the default pack's 11 Link cards


def test_the_rules_command_shows_the_rulings_and_the_notation():
    text = rules_text(get_game("flush"))
    assert "3x6" in text and "blind:2" in text and "mimic:b2" in text
    assert "Flush" in text


def test_a_declaration_is_its_own_action_and_a_pick_only_follows_a_real_choice():
    state = table(2, hands={0: ["6", "6", "6l", "9"], 1: ["3"]}, turn=0)
    assert state.legal_actions(0) == ("1x6", "2x6", "3x6", "1x9")
    state.apply(0, "3x6")  # all three: nothing to choose
    assert state.pile_as == [6, 6, 6] and state.turn == 1


def test_a_players_clock_plays_the_smallest_play_and_keeps_every_base():
    state = table(2, hands={0: ["3", "6", "6", "9"], 1: ["2"]}, pile=["7"], turn=0)
    assert state.timeout_action(0) == "1x3"
    high = table(2, hands={0: ["9", "8", "8"], 1: ["2"]}, pile=["7"], turn=0)
    assert high.timeout_action(0) == "1x8"
    passing = table(
        2,
        hands={0: ["7", "7", "7", "7", "7", "7l", "2"], 1: ["3"]},
        tops={0: ["9"]},
        blinds={0: ["1"]},
        turn=0,
        previous=1,
    )
    passing.apply(0, "6x7")
    assert passing.timeout_action(0) == "keep"
