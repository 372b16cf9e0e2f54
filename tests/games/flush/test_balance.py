"""What a Flush balance report counts (``games/flush/balance.py``, read by ``fliptable
balance``): a card counts as its value and each of its markings, a Flush card as "Flush"
or "Big Flush", a card of the round's Mimic value also as "Mimic"; a seat is dealt the
fourteen cards of round 1 and holds its hand and Blind cards at the end; a game lasts
rounds and turns; the per-round decision cap is its safety cap."""

import pytest

from fliptable.bots.base import RandomAgent
from fliptable.games.flush.balance import labels
from fliptable.games.flush.tables import ST_CAPPED, ST_ROUNDS, ST_TURNS
from fliptable.sim.match import play_match

from .helpers import FLUSH, ID

BALANCE = FLUSH.balance


@pytest.mark.parametrize(
    "name, kinds",
    [
        ("7", ("7",)),
        ("3s", ("3", "Skip")),
        ("5l", ("5", "Link")),
        ("2d", ("2", "Deduction")),
        ("9sld", ("9", "Skip", "Link", "Deduction")),
        ("f", ("Flush",)),
        ("bf", ("Big Flush",)),
    ],
)
def test_a_card_counts_as_its_value_and_each_marking(name, kinds):
    assert labels(ID[name]) == kinds


def test_the_kinds_are_the_values_the_markings_and_mimic():
    assert BALANCE.kinds(FLUSH, 4, FLUSH.resolve_options({})) == (
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "Flush",
        "Big Flush",
        "Skip",
        "Link",
        "Deduction",
        "Mimic",
    )
    assert BALANCE.length_names == ("rounds", "turns") and BALANCE.has_cap and not BALANCE.seat0_starts


def kinds_of(cards, mimic):
    out = set()
    for c in cards:
        out.update(labels(c))
        if FLUSH.cards.names[c].rstrip("sld") == str(mimic):
            out.add("Mimic")
    return out


def test_a_seat_is_dealt_round_ones_fourteen_cards_and_holds_its_hand_and_blinds():
    start = FLUSH.new_state(4, None, 3)
    dealt = BALANCE.dealt(start)
    assert dealt == [kinds_of(start.blinds[p] + start.tops[p] + start.hands[p], start.mimic) for p in range(4)]
    assert any("Mimic" in d for d in dealt)
    end = play_match(FLUSH, [RandomAgent() for _ in range(4)], None, 3).state
    assert BALANCE.held(end) == [kinds_of(end.blinds[p] + end.hands[p], end.mimic) for p in range(4)]
    assert BALANCE.lengths(end) == {"rounds": end.stat[ST_ROUNDS], "turns": end.stat[ST_TURNS]}
    assert end.stat[ST_ROUNDS] >= 1 and end.stat[ST_TURNS] > end.stat[ST_ROUNDS]
    assert BALANCE.capped(end) is (end.stat[ST_CAPPED] > 0)
    end.stat[ST_CAPPED] = 1
    assert BALANCE.capped(end) is True
