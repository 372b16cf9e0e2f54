"""Authors (flinch.md "Authors"): scenario tests per paragraph and per decision, bad
input, view hiding, bots."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from fliptable.core import IllegalAction, PlayerCountError, get_game
from fliptable.bots.base import RandomAgent, make_agent
from fliptable.sim.match import play_match

GAME = get_game("authors")
PACK = Counter({n: 4 for n in range(1, 11)})


def deal(players: int, hands: dict[int, list[int]]) -> list[str]:
    """A deck (notation, top first) dealing ``hands`` one card at a time from seat 0;
    seats not given share the rest of the pack round robin."""
    sizes = [40 // players + (1 if s < 40 % players else 0) for s in range(players)]
    left = PACK - Counter(c for h in hands.values() for c in h)
    assert all(v >= 0 for v in left.values())
    rest = sorted(left.elements())
    free = [s for s in range(players) if s not in hands]
    full = {s: list(h) for s, h in hands.items()}
    for s in free:
        full[s] = []
    for i, c in enumerate(rest):
        full[free[i % len(free)]].append(c)
    for s in range(players):
        assert len(full[s]) == sizes[s], (s, full[s])
    return [str(full[i % players][i // players]) for i in range(40)]


def new(players, hands, seed=0):
    return GAME.new_state(players, None, seed, deck=deal(players, hands))


def hand(state, seat):
    return state.view(seat)["hand"]


# -- Setup ---------------------------------------------------------------------------------
def test_authors_setup_deals_all_forty_one_at_a_time_some_get_one_more():
    deck = [str(n) for n in range(1, 11)] * 4
    s = GAME.new_state(3, None, 0, deck=deck)
    assert s.view(None)["hand_counts"] == [14, 13, 13]
    assert hand(s, 0) == sorted(int(c) for c in deck[0::3])
    assert hand(s, 1) == sorted(int(c) for c in deck[1::3])
    assert sorted(s.all_cards()) == sorted(GAME.deck(3, {}))


def test_authors_setup_player_range_two_to_ten():
    assert (GAME.min_players, GAME.max_players) == (2, 10)
    GAME.new_state(10, None, 1)
    with pytest.raises(PlayerCountError):
        GAME.new_state(11, None, 1)
    with pytest.raises(PlayerCountError):
        GAME.new_state(1, None, 1)


def test_authors_setup_four_of_a_kind_in_the_deal_is_a_book_at_once():
    s = new(4, {0: [5, 5, 5, 5, 1, 2, 3, 4, 6, 7]})
    assert s.books[0] == [5]
    assert 5 not in hand(s, 0)
    assert s.view(None)["hand_counts"][0] == 6


# -- The Play ------------------------------------------------------------------------------
def test_authors_play_left_of_dealer_goes_first():
    s = GAME.new_state(4, None, 3)
    assert s.decision().player == 0


def test_authors_play_ask_any_other_player_for_one_card_of_a_number_you_hold():
    s = new(4, {0: [5, 1, 1, 2, 2, 3, 3, 4, 4, 6], 2: [5, 5, 7, 7, 8, 8, 9, 9, 10, 10]})
    events = s.apply(0, "ask:2:5")
    assert hand(s, 0).count(5) == 2 and hand(s, 2).count(5) == 1  # one card, not both
    assert events[0].data == {"player": 0, "target": 2, "number": 5, "got": 1}
    assert s.decision().player == 0  # he continues while he succeeds


def test_authors_play_continues_from_any_player_while_succeeding_then_fails_passes_left():
    s = new(4, {0: [5, 1, 1, 2, 2, 3, 3, 4, 4, 6], 2: [5, 5, 7, 7, 8, 8, 9, 9, 10, 10]})
    s.apply(0, "ask:2:5")
    assert 6 in [c for c in hand(s, 1) + hand(s, 3)]
    target = 1 if 6 in hand(s, 1) else 3
    s.apply(0, f"ask:{target}:6")
    assert hand(s, 0).count(6) == 2 and s.decision().player == 0
    s.apply(0, "ask:2:1")  # seat 2 holds no 1: the turn ends
    assert s.decision().player == 1
    assert s.history[-1] == ["ask", 0, 2, 1, 0]


def test_authors_decision_may_stop_after_a_success_only():
    s = new(4, {0: [5, 1, 1, 2, 2, 3, 3, 4, 4, 6], 2: [5, 5, 7, 7, 8, 8, 9, 9, 10, 10]})
    assert "stop" not in s.legal_actions(0)
    s.apply(0, "ask:2:5")
    assert "stop" in s.legal_actions(0)
    s.apply(0, "stop")
    assert s.decision().player == 1 and "stop" not in s.legal_actions(1)


def test_authors_books_of_four_laid_down_automatically():
    s = new(4, {0: [5, 5, 5, 1, 1, 2, 2, 3, 3, 4], 2: [5, 6, 6, 7, 7, 8, 8, 9, 9, 10]})
    events = s.apply(0, "ask:2:5")
    assert s.books[0] == [5] and 5 not in hand(s, 0)
    assert [e.type for e in events] == ["ask", "book"]
    assert s.view(1)["books"][0] == [5]


def test_authors_decision_empty_hand_is_out_of_the_asking():
    # ten players, four cards each; seat 0's cards all go into books during his turn
    s = new(10, {0: [5, 5, 5, 6], 1: [5, 6, 6, 7], 2: [6, 7, 7, 7]})
    s.apply(0, "ask:1:5")
    assert s.books[0] == [5] and s.decision().player == 0
    s.apply(0, "ask:1:6")
    s.apply(0, "ask:1:6")
    s.apply(0, "ask:2:6")
    assert s.books[0] == [5, 6] and not hand(s, 0)
    assert s.decision().player == 1  # his turn ended with his cards
    assert not any(a.startswith("ask:0:") for a in s.legal_actions(1))
    before = s.to_json()
    with pytest.raises(IllegalAction, match="no cards left"):
        s.apply(1, "ask:0:7")
    assert s.to_json() == before
    while s.decision().player != 9:
        s.apply(s.decision().player, _failing_ask(s))
    s.apply(9, _failing_ask(s))
    assert s.decision().player == 1  # seat 0 is skipped


def _failing_ask(s):
    p = s.decision().player
    if "stop" in s.legal_actions(p):
        return "stop"
    for a in s.legal_actions(p):
        _, t, n = a.split(":")
        if not s.hands[int(t)][int(n)]:
            return a
    raise AssertionError("no failing ask")


def test_authors_end_all_books_made_most_books_wins_ties_shared():
    s = GAME.new_state(2, None, 0, deck=deal(2, {0: [n for n in range(1, 11) for _ in (0, 1)]}))
    # two players: seat 1 holds exactly the other two of every number
    for n in range(1, 11):
        s.apply(0, f"ask:1:{n}")
        s.apply(0, f"ask:1:{n}")
    assert s.is_over() and s.books[0] == list(range(1, 11))
    r = s.result()
    assert r.winners == (0,) and r.scores == (10.0, 0.0) and r.ranks == (1, 2)
    with pytest.raises(IllegalAction, match="over"):
        s.apply(1, "ask:0:1")


def test_authors_end_tied_books_share_the_win():
    s = GAME.new_state(2, None, 0, deck=deal(2, {0: [n for n in range(1, 11) for _ in (0, 1)]}))
    for n in range(1, 6):
        s.apply(0, f"ask:1:{n}")
        s.apply(0, f"ask:1:{n}")
    s.apply(0, "stop")
    for n in range(6, 11):
        s.apply(1, f"ask:0:{n}")
        s.apply(1, f"ask:0:{n}")
    r = s.result()
    assert s.is_over() and r.winners == (0, 1) and r.ranks == (1, 1)


# -- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize("action,why", [
    ("ask:0:1", "never himself"),
    ("ask:1:10", "you hold no 10"),
    ("ask:7:1", "no seat 7"),
    ("stop", "only after a successful ask"),
    ("ask:1", "ask:SEAT:NUMBER"),
    ("hello", "ask:SEAT:NUMBER"),
])
def test_authors_bad_input_rejected_with_reason_state_unchanged(action, why):
    s = new(4, {0: [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]})
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction, match=why):
        s.apply(0, action)
    assert json.dumps(s.to_json()) == before


def test_authors_bad_input_not_your_turn():
    s = new(4, {0: [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="player 0's turn"):
        s.apply(1, s.legal_actions(0)[0])
    assert s.to_json() == before


def test_authors_notation_aliases_and_action_space():
    assert GAME.parse_action("Ask 2 5") == "ask:2:5"
    assert GAME.parse_action("2:5") == "ask:2:5"
    assert GAME.parse_action("STOP") == "stop"
    space = GAME.action_space(4, {})
    assert len(space) == 41 and space[-1] == "stop" and len(set(space)) == len(space)


# -- views -----------------------------------------------------------------------------------
def test_authors_view_hides_other_hands():
    s = GAME.new_state(4, None, 7)
    for p in range(4):
        v = s.view(p)
        assert v["hand"] == hand(s, p) and sorted(v) == sorted(s.view(None))
        assert "hands" not in v
        json.dumps(v)
    assert s.view(None)["hand"] is None
    # history is public: everyone sees the same asks
    s.apply(0, s.legal_actions(0)[0])
    assert s.view(1)["history"] == s.view(2)["history"] == s.view(None)["history"]


# -- bots and random play --------------------------------------------------------------------
def test_authors_greedy_asks_a_player_known_to_hold_the_number():
    s = new(3, {0: [7, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 8]})
    s.apply(0, "ask:2:7") if s.hands[2][7] == 0 else None
    bot = make_agent(GAME, "greedy")
    import random
    bot.reset(GAME, 1, 3, s.options, random.Random(0))
    # seat 1 now knows seat 0 holds a 7 (it asked for one); if seat 1 holds a 7 it asks seat 0
    if s.decision().player == 1 and 7 in hand(s, 1):
        assert bot.act(s.view(1), s.legal_actions(1)) == "ask:0:7"


def test_authors_greedy_beats_random():
    totals = [0.0, 0.0]
    for seed in range(60):
        r = play_match(GAME, [make_agent(GAME, "greedy"), RandomAgent(), RandomAgent()], seed=seed)
        totals[0] += len(r.state.books[0])
        totals[1] += len(r.state.books[1])
    assert totals[0] > 1.5 * totals[1]


def test_authors_random_games_keep_every_card_and_round_trip():
    for seed in range(15):
        s = GAME.new_state(2 + seed % 9, None, seed)
        agent = RandomAgent()
        import random
        agent.reset(GAME, 0, s.players, s.options, random.Random(seed))
        while not s.is_over():
            p = s.decision().player
            s.apply(p, agent.act(None, s.legal_actions(p)))
            assert Counter(s.all_cards()) == Counter(GAME.deck(s.players, {}))
            assert GAME.state_from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()
            assert s.clone().to_json() == s.to_json()
        assert sum(len(b) for b in s.books) == 10


def test_authors_stats_mean_books_per_seat():
    r = play_match(GAME, [RandomAgent() for _ in range(3)], seed=4)
    st = GAME.stats(r.state)
    assert sum(st[f"books_seat{p}"] for p in range(3)) == 10
    summary = GAME.summarize_stats({"books_seat0": 8.0, "books_seat1": 2.0, "asks": 10.0}, 2, 2)
    assert summary["mean_books"] == [4.0, 1.0]


def test_authors_render_and_narrate():
    from fliptable.games.authors.render import narrate, render
    s = GAME.new_state(3, None, 2)
    events = s.apply(0, s.legal_actions(0)[0])
    text = render(s.view(1), 1)
    assert "seat 1 (you)" in text and "Your hand" in text
    assert all(narrate(e.for_player(1)) for e in events)
