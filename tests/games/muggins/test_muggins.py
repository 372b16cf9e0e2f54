"""Muggins (flinch.md "Rules For Other Games" / "Muggins"): one scenario test per
paragraph and per decision, bad input, view hiding, bots, stats and random-play
properties. Seats are 0-based; seat 0 plays first (the dealer is the last seat).

Two ways to set a scene: ``deck_for`` builds a full deck whose deal gives each seat
the cards it will turn up first (deck-based stories from the deal on), and
``position`` loads a mid-game position through ``state_from_json`` (every card of the
pack accounted for) for situations that take many turns to reach."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fliptable.bots.base import RandomAgent, make_agent
from fliptable.core import BotSpecError, OptionError, Over, PlayerCountError, Turn, get_game, replay
from fliptable.core.log import Recorder
from fliptable.games.flinch_pack.cards import series_pack
from fliptable.games.muggins.render import narrate, render
from fliptable.sim.match import play_match
from tests.helpers import assert_rejected

GAME = get_game("muggins")


def rejected(state, player, action, reason):
    """``action`` is refused, changes nothing (``assert_rejected``), and names exactly
    ``reason``: what a person reads is compared whole."""
    message = assert_rejected(state, player, action, reason)
    assert state.why_illegal(player, action) == reason, message
    return message


STRICT = {"enforce": "strict"}


# -- scene builders -----------------------------------------------------------------------
def deck_for(
    n: int, bottoms: dict[int, list[int]], tops: dict[int, list[int]] | None = None, packs: int = 1
) -> list[str]:
    """A whole deck (top card first) whose one-at-a-time deal gives seat k a hand whose
    bottom cards, in the order they will be turned up, are ``bottoms[k]`` and whose
    top cards (top first) are ``tops[k]``; the rest of the pack fills the middles."""
    tops = tops or {}
    full = series_pack(11, 10, packs)
    total = len(full)
    sizes = [len(range(k, total, n)) for k in range(n)]
    pool = Counter(full)
    pool.subtract(c for seat in bottoms.values() for c in seat)
    pool.subtract(c for seat in tops.values() for c in seat)
    assert min(pool.values()) >= 0, "a scene uses more cards than the pack holds"
    filler = sorted(pool.elements(), reverse=True)
    hands = []
    for k in range(n):
        top, bottom = tops.get(k, []), bottoms.get(k, [])
        middle = sizes[k] - len(top) - len(bottom)
        hands.append(top + filler[:middle] + bottom[::-1])
        filler = filler[middle:]
    assert not filler
    return [str(hands[i % n][i // n]) for i in range(total)]


def position(
    players: int,
    hands: list[list[int]],
    stocks: list[list[int]],
    centre: list[int],
    current: int | None,
    source: str = "hand",
    turn: int = 0,
    filler_seat: int | None = None,
    **options,
):
    """A mid-game state: ``hands`` top first (the last card is the bottom, played next),
    ``stocks`` bottom first, ``centre`` the top numbers of the Playing Piles by slot,
    ``current`` the card in play (from ``source``; ``None``: the turn starts as the
    engine starts it). The rest of the pack goes into
    finished piles as far as it makes whole series and onto the top of
    ``filler_seat``'s hand (default the last seat). Rules are ``enforce=strict`` unless
    ``enforce="table"`` is given."""
    options.setdefault("enforce", "strict")
    opts = GAME.resolve_options(options)
    full = Counter(GAME.deck(players, opts))
    used = Counter(c for h in hands for c in h) + Counter(c for s in stocks for c in s)
    used += Counter(c for top in centre for c in range(1, top + 1))
    if source == "hand" and current:
        used[current] += 1
    rest = full - used
    assert not (used - full), "a position uses more cards than the pack holds"
    removed = min(rest[c] for c in range(1, 11))
    for c in range(1, 11):
        rest[c] -= removed
    hands = [list(h) for h in hands]
    seat = players - 1 if filler_seat is None else filler_seat
    hands[seat] = sorted(rest.elements(), reverse=True) + hands[seat]
    slots = 11 * (2 if (opts["packs"] == 2 or (opts["packs"] == "auto" and players >= 4)) else 1)
    data = GAME.new_state(players, opts, 0).to_json()
    start = current is None
    if start:  # load with the hand's bottom card in play, then start the turn as the engine does
        current, source = hands[turn][-1], "hand"
        hands[turn] = hands[turn][:-1]
    data["state"].update(
        hands=hands,
        hand_known=[0] * players,
        stocks=[list(s) for s in stocks],
        centre=list(centre) + [0] * (slots - len(centre)),
        removed=removed,
        turn=turn,
        turns=1,
        current=current,
        source={"hand": 1, "stock": 2}[source],
    )
    state = GAME.state_from_json(data)
    if start:
        state.hands[turn].append(state.current)
        state.current, state.source = None, 0
        state._advance(None)
    assert Counter(state.all_cards()) == full
    return state


def play(state, *moves):
    """Apply ``(player, action)`` pairs (an action alone is the player whose turn it is)."""
    events = []
    for move in moves:
        player, action = move if isinstance(move, tuple) else (state.decision().player, move)
        events.extend(state.apply(player, action))
    return events


def in_play(state):
    v = state.view(None)["current"]
    return (v["card"], v["from"]) if v else None


# -- Setup ----------------------------------------------------------------------------------
def test_setup_deals_every_card_one_at_a_time_into_face_down_hands():
    deck = [str(c) for c in series_pack(11, 10)]  # 1..10, 1..10, ... unshuffled
    s = GAME.new_state(3, {}, deck=deck)
    ints = [int(c) for c in deck]
    # seat k gets cards k, k+3, ...; the first card dealt is the top of the hand and the
    # last dealt is its bottom, which seat 0 has already turned up.
    assert s.hands[1] == ints[1::3] and s.hands[2] == ints[2::3]
    assert s.hands[0] == ints[0::3][:-1]
    assert in_play(s) == (str(ints[0::3][-1]), "hand")
    assert [len(h) for h in s.hands] == [36, 37, 36]  # 110 = 37 + 37 + 36, seat 0's 37th in play
    assert s.stocks == [[], [], []] and not any(s.centre)


def test_setup_one_pack_for_two_or_three_players_two_packs_for_four_or_more():
    assert len(GAME.new_state(3, {}, 1).all_cards()) == 110
    assert len(GAME.new_state(4, {}, 1).all_cards()) == 220
    assert len(GAME.new_state(6, {"packs": 1}, 1).all_cards()) == 110
    assert len(GAME.new_state(2, {"packs": "2"}, 1).all_cards()) == 220
    assert len(GAME.new_state(4, {}, 1).centre) == 22  # one slot per 1 in the pack


# -- The Play, paragraph 1 ---------------------------------------------------------------------
def test_the_play_first_player_starts_piles_with_ones_builds_in_sequence_then_starts_stock():
    s = GAME.new_state(2, STRICT, deck=deck_for(2, {0: [1, 2, 3, 1, 9], 1: [8, 10]}))
    assert s.decision() == Turn(0) and in_play(s) == ("1", "hand")
    assert list(s.legal_actions(0)) == ["new"]
    play(s, "new")
    assert in_play(s) == ("2", "hand") and list(s.legal_actions(0)) == ["centre:1"]
    play(s, "centre:1", "centre:1")
    assert in_play(s) == ("1", "hand") and list(s.legal_actions(0)) == ["new"]
    play(s, "new")  # "Any time that a player draws a 1 he starts a new table pile."
    assert s.centre[:2] == [3, 1]
    assert in_play(s) == ("9", "hand") and list(s.legal_actions(0)) == ["keep"]
    play(s, "keep")
    assert s.stocks[0] == [9] and s.decision() == Turn(1) and in_play(s) == ("8", "hand")


# -- The Play, paragraph 2 ---------------------------------------------------------------------
def test_the_play_second_player_builds_on_centre_then_up_or_down_on_the_first_players_stock():
    s = GAME.new_state(2, STRICT, deck=deck_for(2, {0: [1, 5], 1: [2, 6, 5, 1, 9]}))
    play(s, "new", "keep")
    assert s.stocks[0] == [5]
    assert in_play(s) == ("2", "hand") and list(s.legal_actions(1)) == ["centre:1"]
    play(s, "centre:1")
    assert in_play(s) == ("6", "hand") and list(s.legal_actions(1)) == ["stock:0"]  # up on the 5
    play(s, "stock:0")
    assert in_play(s) == ("5", "hand") and list(s.legal_actions(1)) == ["stock:0"]  # down on the 6
    play(s, "stock:0")
    assert list(s.legal_actions(1)) == ["new"]
    play(s, "new")
    assert in_play(s) == ("9", "hand") and list(s.legal_actions(1)) == ["keep"]
    play(s, "keep")
    assert s.stocks == [[5, 6, 5], [9]] and s.decision() == Turn(0)


# -- The Play, paragraph 3 ---------------------------------------------------------------------
def test_the_play_own_stock_top_is_played_before_the_hand():
    s = GAME.new_state(2, STRICT, deck=deck_for(2, {0: [1, 3, 4, 10], 1: [2, 8]}))
    play(s, "new", "keep", "centre:1", "keep")
    assert s.decision() == Turn(0) and s.stocks[0] == [3]
    assert in_play(s) == ("3", "stock")  # the Stock Pile's top fits the 2
    assert list(s.legal_actions(0)) == ["centre:1"]
    rejected(
        s,
        0,
        "hand",
        '"Once a player has started a Stock Pile he must always play from it in preference to playing from '
        'his hand" (Muggins, "The Play"; enforce=strict)',
    )
    play(s, "centre:1")
    assert s.stocks[0] == [] and in_play(s) == ("4", "hand")
    play(s, "centre:1")
    assert in_play(s) == ("10", "hand") and list(s.legal_actions(0)) == ["keep"]


def test_the_play_stock_top_playable_only_on_an_opponents_stock_must_still_be_played():
    s = position(2, [[7], [9]], [[5], [4]], [], current=None, turn=0)
    # the turn starts: seat 0's 5 fits seat 1's 4
    assert in_play(s) == ("5", "stock") and list(s.legal_actions(0)) == ["stock:1"]
    play(s, "stock:1")
    assert s.stocks == [[], [4, 5]] and in_play(s) == ("7", "hand")


def test_the_play_the_stock_pile_is_returned_to_as_soon_as_its_top_can_be_played():
    s = position(2, [[], [10, 3]], [[], [7, 4]], [2], current=None, turn=1, filler_seat=0)
    # the turn starts: the 4 cannot go on the 2, so the hand's 3 is turned up
    assert in_play(s) == ("3", "hand")
    play(s, "centre:1")
    assert in_play(s) == ("4", "stock")  # now the 4 fits the 3
    play(s, "centre:1")
    assert in_play(s) == ("10", "hand")  # the 7 does not fit: back to the hand
    assert s.stocks[1] == [7]


def test_the_play_centre_is_preferred_to_an_opponents_stock():
    deck = deck_for(2, {0: [1, 4], 1: [2, 3]})
    s = GAME.new_state(2, STRICT, deck=deck)
    play(s, "new", "keep", "centre:1")
    assert in_play(s) == ("3", "hand")  # fits the centre 2 and, down, seat 0's 4
    assert list(s.legal_actions(1)) == ["centre:1"]
    rejected(
        s,
        1,
        "stock:0",
        "\"he must play it on one of the Playing Piles in preference to playing it on an opponent's Stock "
        'Pile" (Muggins, "The Play"; enforce=strict)',
    )
    t = GAME.new_state(2, {"enforce": "table"}, deck=deck)
    play(t, "new", "keep", "centre:1")
    assert list(t.legal_actions(1)) == ["centre:1", "stock:0", "keep"]


def test_the_play_continues_on_opponents_stock_piles_until_a_hand_card_cannot_be_played():
    s = position(3, [[], [9, 10, 6, 7, 2], [5]], [[4], [], [8]], [], current=3, turn=1, filler_seat=0)
    assert list(s.legal_actions(1)) == ["stock:0"]  # 3 down on seat 0's 4
    play(s, "stock:0")
    assert in_play(s) == ("2", "hand") and list(s.legal_actions(1)) == ["stock:0"]  # 2 down on the 3
    play(s, "stock:0")
    assert in_play(s) == ("7", "hand") and list(s.legal_actions(1)) == ["stock:2"]  # 7 down on the 8
    play(s, "stock:2")
    assert in_play(s) == ("6", "hand") and list(s.legal_actions(1)) == ["stock:2"]
    play(s, "stock:2")
    # the 10 fits nothing: it goes on seat 1's own Stock Pile and the turn ends
    assert in_play(s) == ("10", "hand") and list(s.legal_actions(1)) == ["keep"]
    play(s, "keep")
    assert s.stocks == [[4, 3, 2], [10], [8, 7, 6]] and s.decision() == Turn(2)


def test_the_play_several_opponents_stock_piles_offer_a_choice():
    s = position(3, [[], [10], [9]], [[6], [], [8]], [], current=7, turn=1, filler_seat=0)
    assert list(s.legal_actions(1)) == ["stock:0", "stock:2"]
    play(s, "stock:2")
    assert s.stocks[2] == [8, 7] and in_play(s) == ("10", "hand")


def test_the_play_playing_piles_build_up_by_exactly_one():
    # "If it is a 2 he plays it on the 1 and so on": a pile showing 4 takes a 5 -- not a
    # 4 (the same), not a 6 (two up), not a 3 (one down)
    for card, fits in ((5, True), (4, False), (6, False), (3, False)):
        s = position(2, [[9], [8, 9]], [[], [1]], [4], current=card, turn=0, filler_seat=1)
        assert ("centre:1" in s.legal_actions(0)) is fits, card
        assert (s.best(card) == 2) is fits
    s = position(2, [[9], [8, 9]], [[], []], [9], current=10, turn=0, filler_seat=1)
    play(s, "centre:1")  # the 10 finishes the pile: it leaves the table
    assert s.centre[0] == 0


def test_the_play_an_opponents_stock_pile_takes_exactly_one_up_or_one_down():
    # "the next card in sequence either up or down": a Stock Pile showing 6 takes a 5 or a
    # 7 -- not another 6, not a 4 or an 8
    for card, fits in ((5, True), (7, True), (6, False), (4, False), (8, False)):
        for enforce in ("strict", "table"):
            s = position(2, [[9], [8, 9]], [[], [6]], [], current=card, turn=0, filler_seat=1, enforce=enforce)
            assert ("stock:1" in s.legal_actions(0)) is fits, (card, enforce)
            assert (s.best(card) == 1) is fits
    # the Stock Pile's top is played first exactly when it fits: a 7 on a 6, not on another 7
    for top, first in ((6, True), (7, False), (9, False)):
        s = position(2, [[9, 3], [8, 9]], [[7], [top]], [], current=None, turn=0, filler_seat=1)
        assert (in_play(s) == ("7", "stock")) is first, top


# -- Muggins (the call) -------------------------------------------------------------------------------
def test_muggins_keeping_a_playable_card_is_called_and_penalised():
    deck = deck_for(2, {0: [1, 9], 1: [5]}, tops={1: [7]})
    s = GAME.new_state(2, {"enforce": "table"}, deck=deck)
    assert list(s.legal_actions(0)) == ["new", "keep"]
    play(s, "keep")  # the 1 could have started a pile
    # play goes on: seat 1's turn has begun, and seat 1 may call "Muggins" as his action
    assert s.decision() == Turn(1) and in_play(s) == ("5", "hand")
    assert "muggins" in s.legal_actions(1) and s.legal_actions(0) == ()
    assert s.view(0)["muggins"] == {"offender": 0, "offence": "keep", "card": "1", "window": 1}
    hand1 = len(s.hands[1])
    play(s, (1, "muggins"))
    # the offender takes the top card of the caller's hand onto his own Stock Pile
    assert s.stocks[0] == [1, 7] and len(s.hands[1]) == hand1 - 1
    # seat 1's turn goes on with the card already in play
    assert s.decision() == Turn(1) and in_play(s) == ("5", "hand") and s.calls == 1
    assert "muggins" not in s.legal_actions(1)


def test_muggins_a_card_wrongly_played_from_the_hand_is_taken_back():
    deck = deck_for(2, {0: [1, 4], 1: [2, 3, 10]}, tops={0: [8]})
    s = GAME.new_state(2, {"enforce": "table"}, deck=deck)
    play(s, "new", "keep", "centre:1")
    play(s, "stock:0")  # the 3 belonged on the centre 2
    # seat 1 plays on with the next card turned up; seat 0 may call meanwhile
    assert s.stocks[0] == [4, 3] and s.decision() == Turn(1, (0,)) and in_play(s) == ("10", "hand")
    events = play(s, (0, "muggins"))
    assert [e.type for e in events][:3] == ["muggins", "take_back", "penalty"]
    assert s.stocks[0] == [4]  # taken back off seat 0's Stock Pile ...
    assert s.hands[1][-2:] == [10, 3]  # ... into the bottom of the hand, under the 10 turned up since
    assert s.stocks[1] == [8]  # the penalty: the top of the caller's hand
    assert s.decision() == Turn(0)  # "This will end his play until his turn comes again."


def test_muggins_a_card_wrongly_played_from_the_stock_goes_back_under_the_penalty():
    s = position(
        3, [[], [10, 9], [6, 9]], [[], [5], [6]], [4], current=5, source="stock", turn=1, filler_seat=0, enforce="table"
    )
    assert list(s.legal_actions(1)) == ["centre:1", "stock:2", "hand"]
    play(s, "stock:2")
    assert s.decision() == Turn(1, (0, 2)) and in_play(s) == ("9", "hand")
    play(s, (2, "muggins"))
    assert s.stocks[2] == [6] and s.hands[1] == [10, 9]  # the 9 turned up since goes back too
    assert s.stocks[1] == [5, 6]  # the 5 back on its pile, the caller's 6 on top
    assert s.decision() == Turn(2) and in_play(s) == ("9", "hand") and s.hands[2] == []


def test_muggins_drawing_from_the_hand_while_the_stock_top_is_playable_is_called():
    s = position(
        2, [[3, 10], [9, 8]], [[5], []], [4], current=5, source="stock", turn=0, filler_seat=1, enforce="table"
    )
    play(s, "hand")
    assert in_play(s) == ("10", "hand") and s.decision() == Turn(0, (1,))
    assert s.view(1)["muggins"]["offence"] == "skip-stock"
    top1 = s.hands[1][0]
    play(s, (1, "muggins"))
    assert s.hands[0] == [3, 10]  # the drawn card goes back under the hand
    assert s.stocks[0] == [5, top1] and s.decision() == Turn(1)


def test_muggins_a_one_must_start_a_pile_so_putting_it_on_a_stock_is_a_wrong_play():
    s = position(2, [[3], [9, 8]], [[], [2]], [], current=1, turn=0, filler_seat=1, enforce="table")
    assert list(s.legal_actions(0)) == ["new", "stock:1", "keep"]
    play(s, "stock:1")
    assert s.view(1)["muggins"]["offence"] == "wrong-play"
    play(s, (1, "muggins"))
    assert s.stocks[1] == [2] and s.hands[0][-1] == 1
    strict = position(2, [[3], [9, 8]], [[], [2]], [], current=1, turn=0, filler_seat=1)
    assert list(strict.legal_actions(0)) == ["new"]


def test_muggins_nobody_calls_play_goes_on_and_the_window_closes_with_the_next_action():
    s = position(
        3, [[], [10, 9], [6]], [[], [5], [6]], [4], current=5, source="stock", turn=1, filler_seat=0, enforce="table"
    )
    play(s, "stock:2")
    assert s.decision().claimants == (0, 2)
    play(s, "keep")  # seat 1 plays on: the wrong play stands
    assert s.stocks[2] == [6, 5] and s.stocks[1] == [9] and s.decision() == Turn(2)
    assert s.view(0)["muggins"] is None and s.calls == 0 and s.deviations == 1
    rejected(s, 0, "muggins", "player 0 may not act now (it is player 2's turn)")


def test_muggins_a_skipped_card_is_placed_when_nobody_calls():
    s = position(
        2, [[3, 10], [9, 8]], [[5], []], [4], current=5, source="stock", turn=0, filler_seat=1, enforce="table"
    )
    play(s, "hand")
    assert list(s.legal_actions(0)) == ["keep"]
    play(s, "keep")
    assert s.stocks[0] == [5, 10] and s.decision() == Turn(1)


def test_muggins_two_callers_the_first_call_applied_is_credited():
    s = position(
        3, [[], [10, 9], [6]], [[], [5], [6]], [4], current=5, source="stock", turn=1, filler_seat=0, enforce="table"
    )
    play(s, "stock:2")
    top0 = s.hands[0][0]
    play(s, (0, "muggins"))
    assert s.stocks[1] == [5, top0]
    assert s.calls == 1 and s.decision() == Turn(2)
    rejected(s, 2, "muggins", '"Muggins" may be called only right after an opponent deviates, before the next action')


def test_muggins_a_caller_who_gives_away_his_last_card_has_played_out_and_wins():
    s = position(2, [[10], [6]], [[], []], [4], current=5, turn=0, filler_seat=0, enforce="table")
    play(s, "keep")
    assert in_play(s) == ("6", "hand") and s.legal_actions(1) == ("stock:0", "keep")
    # seat 1's last card is in play: he holds nothing in hand to pay a call with
    rejected(
        s,
        1,
        "muggins",
        '"he is obliged to take a card from the top of the hand of the player who calls": your hand is '
        "empty, so you have no card to give",
    )
    t = position(3, [[10], [6], [7, 3]], [[], [], []], [4], current=5, turn=0, filler_seat=0, enforce="table")
    play(t, "keep")
    play(t, (2, "muggins"))
    assert not t.is_over() and t.hands[2] == [3]
    u = position(3, [[10], [9, 3], [7]], [[], [], []], [4], current=5, turn=0, filler_seat=0, enforce="table")
    play(u, "keep")
    play(u, (2, "muggins"))  # seat 2's only card pays the penalty: he has played out
    assert u.is_over() and u.result().winners == (2,) and u.result().ranks[2] == 1


def test_muggins_nobody_goes_out_by_a_deviation():
    # the last card on an opponent's Stock Pile while the centre takes it would be a wrong
    # play nobody could call (a winning play ends the game): it is not offered
    s = position(2, [[], [9, 8, 2]], [[], [6]], [4], current=5, turn=0, filler_seat=1, enforce="table")
    assert list(s.legal_actions(0)) == ["centre:1", "keep"]
    rejected(
        s,
        0,
        "stock:1",
        "your last card must go where the rules send it: nobody goes out by a deviation, which could no "
        "longer be called",
    )
    play(s, "centre:1")
    assert s.is_over() and s.result().winners == (0,)
    t = position(2, [[], [9, 8, 2]], [[], [6]], [1], current=5, turn=0, filler_seat=1, enforce="table")
    assert list(t.legal_actions(0)) == ["stock:1", "keep"]  # no centre pile: a rightful play
    play(t, "stock:1")
    assert t.is_over()


def test_muggins_strict_mode_allows_no_deviation_so_there_is_nothing_to_call():
    s = position(2, [[3], [9, 8]], [[5], [6]], [4], current=5, source="stock", turn=0, filler_seat=1)
    assert list(s.legal_actions(0)) == ["centre:1"]
    rejected(
        s,
        0,
        "hand",
        '"Once a player has started a Stock Pile he must always play from it in preference to playing from '
        'his hand" (Muggins, "The Play"; enforce=strict)',
    )
    # spelled out on purpose: each illegal action beside the rule its refusal names
    rejected(
        s,
        0,
        "stock:1",
        "\"he must play it on one of the Playing Piles in preference to playing it on an opponent's Stock "
        'Pile" (Muggins, "The Play"; enforce=strict)',
    )
    rejected(s, 0, "keep", "the card in play is your Stock Pile's top; 'keep' is for a card drawn from the hand")
    rejected(s, 1, "muggins", "player 1 may not act now (it is player 0's turn)")
    rejected(
        s,
        0,
        "muggins",
        'in enforce=strict nobody can deviate from "The Play", so there is never a Muggins to call (use enforce=table)',
    )
    h = position(2, [[3], [9, 8]], [[], [6]], [4], current=5, turn=0, filler_seat=1)
    rejected(
        h,
        0,
        "keep",
        'a card that can be played must be played: "should he have an opportunity to play and does not do '
        'so" (Muggins, "The Play"; enforce=strict)',
    )


def test_muggins_cannot_be_called_without_a_deviation_in_table_mode():
    s = position(2, [[3], [9, 8]], [[], [6]], [4], current=5, turn=0, filler_seat=1, enforce="table")
    rejected(s, 0, "muggins", '"Muggins" may be called only right after an opponent deviates, before the next action')
    rejected(s, 1, "muggins", "player 1 may not act now (it is player 0's turn)")


def test_muggins_the_offender_cannot_call_himself():
    s = position(3, [[3, 4], [9, 8], [7]], [[], [6], []], [4], current=5, turn=0, filler_seat=1, enforce="table")
    play(s, "stock:1")  # the 5 belonged on the centre 4
    assert s.decision() == Turn(0, (1, 2))
    rejected(s, 0, "muggins", "you cannot call Muggins on yourself")
    rejected(s, 1, "centre:1", "it is seat 0's turn: you may only call 'muggins' now")


def test_muggins_a_call_and_its_outcome_are_public_and_nobody_answers_in_secret():
    # who may call depends only on public facts; a claimant that does not call is never
    # recorded: every seat sees the same table whatever the others do not do
    s = position(
        3, [[], [10, 9], [6, 9]], [[], [5], [6]], [4], current=5, source="stock", turn=1, filler_seat=0, enforce="table"
    )
    events = play(s, "stock:2")
    public = [e.full() for e in events]
    assert all(e.for_player(q) == e.full() for e in events for q in (0, 1, 2, None))
    assert [e["type"] for e in public] == ["play", "reveal", "deviation"]
    views = [dict(s.view(q), seat=None) for q in (0, 1, 2, None)]
    assert all(v == views[0] for v in views)


# -- hand exhausted; to win ----------------------------------------------------------------------------
def test_when_a_players_hand_is_exhausted_he_turns_the_stock_pile_over_at_once():
    # "When a player's hand is exhausted, he turns the cards in the Stock Pile face down and
    # plays them through again as a hand": as soon as the last hand card is placed, not when
    # a card is next needed -- so nobody has to load a pile that is already face down
    s = position(3, [[], [10, 8], [9]], [[5, 8, 4], [], [2]], [2], current=7, turn=0, filler_seat=1)
    events = play(s, "keep")  # the 7 fits nothing: onto the Stock Pile; the hand is out
    assert "turn_over" in [e.type for e in events]
    assert s.stocks[0] == [] and s.hands[0] == [5, 8, 4, 7]
    assert s.view(None)["stocks"][0] == {"top": None, "count": 0}
    # seat 1 turns up an 8: seat 0's 7 would have taken it had the pile stayed face up
    assert in_play(s) == ("8", "hand") and s.legal_actions(1) == ("keep",)


def test_exhausted_hand_mid_turn_the_stock_is_turned_over_and_played_through_again():
    s = position(2, [[], [9]], [[5, 8, 3], [10]], [], current=1, turn=0, filler_seat=1)
    events = play(s, "new")
    assert "turn_over" in [e.type for e in events]
    # the Stock Pile's top (3) is now the bottom of the hand and turned up first
    assert in_play(s) == ("3", "hand") and s.hands[0] == [5, 8] and s.stocks[0] == []


def test_to_win_the_first_to_exhaust_hand_and_stock_wins():
    s = position(3, [[], [9], [8]], [[], [10], [7]], [3], current=4, turn=0, filler_seat=1)
    events = play(s, "centre:1")
    assert s.is_over() and isinstance(s.decision(), Over) and events[-1].type == "win"
    r = s.result()
    assert r.winners == (0,) and r.ranks[0] == 1 and r.scores[0] == 0.0
    assert s.legal_actions(1) == ()
    assert assert_rejected(s, 1, "keep") == "the game is over; no action is accepted (got 'keep')"


def test_to_win_a_stock_card_can_be_the_last_one():
    s = position(2, [[2], [9]], [[], [10]], [1], current=1, turn=0, filler_seat=1)
    play(s, "new")  # the hand's 2 is turned up and goes on the 1
    play(s, "centre:1")
    assert s.is_over() and s.result().winners == (0,)


# -- decisions -------------------------------------------------------------------------------------------
def test_decision_a_playing_pile_reaching_ten_leaves_the_table():
    s = position(2, [[3], [8]], [[], []], [9, 5], current=10, turn=0, filler_seat=1)
    removed = s.removed
    events = play(s, "centre:1")
    assert s.centre[:2] == [0, 5] and s.removed == removed + 1
    assert "pile_done" in [e.type for e in events]
    assert Counter(s.all_cards()) == Counter(GAME.deck(2, s.options))


def test_decision_a_new_pile_takes_the_lowest_free_slot():
    s = position(2, [[3], [8]], [[], []], [0, 5, 0], current=1, turn=0, filler_seat=1)
    play(s, "new")
    assert s.centre[:3] == [1, 5, 0]


def test_decision_round_limit_ends_the_game_fewest_cards_left_wins():
    s = GAME.new_state(2, {"round_limit": 1}, deck=deck_for(2, {0: [9], 1: [8, 10]}))
    play(s, "keep", "stock:0")
    assert not s.is_over() and in_play(s) == ("10", "hand")
    events = play(s, "keep")
    assert s.is_over() and events[-1].type == "round_limit"
    r = s.result()
    assert r.details["ended"] == "round_limit"
    assert r.details["cards_left"] == [56, 54] and r.winners == (1,) and r.ranks == (2, 1)


def test_decision_round_limit_ties_share_the_win():
    s = GAME.new_state(2, {"round_limit": 1}, deck=deck_for(2, {0: [9], 1: [5]}))
    play(s, "keep", "keep")
    assert s.is_over() and s.result().winners == (0, 1) and s.result().ranks == (1, 1)


def test_decision_action_notation_aliases_and_fixed_action_space():
    assert GAME.parse_action(" Center 2 ") == "centre:2"
    assert GAME.parse_action("STOCK 3") == "stock:3"
    assert GAME.parse_action("Muggins") == "muggins"
    space = GAME.action_space(3, GAME.resolve_options({}))
    assert space[:2] == ("new", "centre:1") and space[-3:] == ("keep", "hand", "muggins")
    assert len(space) == 1 + 11 + 3 + 3 and "decline" not in space
    assert len(GAME.action_space(6, GAME.resolve_options({}))) == 1 + 22 + 6 + 3


def test_enforce_table_is_the_rulebooks_game_and_the_default():
    # "Should a player deviate from the above ... his opponent calls 'Muggins'": the
    # players police the rules, so deviations are possible unless enforce=strict
    s = GAME.new_state(3, {}, 1)
    assert s.options["enforce"] == "table"
    assert GAME.resolve_options({})["enforce"] == "table"


def test_decision_options_are_validated():
    with pytest.raises(OptionError, match=re.escape("accepted: table|strict")):
        GAME.new_state(2, {"enforce": "loose"})
    with pytest.raises(OptionError, match="round_limit"):
        GAME.new_state(2, {"round_limit": 0})
    with pytest.raises(OptionError, match="round_limit"):
        GAME.new_state(2, {"round_limit": 10001})
    with pytest.raises(OptionError, match="muggins_ms"):
        GAME.new_state(2, {"muggins_ms": "inf"})
    with pytest.raises(PlayerCountError, match="2 to 6"):
        GAME.new_state(1)


# -- bad input ---------------------------------------------------------------------------------------------
def test_bad_input_is_rejected_with_the_rule_and_state_unchanged():
    s = position(2, [[3], [9, 8]], [[], [6]], [4, 2], current=7, turn=0, filler_seat=1)
    assert list(s.legal_actions(0)) == ["stock:1"]
    rejected(
        s,
        0,
        "new",
        'only a 1 starts a new Playing Pile ("Any time that a player draws a 1 he starts a new table '
        'pile"); the card is a 7',
    )
    # spelled out on purpose: each illegal action beside the rule its refusal names
    rejected(
        s,
        0,
        "centre:1",
        "A 7 does not go on centre pile 1 (top 4): Playing Piles build up in sequence, one at a time "
        '(Muggins, "The Play")',
    )
    rejected(s, 0, "centre:5", "centre slot 5 holds no Playing Pile; a 1 starts one with 'new'")
    rejected(s, 0, "centre:99", "there are centre slots 1 to 11 only")
    rejected(
        s,
        0,
        "stock:0",
        "you cannot play onto your own Stock Pile; 'keep' puts a card drawn from the hand there and ends your turn",
    )
    rejected(s, 0, "stock:4", "there is no seat 4; seats are 0 to 1")
    rejected(s, 0, "hand", "you are already playing a card drawn from your hand")
    rejected(s, 0, "fly", "unknown action; Muggins actions: new, centre:N, stock:K, keep, hand, muggins (decline)")
    rejected(s, 1, "keep", "player 1 may not act now (it is player 0's turn)")
    assert_rejected(s, 7, "keep", "no player 7")
    assert_rejected(s, 0, 3, "must be text")
    s2 = position(2, [[3], [9, 8]], [[], [6]], [4], current=2, turn=0, filler_seat=1)
    rejected(
        s2,
        0,
        "stock:1",
        "A 2 goes on an opponent's Stock Pile only next in sequence, one up or one down (seat 1's top is 6)",
    )
    s3 = position(2, [[3], [9, 8]], [[], []], [4], current=2, turn=0, filler_seat=1)
    rejected(s3, 0, "stock:1", "seat 1 has no Stock Pile yet")
    t = position(2, [[3], [9, 8]], [[5], [6]], [4], current=5, source="stock", turn=0, filler_seat=1, enforce="table")
    assert list(t.legal_actions(0)) == ["centre:1", "stock:1", "hand"]
    rejected(t, 0, "keep", "the card in play is your Stock Pile's top; 'keep' is for a card drawn from the hand")
    rejected(t, 0, "stock:2", "there is no seat 2; seats are 0 to 1")
    rejected(t, 0, "centre:x", "write centre:N with N a centre slot number")
    assert_rejected(t, 0, "stock:" + "9" * 5000, "actions are short words")


# -- views ----------------------------------------------------------------------------------------------------
def _views(state):
    return [state.view(p) for p in [None, *range(state.players)]]


def test_views_hide_every_hand_even_from_its_owner_and_stock_cards_below_the_top():
    a = position(3, [[2, 9, 6], [7, 3], [5]], [[5, 8, 4], [], [10, 1, 6]], [2], current=9, turn=0, filler_seat=1)
    b = position(3, [[6, 2, 9], [3, 7], [5]], [[8, 5, 4], [], [1, 10, 6]], [2], current=9, turn=0, filler_seat=1)
    for va, vb in zip(_views(a), _views(b), strict=True):
        assert va == vb
        json.dumps(va)
    v = a.view(0)
    assert v["hand_counts"][0] == 3 and v["stocks"][0] == {"top": "4", "count": 3}
    assert v["current"] == {"card": "9", "from": "hand"}
    assert "hands" not in v and "stocks" in v
    # the filler in seat 1's hand is many cards; its order is hidden too
    c = a.clone()
    c.hands[1].reverse()
    assert _views(c) == _views(a)


def test_views_show_the_public_table_and_events_are_public():
    s = GAME.new_state(2, {}, deck=deck_for(2, {0: [1, 9], 1: [8]}))
    events = play(s, "new", "keep")
    v = s.view(None)
    assert v["centre"][0] == "1" and v["stocks"][0]["top"] == "9" and v["turn"] == 1
    for e in events:
        assert e.for_player(None) == e.full()


# -- rendering ------------------------------------------------------------------------------------------------------
def test_render_and_narrate_show_the_layout_and_every_event():
    s = position(
        3, [[], [10, 9], [6]], [[], [5], [6]], [4], current=5, source="stock", turn=1, filler_seat=0, enforce="table"
    )
    text = render(s.view(1), 1)
    assert "Centre: 1:4" in text and "In play" in text and "you" in text
    events = play(s, "stock:2", (0, "muggins"))
    lines = [narrate(e.for_player(None)) for e in events]
    assert any("Muggins" in line for line in lines) and all(lines)
    assert "may call muggins" not in render(s.view(0), 0)


# -- bots and stats ---------------------------------------------------------------------------------------------------
def test_greedy_bot_follows_the_rules_and_calls_muggins():
    bot = make_agent(GAME, "greedy")
    bot.reset(GAME, 1, 3, {}, random.Random(1))
    assert bot.act({"cards_left": [5, 3, 1]}, ["stock:0", "stock:2"]) == "stock:2"
    assert bot.act({}, ["centre:1", "stock:2", "keep"]) == "centre:1"
    assert bot.act({}, ["new", "keep"]) == "new"
    assert bot.act({}, ["muggins", "decline"]) == "muggins"
    shy = make_agent(GAME, "greedy:call=0")
    shy.reset(GAME, 1, 3, {}, random.Random(1))
    assert shy.act({}, ["muggins", "decline"]) == "decline"
    with pytest.raises(BotSpecError, match="call"):
        make_agent(GAME, "greedy:call=2")
    cheat = make_agent(GAME, "greedy:cheat=1")
    cheat.reset(GAME, 1, 3, {}, random.Random(1))
    assert cheat.act({"cards_left": [5, 3, 1]}, ["centre:1", "stock:0", "stock:2", "keep"]) == "stock:2"


def test_greedy_never_deviates_so_table_mode_plays_like_strict():
    def agents():
        return [make_agent(GAME, "greedy") for _ in range(3)]

    a = play_match(GAME, agents(), {"enforce": "table"}, seed=5)
    b = play_match(GAME, agents(), {"enforce": "strict"}, seed=5)
    assert a.state.is_over() and a.state.deviations == 0
    assert a.state.result() == b.state.result()


def test_greedy_cheating_in_table_mode_is_called_by_greedy_opponents():
    # a call races the cheater's next action: quick callers catch most deviations
    agents = [make_agent(GAME, "greedy:cheat=1"), make_agent(GAME, "greedy:rt=50"), make_agent(GAME, "greedy:rt=50")]
    r = play_match(GAME, agents, {"enforce": "table"}, seed=3)
    assert r.state.deviations > 0 and r.state.deviations / 2 <= r.state.calls <= r.state.deviations


def test_stats_count_turns_wins_and_calls():
    totals: dict[str, float] = {}
    for seed in range(4):
        r = play_match(GAME, [RandomAgent() for _ in range(3)], {"enforce": "table"}, seed=seed)
        for k, v in GAME.stats(r.state).items():
            totals[k] = totals.get(k, 0.0) + v
    out = GAME.summarize_stats(totals, 4, 3)
    assert out["mean_turns"] > 3 and 0 <= out["round_limit_rate"] <= 1
    assert "win_rate_by_seat" not in out  # simulate's win_rate says it
    assert out["muggins_calls_per_game"] > 0


# -- random play: conservation, legality, round trips, replay --------------------------------------------------
@pytest.mark.parametrize("enforce", ["strict", "table"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_games_keep_every_card_and_round_trip(enforce, players):
    index = GAME.action_index(players, GAME.resolve_options({"enforce": enforce}))
    rng = random.Random(players)
    rec = Recorder(GAME, players, {"enforce": enforce}, seed=players)
    s = rec.state
    full = Counter(GAME.deck(players, s.options))
    steps = 0
    while not s.is_over():
        d = s.decision()
        player = rng.choice(d.players)
        legal = s.legal_actions(player)
        assert legal and all(a in index for a in legal)
        rec.apply(player, rng.choice(legal))
        steps += 1
        assert Counter(s.all_cards()) == full
        if steps % 23 == 0:
            data = json.loads(json.dumps(s.to_json()))
            assert GAME.state_from_json(data).to_json() == s.to_json() == s.clone().to_json()
    log = rec.finish()
    assert replay(log).to_json() == s.to_json()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), enforce=st.sampled_from(["strict", "table"]))
def test_random_games_every_seat_sees_the_same_public_table(seed, players, enforce):
    """Nothing in Muggins is private to one seat: hands are hidden from their owners too,
    so every seat's view equals the spectator's (but for ``seat``)."""
    s = GAME.new_state(players, {"enforce": enforce, "round_limit": 30}, seed)
    rng = random.Random(seed)
    full = Counter(GAME.deck(players, s.options))
    while not s.is_over():
        public = dict(s.view(None), seat=0)
        for p in range(players):
            assert dict(s.view(p), seat=0) == public
        d = s.decision()
        player = rng.choice(d.players)
        s.apply(player, rng.choice(s.legal_actions(player)))
    assert Counter(s.all_cards()) == full
    r = s.result()
    assert r.over and r.winners
    if s.ended == "out":
        assert r.details["cards_left"][r.winners[0]] == 0


def test_determinize_redeals_only_the_cards_nobody_has_seen():
    # seat 0's hand runs out: its turned-over Stock Pile is a known hand; the dealt hands
    # (never seen, not even by their owners) are re-dealt among themselves
    s = position(3, [[], [10, 8], [9]], [[5, 8, 4], [], [2]], [2], current=7, turn=0, filler_seat=1)
    s.apply(0, "keep")
    assert s.hands[0] == [5, 8, 4, 7] and s.hand_known[0] == 4
    moved = False
    for k in range(20):
        d = s.determinize(2, random.Random(k))
        assert d.hands[0] == s.hands[0] and d.stocks == s.stocks and d.current == s.current
        assert [d.view(q) for q in (0, 1, 2, None)] == [s.view(q) for q in (0, 1, 2, None)]
        assert d.legal_actions(1) == s.legal_actions(1)
        moved |= d.hands[1] != s.hands[1] or d.hands[2] != s.hands[2]
    assert moved


def test_bad_input_the_hand_or_a_decline_refused_whole():
    s = position(
        2,
        [[], [9, 8]],
        [[6, 5], [7]],
        [4],
        current=5,
        source="stock",
        turn=0,
        filler_seat=1,
        enforce="table",
        turn_over="when-needed",
    )
    rejected(s, 0, "hand", "your hand is empty; the Stock Pile's top must be played")
    rejected(s, 0, "decline", "decline answers a Muggins window (muggins=window); none is open")


def test_a_walked_away_player_s_placement_leaves_strict_rules_strict():
    s = GAME.new_state(3, STRICT, 16)  # seat 0 has drawn a 1
    before = json.dumps(s.to_json(), sort_keys=True)
    assert s.timeout_action(0) == "new"
    assert json.dumps(s.to_json(), sort_keys=True) == before
    assert s.legal_actions(0) == ("new",)  # keeping the 1 is still a deviation strict rules forbid


def test_stats_count_a_game_ended_by_the_round_limit():
    end = play_match(GAME, [RandomAgent(), RandomAgent()], {"round_limit": 1}, 3).state
    assert end.ended == "round_limit" and GAME.stats(end)["round_limit_endings"] == 1.0
    out = play_match(GAME, [RandomAgent(), RandomAgent()], {}, 3).state
    assert out.ended == "out" and GAME.stats(out)["round_limit_endings"] == 0.0
