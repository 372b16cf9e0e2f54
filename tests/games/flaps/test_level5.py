"""flaps.md "Level 5 Full Rules": the Solve the Mystery pile and its secrets, each card's
knowledge through the kernel's model (core/knowledge.py) in views, events and
determinization."""

import random
from collections import Counter

import pytest

from fliptable.core import Turn

from .helpers import FLAPS, NAMES, dealt, hand, play, validated
from .test_level4 import only

H0 = ["5lose", "5pick", "5guess", "5look", "5share>1", "qc", "kc"]
H1 = ["5solve", "qh", "kh", "2h", "7h", "9h", "jh"]
H2 = ["3d", "4d", "8d", "jd", "qd", "10d", "kd"]


def secrets(hands=None, pack=("ks", "qs", "js"), **kw):
    hands = hands or {0: [c.split(">")[0] for c in H0], 1: H1, 2: H2}
    return dealt(3, hands, first="5c", level=5, pack=pack, **kw)


def lay(s, p, action):
    return play(s, (p, action))


def test_level_5_full_rules_adds_seven_cards_all_fives():
    l4 = Counter(NAMES[c] for c in FLAPS.deck(4, {"level": 4}))
    l5 = Counter(NAMES[c] for c in FLAPS.deck(4, {"level": 5}))
    assert l5 - l4 == Counter({"5lose": 1, "5pick": 1, "5guess": 1, "5look": 1, "5share": 1, "5solve": 2})
    assert sum(l5.values()) == 127
    for c in ("5lose", "5solve"):
        assert FLAPS.cards[FLAPS.cards.by_name[c]].rank == 5 and FLAPS.cards[FLAPS.cards.by_name[c]].suit is None


def test_level_5_is_accepted():
    assert FLAPS.new_state(4, {"level": 5}, 1).level == 5


def test_5_lose_a_secret_each_player_takes_an_unseen_card_from_the_left_neighbour():
    s = secrets()
    before = [len(h) for h in s.hands]
    events = lay(s, 0, "5lose")
    assert [len(h) for h in s.hands] == [before[0] - 2, before[1] - 1, before[2] - 1]
    assert len(s.mystery) == 3 and s.decision() == Turn(1)
    # the owner knows which card left their hand; the taker did not look; nobody else knows
    for q in range(3):
        known = [c for c in s.view(q)["mystery"] if c is not None]
        assert len(known) == 1
        lost = next(e for e in events if e.type == "lost" and e.data["player"] == q)
        assert lost.for_player(q)["card"] == known[0] and "card" not in lost.for_player((q + 2) % 3)
    assert s.view(None)["mystery"] == [None, None, None]


# spelled out on purpose: the rule's scenario, step by step
def test_5_lose_a_secret_as_your_last_but_one_card_pick_up_after_your_last_card_goes():
    s = only(secrets(), 0, "5lose")
    s.hands[0].append(FLAPS.cards.by_name["kc"])
    s.pack.remove(FLAPS.cards.by_name["kc"])
    s = validated(s)
    top = NAMES[s.pack[-1]]
    lay(s, 0, "5lose!")  # it leaves one card: "Last Card"
    assert not s.is_over() and hand(s, 0) == [top] and "kc" in [NAMES[c] for c in s.mystery]


def test_5_pick_a_secret_choose_a_card_from_your_own_hand_only_you_know():
    s = secrets()
    lay(s, 0, "5pick")
    assert s.decision() == Turn(0) and set(s.legal_actions(0)) == {"s:" + c for c in hand(s, 0)}
    events = lay(s, 0, "s:qc")
    assert s.view(0)["mystery"] == ["qc"] and s.view(1)["mystery"] == [None] and s.view(None)["mystery"] == [None]
    e = next(e for e in events if e.type == "secret")
    assert e.for_player(0)["card"] == "qc" and "card" not in e.for_player(1)
    assert "qc" not in hand(s, 0) and s.decision() == Turn(1)


# spelled out on purpose: the rule's scenario, step by step
def test_5_pick_a_secret_as_your_last_but_one_card_pick_up_after_you_put_your_last_card():
    s = only(secrets(), 0, "5pick")
    s.hands[0].append(FLAPS.cards.by_name["kc"])
    s.pack.remove(FLAPS.cards.by_name["kc"])
    s = validated(s)
    top = NAMES[s.pack[-1]]
    lay(s, 0, "5pick!")
    assert s.legal_actions(0) == ("s:kc",)
    lay(s, 0, "s:kc")
    assert not s.is_over() and hand(s, 0) == [top]


def test_5_start_guessing_do_not_look_the_top_card_unseen_and_a_guess():
    s = secrets()
    top = NAMES[s.pack[-1]]
    events = lay(s, 0, "5guess")
    assert [e.for_player(0).get("card") for e in events if e.type == "secret"] == [None]
    assert s.view(0)["mystery"] == [None] and NAMES[s.mystery[0]] == top  # nobody knows it, not even you
    assert s.decision() == Turn(0) and "guess:om1" in s.legal_actions(0) and "guess:5solve" in s.legal_actions(0)
    lay(s, 0, "guess:qs")
    assert s.view(2)["guesses"] == [{"player": 0, "card": "qs", "index": 0}] and s.decision() == Turn(1)


def test_5_start_guessing_look_the_top_card_only_you_know():
    s = secrets()
    top = NAMES[s.pack[-1]]
    lay(s, 0, "5look")
    assert s.view(0)["mystery"] == [top] and s.view(1)["mystery"] == [None] and s.view(2)["mystery"] == [None]


def test_5_share_a_secret_a_card_from_a_chosen_players_hand_known_to_you_both():
    s = secrets()
    assert (
        "5share>1" in s.legal_actions(0) and "5share>2" in s.legal_actions(0) and "5share>0" not in s.legal_actions(0)
    )
    n1 = len(s.hands[1])
    lay(s, 0, "5share>1")
    assert len(s.hands[1]) == n1 - 1
    card = NAMES[s.mystery[0]]
    assert card in H1
    assert s.view(0)["mystery"] == [card] and s.view(1)["mystery"] == [card] and s.view(2)["mystery"] == [None]


def test_5_solve_the_mystery_pick_up_the_pile_and_what_others_knew_they_still_know():
    s = secrets()
    lay(s, 0, "5pick")
    lay(s, 0, "s:qc")
    events = lay(s, 1, "5solve")
    assert "qc" in hand(s, 1) and s.mystery == [] and s.view(1)["mystery"] == []
    assert next(e for e in events if e.type == "solve").for_player(1)["cards"] == ["qc"]
    assert s.view(0)["you_know"][1] == ["qc"]  # seat 0 picked it: it knows seat 1 holds it now
    assert s.view(2)["you_know"][1] == [] and s.view(None).get("you_know") == [[], [], []]
    # when seat 1 lays it, the knowledge goes with it
    s.phase, s.turn = 0, 1
    s.lead_suit, s.lead_rank = 0, 12
    s = validated(s)
    lay(s, 1, "qc")
    assert s.view(0)["you_know"][1] == []


def test_knowledge_determinize_keeps_each_view_and_moves_only_what_the_seat_does_not_know():
    s = secrets()
    lay(s, 0, "5pick")
    lay(s, 0, "s:qc")
    lay(s, 1, "5solve")
    lay(s, 2, "5d") if "5d" in s.legal_actions(2) else lay(s, 2, "draw")
    lay(s, 0, "5lose")
    moved = set()
    for seed in range(30):
        for p in range(3):
            d = s.determinize(p, random.Random(seed))
            assert d.view(p) == s.view(p)
            if d.mystery != s.mystery:
                moved.add(p)
    assert moved == {0, 1, 2}  # each seat knows only its own card of the pile


# spelled out per level on purpose: each level's own play-to-the-end and leak check
@pytest.mark.parametrize("players", [2, 4, 8])
def test_greedy_and_random_play_level_5_to_the_end(players):
    from fliptable.bots import make_agent
    from fliptable.sim.match import play_match

    solved = 0
    for seed in range(8):
        agents = [make_agent(FLAPS, "greedy" if i % 2 == 0 else "random") for i in range(players)]
        match = play_match(FLAPS, agents, {"level": 5}, seed)
        assert match.state.is_over()
        solved += FLAPS.stats(match.state)["solved"]
    assert solved > 0


def test_the_terminal_shows_each_player_what_they_know():
    s = secrets()
    lay(s, 0, "5pick")
    lay(s, 0, "s:qc")
    assert "Solve the Mystery pile: 1 card; you know: qc" in FLAPS.render(s.view(0), 0)
    assert "you know" not in FLAPS.render(s.view(2), 2)
    lay(s, 1, "5solve")
    assert "you know they hold: qc" in FLAPS.render(s.view(0), 0)
    assert "you know they hold" not in FLAPS.render(s.view(2), 2)


def test_leak_thousands_of_level_5_states_views_events_and_determinize_follow_the_knowledge():
    """Random play at Level 5: at every state each seat's view and legal actions survive
    ``determinize(seat)``; a card an event names to a seat is one its view then shows it
    (the pile as it knows it, or its hand); determinization moves pile cards a seat does
    not know."""
    # spelled out per level on purpose: each level's own play-to-the-end and leak check
    rng = random.Random(5)
    states = moved = named = 0
    # spelled out per level on purpose: each level's own play-to-the-end and leak check
    for seed in range(12):
        s = FLAPS.new_state(3 + seed % 3, {"level": 5}, seed)
        while not s.is_over():
            for p in range(s.players):
                d = s.determinize(p, random.Random(rng.random()))
                assert d.view(p) == s.view(p) and d.legal_actions(p) == s.legal_actions(p)
                if d.mystery != s.mystery:
                    moved += 1
            states += 1
            d = s.decision()
            actor = next(q for q in d.actors if s.legal_actions(q))
            events = s.apply(actor, rng.choice(s.legal_actions(actor)))
            for e in events:
                if e.type not in ("secret", "lost", "solve"):
                    continue
                for q in range(s.players):
                    seen = e.for_player(q)
                    cards = seen.get("cards", [seen["card"]] if "card" in seen else [])
                    view = s.view(q)
                    for c in cards:
                        named += 1
                        assert c in view.get("mystery", []) or c in view.get("hand", []), (e, q)
                    if q not in (e.audience or ()):
                        assert not cards
    assert states > 1000 and moved > 0 and named > 0
