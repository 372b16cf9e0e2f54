"""What bounds a Flush game (docs/rules/flush.md "The decision cap", the elimination
round limit) and the determinization's weighted draw (``view._weighted_index``)."""

import pytest

from fliptable.games.flush.cards import VALUE
from fliptable.games.flush.tables import MAX_ELIMINATION_ROUNDS, round_cap
from fliptable.games.flush.view import _weighted_index
from tests.games.flush.helpers import FLUSH, ID, NAMES, kinds, play, table


def picking(options=None):
    """Seat 0 has declared three 6s and laid its top 6d; two more are to be chosen."""
    state = table(
        2, hands={0: ["6", "6l", "6s", "9"], 1: ["2"]}, tops={0: ["6d"]}, blinds={0: ["1"]}, turn=0, options=options
    )
    play(state, (0, "3x6"), (0, "b1"))
    assert state.view(0)["phase"] == "pick" and [NAMES[c] for c in state.laid] == ["6d"]
    return state


def test_the_decision_cap_one_decision_short_lets_the_round_go_on():
    state = picking()
    state.round_decisions = round_cap(2) - 2
    play(state, (0, "6l"))
    assert state.round_no == 1 and [NAMES[c] for c in state.laid] == ["6d", "6l"]
    assert set(state.legal_actions(0)) == {"6", "6s"}


@pytest.mark.parametrize("rounds", [5, 1])
def test_the_decision_cap_while_cards_are_laid_gives_them_back_and_drops_the_declaration(rounds):
    """docs/rules/flush.md "The decision cap": the round ends without a winner; cards laid
    for a declaration not yet fulfilled go back to the hand and score there; no
    declaration is left over, into the next round or (the last round) the final state."""
    state = picking({"rounds": rounds})
    points = state.points
    state.round_decisions = round_cap(2) - 1
    events = play(state, (0, "6l"))
    assert kinds(events)[:2] == ["round_cap", "round_end"]
    end = events[1].data
    assert end["winner"] is None and end["round"] == 1
    held = [ID[n] for n in ("6", "6l", "6s", "9", "6d")] + [ID["1"]]  # the Blind 1 is a Mimic: x3
    mimic = VALUE[ID["1s"]]
    assert end["scores"][0] == sum(points[c] * (3 if VALUE[c] == mimic else 1) for c in held)
    assert state.round_no == (2 if rounds > 1 else 1) and state.is_over() == (rounds == 1)
    assert state.laid == [] and state.tokens is None
    assert (state.decl_kind, state.decl_value, state.decl_count) == (0, 0, 0)
    assert FLUSH.state_from_json(state.to_json()).to_json() == state.to_json()


def elimination_end(round_no):
    """A table in elimination mode whose round ``round_no`` seat 0 ends at once, nobody out."""
    state = table(
        3,
        hands={0: ["2"], 1: ["9", "10"], 2: ["9", "9s"]},
        turn=0,
        options={"mode": "elimination", "limit": 200},
        round_no=round_no,
        indicator="1s",
    )
    events = play(state, (0, "1x2"))
    assert "round_end" in kinds(events)
    return state


def test_elimination_ends_after_round_100_not_before():
    """docs/rules/flush.md "The decision cap": an elimination game has at most
    ``MAX_ELIMINATION_ROUNDS`` (100) rounds; round 99 is followed by round 100."""
    assert MAX_ELIMINATION_ROUNDS == 100
    state = elimination_end(MAX_ELIMINATION_ROUNDS - 1)
    assert not state.is_over() and state.round_no == MAX_ELIMINATION_ROUNDS
    state = elimination_end(MAX_ELIMINATION_ROUNDS)
    assert state.is_over() and state.result().details["rounds"] == MAX_ELIMINATION_ROUNDS


class Fixed:
    """An rng whose ``randrange`` returns a given number (checked against the bound)."""

    def __init__(self, x):
        self.x = x

    def randrange(self, total):
        assert 0 <= self.x < total
        return self.x


def test_a_weighted_index_never_picks_a_zero_weight():
    """Determinization draws an arrangement class with probability proportional to its
    weight; a class of weight 0 (impossible given what the seat has seen) is never drawn."""
    weights = [0, 3, 0, 2, 0]
    picks = [_weighted_index(weights, Fixed(x)) for x in range(sum(weights))]
    assert picks == [1, 1, 1, 3, 3]
    assert [_weighted_index([1, 1], Fixed(x)) for x in (0, 1)] == [0, 1]
    assert _weighted_index([5], Fixed(4)) == 0
    assert _weighted_index([0, 1, 0], Fixed(0)) == 1  # one arrangement fits: it is drawn


def test_a_weighted_index_with_nothing_possible_says_so():
    with pytest.raises(ValueError, match="no arrangement fits what the player has seen"):
        _weighted_index([0, 0], Fixed(0))


def test_every_capped_round_is_counted():
    """Two rounds cut by the decision cap in one game are two ``capped_rounds``."""
    state = picking()
    state.round_decisions = round_cap(2) - 1
    play(state, (0, "6l"))
    assert FLUSH.stats(state)["capped_rounds"] == 1 and state.round_no == 2
    state.round_decisions = round_cap(2) - 1
    p = next(p for p in range(2) if state.legal_actions(p))
    assert "round_cap" in kinds(play(state, (p, state.legal_actions(p)[0])))
    assert FLUSH.stats(state)["capped_rounds"] == 2 and state.round_no == 3
