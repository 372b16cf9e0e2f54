"""FLINCH (flinch.md "FLINCH -- The Family Favorite" to "Partnership Game"): one scenario
test per rulebook paragraph, variant and decision, bad input and view hiding.

Seats are 0-based; seat 0 plays first (the dealer is the last seat). Two ways to set a
scene: ``deal`` builds a whole deck whose deal gives each seat the game pile (top first)
and hand asked for, high cards filling the rest; ``position`` loads a mid-game table
through the state's own JSON (every card of the pack accounted for)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from fliptable.core import IllegalAction, OptionError, Over, PlayerCountError, Turn, get_game
from tests.helpers import assert_rejected as rejected


def whole(state, player, action, reason):
    """``action`` is refused, changes nothing, and names exactly ``reason`` (compared whole)."""
    message = rejected(state, player, action, reason)
    assert state.why_illegal(player, action) == reason, message


G = get_game("flinch")
UP, DOWN, BOTH = 1, -1, 0


def deal(players=2, game=(), hands=(), stack=(), **options):
    """A new game whose deck deals seat p the game pile ``game[p]`` (top first, then high
    filler cards) and the hand ``hands[p]``; the stack starts with ``stack``."""
    opts = G.resolve_options(options)
    full = Counter(G.deck(players, opts))
    want = Counter()
    for seq in list(game) + list(hands) + [list(stack)]:
        want.update(seq)
    assert not (want - full), f"more cards than the pack holds: {want - full}"
    filler = sorted((full - want).elements(), reverse=True)  # high cards first, 1s last
    piles = [list(game[p]) if p < len(game) else [] for p in range(players)]
    held = [list(hands[p]) if p < len(hands) else [] for p in range(players)]
    for p in range(players):
        while len(piles[p]) < 10:
            piles[p].append(filler.pop(0))
        while len(held[p]) < 5:
            held[p].append(filler.pop(0))
    deck = [piles[p][r] for r in range(10) for p in range(players)]
    deck += [held[p][r] for r in range(5) for p in range(players)]
    deck += list(stack) + filler
    return G.new_state(players, options, 0, [str(c) for c in deck])


# each game's position builder, alike in shape on purpose: its own fields and defaults (as flush's helpers.table)
def position(
    players=2,
    game=None,
    hands=None,
    reserves=None,
    piles=(),
    stack=None,
    removed=(),
    turn=0,
    started=True,
    bury=False,
    **options,
):
    """A mid-game table: game piles top first, hands, reserve piles bottom first, centre
    piles as (low, high, UP|DOWN|BOTH), the stack top first (the rest of the pack follows
    it, or with ``bury`` goes under the game piles so the stack is exactly ``stack``).
    Loaded through the state's own JSON, so it is checked like any stored state."""
    state = G.new_state(players, options, 0)
    full = Counter(G.deck(players, state.options))
    game = [list(g) for g in (game or [[9, 9, 9]] * players)]
    hands = [sorted(h) for h in (hands or [[]] * players)]
    reserves = [[list(r) for r in rs] + [[]] * (5 - len(rs)) for rs in (reserves or [[]] * players)]
    used = Counter()
    for seq in game + hands + [r for rs in reserves for r in rs] + [list(removed), list(stack or [])]:
        used.update(seq)
    for lo, hi, _ in piles:
        used.update(range(lo, hi + 1))
    assert not (used - full), f"more cards than the pack holds: {used - full}"
    rest = sorted((full - used).elements(), reverse=True)
    if bury:
        for k, card in enumerate(rest):
            game[k % players].append(card)
        stack_cards = list(stack or [])
    else:
        stack_cards = list(stack or []) + rest
    data = state.to_json()
    data["state"].update(
        game_piles=[g[::-1] for g in game],
        game_seen=[0] * players,
        hands=hands,
        hand_src=[[0] * len(h) for h in hands],
        reserves=[r for rs in reserves for r in rs],
        pile_low=[c[0] for c in piles],
        pile_high=[c[1] for c in piles],
        pile_build=[c[2] for c in piles],
        stack=stack_cards[::-1],
        removed=list(removed),
        turn=turn,
        started=started,
    )
    state = G.state_from_json(data)
    assert Counter(state.all_cards()) == full
    return state


def skipped_five(**options):
    """Seat 1 to play, holding a 7 and a 9, its game pile showing a playable 5 (centre
    piles at 4 and 6): ``play:hand1>c2`` leaves that 5, a play an opponent may challenge."""
    return position(
        3, game=[[9, 9], [5, 9], [8, 9, 9]], hands=[[9], [7, 9], [9]], piles=[(1, 4, UP), (1, 6, UP)], turn=1, **options
    )


def centre(state):
    return [(int(c["low"]), int(c["high"])) for c in state.view(None)["centre"]]


def tops(state, seat):
    return [None if r["top"] is None else int(r["top"]) for r in state.view(None)["reserves"][seat]]


def game_tops(state):
    return [None if g["top"] is None else int(g["top"]) for g in state.view(None)["game_piles"]]


def hand(state, seat):
    return [int(c) for c in state.view(seat)["hand"]]


# -- Equipment, Players, The Layout, The Deal ------------------------------------------------


def test_equipment_110_cards_eleven_series_of_one_to_ten():
    deck = G.deck(2, G.resolve_options({}))
    assert len(deck) == 110 and Counter(deck) == dict.fromkeys(range(1, 11), 11)


def test_players_two_decks_when_four_or_more_play_by_default():
    assert len(G.deck(3, G.resolve_options({}))) == 110
    assert len(G.deck(4, G.resolve_options({}))) == 220
    assert len(G.deck(4, G.resolve_options({"packs": "1"}))) == 110
    assert len(G.deck(2, G.resolve_options({"packs": "2"}))) == 220


def test_edition_150_ten_series_of_one_to_fifteen_and_piles_run_to_15():
    deck = G.deck(2, G.resolve_options({"edition": "150"}))
    assert len(deck) == 150 and Counter(deck) == dict.fromkeys(range(1, 16), 10)
    s = position(edition=150, game=[[9, 9], [9, 9]], hands=[[15, 8], [8]], piles=[(1, 14, UP)])
    assert "play:hand2>c1" in s.legal_actions(0)  # hands sort ascending: [8, 15]
    s.apply(0, "play:hand2>c1")
    assert centre(s) == [] and s.view(None)["removed"] == 15


def test_players_one_to_six_and_one_is_practice():
    # "Any number from 1 to 6 may play": every count deals ten to each game pile and five
    # to each hand, the rest is the stack; seat 0 (the dealer's left) plays first
    for n in range(1, 7):
        s = G.new_state(n, {}, 1)
        v = s.view(0)
        assert [g["count"] for g in v["game_piles"]] == [10] * n and v["hand_counts"] == [5] * n
        assert v["draw_count"] == len(G.deck(n, s.options)) - 15 * n
        assert s.decision() == Turn(0) and v["turn"] == 0 and v["dealer"] == n - 1
    with pytest.raises(PlayerCountError, match="1 to 6 players"):
        G.new_state(7, {}, 1)
    with pytest.raises(PlayerCountError):
        G.new_state(0, {}, 1)
    solo = position(1, game=[[9, 9]], hands=[[4, 8]], piles=[(1, 3, UP)], enforce="table")
    solo.apply(0, "play:hand1>c1")
    assert solo.decision() == Turn(0)  # nobody to challenge: no claimants
    assert solo.legal_actions(0) and "challenge" not in solo.legal_actions(0)


def test_the_layout_game_piles_hands_and_stack_in_groups_of_five():
    s = G.new_state(3, {}, 7)
    v = s.view(0)
    assert [g["count"] for g in v["game_piles"]] == [10, 10, 10]
    assert v["hand_counts"] == [5, 5, 5] and len(v["hand"]) == 5
    assert v["draw_count"] == 110 - 45 and v["stack_groups"] == 13
    assert all(r["top"] is None for rs in v["reserves"] for r in rs)  # formed after play starts
    assert v["centre"] == []


def test_the_deal_one_card_at_a_time_first_card_dealt_is_the_top():
    s = deal(2, game=[[3, 4], [7, 8]], hands=[[2, 2, 2, 2, 2], [6, 6, 6, 6, 6]])
    assert game_tops(s) == [3, 7]
    assert s.view(0)["hand"] == ["2"] * 5 and s.view(1)["hand"] == ["6"] * 5
    assert s.game_piles[0][-2] == 4  # the second card dealt lies under it


# -- The Play ------------------------------------------------------------------------------


def test_the_play_player_left_of_dealer_plays_a_game_pile_one_and_the_next_one_too():
    s = deal(2, game=[[1, 1, 5]], hands=[[6, 7, 8, 9, 9]])
    assert s.decision() == Turn(0)
    assert list(s.legal_actions(0)) == ["play:game>new"]  # "he plays it to the center"
    s.apply(0, "play:game>new")
    assert game_tops(s)[0] == 1  # "turns up the next card"
    assert list(s.legal_actions(0)) == ["play:game>new"]  # "he must play it ... alongside"
    s.apply(0, "play:game>new")
    assert centre(s) == [(1, 1), (1, 1)] and game_tops(s)[0] == 5


def test_the_play_ones_in_the_hand_must_be_played_then_build_up_in_sequence():
    s = deal(2, game=[[7]], hands=[[1, 2, 3, 8, 9]])
    assert list(s.legal_actions(0)) == ["play:hand1>new"]  # All 1 cards must be played
    s.apply(0, "play:hand1>new")
    assert "play:hand1>c1" in s.legal_actions(0)  # the 2 on the 1
    s.apply(0, "play:hand1>c1")
    s.apply(0, "play:hand1>c1")  # the 3 on the 2
    assert centre(s) == [(1, 3)]
    # other cards "may be held or played as desired": a discard ends the turn
    assert any(a.startswith("discard:") for a in s.legal_actions(0))
    s.apply(0, "discard:hand2>res1")
    assert s.decision() == Turn(1) and tops(s, 0)[0] == 9


def test_the_play_example_b_opening_play_four_players():
    s = deal(
        4, game=[[5], [6], [2, 6], [7]], hands=[[1, 8, 9, 9, 9], [7, 7, 8, 9, 9], [8, 8, 9, 9, 10], [1, 3, 9, 9, 10]]
    )
    s.apply(0, "play:hand1>new")  # 1. A plays a 1 to Center from his Hand
    assert not any(a.startswith("play:") for a in s.legal_actions(0))
    s.apply(0, "discard:hand1>res1")  # 2. no 2: the 8 to his Reserve
    assert not any(a.startswith("play:") for a in s.legal_actions(1))
    s.apply(1, "discard:hand1>res1")  # 3. B cannot play: the 7 to his Reserve
    assert list(s.legal_actions(2)) == ["play:game>c1"]
    s.apply(2, "play:game>c1")  # 4. C plays the 2 from his Game Pile
    s.apply(2, "discard:hand5>res1")  # 5. no 3: the 10 to his Reserve
    assert list(s.legal_actions(3)) == ["play:hand1>new"]
    s.apply(3, "play:hand1>new")  # 6. D starts another Playing Pile
    s.apply(3, "play:hand1>c1")  # 7. D plays a 3 on C's 2 ...
    s.apply(3, "discard:hand3>res1")  # ... and his 10 to his Reserve
    assert centre(s) == [(1, 3), (1, 1)]
    assert [tops(s, p)[0] for p in range(4)] == [8, 7, 10, 10]
    assert s.decision() == Turn(0)


def test_the_play_an_exhausted_hand_draws_five_from_the_stack_and_play_continues():
    s = position(hands=[[2], [9]], piles=[(1, 1, UP)], stack=[3, 4, 9, 9, 9])
    s.apply(0, "play:hand1>c1")
    assert hand(s, 0) == [3, 4, 9, 9, 9] and s.decision() == Turn(0)
    s.apply(0, "play:hand1>c1")
    assert centre(s) == [(1, 3)]


def test_the_play_the_turn_ends_with_a_reserve_card_and_the_player_to_the_left_follows():
    s = position(3, game=[[7, 7]] * 3, hands=[[8, 9], [9], [9]], piles=[(1, 1, UP)])
    s.apply(0, "discard:hand1>res1")
    assert s.decision() == Turn(1)
    s.apply(1, "discard:hand1>res1")
    assert s.decision() == Turn(2)


def test_the_play_first_turn_pass_without_a_reserve_card():
    s = deal(2, game=[[5], [6]], hands=[[2, 3, 4, 6, 7], [2, 3, 4, 6, 7]])
    assert list(s.legal_actions(0)) == ["pass"]
    s.apply(0, "pass")
    assert s.decision() == Turn(1) and tops(s, 0) == [None] * 5


def test_the_play_after_the_first_one_every_turn_ends_with_a_discard_not_a_pass():
    s = deal(2, game=[[5], [6]], hands=[[1, 3, 4, 6, 7], [2, 3, 4, 6, 7]])
    s.apply(0, "play:hand1>new")
    whole(
        s,
        0,
        "pass",
        'The Play: "After the first 1 card has been played each player must end his turn by playing a card '
        'from his hand to one of his Reserve Piles" (discard:handN>resM)',
    )


def test_the_play_nobody_has_a_one_whole_hands_start_five_reserve_piles_then_free_distribution():
    s = deal(2, game=[[5], [6]], hands=[[2, 3, 4, 6, 7], [2, 3, 4, 6, 8]])
    stack = s.view(None)["draw_count"]
    s.apply(0, "pass")
    s.apply(1, "pass")
    # "each player lays down all five cards from his hand to start his five Reserve Piles"
    assert tops(s, 0) == [2, 3, 4, 6, 7] and tops(s, 1) == [2, 3, 4, 6, 8]
    assert s.view(None)["hand_counts"] == [5, 5] and s.view(None)["draw_count"] == stack - 10
    assert s.decision() == Turn(0) and list(s.legal_actions(0)) == ["pass"]
    s.apply(0, "pass")
    s.apply(1, "pass")
    # again: "they may distribute them as they wish. All five cards may go on one pile"
    assert s.view(None)["phase"] == "laydown" and s.decision() == Turn(0)
    assert "discard:hand1>res1" in s.legal_actions(0) and len(s.legal_actions(0)) == 25
    held = hand(s, 0)
    for _ in range(5):
        s.apply(0, "discard:hand1>res3")
    assert s.reserves[2] == [4, *held] and s.decision() == Turn(1)
    for _ in range(5):
        s.apply(1, "discard:hand1>res1")
    assert s.decision() == Turn(0) and s.view(None)["phase"] == "opening"
    assert s.view(None)["hand_counts"] == [5, 5]


def test_the_play_no_lay_down_while_someone_could_still_play_a_one():
    s = deal(2, game=[[5], [6]], hands=[[1, 3, 4, 6, 7], [2, 3, 4, 6, 8]], enforce="table")
    s.apply(0, "pass")  # table mode: keeping the 1 is allowed but challengeable
    assert s.decision() == Turn(1) and "challenge" in s.legal_actions(1)
    s.apply(1, "pass")
    assert tops(s, 0) == [None] * 5 and s.decision() == Turn(0, ())


def test_the_play_building_in_sequence_takes_exactly_the_next_number():
    # "as long as he can build up in sequence": an up pile showing 4 takes a 5 -- not a 4
    # (the same), not a 6 (two up), not a 3 (one down)
    s = position(2, game=[[9, 9], [9]], hands=[[3, 4, 5, 6], [9]], piles=[(1, 4, UP)])
    plays = [a for a in s.legal_actions(0) if a.startswith("play:")]
    assert plays == ["play:hand3>c1"]  # hand ascending: 3, 4, 5, 6
    for bad, card in (("play:hand1>c1", 3), ("play:hand2>c1", 4), ("play:hand4>c1", 6)):
        rejected(s, 0, bad, f"takes 5 next, not {'an' if card == 8 else 'a'} {card}")
    # a pile showing 9 takes the 10, which finishes it
    t = position(2, game=[[9, 9], [9]], hands=[[8, 10], [9]], piles=[(1, 9, UP)])
    assert [a for a in t.legal_actions(0) if a.startswith("play:")] == ["play:hand2>c1"]
    t.apply(0, "play:hand2>c1")
    assert centre(t) == []


def test_variation_building_down_and_both_ways_takes_exactly_the_next_number():
    # ones-and-tens: a down pile 7..10 takes a 6 only (not 7, 5, 8)
    s = position(2, game=[[9, 9], [9]], hands=[[5, 6, 7, 8], [9]], piles=[(7, 10, DOWN)], centre="ones-and-tens")
    assert [a for a in s.legal_actions(0) if a.startswith("play:")] == ["play:hand2>c1"]
    # fives: a pile 4..6 takes a 3 below or a 7 above (not 2, 4, 6, 8)
    t = position(2, game=[[9, 9], [9]], hands=[[2, 3, 7, 8], [9]], piles=[(4, 6, BOTH)], centre="fives")
    assert [a for a in t.legal_actions(0) if a.startswith("play:")] == ["play:hand2>c1", "play:hand3>c1"]
    # a down pile showing 2 takes the 1, which finishes it; an up pile never takes a 1
    u = position(
        2,
        game=[[9, 9], [9]],
        hands=[[1, 3], [9]],
        piles=[(2, 10, DOWN), (1, 2, UP)],
        centre="ones-and-tens",
        enforce="table",
    )
    assert {a for a in u.legal_actions(0) if a.startswith("play:")} == {
        "play:hand1>c1",
        "play:hand1>new",
        "play:hand2>c2",
    }


def test_the_play_the_game_pile_is_required_exactly_when_it_fits():
    # strict: a game-pile 5 on a pile showing 4 must be played first; a 4 or a 6 need not
    for top, required in ((5, True), (4, False), (6, False)):
        s = position(2, game=[[top, 9], [9]], hands=[[8, 9], [9]], piles=[(1, 4, UP)])
        assert (list(s.legal_actions(0)) == ["play:game>c1"]) is required, top


# -- The Reserve -------------------------------------------------------------------------


def test_the_reserve_play_from_the_top_only_after_all_ones_are_played():
    s = position(hands=[[1, 9], [9]], reserves=[[[4]], []], piles=[(1, 3, UP)])
    assert list(s.legal_actions(0)) == ["play:hand1>new"]
    whole(
        s,
        0,
        "play:res1>c1",
        'The Play: "All 1 cards must be played" -- play your 1 first (play:hand1>new); The Reserve: reserves '
        'are played from only "after he has played all of his 1 cards"',
    )
    s.apply(0, "play:hand1>new")
    assert "play:res1>c1" in s.legal_actions(0)
    s.apply(0, "play:res1>c1")
    assert centre(s) == [(1, 4), (1, 1)] and tops(s, 0)[0] is None


def test_the_reserve_ones_may_never_be_played_to_a_reserve_pile():
    s = position(hands=[[1, 9], [9]], piles=[(1, 3, UP)], enforce="table")
    assert not any(a.startswith("discard:hand1") for a in s.legal_actions(0))
    whole(s, 0, "discard:hand1>res1", 'The Reserve: "1 cards may never be played to a Reserve Pile"')


def test_the_reserve_not_required_to_play_from_it():
    s = position(hands=[[9], [9]], reserves=[[[4]], []], piles=[(1, 3, UP)])
    assert "play:res1>c1" in s.legal_actions(0)
    s.apply(0, "discard:hand1>res2")
    assert s.decision() == Turn(1) and centre(s) == [(1, 3)]


def test_the_layout_reserve_piles_started_alongside_until_five():
    s = position(hands=[[7, 8, 9], [9]], reserves=[[[6]], []], piles=[(1, 1, UP)])
    legal = [a for a in s.legal_actions(0) if a.startswith("discard:")]
    assert legal == ["discard:hand1>res2", "discard:hand2>res2", "discard:hand3>res2"]
    # pile 2 was never started: the reason is the order of starting, not a re-start
    why = rejected(s, 0, "discard:hand1>res1", "The Layout d)", "starts reserve pile 2, the first open space")
    assert "re-started" not in why
    whole(
        s,
        0,
        "discard:hand1>res4",
        'The Layout d): reserve piles are started in order, "alongside each other until he has started five '
        'piles" -- the next discard starts reserve pile 2, the first open space',
    )
    s.apply(0, "discard:hand3>res2")
    assert tops(s, 0) == [6, 9, None, None, None]


def test_the_reserve_an_exhausted_pile_is_restarted_with_the_next_discard():
    s = position(hands=[[9], [9]], reserves=[[[8], [7], [4], [6], [5]], []], piles=[(1, 3, UP)])
    s.apply(0, "play:res3>c1")  # reserve pile 3 exhausted
    assert [a for a in s.legal_actions(0) if a.startswith("discard")] == ["discard:hand1>res3"]
    whole(
        s,
        0,
        "discard:hand1>res1",
        'The Reserve: "When a Reserve Pile is exhausted it must be re-started by placing the next discard in '
        'the open space" -- reserve pile 3 is exhausted: discard to reserve pile 3',
    )
    s.apply(0, "discard:hand1>res3")
    assert tops(s, 0) == [8, 7, 9, 6, 5]


def test_the_layout_d_the_next_reserve_pile_is_started_in_order_not_re_started():
    # pile 2 was never started: the reason is the order of starting, not "re-started"
    s = position(hands=[[7, 8, 9], [9]], reserves=[[[2]], []], piles=[(1, 1, UP)])
    for bad in ("discard:hand1>res3", "discard:hand1>res1"):
        why = rejected(s, 0, bad, "The Layout d)", "started in order", "starts reserve pile 2, the first open space")
        assert "re-started" not in why and "exhausted" not in why


def test_the_reserve_an_exhausted_pile_named_as_exhausted_when_later_piles_hold_cards():
    s = position(hands=[[9], [9]], reserves=[[[8], [7], [4], [6], [5]], []], piles=[(1, 3, UP)])
    s.apply(0, "play:res3>c1")
    whole(
        s,
        0,
        "discard:hand1>res5",
        'The Reserve: "When a Reserve Pile is exhausted it must be re-started by placing the next discard in '
        'the open space" -- reserve pile 3 is exhausted: discard to reserve pile 3',
    )


def test_challenge_the_game_pile_first_reason_comes_before_reserve_slot_reasons():
    # strict: the playable game-pile 3 must be played first; that is the reason given for
    # any discard, before the reserve slot (pile 2 is the first open space)
    s = position(2, game=[[3, 9], [9]], hands=[[1, 2, 7], [8]], reserves=[[[2]], []], piles=[(1, 2, UP)])
    for bad in ("discard:hand3>res1", "discard:hand3>res3", "discard:hand3>res2"):
        why = rejected(s, 0, bad, "must play first from their Game Pile", "play:game>c1")
        assert "reserve pile 2" not in why


def test_the_reserve_hint_greedy_builds_reserve_piles_in_reverse_sequence():
    # "Hint: It is usually wise to try to build Reserve Piles in reverse sequence": nothing
    # can be played (the centre wants a 2), so the greedy bot ends its turn putting the 7 on
    # the 8 -- a descending run -- rather than on the 9, the 6, the 4 or the 3
    import random

    from fliptable.games.flinch.bots import GreedyAgent

    s = position(
        game=[[5, 9], [9, 9]], hands=[[7, 10], [9]], reserves=[[[9], [8], [6], [4], [3]], []], piles=[(1, 1, UP)]
    )
    legal = s.legal_actions(0)
    assert all(a.startswith("discard:") for a in legal) and len(legal) == 10
    bot = GreedyAgent()
    bot.reset(G, 0, 2, s.options, random.Random(0))
    choice = bot.act(s.view(0), legal)
    assert choice == "discard:hand1>res2"
    s.apply(0, choice)
    assert tops(s, 0) == [9, 7, 6, 4, 3]


def test_the_reserve_cards_never_move_from_one_reserve_pile_to_another():
    s = position(hands=[[9], [9]], reserves=[[[8], [7], [4], [6], [5]], []], piles=[(1, 3, UP)])
    whole(s, 0, "play:res1>res2", 'The Reserve: "Cards, once played, cannot be moved from one Reserve Pile to another"')
    assert all(not a.startswith("play:res") or ">c" in a for a in G.action_space(2, s.options))


def test_the_reserve_piles_exhausted_and_reestablished_several_times():
    s = position(
        game=[[3, 3]] * 2, hands=[[9, 9], [9, 9]], reserves=[[[4], [7], [8], [6], [5]], []], piles=[(1, 3, UP)]
    )
    for a in ("play:res1>c1", "play:res5>c1", "play:res4>c1", "play:res2>c1", "play:res3>c1"):
        s.apply(0, a)
    assert centre(s) == [(1, 8)] and tops(s, 0) == [None] * 5
    s.apply(0, "discard:hand1>res1")  # re-established
    s.apply(1, "discard:hand1>res1")
    s.apply(0, "play:res1>c1")  # exhausted again ...
    assert tops(s, 0) == [None] * 5
    s.apply(0, "discard:hand1>res1")  # ... and re-established again
    assert tops(s, 0) == [9, None, None, None, None] and centre(s) == [(1, 9)]


def test_the_reserve_playing_piles_to_ten_are_removed_and_reshuffled_when_the_stack_is_out():
    s = position(hands=[[10, 9], [9]], piles=[(1, 9, UP), (1, 9, UP)], stack=[], bury=True, removed=list(range(1, 11)))
    assert s.view(None)["draw_count"] == 0 and s.view(None)["removed"] == 10
    s.apply(0, "play:hand2>c1")  # hands sort ascending: [9, 10]
    assert centre(s) == [(1, 9)] and s.view(None)["removed"] == 20
    s.apply(0, "discard:hand1>res1")  # the hand is now empty: drawn at the start of the next turn
    s.apply(1, "discard:hand1>res1")
    v = s.view(0)
    assert len(v["hand"]) == 5 and v["removed"] == 0 and v["draw_count"] == 15  # 20 reshuffled, 5 drawn
    assert Counter(s.all_cards()) == Counter(G.deck(2, s.options))


def test_the_reserve_a_draw_that_empties_the_stack_goes_on_from_the_reshuffled_removed_piles():
    s = position(hands=[[2], [9]], piles=[(1, 1, UP)], stack=[9, 8], bury=True, removed=list(range(1, 11)))
    s.apply(0, "play:hand1>c1")  # the hand is out: 8 and 9, then three of the reshuffled ten
    drawn = hand(s, 0)
    assert len(drawn) == 5 and drawn == sorted(drawn) and {8, 9} <= set(drawn)
    assert s.view(None)["removed"] == 0 and s.view(None)["draw_count"] == 7 and s.restocks == 1
    assert Counter(s.all_cards()) == Counter(G.deck(2, s.options))


def test_reserve_memory_on_nobody_sees_below_the_top_not_even_the_owner():
    s = position(hands=[[9], [9]], reserves=[[[8, 6, 5], [7]], [[9, 3]]], piles=[(1, 3, UP)])
    for seat in (0, 1, None):
        for rs in s.view(seat)["reserves"]:
            for r in rs:
                assert set(r) == {"top", "count"}
    assert s.view(0)["reserves"][0][0] == {"top": "5", "count": 3}


def test_reserve_memory_off_the_owner_sees_whole_piles_others_only_tops():
    s = position(hands=[[9], [9]], reserves=[[[8, 6, 5], [7]], [[9, 3]]], piles=[(1, 3, UP)], reserve_memory="off")
    assert s.view(0)["reserves"][0][0]["cards"] == ["8", "6", "5"]
    assert "cards" not in s.view(0)["reserves"][1][0]
    assert s.view(1)["reserves"][1][0]["cards"] == ["9", "3"]
    assert "cards" not in s.view(1)["reserves"][0][0]
    assert all("cards" not in r for rs in s.view(None)["reserves"] for r in rs)


# -- Challenge -----------------------------------------------------------------------------


def test_challenge_strict_mode_forbids_skipping_the_game_pile():
    s = position(game=[[5, 9], [9, 9]], hands=[[5, 7, 9], [9]], piles=[(1, 4, UP), (1, 6, UP)])
    assert list(s.legal_actions(0)) == ["play:game>c1"]
    whole(
        s,
        0,
        "play:hand2>c2",
        'Challenge: "On each turn players must play first from their Game Pile if possible" -- your game '
        "pile's 5 is playable (play:game>c1)",
    )
    whole(
        s,
        0,
        "discard:hand3>res1",
        'Challenge: "On each turn players must play first from their Game Pile if possible" -- your game '
        "pile's 5 is playable (play:game>c1)",
    )
    rejected(s, 1, "challenge", "may not act now")
    s.apply(0, "play:game>c1")
    whole(
        s,
        0,
        "challenge",
        "Challenge: with enforce=strict the engine already forbids the plays a challenge punishes, so there is "
        "nothing to challenge (option enforce=table)",
    )


def test_challenge_right_for_skipping_the_game_pile_ends_the_turn_without_discard():
    s = position(
        3,
        game=[[5, 9], [8, 9, 9], [7, 9]],
        hands=[[7, 9, 9], [9], [9]],
        piles=[(1, 4, UP), (1, 6, UP)],
        enforce="table",
    )
    assert "play:hand1>c2" in s.legal_actions(0)
    s.apply(0, "play:hand1>c2")  # the 7, leaving the playable game-pile 5
    # nothing stops: seat 0 plays on, and seats 1 and 2 may challenge meanwhile (claims)
    assert s.decision() == Turn(0, (1, 2))
    assert s.legal_actions(1) == ("challenge",) == s.legal_actions(2)
    assert "challenge" not in s.legal_actions(0)
    assert s.view(1)["challenge"]["game_pile_playable"] is True
    s.apply(1, "challenge")
    v = s.view(None)
    # "draw a card from the Game Pile of the opponent who challenged, and place it at the
    # bottom of his own": seat 1's top 8 goes under seat 0's pile; seat 0's turn ends with
    # no discard
    assert [g["count"] for g in v["game_piles"]] == [3, 2, 2]
    assert s.game_piles[0][0] == 8 and game_tops(s)[1] == 9
    assert s.decision() == Turn(1) and tops(s, 0) == [None] * 5 and s.challenges == s.right_challenges == 1


def test_challenge_right_for_keeping_a_one_takes_back_the_discard():
    s = position(3, game=[[9, 9], [8, 9], [9]], hands=[[1, 7, 9], [9], [9]], piles=[(1, 4, UP)], enforce="table")
    s.apply(0, "discard:hand2>res1")  # discards the 7 while holding a 1
    assert s.view(1)["challenge"]["game_pile_playable"] is False  # the 1 is not public
    # the next player's turn has begun; he and seat 2 may challenge until he acts
    assert s.decision() == Turn(1, (2,)) and "challenge" in s.legal_actions(1)
    s.apply(1, "challenge")
    assert hand(s, 0) == [1, 7, 9] and tops(s, 0)[0] is None  # "does not discard"
    assert s.game_piles[0][0] == 8 and s.decision() == Turn(1) and s.right_challenges == 1


def test_challenge_wrong_challenge_the_challenger_draws_the_penalty():
    s = position(3, game=[[6, 9], [9, 9], [9, 9, 9]], hands=[[4, 9], [9], [9]], piles=[(1, 3, UP)], enforce="table")
    s.apply(0, "play:hand1>c1")  # a proper play: the 4 (game pile 6 not yet playable)
    s.apply(2, "challenge")
    v = s.view(None)
    assert [g["count"] for g in v["game_piles"]] == [1, 2, 4] and s.game_piles[2][0] == 6
    assert s.decision() == Turn(0)  # the offender plays on; the window is closed
    assert s.right_challenges == 0 and s.challenges == 1
    rejected(s, 1, "challenge", "may not act now")


def test_challenge_two_callers_the_first_call_that_arrives_is_credited():
    # "If two players challenge at the same time, the caller nearest to the left of the
    # challenged player receives the credit": calls are claims the table hears one at a
    # time; the first applied is resolved and closes the window
    s = skipped_five(enforce="table")
    s.apply(1, "play:hand1>c2")
    assert s.decision() == Turn(1, (0, 2))
    s.apply(0, "challenge")
    assert s.game_piles[1][0] == 9 and len(s.game_piles[0]) == 1
    assert s.decision() == Turn(2)  # seat 1's turn ended: seat 2 plays
    whole(
        s,
        2,
        "challenge",
        'Challenge: "Challenge" is called on an opponent right after a play, pass or discard of his that could '
        "break a rule (not a game-pile card or a 1), before the next action",
    )


def test_challenge_the_window_closes_when_the_next_action_lands():
    s = position(3, game=[[9, 9], [9, 9], [9, 9]], hands=[[4, 8, 9], [9], [9]], piles=[(1, 3, UP)], enforce="table")
    s.apply(0, "play:hand1>c1")
    assert s.decision().claimants == (1, 2) and s.view(2)["challenge"]["window"] == 1
    s.apply(0, "discard:hand1>res1")  # seat 0 acts again: the first window closed
    assert s.decision() == Turn(1, (2,)) and s.view(2)["challenge"]["window"] == 2
    s.apply(1, "discard:hand1>res1")  # seat 1's turn: the window on seat 0 closed
    assert s.decision() == Turn(2, (0,)) and s.view(0)["challenge"]["offender"] == 1
    assert s.challenges == 0


def test_challenge_no_window_after_game_pile_or_one_plays():
    s = position(3, game=[[4, 9], [9], [9]], hands=[[1, 8], [9], [9]], piles=[(1, 3, UP)], enforce="table")
    s.apply(0, "play:game>c1")
    assert s.decision() == Turn(0)
    s.apply(0, "play:hand1>new")
    assert s.decision() == Turn(0) and s.view(1)["challenge"] is None


def test_challenge_wrong_challenge_after_the_discard_the_turn_stays_ended():
    s = position(3, game=[[9, 9], [9, 9], [7, 9]], hands=[[8, 9], [9], [9]], piles=[(1, 3, UP)], enforce="table")
    s.apply(0, "discard:hand1>res1")
    s.apply(2, "challenge")
    # "if not the challenger draws the penalty": seat 2 draws seat 0's top card to the
    # bottom of his own game pile; seat 0's turn stays ended and his discard stands
    assert s.decision() == Turn(1) and tops(s, 0)[0] == 8 and s.game_piles[2][0] == 9
    assert len(s.game_piles[0]) == 1 and len(s.game_piles[2]) == 3


def test_to_win_a_player_must_play_out_his_game_pile_a_penalty_card_never_empties_it():
    # "The player who first plays all the cards from his Game Pile wins": a right
    # challenger whose game pile holds one card gives nothing, and the game goes on
    s = position(
        3, game=[[5, 9], [6], [9, 9]], hands=[[5, 7, 9], [9], [9]], piles=[(1, 4, UP), (1, 6, UP)], enforce="table"
    )
    s.apply(0, "play:hand2>c2")  # the 7, leaving the playable game-pile 5
    events = s.apply(1, "challenge")
    assert not s.is_over() and [len(g) for g in s.game_piles] == [2, 1, 2]
    done = next(e.for_player(None) for e in events if e.type == "challenge_resolved")
    assert done["right"] is True and done["card"] is None
    assert s.decision() == Turn(1)  # seat 0's turn still ends
    # a wrongly challenged player with one game-pile card left gives nothing either
    t = position(3, game=[[6], [9, 9], [9, 9]], hands=[[4, 9], [9], [9]], piles=[(1, 3, UP)], enforce="table")
    t.apply(0, "play:hand1>c1")  # a proper play
    t.apply(2, "challenge")
    assert not t.is_over() and [len(g) for g in t.game_piles] == [1, 2, 2] and t.decision() == Turn(0)
    # and a pile of two gives its top: the giver keeps one card to play
    u = position(3, game=[[6, 9], [9, 9], [9, 9]], hands=[[4, 9], [9], [9]], piles=[(1, 3, UP)], enforce="table")
    u.apply(0, "play:hand1>c1")
    u.apply(2, "challenge")
    assert [len(g) for g in u.game_piles] == [1, 2, 3]


def test_challenge_a_challenger_whose_game_pile_is_out_moves_no_card():
    s = position(
        4,
        game=[[5, 9], [], [9, 9], [9, 9]],
        hands=[[5, 7, 9], [9], [9], [9]],
        piles=[(1, 4, UP), (1, 6, UP)],
        partnership=True,
        enforce="table",
    )
    s.apply(0, "play:hand2>c2")
    s.apply(1, "challenge")
    assert [len(g) for g in s.game_piles] == [2, 0, 2, 2]
    assert s.decision() == Turn(1) and not s.is_over()


def test_practice_game_one_player_table_mode_opens_no_window():
    s = position(1, game=[[9, 9]], hands=[[4, 8]], piles=[(1, 3, UP)], enforce="table")
    s.apply(0, "discard:hand2>res1")
    assert s.decision() == Turn(0) and s.turns == 1


def _held_one_or_not(one: bool):
    # seat 0 discards with or without a 1 in his hand: nobody else may tell which
    s = position(
        3,
        game=[[9, 9], [9, 9], [9, 9]],
        hands=[[1 if one else 2, 7, 9], [9, 9], [9, 9]],
        piles=[(1, 4, UP)],
        enforce="table",
    )
    events = s.apply(0, "discard:hand2>res1")
    return s, events


def test_challenge_nothing_shown_to_a_seat_depends_on_a_hidden_offence_or_on_other_seats():
    # whatever the decision, the claimants, views, legal actions, events and error messages
    # shown to seats 1, 2 and spectators are the same whether or not seat 0 kept a 1, and
    # nobody "answers": a claimant that does not call is never recorded
    def shown(state, events):
        out = [json.dumps(state.frame(q), sort_keys=True) for q in (1, 2, None)]
        out += [json.dumps(e.for_player(q), sort_keys=True) for e in events for q in (1, 2, None)]
        for q, action in ((2, "play:hand1>c1"), (2, "discard:hand1>res1"), (1, "pass")):
            with pytest.raises(IllegalAction) as info:
                state.apply(q, action)
            out.append(str(info.value))
        return out

    a, b = _held_one_or_not(True), _held_one_or_not(False)
    assert shown(*a) == shown(*b)
    assert a[0].decision() == Turn(1, (2,))
    # the call itself is public, and so is its outcome
    ea, eb = a[0].apply(2, "challenge"), b[0].apply(2, "challenge")
    assert [e.for_player(1)["right"] for e in ea if e.type == "challenge_resolved"] == [True]
    assert [e.for_player(1)["right"] for e in eb if e.type == "challenge_resolved"] == [False]


# -- To Win ----------------------------------------------------------------------------------


def test_to_win_the_first_to_play_out_the_game_pile_wins():
    s = position(game=[[4], [9, 9]], hands=[[9], [9]], piles=[(1, 3, UP)])
    s.apply(0, "play:game>c1")
    assert s.decision() == Over() and s.result().winners == (0,)
    assert s.result().ranks == (1, 2) and list(s.legal_actions(0)) == []
    rejected(s, 0, "discard:hand1>res1", "the game is over")


# -- Additional Notes ---------------------------------------------------------------------------


def test_additional_notes_exposure_an_illegal_attempt_shows_nothing_and_changes_nothing():
    s = position(hands=[[7, 9], [9]], piles=[(1, 3, UP)], enforce="table")
    whole(s, 0, "play:hand1>c1", "The Play: piles are built in sequence -- centre pile 1 takes 4 next, not a 7")
    assert s.decision() == Turn(0)  # no exposure penalty: the turn goes on


def test_additional_notes_blocked_game_the_player_holding_the_releasing_card_must_play_it():
    # "If the game should be blocked, the Stack exhausted and no players able to play except
    # one who refuses to play, the player holding the releasing card must play it."
    s = position(hands=[[4, 9], [9]], piles=[(1, 3, UP)], stack=[], bury=True)
    v = s.view(None)
    assert v["stack_exhausted"] and not v["blocked"]
    # the stack is out, but the game is not blocked until a whole round brings no card to
    # the centre: seat 0 may still hold his 4
    assert "discard:hand2>res1" in s.legal_actions(0)
    s.apply(0, "discard:hand2>res1")
    s.apply(1, "discard:hand1>res1")
    assert s.view(None)["blocked"] and s.view(0)["idle_turns"] == 2
    assert list(s.legal_actions(0)) == ["play:hand1>c1"]
    message = rejected(s, 0, "discard:hand1>res2", "releasing card must play it", "you are the first to hold one")
    assert message == (
        "'discard:hand1>res2' is not legal for player 0: Additional Notes: the game is blocked (the stack is "
        'exhausted and a whole round went by with no card to the centre) -- "the player holding the releasing '
        "card must play it ... the first player with a releasing card, beginning with the player on the dealer's "
        "left, must play it\": going round from the dealer's left you are the first to hold one; play a card to "
        "the centre before ending your turn; legal now: play:hand1>c1"
    )
    s.apply(0, "play:hand1>c1")
    assert list(s.legal_actions(0)) == ["pass"] and s.view(None)["idle_turns"] == 0


def test_additional_notes_blocked_game_a_players_options_depend_only_on_what_he_may_know():
    # Seat 0's options (and what he is told) are the same whether or not seat 1 also holds
    # a releasing card: the duty depends on public facts (the stack is out; a whole round
    # went by with no card to the centre; the turn has come round from the dealer's left)
    # and on seat 0's own cards -- never on another player's hand.
    def table(other):
        s = position(2, game=[[9, 9], [9]], hands=[[4, 7], [other, 8]], piles=[(1, 3, UP)], stack=[], bury=True)
        assert list(s.legal_actions(0)) == ["play:hand1>c1", "discard:hand1>res1", "discard:hand2>res1"]
        s.apply(0, "discard:hand2>res1")
        eight = "discard:hand2>res1" if other < 8 else "discard:hand1>res1"
        assert eight in s.legal_actions(1)  # seat 1 may refuse as well
        s.apply(1, eight)
        return s

    a, b = table(4), table(9)
    assert a.frame(0) == b.frame(0)
    for s in (a, b):
        # a whole round without a card to the centre: the game is blocked and seat 0, the
        # first holder from the dealer's left, must play
        assert s.view(0)["idle_turns"] == 2 and s.view(0)["blocked"]
        assert list(s.legal_actions(0)) == ["play:hand1>c1"]
        message = rejected(s, 0, "discard:hand1>res2", "the first player with a releasing card")
        assert "no player able to play but you" not in message
    assert rejected(a, 0, "pass") == rejected(b, 0, "pass")


# spelled out on purpose: the rule's scenario, step by step
def test_additional_notes_more_than_one_holding_releasing_cards_the_first_from_the_dealers_left_plays():
    # "If there is more than one player holding releasing cards, the first player with a
    # releasing card, beginning with the player on the dealer's left, must play it."
    # Seats 1 and 2 hold a 4; seat 0 (the dealer's left) holds none; seat 2 plays first.
    s = position(
        3,
        # spelled out on purpose: the rule's scenario, step by step
        game=[[9], [9], [9]],
        hands=[[8, 10, 10], [4, 8, 10], [4, 8, 10]],
        piles=[(1, 3, UP)],
        stack=[],
        bury=True,
        turn=2,
    )
    s.apply(2, "discard:hand3>res1")  # nobody is forced in the first round
    s.apply(0, "discard:hand3>res1")
    s.apply(1, "discard:hand3>res1")
    assert s.view(None)["idle_turns"] == 3 and s.view(None)["blocked"]
    legal = s.legal_actions(2)
    assert "play:hand1>c1" in legal and "discard:hand2>res2" in legal  # the round from seat 0 comes first
    s.apply(2, "discard:hand2>res2")
    s.apply(0, "discard:hand2>res2")  # seat 0 holds no releasing card
    assert list(s.legal_actions(1)) == ["play:hand1>c1"]  # seat 1 must release
    whole(
        s,
        1,
        "discard:hand1>res2",
        "Additional Notes: the game is blocked (the stack is exhausted and a whole round went by with no card "
        'to the centre) -- "the player holding the releasing card must play it ... the first player with a '
        "releasing card, beginning with the player on the dealer's left, must play it\": going round from the "
        "dealer's left you are the first to hold one; play a card to the centre before ending your turn",
    )
    s.apply(1, "play:hand1>c1")
    assert centre(s) == [(1, 4)] and "discard:hand1>res2" in s.legal_actions(1)
    s.apply(1, "discard:hand1>res2")
    assert s.view(None)["idle_turns"] == 0


def test_additional_notes_blocked_game_a_releasing_card_on_a_reserve_pile_or_a_partners_must_be_played():
    # the releasing card may be a reserve pile's top, or (Partnership Game) a partner's:
    # the duty names the block, not the reserve pile a discard would start
    blocked = (
        "Additional Notes: the game is blocked (the stack is exhausted and a whole round went by with no "
        'card to the centre) -- "the player holding the releasing card must play it ... the first player '
        "with a releasing card, beginning with the player on the dealer's left, must play it\": going "
        "round from the dealer's left you are the first to hold one; play a card to the centre before "
        "ending your turn"
    )
    s = position(
        2, game=[[9, 9], [9]], hands=[[7, 8], [8, 9]], reserves=[[[4]], []], piles=[(1, 3, UP)], stack=[], bury=True
    )
    s.apply(0, "discard:hand2>res2")
    s.apply(1, "discard:hand1>res1")
    assert s.view(None)["blocked"] and list(s.legal_actions(0)) == ["play:res1>c1"]
    whole(s, 0, "discard:hand1>res4", blocked)
    t = position(
        4,
        game=[[9, 9], [9], [9, 9], [9]],
        hands=[[7, 8], [8, 9], [8, 9], [8, 9]],
        reserves=[[], [], [[4]], []],
        piles=[(1, 3, UP)],
        stack=[],
        bury=True,
        partnership=True,
    )
    for seat, action in enumerate(
        ("discard:hand1>res1", "discard:hand1>res1", "discard:hand1>res2", "discard:hand1>res1")
    ):
        t.apply(seat, action)
    assert t.view(None)["blocked"] and list(t.legal_actions(0)) == ["play:res1@2>c1"]
    whole(t, 0, "discard:hand1>res4", blocked)


# spelled out on purpose: the rule's scenario, step by step
def test_additional_notes_blocked_game_the_duty_waits_for_the_turn_to_come_round_to_the_dealers_left():
    # blocked at seat 1's turn (a whole round went by), seat 1 holds a 4: the duty goes
    # round "beginning with the player on the dealer's left", so seat 1 is not yet forced;
    # seat 0 (none) then seat 1 (forced) follow
    s = position(
        3,
        game=[[9], [9], [9]],
        hands=[[8, 10, 10], [4, 8, 10], [8, 10, 10]],
        piles=[(1, 3, UP)],
        stack=[],
        bury=True,
        turn=1,
    )
    for seat in (1, 2, 0):
        s.apply(seat, "discard:hand3>res1")
    assert s.view(None)["blocked"] and "discard:hand2>res2" in s.legal_actions(1)
    s.apply(1, "discard:hand2>res2")
    s.apply(2, "discard:hand2>res2")
    s.apply(0, "discard:hand2>res2")
    assert list(s.legal_actions(1)) == ["play:hand1>c1"]


def test_additional_notes_a_card_exposed_when_it_is_not_his_turn_is_rejected_and_changes_nothing():
    # "If a player exposes a card when it is not his turn, he must play that card on his next
    # turn": out-of-turn plays are rejected unseen -- nothing is exposed, nothing is owed
    s = position(hands=[[7, 9], [4, 9]], piles=[(1, 3, UP)], enforce="table")
    view1, view0 = s.view(1), s.view(0)
    rejected(s, 1, "play:hand1>c1", "may not act now")
    rejected(s, 1, "discard:hand2>res1", "may not act now")
    assert s.view(1) == view1 and s.view(0) == view0 and s.decision() == Turn(0)
    s.apply(0, "discard:hand1>res1")
    assert s.decision() == Turn(1)  # seat 1 may challenge as his first action, or play
    legal = s.legal_actions(1)
    assert "play:hand1>c1" in legal and "discard:hand1>res1" in legal  # free to keep the 4
    s.apply(1, "discard:hand1>res1")
    assert tops(s, 1)[0] == 4


def test_additional_notes_blocked_for_good_is_a_draw_after_two_idle_rounds():
    s = position(hands=[[9, 9, 9], [9, 9, 9]], piles=[(1, 3, UP)], stack=[], bury=True, game=[[8], [8]])
    s.apply(0, "discard:hand1>res1")
    s.apply(1, "discard:hand1>res1")
    s.apply(0, "discard:hand1>res2")
    assert not s.is_over()
    s.apply(1, "discard:hand1>res2")
    assert s.is_over() and s.result().winners == () and s.end == "blocked"
    assert s.view(0)["phase"] == "over"


def test_empty_hand_nothing_to_draw_the_turn_ends_with_a_pass():
    s = position(hands=[[4], [9]], piles=[(1, 3, UP)], stack=[], bury=True)
    s.apply(0, "play:hand1>c1")
    assert s.view(0)["hand"] == [] and list(s.legal_actions(0)) == ["pass"]
    s.apply(0, "pass")
    assert s.decision() == Turn(1)


# -- Variations --------------------------------------------------------------------------------


def test_variation_ones_and_tens_build_up_on_ones_and_down_on_tens():
    s = position(game=[[6, 6]] * 2, hands=[[9, 10], [9]], piles=[(1, 3, UP)], centre="ones-and-tens")
    assert list(s.legal_actions(0)) == ["play:hand2>new"]  # the 10 must be played like a 1
    s.apply(0, "play:hand2>new")
    assert s.view(None)["centre"][1]["build"] == "down"
    s.apply(0, "play:hand1>c2")  # the 9 on the 10
    assert centre(s) == [(1, 3), (9, 10)]


def test_variation_ones_and_tens_a_down_pile_finished_at_one_leaves_the_table():
    s = position(hands=[[1, 9], [9]], piles=[(2, 10, DOWN)], centre="ones-and-tens")
    assert set(s.legal_actions(0)) == {"play:hand1>c1", "play:hand1>new"}
    s.apply(0, "play:hand1>c1")
    assert centre(s) == [] and s.view(None)["removed"] == 10


def test_variation_ones_and_tens_a_ten_never_goes_to_a_reserve():
    s = position(hands=[[9, 10], [9]], piles=[(1, 3, UP)], centre="ones-and-tens", enforce="table")
    whole(
        s,
        0,
        "discard:hand2>res1",
        'The Reserve: "1 cards may never be played to a Reserve Pile" -- nor 10s (they start centre piles in '
        "centre=ones-and-tens)",
    )


def test_variation_ones_and_tens_with_the_150_pack_down_piles_start_on_15():
    s = position(game=[[7, 7]] * 2, hands=[[14, 15], [9]], piles=[(1, 3, UP)], centre="ones-and-tens", edition=150)
    assert list(s.legal_actions(0)) == ["play:hand2>new"]
    s.apply(0, "play:hand2>new")
    s.apply(0, "play:hand1>c2")
    assert centre(s) == [(1, 3), (14, 15)] and s.view(None)["starters"] == ["1", "15"]


def test_variation_fives_build_both_up_and_down_and_finish_at_one_and_ten():
    s = position(hands=[[4, 5, 6], [9]], piles=[], centre="fives", started=False)
    assert list(s.legal_actions(0)) == ["play:hand2>new"]
    s.apply(0, "play:hand2>new")
    assert {a for a in s.legal_actions(0) if a.startswith("play")} == {"play:hand1>c1", "play:hand2>c1"}
    s.apply(0, "play:hand2>c1")
    s.apply(0, "play:hand1>c1")
    assert centre(s) == [(4, 6)] and s.view(None)["centre"][0]["next"] == ["3", "7"]
    t = position(hands=[[1, 9], [9]], piles=[(2, 10, BOTH)], centre="fives")
    assert "discard:hand1>res1" in t.legal_actions(0)  # 1s are ordinary cards here
    t.apply(0, "play:hand1>c1")
    assert centre(t) == [] and t.view(None)["removed"] == 10


# -- Partnership Game --------------------------------------------------------------------------------


def test_partnership_needs_four_or_six_players_partners_alternate_seats():
    with pytest.raises(OptionError):
        G.new_state(3, {"partnership": True}, 0)
    s = G.new_state(6, {"partnership": "true"}, 0)
    assert s.view(0)["teams"] == [[0, 2, 4], [1, 3, 5]] and s.view(0)["partners"] == [2, 4]
    assert G.new_state(4, {"partnership": True}, 0).view(1)["partners"] == [3]


def test_partnership_play_from_the_partners_game_pile_and_reserves():
    s = position(
        4,
        game=[[9, 9], [9, 9], [4, 9], [9, 9]],
        hands=[[9], [9], [9], [9]],
        reserves=[[], [], [[8], [5]], []],
        piles=[(1, 3, UP)],
        partnership=True,
    )
    assert list(s.legal_actions(0)) == ["play:game@2>c1"]  # the partner's game pile first
    s.apply(0, "play:game@2>c1")
    assert "play:res2@2>c1" in s.legal_actions(0)
    whole(s, 0, "play:game@1>c1", "Partnership Game: seat 1 is not your partner (partners: [2])")
    whole(s, 0, "play:res1@1>c1", "Partnership Game: seat 1 is not your partner (partners: [2])")
    s.apply(0, "play:res2@2>c1")
    assert centre(s) == [(1, 5)] and tops(s, 2)[1] is None


def test_partnership_own_game_pile_before_the_partners():
    s = position(
        4, game=[[4, 9], [9, 9], [4, 9], [9, 9]], hands=[[9], [9], [9], [9]], piles=[(1, 3, UP)], partnership=True
    )
    assert list(s.legal_actions(0)) == ["play:game>c1"]
    whole(
        s,
        0,
        "play:game@2>c1",
        'Challenge: "On each turn players must play first from their Game Pile if possible" -- your game '
        "pile's 4 is playable (play:game>c1)",
    )


def test_partnership_partners_win_together_when_both_game_piles_are_played_out():
    s = position(4, game=[[4], [9, 9], [5], [9, 9]], hands=[[9], [9], [9], [9]], piles=[(1, 3, UP)], partnership=True)
    s.apply(0, "play:game>c1")
    assert not s.is_over()  # "both partners continue playing from the remaining Pile"
    assert list(s.legal_actions(0)) == ["play:game@2>c1"]
    s.apply(0, "play:game@2>c1")
    assert s.is_over() and s.result().winners == (0, 2) and s.result().ranks == (1, 3, 1, 3)


def test_partnership_challenge_for_neglecting_the_partners_game_pile_only_by_opponents():
    s = position(
        4,
        game=[[9, 9], [9, 9], [4, 9], [7, 9]],
        hands=[[5, 9], [9], [9], [9]],
        piles=[(1, 3, UP)],
        partnership=True,
        enforce="table",
    )
    s.apply(0, "discard:hand1>res1")
    assert s.decision() == Turn(1, (3,))  # partner 2 may not challenge
    rejected(s, 2, "challenge", "may not act now")
    assert s.view(1)["challenge"]["game_pile_playable"] is True
    s.apply(3, "challenge")
    assert s.game_piles[0][0] == 7 and s.decision() == Turn(1)


# -- Bad input -------------------------------------------------------------------------------------


def test_bad_input_is_rejected_naming_the_rule_and_the_state_is_unchanged():
    s = position(hands=[[1, 6, 9], [9]], reserves=[[[8]], []], piles=[(1, 3, UP)], enforce="table")
    whole(s, 0, "play:hand2>c1", "The Play: piles are built in sequence -- centre pile 1 takes 4 next, not a 6")
    whole(s, 0, "play:hand2>new", "The Play: only a 1 starts a Playing Pile, not a 6")
    whole(s, 0, "discard:hand1>res2", 'The Reserve: "1 cards may never be played to a Reserve Pile"')
    whole(
        s,
        0,
        "discard:hand2>res6",
        'The Layout d): "no more than five" Reserve Piles for each player -- reserve piles are res1 to res5',
    )
    # spelled out on purpose: each illegal action beside the rule its refusal names
    whole(
        s,
        0,
        "discard:hand2>res1",
        'The Layout d): reserve piles are started in order, "alongside each other until he has started five '
        'piles" -- the next discard starts reserve pile 2, the first open space',
    )
    whole(s, 0, "play:hand7>c1", "The Layout b): a hand holds at most five cards -- hand1 to hand5")
    whole(s, 0, "play:hand4>c1", "you hold only 3 cards: hand1 to hand3")
    whole(position(hands=[[9], [9]], piles=[(1, 3, UP)]), 0, "play:hand2>c1", "you hold only 1 card: hand1")
    whole(s, 0, "play:hand3>c9", "there is no centre pile 9; the centre piles are c1")
    whole(s, 0, "play:res2>c1", "your reserve pile 2 is empty")
    whole(
        s,
        0,
        "play:game@1>c1",
        "Partnership Game: only partners play from each other's piles (option partnership=true); write game / "
        "resN for your own",
    )
    whole(
        s,
        0,
        "move the 6",
        "not FLINCH notation; write play:SRC>TGT (SRC game|handN|resN|game@S|resN@S, TGT cK|new), "
        "discard:handN>resM, pass or challenge",
    )
    whole(
        s,
        0,
        "challenge",
        'Challenge: "Challenge" is called on an opponent right after a play, pass or discard of his that could '
        "break a rule (not a game-pile card or a 1), before the next action",
    )
    rejected(s, 1, "discard:hand1>res1", "may not act now")
    rejected(s, 7, "pass", "no player 7")
    s.apply(0, "discard:hand3>res2")
    rejected(s, 0, "discard:hand1>res3", "may not act now")
    rejected(s, 0, "pass", "may not act now")


def test_bad_input_a_play_to_a_pile_no_starter_starts_names_every_starter_and_every_centre_pile():
    s = position(hands=[[6, 9, 9], [9]], piles=[(1, 3, UP), (1, 2, UP)], enforce="table", centre="ones-and-tens")
    whole(s, 0, "play:hand1>new", "The Play: only a 1 or 10 starts a Playing Pile, not a 6")
    whole(s, 0, "play:hand1>c9", "there is no centre pile 9; the centre piles are c1..c2")


def test_bad_input_a_partner_s_pile_named_by_its_owner_and_kind():
    s = position(
        4,
        game=[[9, 9], [9, 9], [9], [9, 9]],
        hands=[[9], [9], [9], [9]],
        reserves=[[], [], [[8]], []],
        piles=[(1, 3, UP)],
        partnership=True,
    )
    s.apply(0, "discard:hand1>res1")
    s.apply(1, "discard:hand1>res1")
    whole(s, 2, "play:game@2>c1", "write game / resN for your own piles (game@S / resN@S name a partner's)")
    whole(s, 2, "play:res2@0>c1", "partner 0's reserve pile 2 is empty")
    whole(s, 2, "play:res3@1>c1", "Partnership Game: seat 1 is not your partner (partners: [0])")
    whole(s, 2, "play:res1@0>c1", "The Play: piles are built in sequence -- centre pile 1 takes 4 next, not a 9")


def test_bad_input_opening_discard_and_pass_with_a_one_in_strict_mode():
    s = deal(2, game=[[5], [6]], hands=[[1, 3, 4, 6, 7]])
    whole(
        s,
        0,
        "discard:hand2>res1",
        'The Play: before the first 1 card is played a player who cannot play "simply passes and does not play '
        'a card to his Reserve Pile" (pass)',
    )
    whole(
        s,
        0,
        "pass",
        'The Play: "All 1 cards must be played" -- play your 1 first (play:hand1>new); The Reserve: reserves '
        'are played from only "after he has played all of his 1 cards"',
    )


def test_parse_action_aliases_to_canonical_notation():
    assert G.parse_action("H3 > 2") == "play:hand3>c2"
    assert G.parse_action("play:g>new") == "play:game>new"
    assert G.parse_action("r1@2>c4") == "play:res1@2>c4"
    assert G.parse_action("d:h2>r5") == "discard:hand2>res5"
    assert G.parse_action("Pass") == "pass" and G.parse_action("c") == "challenge"
    assert G.parse_action("h1>r5") == "play:hand1>res5" and G.parse_action("h1>x") == "play:hand1>x"


def test_a_card_is_named_with_its_article():
    from fliptable.games.flinch_pack.cards import a_card

    assert [a_card(n) for n in ("1", "7", "8", "11", "15")] == ["a 1", "a 7", "an 8", "an 11", "a 15"]


def test_summarize_stats_gives_rates_per_game():
    out = G.summarize_stats({"turns": 90.0, "draws": 3.0, "capped": 1.0, "restocks": 6.0}, 3, 3)
    assert {k: out[k] for k in ("mean_turns", "draw_rate", "cap_rate", "restocks_per_game")} == {
        "mean_turns": 30.0,
        "draw_rate": 1.0,
        "cap_rate": 1 / 3,
        "restocks_per_game": 2.0,
    }


# -- Views and events hide what the rules hide ---------------------------------------------------------


def test_views_hide_other_hands_and_game_piles_below_the_top():
    s = G.new_state(4, {"partnership": True}, 11)
    for seat in (0, 1, 2, 3, None):
        v = s.view(seat)
        json.dumps(v)
        assert all(set(g) == {"top", "count"} for g in v["game_piles"])
        assert v.get("hand") == ([str(c) for c in s.hands[seat]] if seat is not None else None)
        assert v["hand_counts"] == [5, 5, 5, 5]
        # no list in the view carries more cards than the viewer may see
        text = json.dumps({k: v[k] for k in v if k != "hand"})
        assert '"hand' not in text.replace('"hand_counts"', "")


def test_events_show_a_draw_only_to_the_drawer():
    s = position(hands=[[2], [9]], piles=[(1, 1, UP)], stack=[3, 4, 9, 9, 9])
    events = s.apply(0, "play:hand1>c1")
    draw = next(e for e in events if e.type == "draw")
    assert draw.for_player(0)["hand"] == ["3", "4", "9", "9", "9"]
    assert "hand" not in draw.for_player(1) and "hand" not in draw.for_player(None)


def test_views_and_events_do_not_tell_where_in_the_hand_a_card_was():
    s = position(3, game=[[9, 9], [9], [9]], hands=[[4, 8, 9], [9], [9]], piles=[(1, 3, UP)], enforce="table")
    events = s.apply(0, "play:hand1>c1")  # the lowest card: its place would say "the rest are higher"
    assert [e.for_player(1)["action"] for e in events if "action" in e.data] == ["play:hand>c1"] * 2
    assert s.view(1)["challenge"]["action"] == "play:hand>c1"


# -- Determinization: what a player cannot know is re-dealt, nothing else ----------------------


def test_determinize_redeals_exactly_what_the_player_cannot_know():
    import random

    s = position(
        3,
        game=[[5, 9, 8, 7], [6, 5, 3, 2], [9, 9, 9]],
        hands=[[7, 8], [2, 9], [3, 10]],
        reserves=[[[8, 6]], [[10]], []],
        piles=[(1, 3, UP)],
        enforce="table",
    )
    s.apply(0, "discard:hand2>res2")  # seat 0 holds no 1: seat 1 challenges wrongly ...
    s.apply(1, "challenge")  # ... and draws seat 0's top, the 5, to his pile's bottom
    moved = set()
    for k in range(40):
        d = s.determinize(1, random.Random(k))
        assert d.view(1) == s.view(1) and d.frame(1) == s.frame(1)
        assert d.legal_actions(1) == s.legal_actions(1)
        assert d.hands[1] == s.hands[1] and d.reserves == s.reserves  # own hand, every reserve pile
        for q in range(3):
            assert d.game_piles[q][-1] == s.game_piles[q][-1]  # every game-pile top
        assert d.game_piles[1][0] == 5  # the penalty card seen arriving
        moved |= {q for q in (0, 2) if d.hands[q] != s.hands[q]}
        moved |= {"stack"} if d.stack != s.stack else set()
        moved |= {"game"} if d.game_piles[1][1:-1] != s.game_piles[1][1:-1] else set()
    assert moved == {0, 2, "stack", "game"}


def test_determinize_keeps_each_card_in_its_pool():
    import random

    # after a restock the new stack is known to hold the finished pile (1..10); cards still
    # in hands from the deal stay among the deal's unknown cards
    s = position(hands=[[10, 9], [9, 8]], piles=[(1, 9, UP)], stack=[], bury=True, removed=list(range(1, 11)))
    s.apply(0, "play:hand2>c1")
    s.apply(0, "discard:hand1>res1")  # seat 0's hand is out; it is refilled at his next turn
    s.apply(1, "discard:hand1>res1")
    assert s.restocks == 1 and s.hand_src[0] == [1] * 5
    for k in range(20):
        d = s.determinize(1, random.Random(k))
        assert Counter(d.hands[0] + d.stack) == Counter(s.hands[0] + s.stack)  # the restock's 20 cards
        assert d.view(1) == s.view(1)


def test_views_and_clones_share_no_lists_partners_included():
    s = G.new_state(4, {"partnership": True}, 5)
    v = s.view(0)
    v["partners"].append(1)
    v["hand"].clear()
    twin = s.clone()
    twin.view(0)["partners"].append(3)
    assert s.view(0)["partners"] == [2] and len(s.view(0)["hand"]) == 5
    assert not any(a.startswith("play:game@1") for a in s.legal_actions(0))
    legal = s.legal_actions(0)
    assert isinstance(legal, tuple)


def test_a_walked_away_player_plays_what_the_rules_require_else_ends_the_turn():
    s = position(3, game=[[4, 9], [9], [9]], hands=[[1, 8, 9], [9], [9]], piles=[(1, 3, UP)], enforce="table")
    assert s.timeout_action(0) in ("play:game>c1", "play:hand1>new")
    t = position(3, game=[[9, 9], [9], [9]], hands=[[8, 9], [9], [9]], piles=[(1, 3, UP)], enforce="table")
    assert t.timeout_action(0) == "discard:hand1>res1"
    t.apply(0, "discard:hand1>res1")
    assert t.timeout_action(1) == "discard:hand1>res1"  # never a challenge


@pytest.mark.parametrize(
    "action, reason",
    [
        ("play:hand1>res2", "The Reserve: cards reach a reserve pile only as the turn's discard (discard:handN>resM)"),
        ("play:res1>res2", 'The Reserve: "Cards, once played, cannot be moved from one Reserve Pile to another"'),
        ("play:hand9>c1", "The Layout b): a hand holds at most five cards -- hand1 to hand5"),
    ],
)
def test_a_move_no_rule_allows_names_the_rule_word_for_word(action, reason):
    from tests.helpers import assert_rejected

    s = G.new_state(3, {}, 1)
    assert assert_rejected(s, 0, action) == f"{action!r} is not legal for player 0: {reason}; legal now: play:hand1>new"
