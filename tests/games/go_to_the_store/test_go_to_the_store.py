"""Go to the Store (flinch.md "Go to the Store"): scenario tests per paragraph and per
decision, bad input, view hiding, bots."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from fliptable.bots.base import RandomAgent, make_agent
from fliptable.core import IllegalAction, PlayerCountError, StateError, get_game
from fliptable.sim.match import play_match
from fliptable.sim.simulate import simulate
from tests.helpers import assert_rejected, hand

GAME = get_game("go-to-the-store")
PACK = Counter(dict.fromkeys(range(1, 11), 4))


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


# -- Setup -------------------------------------------------------------------------------
def test_store_setup_six_each_rest_is_the_store_face_down():
    deck = [str(n) for n in range(1, 11)] * 4
    s = GAME.new_state(3, None, 0, deck=deck)
    assert s.view(None)["hand_counts"] == [6, 6, 6]
    assert hand(s, 0) == sorted(int(c) for c in deck[0:18:3])
    assert s.view(0)["draw_count"] == 22 and s.store[0] == int(deck[18])
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
    with pytest.raises(IllegalAction, match=re.escape('in his own hand" - you hold no 7')):
        s.apply(0, "ask:2:7")
    assert s.to_json() == before


def test_store_go_to_the_store_draws_top_card_and_turn_passes():
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5, 5, 7, 8, 9, 10]}, store_top=[9])
    events = s.apply(0, "ask:2:1")  # seat 2 has no 1s
    assert [e.type for e in events][:2] == ["ask", "draw"]
    assert hand(s, 0).count(9) == 1 and s.view(0)["draw_count"] == 21
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


def _near_end(books, hands, turn):
    """A Store game with these books (seat -> numbers) and hands (seat -> cards), the
    Store empty, ``turn`` to ask: the last asks of a game. Built in memory: its record
    holds only the books, and a saved state whose record does not account for the
    draws that emptied the Store is refused (test_a_record_that_does_not_fit...)."""
    s = GAME.new_state(3, None, 0)
    s.books = [list(books.get(p, [])) for p in range(3)]
    s.hands = [[0] * 11 for _ in range(3)]
    for p, cards in hands.items():
        for c in cards:
            s.hands[p][c] += 1
    s.store, s.turn, s.successes = [], turn, 0
    s.history = [[2, p, n] for p in range(3) for n in books.get(p, [])]
    s._derive()
    return s


def test_store_end_when_store_exhausted_and_books_assembled_most_books_wins():
    # "When the Store is exhausted and the books all assembled, the one having the
    # greatest number of books wins." Seat 2 takes the last book: 6, 3 and 1 books.
    s = _near_end({0: [1, 2, 3, 4, 5, 6], 1: [7, 8, 9]}, {0: [10], 2: [10, 10, 10]}, turn=2)
    assert not s.is_over() and s.result().winners == ()
    events = s.apply(2, "ask:0:10")
    assert [e.type for e in events] == ["ask", "book", "over"]
    r = s.result()
    assert s.is_over() and r.scores == (6.0, 3.0, 1.0) and r.winners == (0,) and r.ranks == (1, 2, 3)
    assert s.view(1)["winners"] == [0] and s.view(1)["turn"] is None


def test_store_end_tied_books_share_the_win():
    s = _near_end({0: [1, 2, 3, 4], 1: [5, 6, 7, 8], 2: [9]}, {1: [10], 2: [10, 10, 10]}, turn=2)
    s.apply(2, "ask:1:10")
    r = s.result()
    assert r.scores == (4.0, 4.0, 2.0) and r.winners == (0, 1) and r.ranks == (1, 1, 3)


def test_store_end_random_games_finish_with_the_store_empty():
    for seed in range(5):
        r = play_match(GAME, [make_agent(GAME, "greedy"), RandomAgent()], seed=seed)
        s = r.state
        assert s.is_over() and not s.store and sum(s.view(None)["hand_counts"]) == 0
        assert sum(s.result().scores) == 10


# -- bad input ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "action,why",
    [
        ("ask:0:1", "never himself"),
        ("ask:1:10", "you hold no 10"),
        ("ask:5:1", "no seat 5"),
        ("give me fives", "ask:SEAT:NUMBER"),
    ],
)
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
    assert draw.for_player(0)["card"] == "9"
    assert "card" not in draw.for_player(1) and "card" not in draw.for_player(None)
    for p in range(3):
        v = s.view(p)
        assert v["hand"] == [str(n) for n in hand(s, p)] and "hands" not in v and "store" not in v
        json.dumps(v)
    assert s.view(1)["history"][-1] == ["draw", 0]  # public: that he drew, not what


# -- bots, random play, stats ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_store_greedy_clears_an_even_share_at_every_seat_against_random(players):
    # the default bot at each seat in turn against random players, 200 seeded games a
    # seat: the 95% interval of its win rate lies above an even share (1/players). Two
    # seats were the weak spot (52.8% [48.8, 56.7] at seat 0 over 600 games before the
    # Store's own order of asks); seed 5 gives 65.9% there over 600 (docs/strength.md)
    assert GAME.default_bot == "greedy"
    for seat in range(players):
        specs = ["random"] * players
        specs[seat] = "greedy"
        report = simulate(GAME, 200, players, specs, seed=5, workers=1)
        low = report["win_rate_ci95"][seat][0]
        assert low > 1 / players, (players, seat, report["win_rate"][seat], low)


def test_store_greedy_memory_never_contradicts_the_hands():
    # the bot's card memory (asking.bots.Knowledge), built from the public record only:
    # every card it believes a player holds is there, and a player it believes has none
    # of a number since he said "Go to the Store" (drawing nothing since) has none
    from fliptable.games.go_to_the_store.bots import GreedyStore

    known = 0
    for seed in range(30):
        players = 2 + seed % 3
        state = GAME.new_state(players, None, seed)
        bots = [GreedyStore() for _ in range(players)]
        for p, bot in enumerate(bots):
            bot.reset(GAME, p, players, state.options, random.Random(seed * 10 + p))
        while not state.is_over():
            p = state.decision().player
            action = bots[p].act(state.view(p), state.legal_actions(p))
            k = bots[p].knowledge
            for q in range(players):
                for n in range(1, 11):
                    assert k.held[q][n] <= state.hands[q][n]
                    if k.lacks[q][n] and not k.since[q][n]:
                        assert state.hands[q][n] == 0
                    known += k.held[q][n] > 0 and q != p
            state.apply(p, action)
    assert known > 100  # it did learn where cards are


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


# -- "Give me all of your 5's": the hand-over and the same-number rule --------------------------
@pytest.mark.parametrize("held", [1, 2, 3])
def test_store_the_player_asked_hands_over_all_not_one(held):
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5] * held + [7, 8, 9, 10, 10, 10][: 6 - held]})
    events = s.apply(0, "ask:2:5")
    assert events[0].data["got"] == held and 5 not in hand(s, 2)


@pytest.mark.parametrize("held,asked,ok", [(5, 5, True), (4, 5, False), (6, 5, False)])
def test_store_ask_only_for_a_number_you_hold(held, asked, ok):
    s = new(3, {0: [held, 1, 1, 2, 2, 3], 2: [asked, 7, 8, 9, 10, 10]})
    if ok:
        s.apply(0, f"ask:2:{asked}")
    else:
        assert_rejected(
            s, 0, f"ask:2:{asked}", "he must hold at least one of the number asked for", f"you hold no {asked}"
        )


@pytest.mark.parametrize("have,book", [(2, False), (3, True)])
def test_store_books_are_four_of_a_number_not_three_also_by_a_draw(have, book):
    s = new(2, {0: [5] * have + [1, 2, 3, 4][: 6 - have], 1: [6, 7, 8, 9, 10, 10]}, store_top=[5])
    s.apply(0, "ask:1:1")  # Go to the Store: draws the 5
    assert (s.books[0] == [5]) is book and hand(s, 0).count(5) == (0 if book else have + 1)


# -- Kernel 2: determinization, facts, loading --------------------------------------------------
def test_store_determinize_keeps_what_the_table_saw_and_moves_the_rest():
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 1: [5, 5, 7, 8, 9, 10], 2: [7, 7, 8, 8, 9, 9]}, store_top=[10, 3])
    s.apply(0, "ask:1:5")  # seat 1 hands over two 5s: holds none now
    s.apply(0, "ask:2:1")  # seat 2 has no 1: seat 0 draws (the 10); seat 1's turn
    assert s.decision().player == 1
    moved = set()
    for seed in range(200):
        det = s.determinize(2, random.Random(seed))
        assert det.view(2) == s.view(2) and det.frame(2) == s.frame(2)
        assert det.legal_actions(2) == s.legal_actions(2)
        assert det.hands[1][5] == 0 and det.hands[0][5] == 3  # shown, and "none" since
        assert det.hands[0][1] >= 1  # he asked for a 1
        assert det.hands[2] == s.hands[2]
        assert Counter(det.all_cards()) == PACK
        moved.add((tuple(map(tuple, det.hands)), tuple(det.store)))
    assert len(moved) > 150


def test_store_determinize_none_until_a_draw_one_card_a_draw():
    # seat 1 says "none" of 8 and then of 7, and draws one card: seen from seat 0 he
    # may hold a 7 or an 8 again, but not both (one card a draw)
    s = new(3, {0: [7, 1, 2, 3, 4, 5], 1: [6, 6, 9, 9, 10, 10], 2: [8, 1, 2, 3, 4, 5]}, store_top=[2, 1, 3, 4, 9])
    for p, action in ((0, "ask:1:1"), (1, "ask:0:6"), (2, "ask:1:8"), (0, "ask:1:7"), (1, "ask:2:9")):
        assert s.decision().player == p
        s.apply(p, action)
    assert s.view(0)["history"][-2:] == [["ask", 1, 2, "9", 0], ["draw", 1]]
    seen = Counter()
    for seed in range(400):
        det = s.determinize(0, random.Random(seed))
        seen[(det.hands[1][7], det.hands[1][8])] += 1
    assert set(seen) == {(0, 0), (1, 0), (0, 1)}


def test_store_determinize_each_none_bounds_only_the_draws_after_it():
    # seat 1 says "none" of 7, draws (a 7), says "none" of 5, draws (a 5): he holds both,
    # one card a draw counted from each "none" on. Seen from seat 0 he may hold up to two
    # 7s (both draws came after that "none") but at most one 5, and at most two of them;
    # and no 8: he said "none" of 8 after his last draw
    s = new(3, {0: [7, 1, 2, 3, 4, 6], 1: [6, 6, 9, 9, 10, 10], 2: [8, 1, 2, 3, 4, 5]}, store_top=[2, 7, 1, 3, 5])
    for p, action in ((0, "ask:1:7"), (1, "ask:2:9"), (2, "ask:1:5"), (0, "ask:1:1"), (1, "ask:2:10"), (2, "ask:1:8")):
        assert s.decision().player == p
        s.apply(p, action)
    assert hand(s, 1) == [5, 6, 6, 7, 9, 9, 10, 10]
    assert GAME.state_from_json(s.to_json()).to_json() == s.to_json()  # the real hands fit the record
    seen = Counter()
    for seed in range(300):
        det = s.determinize(0, random.Random(seed))
        seen[(det.hands[1][7], det.hands[1][5], det.hands[1][8])] += 1
    assert set(seen) == {(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0), (2, 0, 0)}


def test_store_facts_for_machines_and_the_decision_cap():
    info = GAME.info(3)
    assert info.information == "imperfect" and info.num_actions == 30 and info.max_decisions == 2000
    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5, 5, 7, 8, 9, 10]})
    data = s.to_json()
    data["ply"] = 1999
    s = GAME.state_from_json(data)
    events = s.apply(0, "ask:2:5")
    assert [e.type for e in events][-2:] == ["decision_cap", "over"] and s.is_over()
    assert s.result().details == {"capped": True}


@pytest.mark.parametrize(
    "row,why",
    [
        ([3, 0], "has no stop"),
        ([1, 0, 5], "draw is malformed"),
        ([0, 1, 1, 5, 0], "ask is malformed"),
        ([2, 1, 5], "do not match the history"),
    ],
)
def test_store_tampered_history_is_one_state_error(row, why):
    data = new(3, {0: [5, 1, 2, 3, 4, 6]}).to_json()
    data["state"]["history"].append(row)
    with pytest.raises(StateError, match=why):
        GAME.state_from_json(data)


def _none_of_8_then_7_then_one_draw():
    """Seat 1 says "none" of 8, then "none" of 7, and then draws one card."""
    s = new(3, {0: [7, 1, 2, 3, 4, 5], 1: [6, 6, 9, 9, 10, 10], 2: [8, 1, 2, 3, 4, 5]}, store_top=[2, 1, 3, 4, 9])
    for p, action in ((0, "ask:1:1"), (1, "ask:0:6"), (2, "ask:1:8"), (0, "ask:1:7"), (1, "ask:2:9")):
        s.apply(p, action)
    return s


def test_store_a_saved_hand_against_the_record_is_refused_at_load():
    # the record says seat 1 held no 8, then no 7, and drew one card since: he can hold
    # a 7 or an 8 now, not both (one card a draw). A saved state giving him both (two
    # of the Store's cards swapped into his hand) is refused at load; before, it loaded
    # and every re-deal drew from a record the real hands contradict
    data = _none_of_8_then_7_then_one_draw().to_json()
    assert GAME.state_from_json(json.loads(json.dumps(data))).determinize(0, random.Random(1))
    hands, store = data["state"]["hands"], data["state"]["store"]
    for old, card in ((1, 7), (10, 8)):
        at = store.index(card)
        store[at], hands[1][old], hands[1][card] = old, hands[1][old] - 1, hands[1][card] + 1
    with pytest.raises(StateError, match="seat 1's hand does not fit the public record"):
        GAME.state_from_json(data)


def test_store_a_store_the_draws_do_not_account_for_is_refused_at_load():
    data = _none_of_8_then_7_then_one_draw().to_json()
    data["state"]["history"] = [row for row in data["state"]["history"] if row[0] != 1]  # no draws
    with pytest.raises(StateError, match="the Store holds 17 cards, but the deal and the record's 0 draws leave 22"):
        GAME.state_from_json(data)


def test_store_a_re_deal_never_found_is_an_error_not_the_real_cards(monkeypatch):
    # "never fall back to the real cards": a re-deal that finds no consistent deal in its
    # tries raises instead of leaving the hidden cards where they are
    from fliptable.games.asking import redeal

    s = _none_of_8_then_7_then_one_draw()
    monkeypatch.setattr(redeal, "MAX_TRIES", 0)
    with pytest.raises(StateError, match="no deal of the cards hidden from seat 0 fitting the public record"):
        s.determinize(0, random.Random(1))


def test_store_narrates_go_to_the_store_and_a_draw_seen_by_the_drawer_only():
    from fliptable.games.go_to_the_store.render import narrate

    s = new(3, {0: [5, 1, 2, 3, 4, 6], 2: [5, 5, 7, 8, 9, 10]}, store_top=[8])
    events = s.apply(0, "ask:2:1")
    assert narrate(events[0].for_player(1)) == "seat 0 asks seat 2 for 1s - 'Go to the Store'"
    assert narrate(events[1].for_player(0)) == "seat 0 draws an 8 from the Store; 21 left"
    assert narrate(events[1].for_player(1)) == "seat 0 draws a card from the Store; 21 left"
