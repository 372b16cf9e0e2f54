"""Authors (flinch.md "Authors"): scenario tests per paragraph and per decision, bad
input, view hiding, bots."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from fliptable.bots.base import RandomAgent, make_agent
from fliptable.core import IllegalAction, PlayerCountError, StateError, get_game
from fliptable.core.stats import wilson_interval
from fliptable.sim.match import play_match
from tests.helpers import assert_load_refused, assert_rejected, hand, play_turns

GAME = get_game("authors")
PACK = Counter(dict.fromkeys(range(1, 11), 4))


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
    assert events[0].data == {"player": 0, "target": 2, "number": "5", "got": 1}
    assert s.decision().player == 0  # he continues while he succeeds


def test_authors_play_continues_from_any_player_while_succeeding_then_fails_passes_left():
    s = new(4, {0: [5, 1, 1, 2, 2, 3, 3, 4, 4, 6], 2: [5, 5, 7, 7, 8, 8, 9, 9, 10, 10]})
    s.apply(0, "ask:2:5")
    assert 6 in list(hand(s, 1) + hand(s, 3))
    target = 1 if 6 in hand(s, 1) else 3
    s.apply(0, f"ask:{target}:6")
    assert hand(s, 0).count(6) == 2 and s.decision().player == 0
    s.apply(0, "ask:2:1")  # seat 2 holds no 1: the turn ends
    assert s.decision().player == 1
    assert s.view(3)["history"][-1] == ["ask", 0, 2, "1", 0]


def test_authors_decision_may_stop_after_a_success_only():
    s = new(4, {0: [5, 1, 1, 2, 2, 3, 3, 4, 4, 6], 2: [5, 5, 7, 7, 8, 8, 9, 9, 10, 10]})
    assert "stop" not in s.legal_actions(0)
    assert s.timeout_action(0) == s.legal_actions(0)[0] == "ask:1:1"  # out of time: the first ask
    s.apply(0, "ask:2:5")
    assert "stop" in s.legal_actions(0) and s.timeout_action(0) == "stop"  # out of time: he stops
    s.apply(0, "stop")
    assert s.decision().player == 1 and "stop" not in s.legal_actions(1)


def test_authors_books_of_four_laid_down_automatically():
    s = new(4, {0: [5, 5, 5, 1, 1, 2, 2, 3, 3, 4], 2: [5, 6, 6, 7, 7, 8, 8, 9, 9, 10]})
    events = s.apply(0, "ask:2:5")
    assert s.books[0] == [5] and 5 not in hand(s, 0)
    assert [e.type for e in events] == ["ask", "book"]
    assert s.view(1)["books"][0] == ["5"]


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
@pytest.mark.parametrize(
    "action,why",
    [
        ("ask:0:1", "Authors rules: a player asks any *other* player, never himself"),
        (
            "ask:1:10",
            (
                'Authors rules: "he may ask for a card only if he has in his hand one with the same number" - '
                "you hold no 10"
            ),
        ),
        ("ask:7:1", "there is no seat 7; seats are 0 to 3"),
        (
            "stop",
            'Authors rules: "he may continue to ask ... as long as he succeeds" - stop only after a successful ask',
        ),
        ("ask:1", "write an ask as ask:SEAT:NUMBER (seat 0-3, number 1-10), e.g. ask:1:5"),
        ("hello", "write an ask as ask:SEAT:NUMBER (seat 0-3, number 1-10), e.g. ask:1:5"),
    ],
)
def test_authors_bad_input_rejected_with_reason_state_unchanged(action, why):
    s = new(4, {0: [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]})
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction) as info:
        s.apply(0, action)
    assert s.why_illegal(0, action) == why and f": {why}; legal now: " in str(info.value)
    assert json.dumps(s.to_json()) == before


def test_authors_bad_input_not_your_turn():
    s = new(4, {0: [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="player 0's turn"):
        s.apply(1, s.legal_actions(0)[0])
    assert s.to_json() == before


@pytest.mark.parametrize("players", [3, 6])
def test_authors_an_ask_not_written_as_one_says_how_to_write_it(players):
    s = GAME.new_state(players, None, 1)
    message = assert_rejected(s, 0, "ask:9:x")
    assert message.startswith(
        f"'ask:9:x' is not legal for player 0: write an ask as ask:SEAT:NUMBER "
        f"(seat 0-{players - 1}, number 1-10), e.g. ask:1:5; legal now: "
    )


def test_authors_notation_aliases_and_action_space():
    assert GAME.parse_action("Ask 2 5") == "ask:2:5"
    assert GAME.parse_action("2:5") == "ask:2:5"
    assert GAME.parse_action("STOP") == "stop"
    # two numbers of at most three digits, each; anything else is left as typed
    assert [
        GAME.parse_action(t)
        for t in (
            "ASK 3 10",
            "ask 012 7",
            "ask 1234 5",
            "ask 5 1234",
            "ask x 5",
            "ask 5 x",
            "ask 1 2 3",
            "ask1",
            "x 3 10",
        )
    ] == ["ask:3:10", "ask:12:7", "ask12345", "ask51234", "askx5", "ask5x", "ask123", "ask1", "x310"]
    space = GAME.action_space(4, {})
    assert len(space) == 41 and space[-1] == "stop" and len(set(space)) == len(space)


# -- views -----------------------------------------------------------------------------------
def test_authors_view_hides_other_hands():
    s = GAME.new_state(4, None, 7)
    for p in range(4):
        v = s.view(p)
        assert v["hand"] == [str(n) for n in hand(s, p)] and sorted(v) == sorted([*s.view(None), "hand"])
        assert "hands" not in v
        json.dumps(v)
    assert "hand" not in s.view(None)
    # history is public: everyone sees the same asks
    s.apply(0, s.legal_actions(0)[0])
    assert s.view(1)["history"] == s.view(2)["history"] == s.view(None)["history"]


# -- bots and random play --------------------------------------------------------------------
def test_authors_greedy_asks_a_player_known_to_hold_the_number():
    # seat 0 asks seat 2 for a 7 and seat 2 has none: the table now knows seat 0 holds a
    # 7. Seat 1 holds the other three: the greedy bot asks seat 0, whatever its generator says.
    s = new(3, {0: [7, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 8], 1: [7, 7, 7, 9, 9, 9, 10, 10, 10, 8, 8, 8, 6]})
    assert s.hands[2][7] == 0
    s.apply(0, "ask:2:7")
    assert s.decision().player == 1 and s.view(1)["history"] == [["ask", 0, 2, "7", 0]]
    for seed in range(5):
        bot = make_agent(GAME, "greedy")
        bot.reset(GAME, 1, 3, s.options, random.Random(seed))
        assert bot.act(s.view(1), s.legal_actions(1)) == "ask:0:7"


def test_authors_greedy_breaks_ties_at_random_not_by_seat():
    # the first ask of the game: nothing is known and seats 1-3 hold ten cards each, so
    # the same ask is as good at every seat: the bot must not always pick the lowest
    s = new(4, {0: [5, 5, 5, 1, 2, 3, 4, 6, 7, 8]})
    targets = set()
    for seed in range(40):
        bot = make_agent(GAME, "greedy")
        bot.reset(GAME, 0, 4, s.options, random.Random(seed))
        targets.add(bot.act(s.view(0), s.legal_actions(0)).split(":")[1])
    assert targets == {"1", "2", "3"}


def _view(hand, history, counts=(2, 5, 5)):
    return {"hand": hand, "hand_counts": list(counts), "books": [[], [], []], "history": history}


def test_authors_greedy_after_a_success_goes_on_only_with_a_sure_ask():
    # "He may continue to ask": after a success the bot asks again only when it is sure
    # (a player is known to hold the number), else it stops rather than tell the table
    # another number it holds
    bot = make_agent(GAME, "greedy")
    bot.reset(GAME, 0, 3, {}, random.Random(0))
    legal = ("ask:1:5", "ask:1:6", "ask:2:5", "ask:2:6", "stop")
    # seat 1 asked seat 2 for a 6 (so holds one); seat 0 then got a 5 from seat 1
    known = _view(["5", "5", "6"], [["ask", 1, 2, "6", 0], ["ask", 0, 1, "5", 1]])
    assert bot.act(known, legal) == "ask:1:6"
    bot = make_agent(GAME, "greedy")
    bot.reset(GAME, 0, 3, {}, random.Random(0))
    unknown = _view(["5", "5", "6"], [["ask", 1, 2, "7", 0], ["ask", 0, 1, "5", 1]])
    assert bot.act(unknown, legal) == "stop"
    eager = make_agent(GAME, "greedy:stop_below=0")
    eager.reset(GAME, 0, 3, {}, random.Random(0))
    assert eager.act(unknown, legal) != "stop"


def test_authors_two_players_greedy_asks_its_way_to_every_book():
    # decision 1: with two players each hand is the other's complement, so every ask
    # for a number you hold succeeds; the greedy bot knows it and never stops: seat 1
    # never asks, and holds only the books the deal gave it
    for seed in range(20):
        r = play_match(GAME, [make_agent(GAME, "greedy"), RandomAgent()], None, seed)
        history = r.state.view(None)["history"]
        assert all(row[0] == "book" or row[1] == 0 for row in history)
        dealt_books = [row[2] for row in history if row[0] == "book" and row[1] == 1]
        assert r.state.view(None)["books"][1] == dealt_books
        assert r.state.result().winners == (0,)


def test_authors_greedy_beats_random():
    # greedy at seat 0 against three random players: the 95% interval of its win rate
    # lies above an even share (1/4)
    wins = 0.0
    games = 200
    for seed in range(games):
        r = play_match(
            GAME, [make_agent(GAME, "greedy"), RandomAgent(), RandomAgent(), RandomAgent()], seed=seed
        ).state.result()
        wins += (0 in r.winners) / len(r.winners)
    assert wilson_interval(wins, games)[0] > 0.25


def test_authors_random_games_keep_every_card_and_round_trip():
    for seed in range(15):
        s = GAME.new_state(2 + seed % 9, None, seed)
        agent = RandomAgent()
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
    asks = sum(1 for row in r.state.view(None)["history"] if row[0] == "ask")
    assert st == {**{f"books_seat{p}": float(len(r.state.books[p])) for p in range(3)}, "asks": float(asks)}
    assert sum(st[f"books_seat{p}"] for p in range(3)) == 10 and asks > 0
    summary = GAME.summarize_stats({"books_seat0": 8.0, "books_seat1": 2.0, "asks": 10.0}, 2, 2)
    assert summary == {"mean_books": [4.0, 1.0], "mean_asks": 5.0}


def test_authors_render_and_narrate():
    from fliptable.games.asking.render import narrate, render

    s = GAME.new_state(3, None, 2)
    events = s.apply(0, s.legal_actions(0)[0])
    text = render(s.view(1), 1)
    assert "\n  you  " in text and "seat 1" not in text and "Your hand" in text
    assert all(narrate(e.for_player(1)) for e in events)


# -- Kernel 2: determinization -----------------------------------------------------------------
def _play_random(players, seed, steps):
    return play_turns(GAME.new_state(players, None, seed), random.Random(seed), steps)


def _replayed(state):
    """The game replayed from the deal that ``state``'s hands imply (what entered each
    hand = the hand now less what moved in the open), with the same actions."""
    from fliptable.games.asking.redeal import read_record

    facts = read_record(state.history, state.players, False)
    entered = [
        [n for n in range(1, 11) for _ in range(state.hands[q][n] - facts.moved[q][n])] for q in range(state.players)
    ]
    deck = [str(entered[i % state.players][i // state.players]) for i in range(40)]
    replay = GAME.new_state(state.players, None, 0, deck=deck)
    for row in state.view(None)["history"]:
        if row[0] == "ask":
            replay.apply(row[1], f"ask:{row[2]}:{row[3]}")
        elif row[0] == "stop":
            replay.apply(row[1], "stop")
    return replay


@pytest.mark.parametrize("players", [3, 4, 6, 10])
def test_authors_determinize_is_a_deal_the_record_could_have_come_from(players):
    # every re-deal, replayed from its own deal with the same asks, gives the same public
    # record and the viewer's hand: the hidden cards were re-dealt consistently
    for seed in range(6):
        s = _play_random(players, seed, 12 + 9 * seed)
        assert _replayed(s).view(None) == s.view(None)
        for seat in (0, players - 1, None):
            det = s.determinize(seat, random.Random(seed))
            assert det.view(seat) == s.view(seat) and det.frame(seat) == s.frame(seat)
            if seat is not None:
                assert det.legal_actions(seat) == s.legal_actions(seat)
            replay = _replayed(det)
            assert replay.view(None) == s.view(None)
            assert replay.hands == det.hands


def test_authors_determinize_cards_shown_by_an_ask_stay_and_none_means_none():
    # seat 0 gets a 5 from seat 1 (so holds at least two) and hears "none" of 6 from
    # seat 2 (who holds none of them, and nothing hidden enters a hand in Authors)
    s = new(
        4, {0: [5, 6, 1, 1, 2, 2, 3, 3, 4, 4], 1: [5, 5, 7, 7, 8, 8, 9, 9, 10, 10], 2: [1, 2, 3, 4, 7, 8, 9, 10, 5, 10]}
    )
    s.apply(0, "ask:1:5")
    s.apply(0, "ask:2:6")
    moved = set()
    for seed in range(200):
        det = s.determinize(3, random.Random(seed))
        assert det.hands[0][5] >= 2 and det.hands[2][6] == 0
        assert det.hands[3] == s.hands[3] and det.books == s.books
        moved.add(tuple(map(tuple, det.hands)))
    assert len(moved) > 100  # the hidden cards do move


def test_authors_determinize_weights_follow_the_shuffle():
    # at the deal, seen from seat 0, the other three hands are a uniformly shuffled
    # 30 cards: seat 1 holds none of a number seat 0 holds three of (one copy hidden)
    # with probability 20/30 - ten of the thirty places are seat 1's
    s = new(4, {0: [5, 5, 5, 1, 1, 2, 2, 3, 3, 4]})
    rng = random.Random(1)
    hits = sum(s.determinize(0, rng).hands[1][5] == 0 for _ in range(3000))
    assert abs(hits / 3000 - 20 / 30) < 0.03


@pytest.mark.parametrize(
    "sizes, copies, facts",
    [
        # rows of 2, 2 and 1 places; numbers 1, 2, 3 with 2, 2, 1 copies; row 0 holds at least
        # one 1, row 1 no 2 (one table only fits: it checks the facts, not the weights)
        ([2, 2, 1], [2, 2, 1], [("lo", 0, 1, 1), ("hi", 1, 2, 0)]),
        # rows of 3, 3 and 2; 3, 3 and 2 copies; row 0 at least one 1, row 1 at most one 2:
        # many tables, of unequal weights
        ([3, 3, 2], [3, 3, 2], [("lo", 0, 1, 1), ("hi", 1, 2, 1)]),
    ],
)
def test_authors_bounded_table_draws_tables_in_proportion_to_their_deals(sizes, copies, facts):
    # the sampler behind the re-deal, against a brute-force count of every deal of the
    # physical cards
    from itertools import permutations

    from fliptable.games.asking.redeal import BoundedTable

    lo = [[0] * 11 for _ in sizes]
    hi = [[4] * 11 for _ in sizes]
    for kind, row, number, bound in facts:
        (lo if kind == "lo" else hi)[row][number] = bound
    cards = [(n, k) for n in (1, 2, 3) for k in range(copies[n - 1])]
    starts = [sum(sizes[:r]) for r in range(len(sizes))]
    expected = Counter()
    for order in permutations(cards):
        table = tuple(
            tuple(sum(c[0] == n for c in order[starts[r] : starts[r] + sizes[r]]) for n in (1, 2, 3))
            for r in range(len(sizes))
        )
        if all(lo[r][n] <= table[r][n - 1] <= hi[r][n] for r in range(len(sizes)) for n in (1, 2, 3)):
            expected[table] += 1
    total = sum(expected.values())
    rng = random.Random(3)
    for method in ("quick", "programme"):
        bt = BoundedTable(sizes, [0] + copies + [0] * 7, lo, hi)
        assert bt.build()
        seen = Counter()
        draws = 0
        while draws < 6000:
            t = bt.quick(rng) if method == "quick" else bt.programme(rng)
            if t is None:
                continue
            draws += 1
            seen[tuple(tuple(t[r][n] for n in (1, 2, 3)) for r in range(len(sizes)))] += 1
        assert set(seen) == set(expected)
        for table, ways in expected.items():
            assert abs(seen[table] / draws - ways / total) < 0.025, (method, table)


# -- Kernel 2: facts, the decision cap, loading -----------------------------------------------------
def test_authors_facts_for_machines():
    info = GAME.info(4)
    assert info.information == "imperfect" and info.num_actions == 41 and info.max_decisions == 2000


def test_authors_decision_cap_ends_the_game_books_as_they_stand():
    s = new(4, {0: [5, 5, 5, 1, 2, 3, 4, 6, 7, 8], 1: [5, 9, 9, 9, 1, 2, 3, 4, 6, 7]})
    data = s.to_json()
    data["ply"] = 1999
    s = GAME.state_from_json(data)
    events = s.apply(0, "ask:1:5")  # the 2000th decision: a book, then the cap
    assert [e.type for e in events] == ["ask", "book", "decision_cap", "over"]
    r = s.result()
    assert s.is_over() and r.winners == (0,) and r.scores == (1.0, 0.0, 0.0, 0.0)
    assert r.details == {"capped": True} and s.view(1)["turn"] is None and s.view(1)["winners"] == [0]


def _fourth_five_to_seat_0(d):
    hands = d["state"]["hands"]
    holder = next(q for q in range(1, 4) if hands[q][5])
    hands[holder][5] -= 1
    hands[0][5] += 1


@pytest.mark.parametrize(
    "change,why",
    [
        (_fourth_five_to_seat_0, "four of a number are a book"),
        (lambda d: d["state"]["books"][1].append(5), "not exactly the game.s deck"),
        (lambda d: d["state"]["history"].append([7, 0]), "history row is malformed"),
        (lambda d: d["state"]["history"].append([1, 0, 0]), "draw is malformed"),
        (lambda d: d["state"]["history"].append([0, 0, 0, 5, 0]), "ask is malformed"),
        (lambda d: d["state"]["history"].append([0, 0, 1, 5, 2]), "gives one card at most"),
        (lambda d: d["state"]["history"].append([2, 0, 5]), "do not match the history"),
        (lambda d: d["state"].__setitem__("successes", 3), "successes"),
        (lambda d: d.__setitem__("ply", 2001), "ends at 2000"),
    ],
)
def test_authors_tampered_state_is_one_state_error(change, why):
    data = new(4, {0: [5, 5, 5, 1, 2, 3, 4, 6, 7, 8]}).to_json()
    change(data)
    with pytest.raises(StateError, match=why):
        GAME.state_from_json(data)


def test_authors_a_saved_hand_against_the_record_is_refused_at_load():
    # a card moved from seat 2's hand to seat 1's: the hands no longer have the sizes
    # the deal and the record's asks give them. Refused at load; before, it loaded and
    # determinize for seat 1 or 2 failed with AssertionError
    s = new(4, {0: [5, 5, 5, 1, 2, 3, 4, 6, 7, 8]})
    s.apply(0, "ask:1:5")
    data = s.to_json()
    assert GAME.state_from_json(json.loads(json.dumps(data))).determinize(1, random.Random(1))
    hands = data["state"]["hands"]
    n = next(n for n in range(1, 11) if hands[2][n] and hands[1][n] < 3)
    hands[2][n] -= 1
    hands[1][n] += 1
    with pytest.raises(StateError, match="seat 1's hand does not fit the public record"):
        GAME.state_from_json(data)


def test_authors_a_seat_with_no_cards_to_ask_is_rejected_when_loaded():
    s = new(10, {0: [5, 5, 5, 6], 1: [5, 6, 6, 7], 2: [6, 7, 7, 7]})
    for a in ("ask:1:5", "ask:1:6", "ask:1:6", "ask:2:6"):
        s.apply(0, a)
    data = s.to_json()
    data["state"]["turn"] = 0  # seat 0 has no cards left
    with pytest.raises(StateError, match="holds no card"):
        GAME.state_from_json(data)


# -- "he may ask for a card only if he has in his hand one with the same number" ------------
@pytest.mark.parametrize("held,asked,ok", [(5, 5, True), (4, 5, False), (6, 5, False)])
def test_authors_ask_only_for_the_same_number_you_hold(held, asked, ok):
    rest = [1, 1, 2, 2, 3, 3, 9, 9, 10]
    s = new(4, {0: [held, *rest], 1: [asked, asked, 7, 7, 8, 8, 9, 10, 10, 1]})
    if ok:
        s.apply(0, f"ask:1:{asked}")
        assert hand(s, 0).count(asked) == 2
    else:
        assert_rejected(
            s,
            0,
            f"ask:1:{asked}",
            "he may ask for a card only if he has in his hand one with the same number",
            f"you hold no {asked}",
        )


@pytest.mark.parametrize("have,book", [(2, False), (3, True)])
def test_authors_a_book_is_four_of_the_same_number_not_three(have, book):
    # "Whenever a player gets four cards in his hand of the same series ... he has a book"
    s = new(4, {0: [5] * have + [1, 2, 3, 4, 6, 7, 8, 9, 10][: 10 - have], 1: [5, 9, 9, 9, 10, 10, 10, 1, 1, 1]})
    events = s.apply(0, "ask:1:5")
    assert (s.books[0] == [5]) is book and ("book" in [e.type for e in events]) is book
    assert hand(s, 0).count(5) == (0 if book else have + 1)


def test_authors_a_player_asked_gives_one_card_even_when_holding_three():
    s = new(4, {0: [5, 1, 2, 3, 4, 6, 7, 8, 9, 10], 1: [5, 5, 5, 1, 1, 2, 2, 3, 3, 4]})
    events = s.apply(0, "ask:1:5")
    assert events[0].data["got"] == 1 and hand(s, 1).count(5) == 2


def _hand_of_seat_1(change):
    def tamper(d):
        change(d["state"]["hands"][1])

    return tamper


@pytest.mark.parametrize(
    "change,says",
    [
        (lambda d: d["state"]["books"].pop(), "hands and books need one entry per seat"),
        (
            _hand_of_seat_1(lambda h: h.__setitem__(0, 1)),
            ("seat 1's hand must count 0-3 cards of each number 1-10 (four of a number are a book)"),
        ),
        (_hand_of_seat_1(lambda h: h.__setitem__(9, -1)), "a hand holds 0 to 3 cards of each number"),
        (lambda d: d["state"]["history"].append([0, 4, 1, 5, 0]), "a history row is malformed"),
        (lambda d: d["state"]["history"].append([0, -1, 1, 5, 0]), "a history row is malformed"),
        (lambda d: d["state"]["history"].append([0, 0, 1, 5]), "a history row is malformed"),
        (lambda d: d["state"]["history"].append([]), "a history row is malformed"),
        (lambda d: d["state"]["history"].append([0, 0, 4, 5, 0]), "a history ask is malformed"),
        (lambda d: d["state"]["history"].append([0, 0, -1, 5, 0]), "a history ask is malformed"),
        (lambda d: d["state"]["history"].append([0, 0, 1, 0, 0]), "a history ask is malformed"),
        (lambda d: d["state"]["history"].append([0, 0, 1, 11, 0]), "a history ask is malformed"),
        (lambda d: d["state"]["history"].append([0, 0, 1, 5, -1]), "a history ask is malformed"),
        (lambda d: d["state"]["history"].append([0, 0, 1, 5, 4]), "a history ask is malformed"),
        (lambda d: d["state"]["history"].append([1, 0, 1]), "a history draw is malformed"),
        (lambda d: d["state"].__setitem__("successes", -1), "successes must count asks of this turn"),
    ],
)
def test_authors_a_tampered_state_is_refused_naming_the_rule(change, says):
    """Each condition of the loading checks, broken alone; the whole message is read."""
    data = new(4, {0: [5, 5, 5, 1, 2, 3, 4, 6, 7, 8]}).to_json()
    change(data)
    assert_load_refused(GAME, data, says)


def test_authors_a_state_at_the_decision_cap_loads_one_past_it_does_not():
    s = new(4, {0: [5, 5, 5, 1, 2, 3, 4, 6, 7, 8], 1: [5, 9, 9, 9, 1, 2, 3, 4, 6, 7]})
    data = s.to_json()
    data["ply"] = 2000
    assert GAME.state_from_json(data).is_over()
    data["ply"] = 2001
    assert_load_refused(GAME, data, "a game ends at 2000 decisions")


def test_authors_balance_counts_the_numbers_dealt_and_held():
    # what a balance report counts (games/asking/balance.py): each number is a kind
    s = new(4, {0: [5, 1, 1, 2, 2, 3, 3, 4, 4, 6], 2: [5, 6, 7, 7, 8, 8, 9, 9, 10, 10]})
    dealt = GAME.balance.dealt(s)
    assert dealt[0] == {"1", "2", "3", "4", "5", "6"} and dealt[2] == {"5", "6", "7", "8", "9", "10"}
    s.apply(0, "ask:2:5")  # seat 2 hands over his only 5
    assert GAME.balance.held(s)[2] == {"6", "7", "8", "9", "10"} and "5" in GAME.balance.held(s)[0]
