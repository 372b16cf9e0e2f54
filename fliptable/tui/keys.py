"""Keys for legal actions, derived only from ``legal_actions`` (no rules here).

A short list of actions is offered flat, one key each (unless two would want the same
key: then the tree below): a one-word action gets its
first letter (``hit`` -> h, ``stay`` -> s, ``done`` -> d), an action ending in a
number 0-9 gets that digit (``give:2`` -> 2, ``swat:3`` -> 3; 10 -> 0), the rest the
next free key of ``POOL``. ``q`` is never an action's key: it quits. A long list is
offered as a tree over the notation's tokens (``play:hand1>c3`` -> play, hand, 1, c3):
each key narrows the choice, Escape goes back. Counted actions (``3x6``, "3 Sixes") are
always a tree keyed by their digits: 3, then 6 (10 -> 0). Races are always flat, so one key acts.

A game may name kinds of its actions (``Game.action_keys``, e.g. FLAPS's ``!`` "Last
Card" for ``5c!`` and ``c`` "catch" for ``catch:N``): those actions leave the ordinary
menu and are offered under their key (``groups``); the key acts at once when one such
action is legal, and narrows the menu to them when there are several. Their keys are
never handed to other actions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: keys handed out when an action has no natural key of its own, in this order
#: (never ``q``: it quits, as at the plain prompt)
POOL = "123456789abcdefghijklmnoprstuvwxyz0"
#: the same keys, letters first (beside counts, whose keys are digits)
LETTERS_FIRST = "".join(sorted(POOL, key=str.isdigit))
#: keys that are never an action's
RESERVED = frozenset("q")
#: up to this many actions are offered flat
FLAT_LIMIT = 12

_SPLIT = re.compile(r"([:>])")
#: one step of the menu tree: a count and a word before a number (``3x`` of ``3x6``), a
#: word before a number (``hand`` of ``hand1``), or a token of the notation with its
#: trailing separator
_SEGMENT = re.compile(r"\d+[^:>\d]+(?=\d)|[^:>\d]+(?=\d)|[^:>]*[:>]?")
#: a count step (``3x``), keyed by its digits; a prefix ending in one, whose choices are
#: keyed by the number that follows; an action (after the prefix) that starts with one
_COUNT = re.compile(r"(\d+)[^:>\d]+")
_ENDS_IN_COUNT = re.compile(r"(?:^|[:>])\d+[^:>\d]+$")
_COUNTED = re.compile(r"\d+[^:>\d]+\d")


# a frozen dataclass's header: only the shape is shared (with core/cards.py's CardType)
@dataclass(frozen=True, slots=True)
class Choice:
    """One offered key: a whole ``action``, or a ``prefix`` that narrows the menu."""

    key: str
    label: str
    action: str | None = None
    prefix: str | None = None


def _natural(token: str) -> str | None:
    if token.isdigit():
        n = int(token)
        return str(n) if n <= 9 else ("0" if n == 10 else None)
    if token[:1].isalpha():
        return token[0].lower()
    return None


def _assign(
    items: Sequence[tuple[str, str | None]], pool: str = POOL, reserved: frozenset[str] = frozenset()
) -> list[str]:
    """Keys for items given as (label, natural key or None): natural first, then ``pool``;
    never a ``reserved`` key (the game's named keys)."""
    keys: list[str | None] = [None] * len(items)
    used: set[str] = set(reserved)
    for i, (_, nat) in enumerate(items):
        if nat is not None and nat not in used and nat not in RESERVED:
            keys[i] = nat
            used.add(nat)
    free = (k for k in pool if k not in used)
    out: list[str] = []
    for k in keys:
        if k is None:
            nxt = next(free, None)
            k = nxt if nxt is not None else ""
            if nxt is not None:
                used.add(nxt)
        out.append(k)
    return out


def _flat_natural(action: str) -> str | None:
    parts = _SPLIT.split(action)
    if len(parts) == 1:
        return _natural(parts[0])
    last = parts[-1]
    return _natural(last) if last.isdigit() else None


def _contested(actions: Sequence[str], prefix: str) -> bool:
    """Whether two of ``actions`` would want the same natural key in a flat list."""
    counted = bool(prefix) and _ENDS_IN_COUNT.search(prefix) is not None
    seen: set[str] = set()
    for a in actions:
        nat = _natural(a[len(prefix) :]) if counted and a[len(prefix) :].isdigit() else _flat_natural(a)
        if nat is None:
            continue
        if nat in seen:
            return True
        seen.add(nat)
    return False


def flat_menu(actions: Sequence[str], prefix: str = "", reserved: frozenset[str] = frozenset()) -> list[Choice]:
    """One key per action (after a count step such as ``3x``, the number that follows
    is the key: ``3x6`` -> 6)."""
    counted = bool(prefix) and _ENDS_IN_COUNT.search(prefix) is not None
    keys = _assign(
        [
            (a, _natural(a[len(prefix) :]) if counted and a[len(prefix) :].isdigit() else _flat_natural(a))
            for a in actions
        ],
        reserved=reserved,
    )
    return [Choice(k, a, action=a) for k, a in zip(keys, actions, strict=True) if k]


def menu(
    actions: Sequence[str], prefix: str = "", flat: bool = False, reserved: frozenset[str] = frozenset()
) -> tuple[str, list[Choice]]:
    """The choices offered for ``actions`` narrowed to ``prefix``: (effective prefix, choices).

    Chains with a single continuation are skipped, so the returned prefix may be longer.
    ``reserved`` keys (the game's named keys) are never handed out."""
    cands = [a for a in actions if a.startswith(prefix)]
    # counted actions (``3x6``) are always a tree: the count, then the number, whatever
    # the list's length, so a key means the same every time
    counted = any(_COUNTED.match(a, len(prefix)) for a in cands)
    # a flat list only while each action's own key is its own: when two want the same
    # (Go to the Store's ask:1:4 and ask:2:4 both want 4, and one would get a stray 1),
    # the tree: the seat, then the number — a key means what it says
    if flat or (len(cands) <= FLAT_LIMIT and not counted and not _contested(cands, prefix)):
        return prefix, flat_menu(cands, prefix, reserved)
    while True:
        children: dict[str, str | None] = {}
        for a in cands:
            segment = _SEGMENT.match(a, len(prefix))
            assert segment is not None, a  # the pattern matches the empty string too
            child = prefix + segment.group(0)
            if child == a:
                children[child] = a
            else:
                children.setdefault(child, None)
        if len(children) == 1:
            ((child, leaf),) = children.items()
            if leaf is not None:
                return prefix, flat_menu(cands, prefix, reserved)
            prefix = child
            continue
        break
    items = list(children.items())
    labels = []
    naturals = []
    for child, leaf in items:
        token = child[len(prefix) :]
        labels.append(child if leaf is not None else child + "…")
        count = _COUNT.fullmatch(token) if leaf is None else None
        naturals.append(_natural(count.group(1) if count else token.rstrip(":>")))
    # beside counts (digits), other choices take letters first: a digit means a count
    counts = any(_COUNT.fullmatch(child[len(prefix) :]) for child, leaf in items if leaf is None)
    keys = _assign(list(zip(labels, naturals, strict=True)), LETTERS_FIRST if counts else POOL, reserved)
    out = []
    for k, (child, leaf), label in zip(keys, items, labels, strict=True):
        if not k:
            continue
        out.append(Choice(k, label, action=leaf) if leaf is not None else Choice(k, label, prefix=child))
    return prefix, out


def aliases(key_aliases: Sequence[tuple[str, str]], actions: Sequence[str]) -> dict[str, str]:
    """Named keys (``enter``) for actions: the game's own (``Game.key_aliases``: Fly-swatter's
    Enter for ``done``) while legal, and Enter for a lone action."""
    out = {key: a for key, a in key_aliases if a in actions}
    if len(actions) == 1:
        out.setdefault("enter", actions[0])
    return out


@dataclass(frozen=True, slots=True)
class Group:
    """The legal actions of one of the game's named kinds (``Game.action_keys``)."""

    key: str
    label: str
    actions: tuple[str, ...]

    def hint(self) -> str:
        """What the key does now: ``!: Last Card (5c!)``, or ``!: Last Card (2 ways)…``."""
        if len(self.actions) == 1:
            return f"{self.key}: {self.label} ({self.actions[0]})"
        return f"{self.key}: {self.label} ({len(self.actions)} ways)…"


_PATTERNS: dict[str, re.Pattern[str]] = {}


def groups(action_keys: Sequence, actions: Sequence[str]) -> tuple[list[str], list[Group]]:
    """Split ``actions`` by the game's named keys: (the ordinary actions, the groups that
    have legal actions). An action goes to the first key whose pattern matches it whole."""
    if not action_keys:
        return list(actions), []
    found: dict[str, list[str]] = {}
    rest: list[str] = []
    for a in actions:
        for k in action_keys:
            pat = _PATTERNS.get(k.pattern)
            if pat is None:
                pat = _PATTERNS[k.pattern] = re.compile(k.pattern)
            if pat.fullmatch(a):
                found.setdefault(k.key, []).append(a)
                break
        else:
            rest.append(a)
    return rest, [Group(k.key, k.label, tuple(found[k.key])) for k in action_keys if k.key in found]


def named_keys(action_keys: Sequence) -> frozenset[str]:
    """The keys the game names: never another action's."""
    return frozenset(k.key for k in action_keys)
