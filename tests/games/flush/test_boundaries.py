"""Boundaries of every "four or more", "six or more", "higher", "same or lower" and limit
rule, with cards that could break the rule if the code were wrong; and exact replay of a
log that gives the deck."""

import json

from fliptable.core import replay
from fliptable.core.log import GameLog, Recorder
from tests.games.flush.helpers import FLUSH, deck_order, play, table


def flushes(events):
    return [e.data for e in events if e.type == "flush"]


def test_three_of_a_value_do_not_flush_four_do():
    state = table(2, hands={0: ["2", "9"], 1: ["2", "3"]}, pile=["2", "2l"], turn=0)
    assert not flushes(play(state, (0, "1x2")))
    assert state.run_count == 3
    assert flushes(play(state, (1, "1x2")))


def test_five_is_a_flush_six_a_super_flush():
    five = table(
        2,
        hands={0: ["3", "3", "3", "9"], 1: ["4"]},
        pile=["3", "3l"],
        turn=0,
        previous=1,
        tops={0: ["8"]},
        blinds={0: ["1"]},
    )
    assert flushes(play(five, (0, "3x3"))) == [{"player": 0, "super": False, "kind": "number", "skips_ignored": 0}]
    assert five.view(0)["phase"] == "play"
    six = table(
        2,
        hands={0: ["3", "3", "3", "3s", "9"], 1: ["4"]},
        pile=["3", "3l"],
        turn=0,
        previous=1,
        tops={0: ["8"]},
        blinds={0: ["1"]},
    )
    assert flushes(play(six, (0, "4x3")))[0]["super"] is True and six.view(0)["phase"] == "pass"


def test_three_higher_cards_start_a_pile_four_flush_it():
    three = table(2, hands={0: ["8", "8", "8", "2"], 1: ["4"]}, pile=["5"], turn=0)
    events = play(three, (0, "3x8"))
    assert not flushes(events) and three.pile_as == [8, 8, 8] and three.turn == 1


def test_the_same_value_as_the_pile_is_a_play_and_one_higher_a_pick_up():
    same = table(2, hands={0: ["5", "6", "2"], 1: ["4"]}, pile=["5l"], turn=0)
    events = play(same, (0, "1x5"))
    assert events[0].data["pickup"] is False and same.pile_as == [5, 5]
    higher = table(2, hands={0: ["5", "6", "2"], 1: ["4"]}, pile=["5l"], turn=0)
    events = play(higher, (0, "1x6"))
    assert events[0].data["pickup"] is True and higher.pile_as == [6]


def test_link_flush_needs_four_with_the_links_on_top_of_the_pile():
    none_on_top = table(2, hands={0: ["1l", "2l", "3l", "9"], 1: ["4"]}, pile=["7"], turn=0)
    assert not any(a.startswith("link:") for a in none_on_top.legal_actions(0))
    one_on_top = table(2, hands={0: ["1l", "2l", "3l", "9"], 1: ["4"]}, pile=["7l"], turn=0)
    assert [a for a in one_on_top.legal_actions(0) if a.startswith("link:")] == ["link:3"]
    # a Link card below the top value does not count
    buried = table(2, hands={0: ["1l", "2l", "3l", "9"], 1: ["4"]}, pile=["7l", "5"], turn=0)
    assert not any(a.startswith("link:") for a in buried.legal_actions(0))


def test_two_skips_at_a_table_of_three_come_back_to_the_player():
    state = table(3, hands={0: ["6s", "5s", "9"], 1: ["3"], 2: ["3"]}, indicator="5l", turn=0)
    events = play(state, (0, "2x6"))
    assert state.turn == 0 and [e.data["skipped"] for e in events if e.type == "skip"] == [[1, 2]]


def test_elimination_29_stays_30_is_out():
    options = {"mode": "elimination", "limit": 30}
    state = table(
        3, hands={0: ["2"], 1: ["9", "10"], 2: ["9", "9s"]}, turn=0, options=options, totals=[0, 11, 12], indicator="1s"
    )
    events = play(state, (0, "1x2"))
    end = next(e for e in events if e.type == "round_end").data
    assert state.totals == [0, 30, 30] and end["eliminated"] == [1, 2] and state.is_over()
    near = table(
        3, hands={0: ["2"], 1: ["9", "10"], 2: ["9", "9s"]}, turn=0, options=options, totals=[0, 10, 12], indicator="1s"
    )
    play(near, (0, "1x2"))
    assert near.out_round == [0, 0, 1] and not near.is_over()


def test_a_log_that_gives_the_deck_replays_exactly():
    deck = deck_order(
        3, {0: (["1", "2", "3"], ["7", "8", "9"], ["4", "4", "5", "5", "6", "6", "10", "10"])}, indicator="f"
    )
    rec = Recorder(FLUSH, 3, {"mode": "arena"}, 17, deck)
    import random

    rng = random.Random(17)
    while not rec.state.is_over():
        p = rec.state.decision().player
        legal = rec.state.legal_actions(p)
        rec.apply(p, legal[int(rng.random() * len(legal))])
    log = json.loads(rec.finish().dumps())
    assert log["deck"] == deck and rec.state.stat[0] == 5
    again = replay(GameLog(log["game"], log["options"], 3, 17, log["actions"], log["deck"], log["rules_version"]))
    assert again.to_json() == rec.state.to_json()
    start = FLUSH.new_state(3, {"mode": "arena"}, 17, deck)
    assert [FLUSH.cards.name(c) for c in start.blinds[0]] == ["1", "2", "3"] and start.view(0)["phase"] == "swap"


def test_the_running_counts_of_each_players_cards_always_match_their_cards():
    import random

    for seed in range(12):
        state = FLUSH.new_state(2 + seed % 5, {"mode": ("rounds", "arena", "elimination")[seed % 3]}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            kept = [row[:] for row in state.counts]
            state._recount()
            assert state.counts == kept
            p = state.decision().player
            legal = state.legal_actions(p)
            state.apply(p, legal[int(rng.random() * len(legal))])
