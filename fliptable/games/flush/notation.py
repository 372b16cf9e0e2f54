"""Flush's action notation and its fixed action space.

A turn is one *declaration* — the action a player submits is what they say aloud
(flush.md "DECLARATION") — optionally preceded by flipping a Blind card, and followed,
only when the player's cards leave a real choice, by the cards that fulfil it:

=================  ===========================================================
``3x6``            "3 Sixes": lay three cards of value 6 (Mimics may join); a
                   play when 6 is the pile's value or lower (or the pile is
                   empty), else a pick-up: a new pile of 6s, the old pile to hand
``link:4``         a Link Flush with four of your Link cards (with those on top
                   of the pile, four or more in all)
``flush``          play a Flush card; ``bigflush`` a Big Flush card
``blind:2``        flip the Blind card of your base 2 (first in a turn, its top
                   card gone)
``6l`` / ``b2``    fulfil the declaration with a card of that face from your hand,
                   or with the face-up card of your base 2
``pass:2``         after a Super Flush, pass your base 2 to the player of the
                   previous turn; ``keep`` passes none
``mimic:6l``       (the Mimic card turned up is a Flush card) make that visible
                   number card of yours the Mimic; ``mimic:b2`` the top of base 2
=================  ===========================================================

Bases are numbered from 1, in the order they lie in front of the player.
"""

from __future__ import annotations

import re

from .cards import IS_FLUSH, NAMES, NCARDS, VALUE_PLURALS, VALUE_WORDS, said

#: the most cards of one value a play can hold: 8 of the value and 7 Mimics
MAX_PLAY = 15
#: the most bases a player can hold: every base of a six-player table
MAX_BASES = 18
#: the most Link cards a pack can hold (every number card)
MAX_LINKS = 80

DECLARE, LINK_FLUSH, FLUSH_CARD, BIG_CARD, BLIND, HAND, TOP, PASS, KEEP, MIMIC_HAND, MIMIC_TOP = range(11)

#: DECL[v][n] is the declaration of n cards of value v
DECL = tuple(tuple(f"{n}x{v}" for n in range(MAX_PLAY + 1)) for v in range(11))
#: DECL_PREFIX[v][k]: the declarations 1xv .. kxv (k up to MAX_PLAY)
DECL_PREFIX = tuple(tuple(DECL[v][1 : k + 1] for k in range(MAX_PLAY + 1)) for v in range(11))
#: SAID[v][n]: the declaration of n cards of value v as it is spoken (``said``: "3 Sixes")
SAID = tuple(tuple(said(n, v) for n in range(MAX_PLAY + 1)) for v in range(11))
LINKS = tuple(f"link:{n}" for n in range(MAX_LINKS + 1))
BLINDS = tuple(f"blind:{k + 1}" for k in range(MAX_BASES))
TOPS = tuple(f"b{k + 1}" for k in range(MAX_BASES))
PASSES = tuple(f"pass:{k + 1}" for k in range(MAX_BASES))
MIMIC_TOPS = tuple(f"mimic:b{k + 1}" for k in range(MAX_BASES))
MIMIC_FACES = tuple(f"mimic:{name}" for name in NAMES)
FLUSH_ACTION, BIG_ACTION, KEEP_ACTION = "flush", "bigflush", "keep"

#: every action string -> (kind, argument, second argument)
INFO: dict[str, tuple[int, int, int]] = {}
for _v in range(1, 11):
    for _n in range(1, MAX_PLAY + 1):
        INFO[DECL[_v][_n]] = (DECLARE, _v, _n)
for _n in range(1, MAX_LINKS + 1):
    INFO[LINKS[_n]] = (LINK_FLUSH, _n, 0)
INFO[FLUSH_ACTION] = (FLUSH_CARD, 0, 0)
INFO[BIG_ACTION] = (BIG_CARD, 0, 0)
INFO[KEEP_ACTION] = (KEEP, 0, 0)
for _k in range(MAX_BASES):
    INFO[BLINDS[_k]] = (BLIND, _k, 0)
    INFO[TOPS[_k]] = (TOP, _k, 0)
    INFO[PASSES[_k]] = (PASS, _k, 0)
    INFO[MIMIC_TOPS[_k]] = (MIMIC_TOP, _k, 0)
for _c in range(NCARDS):
    INFO[NAMES[_c]] = (HAND, _c, 0)
    if not IS_FLUSH[_c]:
        INFO[MIMIC_FACES[_c]] = (MIMIC_HAND, _c, 0)


def action_space(players: int, faces: list[int], links: int) -> tuple[str, ...]:
    """Every action that can ever be legal at a table of ``players`` with a pack of these
    faces and Link cards, in a fixed order (an action's index is its id)."""
    bases = 3 * players
    out: list[str] = []
    for v in range(1, 11):
        out.extend(DECL[v][1:])
    out.extend(LINKS[1 : links + 1])
    out += [FLUSH_ACTION, BIG_ACTION]
    out.extend(BLINDS[:bases])
    out.extend(NAMES[c] for c in faces)
    out.extend(TOPS[:bases])
    out.extend(PASSES[:bases])
    out.append(KEEP_ACTION)
    out.extend(MIMIC_FACES[c] for c in faces if not IS_FLUSH[c])
    out.extend(MIMIC_TOPS[:bases])
    return tuple(out)


_WORDS = {w.lower(): v for v, w in enumerate(VALUE_WORDS) if v}
_WORDS.update({w.lower(): v for v, w in enumerate(VALUE_PLURALS) if v})
_WORDS.update({"sixs": 6})
_DECL_RE = re.compile(r"^([0-9]{1,3})(?:x|\*|of)?([a-z]+)$|^([0-9]{1,3})(?:x|\*)([0-9]{1,3})$")
_ARG_RE = re.compile(r"^(blind|pass|link|b|mimic)[:#]?(.{1,8})$")
ALIASES = {
    "nopass": KEEP_ACTION,
    "no": KEEP_ACTION,
    "none": KEEP_ACTION,
    "big": BIG_ACTION,
    "bigflush": BIG_ACTION,
    "flush": FLUSH_ACTION,
}


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 4 else None


def parse(text: str) -> str:
    """Canonical notation of typed text (case and spaces already removed): ``3x6``,
    ``3*6``, ``3 sixes`` -> ``3x6``; ``blind 2`` -> ``blind:2``; ``pass2`` -> ``pass:2``.
    Anything else is returned as it is (and refused as not legal)."""
    if text in INFO:
        return text
    if text in ALIASES:
        return ALIASES[text]
    m = _DECL_RE.match(text)
    if m:
        if m.group(1) is not None:
            value = _WORDS.get(m.group(2))
            if value is not None:
                return f"{int(m.group(1))}x{value}"
        else:
            return f"{int(m.group(3))}x{int(m.group(4))}"
    m = _ARG_RE.match(text)
    if m:
        head, arg = m.groups()
        if head == "b":
            return text
        if head == "mimic" and arg.startswith("b") and _number(arg[1:]) is not None:
            return f"mimic:b{_number(arg[1:])}"
        if _number(arg) is not None:
            return f"{head}:{_number(arg)}"
        return f"{head}:{arg}"
    return text
