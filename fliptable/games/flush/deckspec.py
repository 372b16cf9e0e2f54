"""Deck specs: what is printed on the cards of a Flush pack, as data.

A spec is a JSON object (``decks/default.json`` is the default, documented there and in
docs/rules/flush.md "The deck")::

    {"format": "flush-deck/1", "name": "my pack",
     "cards": [{"value": 4, "count": 1, "points": 4, "deduction": 5},
               {"value": 6, "count": 2, "points": 6, "link": true},
               {"flush": "big", "count": 2, "points": 10}, ...]}

Each entry is one face: ``value`` 1..10 (with ``skip``/``link`` true and a ``deduction``
★ worth 1..100) or ``flush`` ("plain" / "big"); ``count`` copies; ``points`` 0..100
(the small box). The pack must be the rulebook's: eight cards of each value and ten
Flush cards. ``notes`` (text or a list of texts) is free commentary.

The option ``deck`` is ``default`` or a spec; given as a path (``-o deck=PATH.json``)
it is read once and its *resolved value is the spec itself*, as canonical JSON text,
so a log carries the whole spec and replays without the file. The option declares that
it may name a local file (``Option.local_file``): a server refuses a path and takes the
spec only as data (a JSON object). A spec, as a file or as data, is at most 64 KiB, and
only a regular file is read (a named pipe or a device is refused without reading it).
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.errors import OptionError, shorten
from ...core.options import Option
from .cards import BIG_FLUSH, DEDUCTION, FLUSH, LINK, NCARDS, SKIP, number_card

FORMAT = "flush-deck/1"
DEFAULT = "default"
DEFAULT_PATH = Path(__file__).resolve().parent / "decks" / "default.json"
PER_VALUE = 8
FLUSH_CARDS = 10
MAX_POINTS = 100
#: the largest spec accepted, as a file or as data, bytes
MAX_SPEC_BYTES = 64 * 1024
_ENTRY_KEYS = {"value", "flush", "count", "points", "skip", "link", "deduction"}


class SpecError(ValueError):
    """A deck spec that is not valid: the message says where and what."""


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """A validated spec: per card int, copies, points and Deduction ★ points."""

    name: str
    counts: tuple[int, ...]
    points: tuple[int, ...]
    deduction: tuple[int, ...]
    #: the canonical JSON text (what a log carries)
    text: str

    def deck(self) -> list[int]:
        """Every card of the pack, in card-table order."""
        out: list[int] = []
        for card, n in enumerate(self.counts):
            out.extend([card] * n)
        return out

    def faces(self) -> list[int]:
        """The faces this pack has, in card-table order."""
        return [c for c, n in enumerate(self.counts) if n]

    def link_cards(self) -> int:
        from .cards import IS_LINK

        return sum(n for c, n in enumerate(self.counts) if IS_LINK[c])


def _shown(value: Any) -> str:
    """A value from the spec as the message quotes it: JSON's spelling, kept short."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return shorten(text)


def _path(text: str) -> str:
    return repr(shorten(text, 160))


def _fail(where: str, message: str) -> SpecError:
    return SpecError(f"{where}: {message}" if where else message)


def _int(entry: dict, key: str, lo: int, hi: int, where: str) -> int:
    v = entry[key]
    if type(v) is not int or not lo <= v <= hi:
        raise _fail(where, f"{key} must be an integer {lo}..{hi}, got {_shown(v)}")
    return v


def parse_spec(data: Any) -> DeckSpec:
    """A validated ``DeckSpec`` from JSON data; ``SpecError`` names the first problem."""
    if not isinstance(data, dict):
        raise SpecError("a deck spec must be a JSON object with format, name and cards")
    unknown = set(data) - {"format", "name", "notes", "cards"}
    if unknown:
        raise SpecError(f"unknown key {sorted(unknown)[0]!r}; a deck spec has format, name, notes, cards")
    if data.get("format") != FORMAT:
        raise SpecError(f"format must be {FORMAT!r}, got {_shown(data.get('format'))}")
    name = data.get("name", "unnamed")
    if not isinstance(name, str) or not 0 < len(name) <= 80:
        raise SpecError("name must be text of 1 to 80 characters")
    notes = data.get("notes", "")
    if not (isinstance(notes, str) or (isinstance(notes, list) and all(isinstance(n, str) for n in notes))):
        raise SpecError("notes must be text or a list of texts")
    cards = data.get("cards")
    if not isinstance(cards, list) or not cards:
        raise SpecError("cards must be a non-empty list of card entries")
    counts = [0] * NCARDS
    points = [0] * NCARDS
    deduction = [0] * NCARDS
    for i, entry in enumerate(cards):
        where = f"cards[{i}]"
        if not isinstance(entry, dict):
            raise _fail(where, 'each card entry must be an object like {"value": 6, "count": 2, "points": 6}')
        bad = set(entry) - _ENTRY_KEYS
        if bad:
            raise _fail(where, f"unknown key {sorted(bad)[0]!r}; accepted: {', '.join(sorted(_ENTRY_KEYS))}")
        for key in ("count", "points"):
            if key not in entry:
                raise _fail(where, f"{key} is missing")
        for key in ("skip", "link"):
            if key in entry and type(entry[key]) is not bool:
                raise _fail(where, f"{key} must be true or false, got {_shown(entry[key])}")
        count = _int(entry, "count", 1, 90, where)
        pts = _int(entry, "points", 0, MAX_POINTS, where)
        if ("value" in entry) == ("flush" in entry):
            raise _fail(where, 'give either value (1..10) or flush ("plain" or "big")')
        if "flush" in entry:
            kind = entry["flush"]
            if kind not in ("plain", "big"):
                raise _fail(where, f'flush must be "plain" or "big", got {_shown(kind)}')
            if any(k in entry for k in ("skip", "link", "deduction")):
                raise _fail(where, "a Flush card carries no Skip, Link or Deduction marking")
            card, ded = (FLUSH if kind == "plain" else BIG_FLUSH), 0
        else:
            value = _int(entry, "value", 1, 10, where)
            marks = (SKIP if entry.get("skip") else 0) | (LINK if entry.get("link") else 0)
            ded = 0
            if "deduction" in entry:
                ded = _int(entry, "deduction", 1, MAX_POINTS, where)
                marks |= DEDUCTION
            card = number_card(value, marks)
        if counts[card]:
            raise _fail(where, f"face {face_name_of(card)!r} is listed twice; give each face once with its count")
        counts[card], points[card], deduction[card] = count, pts, ded
    for value in range(1, 11):
        n = sum(counts[number_card(value, m)] for m in range(8))
        if n != PER_VALUE:
            raise SpecError(
                f'the pack must hold {PER_VALUE} cards of each value (flush.md "Each deck '
                f'consists of card values from 1-10 (8 cards for each value)"); value {value} has {n}'
            )
    if counts[FLUSH] + counts[BIG_FLUSH] != FLUSH_CARDS:
        raise SpecError(
            f"the pack must hold {FLUSH_CARDS} Flush cards, plain and Big together; "
            f"it has {counts[FLUSH] + counts[BIG_FLUSH]}"
        )
    return DeckSpec(
        name, tuple(counts), tuple(points), tuple(deduction), canonical_text(name, counts, points, deduction)
    )


def face_name_of(card: int) -> str:
    from .cards import NAMES

    return NAMES[card]


def canonical_text(name: str, counts, points, deduction) -> str:
    """The spec as compact JSON with its faces in card-table order (notes dropped)."""
    entries = []
    for card, n in enumerate(counts):
        if not n:
            continue
        if card in (FLUSH, BIG_FLUSH):
            entries.append({"flush": "plain" if card == FLUSH else "big", "count": n, "points": points[card]})
            continue
        value, marks = card // 8 + 1, card % 8
        entry: dict[str, Any] = {"value": value, "count": n, "points": points[card]}
        if marks & SKIP:
            entry["skip"] = True
        if marks & LINK:
            entry["link"] = True
        if marks & DEDUCTION:
            entry["deduction"] = deduction[card]
        entries.append(entry)
    return json.dumps({"format": FORMAT, "name": name, "cards": entries}, separators=(",", ":"))


_CACHE: dict[str, DeckSpec] = {}


def _load_default() -> DeckSpec:
    spec = _CACHE.get(DEFAULT)
    if spec is None:
        spec = _CACHE[DEFAULT] = parse_spec(json.loads(DEFAULT_PATH.read_text(encoding="utf-8")))
    return spec


def spec_of(value: str) -> DeckSpec:
    """The spec of a resolved ``deck`` option value (``default`` or canonical JSON text)."""
    spec = _CACHE.get(value)
    if spec is None:
        if value == DEFAULT:
            return _load_default()
        spec = parse_spec(json.loads(value))
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[value] = spec
    return spec


def default_spec() -> DeckSpec:
    return _load_default()


def _too_big(size: int, what: str) -> SpecError:
    return SpecError(f"{what} is {size:,} bytes; a deck spec is at most {MAX_SPEC_BYTES:,} bytes (64 KiB)")


def read_spec_file(text: str) -> str:
    """The text of the deck spec file at path ``text``: a regular file of at most 64 KiB,
    UTF-8. A named pipe, a device or a folder is refused without reading it (the file is
    opened without blocking and checked before a byte is read)."""
    path = os.path.expanduser(text)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise SpecError(f"cannot read {_path(text)}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SpecError(f"{_path(text)} is not a regular file; a deck spec is a JSON file")
        if info.st_size > MAX_SPEC_BYTES:
            raise _too_big(info.st_size, _path(text))
        with os.fdopen(fd, "rb") as f:
            fd = -1
            raw = f.read(MAX_SPEC_BYTES + 1)
    except OSError as exc:
        raise SpecError(f"cannot read {_path(text)}: {exc.strerror or exc}") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > MAX_SPEC_BYTES:
        raise _too_big(len(raw), _path(text))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SpecError(f"{_path(text)} is not UTF-8 text") from None


def resolve_deck(value: Any) -> str:
    """The resolved option value for ``value``: ``default``, or the canonical JSON text of
    the spec given as JSON text, as an object, or as the path of a JSON file.
    ``SpecError`` says what is wrong."""
    if isinstance(value, dict):
        try:
            size = len(json.dumps(value, separators=(",", ":")).encode("utf-8"))
        except (TypeError, ValueError):
            raise SpecError("the deck spec must be JSON data") from None
        if size > MAX_SPEC_BYTES:
            raise _too_big(size, "the deck spec")
        return _remember(parse_spec(value))
    if not isinstance(value, str):
        raise SpecError(
            f"give default or a deck spec (a JSON object; on the command line also a JSON file's path), "
            f"not {_shown(value)}"
        )
    text = value.strip()
    if text.lower() == DEFAULT:
        return DEFAULT
    if text in _CACHE:
        return text
    if text.startswith(("{", "[")):
        if len(text.encode("utf-8")) > MAX_SPEC_BYTES:
            raise _too_big(len(text.encode("utf-8")), "the deck spec")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SpecError(f"the deck spec is not valid JSON (column {exc.colno}: {exc.msg})") from None
        return _remember(parse_spec(data))
    raw = read_spec_file(text)
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        # same shape as core/log.py's loader on purpose: each file kind says its read errors in its own words
        raise SpecError(f"{_path(text)} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise SpecError(f"{_path(text)} is nested too deeply") from None
    try:
        spec = parse_spec(data)
    except SpecError as exc:
        raise SpecError(f"{_path(text)}: {exc}") from None
    return _remember(spec)


def _remember(spec: DeckSpec) -> str:
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[spec.text] = spec
    return spec.text


class DeckOption(Option):
    """The ``deck`` option: ``default`` or a deck spec (a JSON file's path, or the spec's
    JSON text); its resolved value is ``default`` or the spec as canonical JSON text."""

    __slots__ = ()

    def accepted(self) -> str:
        return "default|PATH.json (a deck spec, see `fliptable rules flush`)"

    def accepted_as_data(self) -> str:
        return "default, or the deck spec itself as a JSON object of at most 64 KiB (see `fliptable rules flush`)"

    def coerce(self, value: Any) -> Any:
        try:
            return resolve_deck(value)
        except SpecError as exc:
            raise OptionError(f"option deck: {exc}") from None
        except RecursionError:
            raise OptionError("option deck: the spec is nested too deeply") from None


DECK_OPTION = DeckOption(
    "deck",
    "choice",
    DEFAULT,
    "default: fliptable's documented pack (decks/default.json); PATH.json: your own "
    "pack's spec, carried whole in the game's log (on a server: the spec itself, "
    "never a path)",
    choices=(DEFAULT,),
    local_file=True,
)
