"""What a Flip 7 balance report counts (``core/balance.py``): every face is a kind; a
player is dealt the cards flipped to them (their own hits, a Flip Three's three, a
Second Chance handed over is not counted), in any round: the first round's deal from
the "flip" events of the opening, the rest noted by the rules as they are flipped
(``watch_flips``; the "flip" events say the same, ``dealt_by``); a game lasts rounds;
the round limit is its safety cap."""

from __future__ import annotations

from itertools import repeat

from ...core.balance import Balance
from .state import FLIP_EVENTS, NAMES, WATCHED, Flip7State


def watch_flips(state: Flip7State | None) -> list[set[int]]:
    """From now on note each card flipped to a seat of ``state``: the list returned holds
    the set of card ints flipped to each seat (a balance report's reading:
    cheaper than telling every event; the rules note them, ``state.WATCHED``). One state at a time in a
    process, so the flips of its clones (a bot's search) are not noted;
    ``watch_flips(None)`` stops."""
    seen: list[set[int]] = [set() for _ in range(state.players)] if state is not None else []
    WATCHED[:] = [state, seen]
    return seen


class Flip7Balance(Balance):
    counts_cards = True
    dealt_events = frozenset({"flip"})
    length_names = ("rounds",)
    has_cap = True

    def reads_events(self, options):
        return False  # every card reaches a player by a flip, noted by watch, not told

    def watch(self, state):
        # the rules note each flip in a set per seat (one state at a time): building
        # the ~55 other events of a game a report does not read cost it 2.8% beside simulate
        return watch_flips(state)

    def add_watched(self, dealt, state, watched, kinds):
        watch_flips(None)
        self.add_dealt(dealt, state.opening, kinds)  # the first round's deal, before watch
        get = self._by_card(kinds).__getitem__
        for into, cards in zip(dealt, watched, strict=True):
            into.update(map(get, cards))
            into.discard(-1)

    def _by_card(self, kinds):
        """Card int -> index in ``kinds`` (-1: not counted), kept for the last kinds."""
        cached = self.__dict__.get("_card_cache")
        if cached is None or cached[0] is not kinds:
            cached = self.__dict__["_card_cache"] = (kinds, tuple(kinds.get(name, -1) for name in NAMES))
        return cached[1]

    def dealt_by(self, event):
        if event.type == "flip":
            return event.data["player"], (event.data["card"],)
        return None

    def add_dealt(self, dealt, events, kinds):
        # dealt_by's reading, done in C: a game tells about 180 events, 125 of them flips,
        # each one of FLIP_EVENTS (made once per seat and card), so an event's identity
        # says the seat and the card; the distinct (seat, kind) codes are gathered by
        # set(map(...)) without a Python step per event
        code = self._codes(len(dealt), kinds)
        width = len(kinds)
        found = set(map(code.get, map(id, events), repeat(-1)))
        found.discard(-1)
        for c in found:
            dealt[c // width].add(c % width)

    def _codes(self, players, kinds):
        """id(FLIP_EVENTS[p][card]) -> p * len(kinds) + the card's kind index, for the
        seats of the table and the kinds counted (kept for the last table: a chunk's)."""
        cached = self.__dict__.get("_code_cache")
        if cached is None or cached[0] != players or cached[1] is not kinds:
            width = len(kinds)
            codes = {
                id(FLIP_EVENTS[p][card]): p * width + kinds[name]
                for p in range(players)
                for card, name in enumerate(NAMES)
                if name in kinds
            }
            cached = self.__dict__["_code_cache"] = (players, kinds, codes)
        return cached[2]

    def lengths(self, state):
        return {"rounds": state.round_no}

    def capped(self, state):
        return state.ended == "round_limit"


BALANCE = Flip7Balance()
