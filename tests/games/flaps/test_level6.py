"""flaps.md "Level 6 Full Rules": the 1-DOWN piles in front of players, each card's knowledge
(face down: known to who placed or looked at it; face up: to all) through core/knowledge.py."""

import random
from collections import Counter

import pytest

from fliptable.core import Turn
from fliptable.core.knowledge import only as only_mask

from .helpers import FLAPS, NAMES, dealt, hand, play, validated
from .test_level4 import only

ID = FLAPS.cards.by_name
ONES = ["1down", "1right", "1left", "1over", "1look", "1swap", "1up"]


def ones(hands=None, pack=("ks", "qs", "js", "10s"), **kw):
    hands = hands or {
        0: ["1down", "1over", "1look", "1swap", "1up", "qc", "kc"],
        1: ["1down", "1right", "1left", "1up", "qh", "kh", "2h"],
        2: ["3d", "4d", "8d", "jd", "qd", "10d", "kd"],
    }
    return dealt(3, hands, first="1up", level=6, pack=pack, **kw)


def lay(s, p, action):
    return play(s, (p, action))


def down_before(s, p, to):
    """Seat ``p`` lays a 1 - DOWN and puts the card it took before seat ``to``; the card."""
    top = NAMES[s.pack[-1]]
    lay(s, p, "1down")
    lay(s, p, f"down>{to}")
    return top


def test_level_6_full_rules_adds_twenty_cards():
    l5 = Counter(NAMES[c] for c in FLAPS.deck(4, {"level": 5}))
    l6 = Counter(NAMES[c] for c in FLAPS.deck(4, {"level": 6}))
    assert l6 - l5 == Counter({"1down": 8, "1right": 2, "1left": 2, "1over": 1, "1look": 1, "1swap": 1, "1up": 5})
    assert sum(l6.values()) == 147
    assert FLAPS.cards[ID["1up"]].rank == 1 and FLAPS.cards[ID["1up"]].suit is None


def test_level_6_is_accepted():
    assert FLAPS.new_state(4, {"level": 6}, 1).level == 6


def test_1_down_look_at_the_top_card_and_place_it_face_down_in_front_of_any_player_on_top():
    s = ones()
    top = NAMES[s.pack[-1]]
    lay(s, 0, "1down")
    assert s.decision() == Turn(0) and s.legal_actions(0) == ("down>0", "down>1", "down>2")
    assert s.view(0)["taken"] == top and s.view(1)["taken"] is None
    lay(s, 0, "down>2")
    assert s.view(0)["downs"][2] == [{"card": top, "up": False}]
    assert s.view(2)["downs"][2] == [{"card": None, "up": False}] and s.view(None)["downs"][2][0]["card"] is None
    lay(s, 1, "1down")
    lay(s, 1, "down>2")
    assert len(s.downs[2]) == 2 and s.downs_known[2] == [only_mask(0), only_mask(1)]  # "on top"
    assert s.decision() == Turn(2)


def test_1_right_and_1_left_every_pile_moves():
    s = ones()
    a = down_before(s, 0, 0)
    lay(s, 1, "1right")  # "in front of the player on their right": seat 0's pile to seat 2
    assert [len(d) for d in s.downs] == [0, 0, 1] and NAMES[s.downs[2][0]] == a
    s.turn = 1
    s = validated(s)
    lay(s, 1, "1left")  # and back to seat 0, on their left
    assert [len(d) for d in s.downs] == [1, 0, 0] and s.view(0)["downs"][0][0]["card"] == a


# spelled out on purpose: the rule's scenario, step by step
def test_1_over_turn_any_face_down_card_up_for_everyone():
    s = ones()
    a = down_before(s, 0, 1)
    s.turn = 0
    s = validated(s)
    lay(s, 0, "1over")
    assert s.legal_actions(0) == ("over:1.0",)
    lay(s, 0, "over:1.0")
    assert s.view(2)["downs"][1] == [{"card": a, "up": True}] and s.view(None)["downs"][1][0]["card"] == a


def test_1_look_at_a_face_down_card_and_put_it_back_on_top():
    s = ones()
    a = down_before(s, 0, 2)
    b = down_before(s, 1, 2)
    s.turn = 0
    s = validated(s)
    lay(s, 0, "1look")
    assert set(s.legal_actions(0)) == {"peek:2.0", "peek:2.1"}
    lay(s, 0, "peek:2.1")  # seat 1's card: seen, and back on top
    assert [NAMES[c] for c in s.downs[2]] == [a, b] and s.view(0)["downs"][2][1]["card"] == b
    assert s.view(2)["downs"][2] == [{"card": None, "up": False}] * 2


def test_1_look_with_no_1_down_cards_look_at_a_card_of_any_players_hand():
    s = ones()
    lay(s, 0, "1look")
    assert s.legal_actions(0) == ("peek>1", "peek>2")
    events = lay(s, 0, "peek>2")
    seen = next(e for e in events if e.type == "hand_peek").for_player(0)["card"]
    assert s.view(0)["you_know"][2] == [seen] and s.view(1)["you_know"][2] == []


# spelled out on purpose: the rule's scenario, step by step
def test_1_swap_any_card_of_your_hand_for_any_1_down_card_face_up_or_down():
    s = ones()
    a = down_before(s, 0, 1)
    s.turn = 0
    s = validated(s)
    lay(s, 0, "1swap")
    assert s.legal_actions(0) == ("swap:1.0",)
    lay(s, 0, "swap:1.0")
    assert set(s.legal_actions(0)) == {"give:" + c for c in hand(s, 0)}
    lay(s, 0, "give:qc")
    assert a in hand(s, 0) and "qc" not in hand(s, 0)
    assert s.view(0)["downs"][1] == [{"card": "qc", "up": False}] and s.view(1)["downs"][1][0]["card"] is None


def test_1_swap_a_face_up_card_stays_face_up():
    s = ones()
    a = down_before(s, 0, 1)
    s.turn = 0
    s = validated(s)
    lay(s, 0, "1over")
    lay(s, 0, "over:1.0")
    s.turn = 0
    s = validated(s)
    lay(s, 0, "1swap")
    lay(s, 0, "swap:1.0")
    lay(s, 0, "give:kc")
    assert s.view(2)["downs"][1] == [{"card": "kc", "up": True}] and a in s.view(2)["shown"][0]


def test_1_up_any_player_including_yourself_picks_up_the_uppermost_1_down_card():
    s = ones()
    assert {"1up>0", "1up>1", "1up>2"} <= set(s.legal_actions(0))
    down_before(s, 0, 2)
    b = down_before(s, 1, 2)
    s.turn = 0
    s = validated(s)
    n2 = len(s.hands[2])
    lay(s, 0, "1up>2")
    assert len(s.hands[2]) == n2 + 1 and b in hand(s, 2) and len(s.downs[2]) == 1
    assert s.view(1)["you_know"][2] == [b] and s.view(0)["you_know"][2] == []  # seat 1 placed it


def test_1_down_piles_are_not_cards_in_hand_an_empty_hand_wins():
    s = ones()
    down_before(s, 0, 1)
    s = only(s, 1, "1up")
    s.turn = 1
    s = validated(s)
    lay(s, 1, "1up>2")
    assert s.is_over() and s.result().winners == (1,) and len(s.downs[1]) == 1


def test_nothing_to_act_on_no_effect():
    s = ones()
    lay(s, 0, "1over")  # no 1-DOWN card anywhere
    assert s.decision() == Turn(1)
    s = ones()
    lay(s, 0, "1up>1")  # an empty pile
    assert s.decision() == Turn(1) and len(s.hands[1]) == 7


def test_leak_thousands_of_level_6_states():
    # spelled out per level on purpose: each level's own play-to-the-end and leak check
    rng = random.Random(6)
    states = moved = named = 0
    for seed in range(10):
        s = FLAPS.new_state(3 + seed % 4, {"level": 6}, seed)
        while not s.is_over():
            for p in range(s.players):
                d = s.determinize(p, random.Random(rng.random()))
                assert d.view(p) == s.view(p) and d.legal_actions(p) == s.legal_actions(p)
                if d.downs != s.downs:
                    moved += 1
            states += 1
            dec = s.decision()
            actor = next(q for q in dec.actors if s.legal_actions(q))
            for e in s.apply(actor, rng.choice(s.legal_actions(actor))):
                if e.type not in (
                    "down_take",
                    "down",
                    "down_peek",
                    "hand_peek",
                    "down_swap",
                    "down_up",
                    "lost",
                    "secret",
                ):
                    continue
                for q in e.audience or ():
                    view = s.view(q)
                    seen = set(view.get("hand", [])) | {c for c in view.get("mystery", []) if c}
                    seen |= {d["card"] for pile in view.get("downs", []) for d in pile if d["card"]}
                    seen |= {c for cs in view.get("you_know", []) for c in cs} | {view.get("taken")}
                    for k in ("card", "took", "gave"):
                        if k in (e.secret or {}):
                            named += 1
                            assert e.secret[k] in seen, (e, q)
    assert states > 1000 and moved > 0 and named > 0


# spelled out per level on purpose: each level's own play-to-the-end and leak check
@pytest.mark.parametrize("players", [2, 4, 8])
def test_greedy_and_random_play_level_6_to_the_end(players):
    from fliptable.bots import make_agent
    from fliptable.sim.match import play_match

    downs = 0
    for seed in range(6):
        agents = [make_agent(FLAPS, "greedy" if i % 2 == 0 else "random") for i in range(players)]
        match = play_match(FLAPS, agents, {"level": 6}, seed, record=True)
        assert match.state.is_over()
        downs += sum(1 for _, a in match.log.to_json()["actions"] if str(a).startswith("down>"))
    assert downs > 0
