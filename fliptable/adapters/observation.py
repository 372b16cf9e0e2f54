"""Observers: a seat's ``view`` (and its event history) as a fixed-shape float32 vector,
and back (``decode``).

The layout of a table (game, number of players, options) is built from the view the
game declares (``Game.observation_schema``, ``core/schema.py``; ``layout.py`` says how
each shape is encoded): nothing is learnt from sample games, a list is rotated by the
viewer only when the schema says it holds one entry per seat, and numbers are scaled by
their declared bounds. Every value lies in [-1, 1] for a view that fits its schema (the
contract test checks every game's views). ``Observer.describe()`` lists every field
(path, encoding, offset, width); ``docs/rl.md`` shows them and says how to print them;
``tests/adapters/golden/`` holds each game's layouts and a playthrough (``golden.py``), so
a layout cannot change without a new observation version (``OBSERVATION_VERSION``).

The information-state variant (``InfoStateObserver``) adds a summary of the seat's
event history (``Event.for_player``), over the event types the game declares.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from fliptable.core.game import Game
from fliptable.core.registry import get_game
from fliptable.core.schema import declared, game_module

from .compiled import WRITERS
from .generate import writer
from .layout import Node

#: the observation's version: part of every environment's name (``fliptable_<game>_v3``);
#: raise it with any change to a layout (``tests/adapters/golden/`` must be regenerated)
OBSERVATION_VERSION = 3

_LAYOUTS: dict[tuple, Observer] = {}


class Observer:
    """Encodes ``view(p)`` of one table (game, players, options) into a float32 vector of
    fixed shape ``(size,)``, every value in [-1, 1], and decodes it back."""

    def __init__(self, game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None):
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = self.game.check_players(self.game.default_players if players is None else players)
        self.options = self.game.resolve_options(options)
        cards = self.game.cards
        self.names = {n: i for i, n in enumerate(cards.names)}
        self.ncards = len(cards)
        deck = self.game.deck(self.players, self.options)
        copies = Counter(deck)
        self.copies = np.array([max(1, copies.get(i, 0)) for i in range(self.ncards)], dtype=np.float32)
        self.decksize = max(1, len(deck))
        self.schema = self.game.observation_schema(self.players, self.options)
        self.root = root = Node("view", self.schema)
        root.bind(self.players, self.ncards, self.copies, self.decksize)
        root.place(0)
        self.view_size = root.width
        if WRITERS is not None:
            self._encode = root.compile(self.names)
        else:  # generated Python, offsets fixed (the view is written at 0), through a memoryview
            self._encode = self._encode_any = writer(root, self.names, 0)
        self._finish_events()

    def _finish_events(self) -> None:
        self.size = self.view_size

    def encode_view(self, view: Mapping[str, Any], viewer: int, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        elif not (isinstance(out, np.ndarray) and out.dtype == np.float32 and out.flags.c_contiguous):
            # the compiled encoder (``_writers``) takes float32 buffers only: any other array
            # is written by the pure-Python one, item by item
            encode = self.__dict__.get("_encode_any")
            if encode is None:
                encode = self._encode_any = writer(self.root, self.names, 0)
            encode(view, out, 0, viewer)
            return out
        if WRITERS is None:
            # a float32 memoryview's item assignment: the same rounding, half NumPy's cost
            self._encode(view, out.data, 0, viewer)
        else:
            self._encode(view, out, 0, viewer)
        return out

    def observe(self, state, player: int) -> np.ndarray:
        """The vector of ``state.view(player)``."""
        return self.encode_view(state.view(player), player)

    def decode(self, vector: np.ndarray, viewer: int) -> dict[str, Any]:
        """The view ``vector`` (an observation of seat ``viewer``) was encoded from, as far
        as the vector holds it: every key's value as the view has it (absolute seats,
        card and word notation), except that a card list in order of play (``Cards()``)
        comes back as its faces in card-table order, hidden cards first and its last card
        last, and a ``Window`` longer than its size as its last ``size`` entries."""
        return self.root.decode(np.asarray(vector[: self.view_size], dtype=np.float32), viewer, self.game.cards.names)

    def describe(self) -> list[tuple[str, str, int, int]]:
        """(path, encoding, offset, width) of every field."""
        return list(self.root.fields())


class InfoStateObserver(Observer):
    """The view's vector followed by a summary of the seat's event history: for every
    event type the game declares (its ``observation.py``'s ``EVENTS``), how many such events each seat (relative
    to the viewer; one more column for events naming no seat) caused, as tanh(count /
    10); and for every seat, the card faces named by events it caused (as this seat saw
    them: ``Event.for_player``), as tanh(count / copies in the deck). Feed it the seat's
    events with ``record`` (``reset`` for a new game)."""

    def _finish_events(self) -> None:
        self.event_types = sorted(declared(self.game).EVENTS)
        self.event_index = {t: i for i, t in enumerate(self.event_types)}
        self.events_offset = self.view_size
        self.cards_offset = self.events_offset + len(self.event_types) * (self.players + 1)
        self.size = self.cards_offset + self.players * self.ncards
        self.memory_size = self.size - self.view_size

    def new_memory(self) -> np.ndarray:
        """Raw counters of one seat's history (event types x seats, then seats x faces)."""
        return np.zeros(self.memory_size, dtype=np.float32)

    def record(self, memory: np.ndarray, event: Mapping[str, Any], viewer: int) -> None:
        """Add one event, as ``viewer`` saw it, to ``memory``."""
        p = self.players
        i = self.event_index.get(event.get("type"))
        seat = event.get("player")
        rel = (seat - viewer) % p if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < p else p
        if i is not None:
            memory[i * (p + 1) + rel] += 1.0
        if rel < p:
            base = len(self.event_types) * (p + 1) + rel * self.ncards
            for c in _cards_in(event, self.names):
                memory[base + c] += 1.0

    def encode(self, view: Mapping[str, Any], memory: np.ndarray, viewer: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.encode_view(view, viewer, out)
        self.write_memory(out, memory, viewer)
        return out

    def encode_from(self, view_vector: np.ndarray, memory, viewer: int) -> np.ndarray:
        """``encode`` given the view's vector (``encode_view``'s) instead of the view."""
        out = np.empty(self.size, dtype=np.float32)
        out[: self.view_size] = view_vector
        out[self.view_size :] = 0.0
        self.write_memory(out, memory, viewer)
        return out

    def write_memory(self, out: np.ndarray, memory, viewer: int) -> None:
        """Write the history part (after the view's) of ``out`` (zero there)."""
        k = len(self.event_types) * (self.players + 1)
        m = len(memory)
        if self.__dict__.get("_tiled") is None:
            self._tiled = np.tile(self.copies, self.players)
        out[self.view_size : self.view_size + k] = np.tanh(memory[:k] / 10.0)
        out[self.view_size + k : self.view_size + m] = np.tanh(memory[k:] / self._tiled)

    def describe(self) -> list[tuple[str, str, int, int]]:
        out = super().describe()
        p = self.players
        for i, t in enumerate(self.event_types):
            out.append(
                (
                    f"events.{t}",
                    ("tanh(count / 10) per seat that caused it (viewer first; last column: no seat)"),
                    self.events_offset + i * (p + 1),
                    p + 1,
                )
            )
        for rel in range(p):
            out.append(
                (
                    f"events.cards[seat +{rel}]",
                    ("tanh(count / copies) per card face named by that seat's events"),
                    self.cards_offset + rel * self.ncards,
                    self.ncards,
                )
            )
        return out


def _cards_in(event: Mapping[str, Any], names: Mapping[str, int]) -> Iterable[int]:
    for k, v in event.items():
        if k == "type":
            continue
        if isinstance(v, str):
            c = names.get(v)
            if c is not None and k in ("card", "number", "cards", "hand", "top", "face", "drawn", "took"):
                yield c
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, str):
                    c = names.get(x)
                    if c is not None:
                        yield c


def observer(
    game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None, *, info_state: bool = False
) -> Observer:
    """The (cached) observer of a table; ``info_state=True`` for ``InfoStateObserver``."""
    g = get_game(game) if isinstance(game, str) else game
    n = g.check_players(g.default_players if players is None else players)
    opts = g.resolve_options(options)
    key = (g.id, n, tuple(sorted((k, repr(v)) for k, v in opts.items())), info_state)
    obs = _LAYOUTS.get(key)
    if obs is None:
        # a game's own information state (its package's ``infostate.OBSERVER``), or the generic one
        cls = getattr(game_module(g, "infostate"), "OBSERVER", InfoStateObserver) if info_state else Observer
        obs = _LAYOUTS[key] = cls(g, n, opts)
    return obs


def layout_markdown(game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None) -> str:
    """The layout of a table's observation (and information state) as a Markdown table."""
    o = observer(game, players, options, info_state=True)
    lines = [
        f"### {o.game.id}",
        "",
        (f"{o.players} players, default options: observation {o.view_size} floats, information state {o.size}."),
        "",
        "| offset | width | field | encoding |",
        "|---:|---:|---|---|",
    ]
    for path, desc, off, width in o.describe():
        lines.append(f"| {off} | {width} | `{path}` | {desc.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    """``python -m fliptable.adapters.observation [GAME ...] [--players N]``: print
    layouts as Markdown (``adapters.golden`` writes the golden files)."""
    import argparse

    from fliptable.core.registry import all_game_ids

    ap = argparse.ArgumentParser(description="print observation layouts as Markdown")
    ap.add_argument("games", nargs="*")
    ap.add_argument("--players", type=int)
    args = ap.parse_args(argv)
    for g in args.games or all_game_ids():
        print(layout_markdown(g, args.players))


if __name__ == "__main__":
    main()
