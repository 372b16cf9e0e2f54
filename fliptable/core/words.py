"""Naming seats in the games' text for people: "you" for the seat whose person reads the
line, "seat N" for every other seat — with the verb, the possessive and the list agreeing.

``Words(seat)`` is bound to the reader (``None``: a spectator, or several people at one
keyboard — third person everywhere). Verbs are given in their plain form ("flip",
"have", "be"); the reader's own seat takes it as is and any other seat the third person::

    w = Words(0)
    w.does(0, "flip")   -> "you flip"          w.does(1, "flip")   -> "seat 1 flips"
    w.does(0, "be")     -> "you are"           w.does(1, "have")   -> "seat 1 has"
    w.whose(0)          -> "your"              w.whose(1)          -> "seat 1's"
    w.who(0)            -> "you"               w.who(1)            -> "seat 1"  (subject or object)
    w.their(0)          -> "your"              w.their(1)          -> "their"   (the subject's own)
    w.all([0, 2])       -> "you and seat 2"    w.does([1, 2], "win") -> "seat 1 and seat 2 win"
    w.does([], "win")   -> "nobody wins"      w.per_seat([3, 5])  -> "you 3, seat 1 5"
    cap("seat 1 flips") -> "Seat 1 flips"      (``str.capitalize`` would lower the rest)
"""

from __future__ import annotations

from collections.abc import Iterable

#: verbs whose third person is not the plain form + "s"/"es"
_IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes", "say": "says"}


def third_person(verb: str) -> str:
    """ "flip" -> "flips", "pass" -> "passes", "carry" -> "carries", "have" -> "has".
    Only the first word changes ("turn up" -> "turns up")."""
    first, sep, rest = verb.partition(" ")
    if first in _IRREGULAR:
        out = _IRREGULAR[first]
    elif first.endswith(("s", "sh", "ch", "x", "z", "o")):
        out = first + "es"
    elif len(first) > 1 and first.endswith("y") and first[-2] not in "aeiou":
        out = first[:-1] + "ies"
    else:
        out = first + "s"
    return out + sep + rest


def cap(text: str) -> str:
    """The first letter upper case, the rest as it is."""
    return text[:1].upper() + text[1:]


def seat_name(p: int) -> str:
    return f"seat {p}"


def count_of(n: int, noun: str) -> str:
    """``1 player``, ``4 players`` (a noun whose plural adds "s")."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


class Words:
    """The words for seats as the person at ``seat`` reads them (``None``: third person)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int | None = None):
        self.seat = seat

    def you(self, p: int | None) -> bool:
        """Whether ``p`` is the reader."""
        return p is not None and p == self.seat

    def who(self, p: int) -> str:
        """The seat as subject or object: "you" / "seat 1"."""
        return "you" if self.you(p) else seat_name(p)

    whom = who

    def whose(self, p: int) -> str:
        """The possessive: "your" / "seat 1's"."""
        return "your" if self.you(p) else f"{seat_name(p)}'s"

    def their(self, p: int) -> str:
        """The possessive of a seat already named as the subject: "your" / "their"."""
        return "your" if self.you(p) else "their"

    def verb(self, p: int | Iterable[int], verb: str) -> str:
        """The verb agreeing with ``p`` (one seat or several): "flip" / "flips"."""
        if isinstance(p, int) and not self.you(p):
            return third_person(verb)
        first, sep, rest = verb.partition(" ")
        return ("are" if first == "be" else first) + sep + rest

    def does(self, p: int | Iterable[int], verb: str) -> str:
        """Subject and verb: "you flip" / "seat 1 flips" / "you and seat 2 win"."""
        if not isinstance(p, int):
            p = list(p)
            if not p:
                return f"nobody {third_person(verb)}"
            if len(p) == 1:
                p = p[0]
        return f"{self.who(p) if isinstance(p, int) else self.all(p)} {self.verb(p, verb)}"

    def per_seat(self, values: Iterable[object]) -> str:
        """One value per seat, named: "you 12, seat 1 5" (never a bare list)."""
        return ", ".join(f"{self.who(p)} {v}" for p, v in enumerate(values))

    def all(self, seats: Iterable[int]) -> str:
        """Several seats: "seat 1", "you and seat 2", "seat 0, seat 1 and you"."""
        names = [self.who(p) for p in seats]
        if len(names) <= 1:
            return "".join(names) or "nobody"
        return ", ".join(names[:-1]) + " and " + names[-1]
