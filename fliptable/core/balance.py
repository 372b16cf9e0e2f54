"""What a game tells a balance report (``fliptable balance``, ``sim/balance.py``) beyond
its result and ``stats``: the kinds of card in its pack, which kinds each seat was
dealt and held at the end, how long a game was in turns and rounds, and whether a
safety cap ended it.

A game declares these in its own package (a subclass of ``Balance``, set as the
game's ``balance``); the report reads the declaration and knows no game by name. Every
method reads the state just dealt, the finished state or one event: nothing is replayed.
Kinds are labels (``"MEGA-FLAP"``, ``"freeze"``); a game may add kinds that are not
faces (Flush's Mimics: the cards of the round's Mimic value).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeAlias

from .cards import CardTable, CardType
from .events import Event


class Game(Protocol):
    """What this module reads of ``core/game.py``'s ``Game``, which imports this module
    (``Game.balance``): declared here, without an import cycle."""

    @property
    def id(self) -> str: ...

    @property
    def cards(self) -> CardTable: ...

    def deck(self, players: int, options: Mapping[str, Any]) -> list[int]: ...


#: ``core/game.py``'s ``State`` (same reason); each game's declaration reads its own fields
State: TypeAlias = Any


class Balance:
    """The default declaration: every card face is its own kind, nothing is counted as
    dealt or held, the length is the number of decisions alone, and there is no cap."""

    #: whether the report counts cards (``dealt`` or ``dealt_by`` say who was dealt what)
    counts_cards: ClassVar[bool] = False
    #: the length measures ``lengths`` gives besides decisions (e.g. ``("turns", "rounds")``)
    length_names: ClassVar[tuple[str, ...]] = ()
    #: whether the game has a safety cap that ``capped`` reports
    has_cap: ClassVar[bool] = False
    #: whether seat 0 acts first (docs/kernel.md "Seats and the deal"); a
    #: game that draws its first player says False, and the report speaks of seats
    seat0_starts: ClassVar[bool] = True
    #: the types of the events ``dealt_by`` reads (the others are never passed to it)
    dealt_events: ClassVar[frozenset[str]] = frozenset()
    #: kinds that are not card faces, listed after the faces' (Flush: "Mimic")
    extra_kinds: ClassVar[tuple[str, ...]] = ()

    def kind(self, card: CardType) -> str | None:
        """The kind a card face counts as (None: not counted); by default the face."""
        return card.name

    def kinds(self, game: Game, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The kinds in the pack of such a table, in card-table order, then ``extra_kinds``."""
        present = set(game.deck(players, options))
        out: dict[str, None] = {}
        for card, face in enumerate(game.cards.types):
            if card in present and (kind := self.kind(face)) is not None:
                out[kind] = None
        return tuple(out) + tuple(k for k in self.extra_kinds if k not in out)

    def labels(self, game: Game, cards: Iterable[int]) -> set[str]:
        """The kinds of ``cards`` (ints of ``game``'s card table)."""
        cache = self.__dict__.setdefault("_kind_of", {})
        of = cache.get(game.id)
        if of is None:
            of = cache[game.id] = tuple(self.kind(face) for face in game.cards.types)
        return {k for c in cards if (k := of[c]) is not None}

    def dealt(self, state: State) -> Sequence[Iterable[str]] | None:
        """The kinds each seat was dealt, read from the state just dealt, before any
        action; None: the game deals nothing to seats. By default the kinds of
        ``dealt_cards``."""
        cards = self.dealt_cards(state)
        return None if cards is None else [self.labels(state.game, c) for c in cards]

    def dealt_cards(self, state: State) -> Sequence[Iterable[int]] | None:
        """The cards (ints of the game's card table) each seat was dealt, for a game whose
        kinds are the cards' own (``kind``): the report looks their kinds up by card, the
        fastest reading; None: it reads ``dealt``."""
        return None

    def held_cards(self, state: State) -> Sequence[Iterable[int]] | None:
        """The cards each seat holds at the end, as ``dealt_cards``; None: the report
        reads ``held``."""
        return None

    def card_index(self, game: Game, kinds: Mapping[str, int]) -> tuple[int, ...]:
        """Per card int of ``game``'s table, the index in ``kinds`` of its kind (-1: not
        counted): how ``dealt_cards`` and ``held_cards`` are read."""
        return tuple(-1 if (k := self.kind(face)) is None else kinds.get(k, -1) for face in game.cards.types)

    def dealt_sets(self, state: State, index: Sequence[int], kinds: Mapping[str, int]) -> list[set[int]] | None:
        """The indexes in ``kinds`` of the kinds each seat was dealt (``index``:
        ``card_index``), from ``dealt_cards`` or else ``dealt``."""
        cards = self.dealt_cards(state)
        return _index_sets(cards, index) if cards is not None else _label_sets(self.dealt(state), kinds)

    def held_sets(self, state: State, index: Sequence[int], kinds: Mapping[str, int]) -> list[set[int]] | None:
        """As ``dealt_sets``, of what each seat holds at the end."""
        cards = self.held_cards(state)
        return _index_sets(cards, index) if cards is not None else _label_sets(self.held(state), kinds)

    def reads_events(self, options: Mapping[str, Any]) -> bool:
        """Whether ``dealt_by`` must read the events of play at such a table (a later deal,
        a flipped card); False lets the games run on the simulator's fastest path."""
        return False

    def dealt_by(self, event: Event) -> tuple[int, Iterable[str]] | None:
        """(seat, kinds) when ``event`` deals or flips cards to a seat (only asked when
        ``reads_events``); else None."""
        return None

    def add_dealt(self, dealt: Sequence[set[int]], events: Iterable[Event], kinds: Mapping[str, int]) -> None:
        """Add to ``dealt`` (a set per seat) the index in ``kinds`` of every kind the
        events dealt to each seat, as ``dealt_by`` reads them. A game whose events are many
        may read them faster itself (Flip 7: every flip)."""
        read, wanted, index = self.dealt_by, self.dealt_events, kinds.get
        for event in events:
            if event.type in wanted:
                got = read(event)
                if got is not None:
                    into = dealt[got[0]]
                    for label in got[1]:
                        k = index(label)
                        if k is not None:
                            into.add(k)

    def watch(self, state: State) -> Any:
        """Start noting the cards the play of ``state`` (just dealt) deals to seats, for a
        game that notes them itself, cheaper than telling every event (Flip 7); what it
        returns is handed to ``add_watched`` after the game. None: nothing to watch."""
        return None

    def add_watched(self, dealt: Sequence[set[int]], state: State, watched: Any, kinds: Mapping[str, int]) -> None:
        """Add to ``dealt`` the index in ``kinds`` of every kind ``watch`` saw dealt to
        each seat during the finished game, and stop watching."""

    def held(self, state: State) -> Sequence[Iterable[str]] | None:
        """The kinds each seat holds when the game is over; None: the game has no hand.
        By default the kinds of ``held_cards``."""
        cards = self.held_cards(state)
        return None if cards is None else [self.labels(state.game, c) for c in cards]

    def lengths(self, state: State) -> dict[str, int]:
        """The finished game's length in the measures ``length_names`` lists."""
        return {}

    def capped(self, state: State) -> bool:
        """Whether a safety cap (a round or decision limit) ended the finished game."""
        return False


def _index_sets(cards: Sequence[Iterable[int]], index: Sequence[int]) -> list[set[int]]:
    """Per seat, the kind indexes of its cards (a lookup per card, in C: ``map``)."""
    get = index.__getitem__
    out = [set(map(get, c)) for c in cards]
    for kinds in out:
        kinds.discard(-1)
    return out


def _label_sets(labels: Sequence[Iterable[str]] | None, kinds: Mapping[str, int]) -> list[set[int]] | None:
    """Per seat, the indexes in ``kinds`` of its kind labels (those it lists)."""
    if labels is None:
        return None
    return [{kinds[k] for k in got if k in kinds} for got in labels]
