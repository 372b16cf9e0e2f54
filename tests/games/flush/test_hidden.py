"""What nobody may see: Blind cards (unknown even to their owner until flipped), the
unused deck's order, other hands. Views and events hide them; determinize re-deals them."""

import random
from collections import Counter

from fliptable.core.knowledge import PUBLIC
from tests.games.flush.helpers import FLUSH, NAMES, dealt, play, table

SEAT0 = (["1", "2", "3"], ["7", "8", "9"], ["4", "4", "5", "5", "6", "6", "10", "10"])


def test_blind_cards_are_unknown_even_to_their_owner():
    state = dealt(3, {0: SEAT0}, indicator="3l", first=0)
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert view["bases"][0] == ["7", "8", "9"] and view["card_counts"][0] == 14
    # the owner's view is the same whatever their Blind cards are
    twin = state.clone()
    twin.blinds[0] = [twin.unused[0], twin.unused[1], twin.unused[2]]
    twin.unused[0:3] = state.blinds[0]
    assert twin.view(0) == state.view(0)


def test_other_hands_and_the_unused_deck_are_only_counted():
    state = dealt(3, {0: SEAT0}, indicator="3l", first=0)
    view = state.view(1)
    assert view["hand_counts"] == [8, 8, 8] and view["known"][0] == [] and view["draw_count"] == 47
    assert "unused" not in view and sorted(view["hand"]) == sorted(NAMES[c] for c in state.hands[1])
    assert "hand" not in state.view(None)


def test_the_deal_shows_each_player_only_their_own_hand():
    state = FLUSH.new_state(3, {}, 4)
    events = []
    while not events or not any(e.type == "deal" for e in events):
        p = state.decision().player
        events = state.apply(p, state.legal_actions(p)[0])
        if state.round_no > 1:
            break
    deals = [e for e in events if e.type == "deal"]
    assert len(deals) == 3
    for e in deals:
        p = e.data["player"]
        assert e.for_player(p)["hand"] and "hand" not in e.for_player((p + 1) % 3)
        assert "hand" not in e.for_player(None)


def test_determinize_keeps_the_view_legal_actions_and_frame_and_moves_hidden_cards():
    state = dealt(3, {0: SEAT0}, indicator="3l", first=0)
    rng = random.Random(1)
    blinds_moved = hands_moved = 0
    for _ in range(20):
        det = state.determinize(0, random.Random(rng.random()))
        assert det.view(0) == state.view(0) and det.frame(0) == state.frame(0)
        assert det.legal_actions(0) == state.legal_actions(0)
        assert Counter(det.all_cards()) == Counter(state.all_cards())
        assert sorted(det.hands[0]) == sorted(state.hands[0])
        blinds_moved += det.blinds[0] != state.blinds[0]  # its own Blind cards too
        hands_moved += det.hands[1] != state.hands[1]
    assert blinds_moved and hands_moved


def test_determinize_keeps_cards_everybody_saw_picked_up():
    state = table(2, hands={0: ["9", "2"], 1: ["3", "8"]}, pile=["7", "4"], turn=0)
    play(state, (0, "1x9"))  # seat 0 picks up the 7 and the 4
    assert state.view(1)["known"][0] == ["4", "7"]
    for i in range(10):
        det = state.determinize(1, random.Random(i))
        held = sorted(NAMES[c] for c, m in zip(det.hands[0], det.known[0], strict=True) if m == PUBLIC)
        assert held == ["4", "7"] and det.view(1) == state.view(1)


def test_determinize_during_a_declaration_leaves_its_maker_the_cards_to_fulfil_it():
    # seat 1 declared 3 Sixes and has laid one: the others know it holds two more cards that can be Sixes
    state = table(3, hands={0: ["2"], 1: ["6", "6l", "6s", "5", "9"], 2: ["3"]}, indicator="5l", turn=1, unused=None)
    play(state, (1, "3x6"), (1, "6l"))
    assert state.view(0)["phase"] == "pick"
    for i in range(30):
        det = state.determinize(0, random.Random(i))
        assert det.legal_actions(1), "the declaration could no longer be fulfilled"
        assert det.view(0) == state.view(0)
        while det.decision().player == 1 and det.view(0)["phase"] == "pick":
            det.apply(1, det.legal_actions(1)[0])


def test_a_flipped_blind_card_and_a_big_flush_draw_are_shown_to_the_right_players():
    state = table(
        3, hands={0: ["bf", "9"], 1: ["3"], 2: ["4"]}, tops={0: [None]}, blinds={0: ["2"]}, unused=["7", "8"], turn=0
    )
    flip = play(state, (0, "blind:1"))
    assert all(e.for_player(q)["card"] == "2" for e in flip[:1] for q in (None, 0, 1, 2))


SEAT1 = (["5s", "6s", "7s"], ["1l", "2l", "5"], ["8", "8", "9", "9", "7", "7", "2s", "3s"])
SEAT2 = (["5l", "6l", "7l"], ["1s", "4s", "4l"], ["8l", "9l", "10l", "10s", "9s", "8s", "1d", "4d"])


def test_the_first_deal_is_told_showing_each_player_only_their_own_hand():
    state = dealt(3, {0: SEAT0, 1: SEAT1, 2: SEAT2}, indicator="3l", first=1)
    opening = list(state.opening)
    assert [e.type for e in opening] == ["round_start", "deal", "deal", "deal"]
    start = opening[0].for_player(2)
    assert start["first"] == 1 and start["mimic"] == 3 and start["tops"]["0"] == ["7", "8", "9"]
    assert opening[1].for_player(0)["hand"] == ["4", "4", "5", "5", "6", "6", "10", "10"]
    assert opening[2].for_player(1)["hand"] == ["2s", "3s", "7", "7", "8", "8", "9", "9"]
    for e in opening[1:]:
        p = e.data["player"]
        for q in (None, *(x for x in range(3) if x != p)):
            assert "hand" not in e.for_player(q)
    # other Blind cards under the same tops: everybody, their owner included, is told the same
    other = dealt(3, {0: (["2d", "3d", "5d"], *SEAT0[1:]), 1: SEAT1, 2: SEAT2}, indicator="3l", first=1)
    for q in (None, 0, 1, 2):
        assert [e.for_player(q) for e in other.opening] == [e.for_player(q) for e in opening]
