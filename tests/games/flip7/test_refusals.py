"""What a Flip 7 player reads when an action is refused: each refusal names the rule
(``Flip7State._illegal_reason``); and the words the game reads (``parse_action``, the
action space)."""

import random

from tests.games.flip7.helpers import GAME, new
from tests.helpers import assert_rejected


def says(state, player, action, reason):
    """``action`` is refused with exactly ``reason`` (and the actions legal now)."""
    legal = ", ".join(state.legal_actions(player))
    assert (
        assert_rejected(state, player, action)
        == f"{action!r} is not legal for player {player}: {reason}; legal now: {legal}"
    )


def giving():
    """Seat 0 holds a Second Chance and has flipped another: to give (seats 1, 2) or discard."""
    s = new(3, ["9", "6", "5", "second", "1", "2", "second"])
    for _ in range(4):
        s.apply(s.decision().player, "hit")
    assert s.legal_actions(0) == ("give:1", "give:2", "discard")
    return s


def test_a_spare_second_chance_goes_only_to_another_active_player_without_one():
    says(
        giving(),
        0,
        "give:0",
        "'0' is not an eligible seat (flip7.md \"Second Chance\": only another "
        "active player without one may take it; or discard it)",
    )


def test_while_a_second_chance_waits_the_drawer_must_first_give_or_discard_it():
    says(giving(), 0, "hit", "you must first give the spare Second Chance away or discard it")
    says(giving(), 0, "target:1", "you must first give the spare Second Chance away or discard it")


def test_spare_second_give_refuses_discarding_while_someone_can_take_it():
    s = new(3, ["9", "6", "5", "second", "1", "2", "second"], spare_second="give")
    for _ in range(4):
        s.apply(s.decision().player, "hit")
    says(s, 0, "discard", "with spare_second=give a spare Second Chance must be given while someone can take it")


def targeting():
    """rules=official: seat 0 has flipped a Freeze and chooses its target."""
    s = new(3, ["9", "6", "5", "freeze"], rules="official")
    s.apply(0, "hit")
    assert s.legal_actions(0) == ("target:0", "target:1", "target:2")
    return s


def test_rules_official_a_freeze_goes_to_an_active_player():
    s = targeting()
    s.apply(0, "target:1")
    s2 = targeting()
    s2.status[2] = 1  # seat 2 has stayed
    says(s2, 0, "target:2", "'2' is not an active player (rules=official: any active player)")


def test_while_a_target_is_chosen_the_drawer_must_first_choose():
    says(targeting(), 0, "stay", "you must first choose who gets the freeze")
    says(targeting(), 0, "give:1", "you must first choose who gets the freeze")


def test_target_exists_only_with_rules_official():
    s = new(3, ["9", "6", "5"])
    says(
        s,
        0,
        "target:1",
        "target:<seat> exists only with rules=official (the rulebook's Freeze and Flip Three hit the drawer)",
    )


def test_give_target_and_discard_need_a_card_to_hand_out():
    for action in ("give:1", "discard"):
        says(new(3, ["9", "6", "5"]), 0, action, "there is no card to hand out now")
    says(new(3, ["9", "6", "5"], rules="official"), 0, "target:1", "there is no card to hand out now")


def test_the_action_words_and_their_short_forms():
    assert [GAME.parse_action(t) for t in ("h", "S", " Pass ", "HIT", "give:2")] == [
        "hit",
        "stay",
        "stay",
        "hit",
        "give:2",
    ]
    space = GAME.action_space(3, GAME.resolve_options({}))
    assert space[:2] == ("hit", "stay")
    assert {"give:0", "give:2", "target:0", "target:2", "discard"} <= set(space)


def test_every_legal_action_is_in_the_action_space():
    options = GAME.resolve_options({"rules": "official"})
    space = set(GAME.action_space(4, options))
    rng = random.Random(5)
    for seed in range(5):
        s = GAME.new_state(4, options, seed)
        while not s.over:
            p = s.decision().player
            legal = s.legal_actions(p)
            assert set(legal) <= space
            s.apply(p, rng.choice(legal))
