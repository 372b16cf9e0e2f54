"""Go to the Store (flinch.md "Go to the Store"): scenario tests per paragraph and per
decision, bad input, view hiding, bots."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from fliptable.bots.base import RandomAgent, make_agent
from fliptable.core import IllegalAction, PlayerCountError, get_game
from fliptable.sim.match import play_match

GAME = get_game("go-to-the-store")
PACK = Counter({n: 4 for n in range(1, 11)})


def deal(players: int, hands: dict[int, list[int]], store_top: list[int] = ()) -> list[str]:
    """A deck dealing six cards to each seat one at a time from seat 0 (``hands`` fixes
    some seats' hands), then the Store with ``store_top`` on top; the rest of the pack
    fills the other seats round robin, then the bottom of the Store."""
    left = PACK - Counter(c for h in hands.values() for c in h) - Counter(store_top)
    assert all(v >= 0 for v in left.values())
    rest = sorted(left.elements())
    full = {s: list(h) for s, h in hands.items()}
    free = [s for s in range(players) if s not in hands]
    for s in free:
        full[s] = []
    i = 0
    while any(len(full[s]) < 6 for s in free):
        s = free[i % len(free)]
        if len(full[s]) < 6:
            full[s].append(rest.pop(0))
        i += 1
    assert all(len(full[s]) == 6 for s in range(players))
    dealt = [full[i % players][i // players] for i in range(6 * players)]
    return [str(c) for c in dealt + list(store_top) + rest]


def new(players, hands, store_top=(), seed=0):
    return GAME.new_state(players, None, seed, deck=deal(players, hands, store_top))


def hand(state, seat):
    return state.view(seat)["hand"]


# -- Setup -------------------------------------------------------------------------------
def test_store_setup_six_each_rest_is_the_store_face_down():
    deck = [str(n) for n in range(1, 11)] * 4
    s = GAME.new_state(3, None, 0, deck=deck)
    assert s.view(None)["hand_counts"] == [6, 6, 6]
    assert hand(s, 0) == sorted(int(c) for c in deck[0:18:3])
    assert s.view(0)["store_count"] == 22 and s.store[0] == int(deck[18])
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    with pytest.raises(PlayerCountError):
        GAME.new_state(5, None, 0)


def test_store_setup_four_of_a_kind_dealt_is_a_book_at_once():
    s = new(2, {0: [3, 3, 3, 3, 1, 2]})
    assert s.books[0] == [3] and hand(s, 0) == [1, 2]


# -- asking ----------------------------------------------------------------------------------
def test_store_ask_give_me_all_of_your_fives_hands_over_all_and_asks_again():
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5, 5, 7, 8, 9, 10]})
    events = s.apply(0, "ask:2:5")
    assert hand(s, 0).count(5) == 3 and 5 not in hand(s, 2)
    assert events[0].data["got"] == 2
    assert s.decision().player == 0  # "the same player asks again"


def test_store_ask_must_hold_one_of_the_number():
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5, 5, 7, 8, 9, 10]})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="must hold|hold no 7|has in his hand"):
        s.apply(0, "ask:2:7")
    assert s.to_json() == before


def test_store_go_to_the_store_draws_top_card_and_turn_passes():
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5, 5, 7, 8, 9, 10]}, store_top=[9])
    events = s.apply(0, "ask:2:1")  # seat 2 has no 1s
    assert [e.type for e in events][:2] == ["ask", "draw"]
    assert hand(s, 0).count(9) == 1 and s.view(0)["store_count"] == 21
    assert s.decision().player == 1


def test_store_decision_drawing_the_number_asked_for_still_passes_the_turn():
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5, 5, 7, 8, 9, 10]}, store_top=[1])
    s.apply(0, "ask:2:1")
    assert hand(s, 0).count(1) == 2
    assert s.decision().player == 1  # "When the player asking draws a card ... it is the next player's turn"


def test_store_there_is_no_stop():
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5, 5, 7, 8, 9, 10]})
    s.apply(0, "ask:2:5")
    assert "stop" not in s.legal_actions(0)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="continues to ask"):
        s.apply(0, "stop")
    assert s.to_json() == before


def test_store_books_laid_aside_when_completed_also_by_a_draw():
    s = new(2, {0: [5, 5, 5, 1, 2, 3], 1: [4, 6, 7, 8, 9, 10]}, store_top=[5])
    s.apply(0, "ask:1:1")  # fails; draws the fourth 5
    assert s.books[0] == [5] and 5 not in hand(s, 0)
    s2 = new(2, {0: [5, 5, 5, 1, 2, 3], 1: [5, 6, 7, 8, 9, 10]})
    events = s2.apply(0, "ask:1:5")
    assert s2.books[0] == [5] and [e.type for e in events] == ["ask", "book"]


def test_store_decision_hand_emptied_during_the_turn_draws_and_goes_on():
    s = new(2, {0: [5, 5, 5, 1, 1, 1], 1: [5, 1, 7, 7, 7, 8]}, store_top=[2, 7])
    s.apply(0, "ask:1:5")
    events = s.apply(0, "ask:1:1")
    assert s.books[0] == [5, 1]
    # seat 0's hand emptied during his turn: he draws the top of the Store (a 2) and goes on
    assert [e.type for e in events] == ["ask", "book", "draw"]
    assert hand(s, 0) == [2] and s.decision().player == 0
    s.apply(0, "ask:1:2")  # seat 1 has no 2: Go to the Store, draws the 7, turn passes
    assert s.decision().player == 1
    assert hand(s, 1) == [7, 7, 7, 8]


def test_store_decision_asking_an_empty_hand_is_go_to_the_store_and_empty_hand_draws_then_asks():
    # seat 1 gives away his whole hand; on his turn he draws from the Store and asks
    s = new(2, {0: [5, 6, 1, 2, 3, 4], 1: [5, 5, 6, 6, 6, 5]}, store_top=[9, 10])
    s.apply(0, "ask:1:5")
    s.apply(0, "ask:1:6")
    assert s.books[0] == [5, 6] and not hand(s, 1)
    s.apply(0, "ask:1:1")  # nothing to give: seat 0 draws the 9, turn passes
    events_hand = hand(s, 1)
    assert events_hand == [10] and s.decision().player == 1


def test_store_decision_empty_hand_and_empty_store_is_skipped():
    s = new(2, {0: [5, 6, 1, 2, 3, 4], 1: [5, 5, 6, 6, 6, 5]})
    s.store = []  # an exhausted Store (as at the end of a game)
    s.apply(0, "ask:1:5")
    s.apply(0, "ask:1:6")
    events = s.apply(0, "ask:1:1")
    types = [e.type for e in events]
    assert "store_empty" in types and "skip" in types
    assert s.decision().player == 0


def test_store_end_when_store_exhausted_and_books_assembled_most_books_wins():
    for seed in range(5):
        r = play_match(GAME, [make_agent(GAME, "greedy"), RandomAgent()], seed=seed)
        s = r.state
        assert s.is_over() and not s.store and sum(s.view(None)["hand_counts"]) == 0
        res = s.result()
        best = max(len(b) for b in s.books)
        assert res.winners == tuple(p for p in range(2) if len(s.books[p]) == best)


# -- bad input ---------------------------------------------------------------------------------
@pytest.mark.parametrize("action,why", [
    ("ask:0:1", "never himself"),
    ("ask:1:10", "you hold no 10"),
    ("ask:5:1", "no seat 5"),
    ("give me fives", "ask:SEAT:NUMBER"),
])
def test_store_bad_input_rejected_with_reason_state_unchanged(action, why):
    s = new(3, {0: [1, 1, 2, 2, 3, 4]})
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction, match=why):
        s.apply(0, GAME.parse_action(action))
    assert json.dumps(s.to_json()) == before


# -- views -------------------------------------------------------------------------------------
def test_store_view_hides_hands_and_the_drawn_card():
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5, 5, 7, 8, 9, 10]}, store_top=[9])
    events = s.apply(0, "ask:2:1")
    draw = next(e for e in events if e.type == "draw")
    assert draw.for_player(0)["card"] == 9
    assert "card" not in draw.for_player(1) and "card" not in draw.for_player(None)
    for p in range(3):
        v = s.view(p)
        assert v["hand"] == hand(s, p) and "hands" not in v and "store" not in v
        json.dumps(v)
    assert s.view(1)["history"][-1] == ["draw", 0]  # public: that he drew, not what


# -- bots, random play, stats ---------------------------------------------------------------------
def test_store_greedy_beats_random():
    books = [0, 0]
    for seed in range(80):
        r = play_match(GAME, [make_agent(GAME, "greedy"), RandomAgent(), RandomAgent()], seed=seed)
        books[0] += len(r.state.books[0])
        books[1] += len(r.state.books[1])
    assert books[0] > 1.3 * books[1]


def test_store_random_games_keep_every_card_and_round_trip():
    for seed in range(12):
        s = GAME.new_state(2 + seed % 3, None, seed)
        rng = random.Random(seed)
        while not s.is_over():
            p = s.decision().player
            s.apply(p, rng.choice(s.legal_actions(p)))
            assert Counter(s.all_cards()) == Counter(GAME.deck(s.players, {}))
            assert GAME.state_from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()
            assert s.clone().to_json() == s.to_json()


def test_store_stats_and_render():
    from fliptable.games.go_to_the_store.render import narrate, render
    r = play_match(GAME, [RandomAgent() for _ in range(3)], seed=1)
    st = GAME.stats(r.state)
    assert sum(st[f"books_seat{p}"] for p in range(3)) == 10
    assert len(GAME.summarize_stats(st, 1, 3)["mean_books"]) == 3
    s = GAME.new_state(3, None, 3)
    events = s.apply(0, s.legal_actions(0)[0])
    assert "Store:" in render(s.view(0), 0)
    assert all(narrate(e.for_player(2)) for e in events)
