"""What a FLAPS balance report counts (``games/flaps/balance.py``): a kind is a card as the
rulebook names it; a seat is dealt its seven cards (a match's later deals are read from
the "hand" events) and holds its hand at the end."""

from fliptable.core.events import Event

from .helpers import FLAPS, dealt

BALANCE = FLAPS.balance


def test_a_seat_is_dealt_its_seven_cards_named_as_the_rulebook_names_them():
    s = dealt(3, {0: ["mf", "2h", "0", "alh", "5c", "qc", "kc"]}, first="9h")
    kinds = BALANCE.dealt(s)[0]
    assert {"MF - MEGA-FLAP (Hearts)", "2", "0 - QUACK", "ACE'N'LAY (ANY RED CARD)"} <= kinds and len(kinds) <= 7
    assert BALANCE.held(s) == BALANCE.dealt(s)
    s.apply(0, "2h")
    assert "2" not in BALANCE.held(s)[0] and "2" in BALANCE.dealt(dealt(3, {0: ["2h"]}, first="9h"))[0]


def test_a_matchs_later_deals_are_read_from_the_hand_events():
    assert not BALANCE.reads_events({"games": 1}) and BALANCE.reads_events({"games": 3})
    told = Event("hand", {"player": 1}, {"cards": ["mf", "2h"]}, (1,))
    assert BALANCE.dealt_by(told) == (1, {"MF - MEGA-FLAP (Hearts)", "2"})
    assert BALANCE.dealt_by(Event("hand", {"player": 1})) is None
    assert BALANCE.dealt_by(Event("lay", {"player": 1}, {"cards": ["2h"]}, (1,))) is None
