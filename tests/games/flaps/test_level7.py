"""flaps.md "Level 7 Full Rules": FULL MONTY, each card's knowledge through the kernel's model
(the three face-down cards known to their player, one shown to all, the card taken known to
the two of you)."""

import random
from collections import Counter

import pytest

from fliptable.core import Turn

from .helpers import FLAPS, NAMES, dealt, hand, play, rejected, validated

# spelled out on purpose: the rule's scenario, step by step
H0 = ["fm", "qc", "kc", "5d", "9d", "jc", "2c"]
H1 = ["qh", "kh", "2h", "7h", "9h", "jh", "3h"]
H2 = ["3d", "4d", "8d", "jd", "qd", "10d", "kd"]


def monty(hands=None, **kw):
    return dealt(3, hands or {0: H0, 1: H1, 2: H2}, first="5c", level=7, **kw)


def lay(s, p, action):
    return play(s, (p, action))


def laid(s):
    """Seat 0 lays FULL MONTY with seat 1 and three cards face down: qc, kc, 5d."""
    lay(s, 0, "fm>1")
    for c in ("qc", "kc", "5d"):
        lay(s, 0, f"fm:{c}")
    return s


def test_level_7_full_rules_adds_two_full_monty_cards_every_level_built():
    l6 = Counter(NAMES[c] for c in FLAPS.deck(4, {"level": 6}))
    l7 = Counter(NAMES[c] for c in FLAPS.deck(4, {"level": 7}))
    assert l7 - l6 == Counter({"fm": 2}) and sum(l7.values()) == 149  # the rulebook's counts
    for level in range(1, 8):
        assert FLAPS.new_state(3, {"level": level}, 1).level == level


def test_full_monty_lay_three_of_your_cards_face_down():
    s = monty()
    assert {"fm>1", "fm>2"} <= set(s.legal_actions(0)) and "fm>0" not in s.legal_actions(0)
    lay(s, 0, "fm>1")
    assert s.decision() == Turn(0) and set(s.legal_actions(0)) == {"fm:" + c for c in H0[1:]}
    lay(s, 0, "fm:qc")
    lay(s, 0, "fm:kc")
    events = lay(s, 0, "fm:5d")
    assert s.view(0)["monty"]["cards"] == ["qc", "kc", "5d"]
    assert s.view(1)["monty"]["cards"] == [None, None, None] and s.view(None)["monty"]["cards"] == [None] * 3
    assert "card" not in events[-1].for_player(1) and events[-1].for_player(0)["card"] == "5d"
    assert s.decision() == Turn(1)  # the chosen player indicates


def test_full_monty_choose_a_player_to_indicate_then_show_all_players_one_of_the_other_two():
    s = laid(monty())
    assert s.legal_actions(1) == ("point:0", "point:1", "point:2")
    lay(s, 1, "point:1")
    assert s.decision() == Turn(0) and s.legal_actions(0) == ("show:0", "show:2")
    rejected(s, 0, "show:1", 'show one of the other two cards, not the one indicated (FLAPS rules, "FULL MONTY")')
    lay(s, 0, "show:2")
    assert s.view(2)["monty"]["cards"] == [None, None, "5d"] and s.view(None)["monty"]["shown"] == 2
    s = laid(monty())  # the first card shown: index 0, not "none shown"
    lay(s, 1, "point:2")
    lay(s, 0, "show:0")
    assert s.view(2)["monty"]["cards"] == ["qc", None, None] and s.view(None)["monty"]["shown"] == 0


def test_full_monty_take_the_original_choice_or_the_other_face_down_card_only_you_two_know():
    s = laid(monty())
    lay(s, 1, "point:1")
    lay(s, 0, "show:2")
    assert s.decision() == Turn(1) and s.legal_actions(1) == ("keep:0", "keep:1")
    rejected(
        s,
        1,
        "keep:2",
        'take the card indicated or the other face-down card, not the one shown (FLAPS rules, "FULL MONTY")',
    )
    events = lay(s, 1, "keep:0")
    assert "qc" in hand(s, 1)
    took = next(e for e in events if e.type == "monty_take")
    assert took.for_player(0)["card"] == "qc" and took.for_player(1)["card"] == "qc"
    assert "card" not in took.for_player(2)
    assert s.view(0)["you_know"][1] == ["qc"] and s.view(2)["you_know"][1] == []
    # "Take back your two cards. All players know what one of your cards is."
    assert {"kc", "5d"} <= set(hand(s, 0)) and s.view(2)["shown"][0] == ["5d"]
    assert s.decision() == Turn(1) and s.view(None)["monty"] is None


# spelled out on purpose: the rule's scenario, step by step
def test_full_monty_with_fewer_than_three_cards_left_has_no_effect():
    s = monty()
    rest = s.hands[0][3:]
    del s.hands[0][3:]
    s.pack[:0] = rest
    s = validated(s)
    assert hand(s, 0) == sorted(["fm", "qc", "kc"])
    lay(s, 0, "fm>2")
    assert s.decision() == Turn(1) and len(s.hands[0]) == 2


def test_full_monty_no_ol_maid_on_full_monty():
    s = dealt(3, {0: ["fm", "om1", "kc", "5d", "9d", "jc", "2c"]}, first="qc", level=7)
    assert "om1" in s.legal_actions(0)  # on the Queen it could
    lay(s, 0, "fm>1")
    for c in ("kc", "5d", "9d"):
        lay(s, 0, f"fm:{c}")
    lay(s, 1, "point:0")
    lay(s, 0, "show:1")
    lay(s, 1, "keep:0")
    s.turn = 0
    s = validated(s)
    assert "om1" not in s.legal_actions(0)
    rejected(
        s,
        0,
        # spelled out on purpose: the rule's scenario, step by step
        "om1",
        "OL' MAIDS can only be laid on JACK, UP-JACKS, ACE-JACK, QUEEN, HOOFERS-DOOFERS or KING, not "
        "TRUMPS, SPOOF, an OL' MAID nor a LOW OL' MAID (FLAPS rules, \"OL' MAID\", \"LOW OL' MAID\")",
    )


def test_full_monty_is_laid_on_anything_and_play_follows_the_card_beneath():
    s = dealt(
        3,
        {0: ["fm", "qc", "kc", "5d", "9d", "jc", "2c"], 1: ["7h", "qh", "kh", "2h", "9h", "jh", "3h"]},
        first="7s",
        level=7,
    )
    assert "fm>1" in s.legal_actions(0)
    rest = s.hands[0][3:]
    del s.hands[0][3:]
    s.pack[:0] = rest
    s = validated(s)
    lay(s, 0, "fm>1")  # two cards left: no effect
    assert s.view(None)["lead"] == {"suit": "s", "rank": 7} and "7h" in s.legal_actions(1)


def test_leak_thousands_of_level_7_states():
    rng = random.Random(7)
    states = moved = 0
    # spelled out per level on purpose: each level's own play-to-the-end and leak check
    for seed in range(10):
        s = FLAPS.new_state(3 + seed % 4, {"level": 7}, seed)
        while not s.is_over():
            for p in range(s.players):
                d = s.determinize(p, random.Random(rng.random()))
                assert d.view(p) == s.view(p) and d.legal_actions(p) == s.legal_actions(p)
                if d.monty != s.monty:
                    moved += 1
            states += 1
            dec = s.decision()
            actor = next(q for q in dec.actors if s.legal_actions(q))
            s.apply(actor, rng.choice(s.legal_actions(actor)))
    assert states > 1000 and moved > 0


# spelled out per level on purpose: each level's own play-to-the-end and leak check
@pytest.mark.parametrize("players", [2, 4, 8])
def test_greedy_and_random_play_level_7_to_the_end(players):
    from fliptable.bots import make_agent
    from fliptable.sim.match import play_match

    montys = 0
    for seed in range(6):
        agents = [make_agent(FLAPS, "greedy" if i % 2 == 0 else "random") for i in range(players)]
        match = play_match(FLAPS, agents, {"level": 7}, seed, record=True)
        assert match.state.is_over()
        montys += sum(1 for _, a in match.log.to_json()["actions"] if str(a).startswith("keep:"))
    assert montys > 0
