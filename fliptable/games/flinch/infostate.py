"""FLINCH's information state for the RL adapters (``OBSERVER``, found by
``core.schema.game_module``; only the adapters import it): the generic summary of a
seat's events plus the reserve piles it has seen laid, which the view forgets."""

from __future__ import annotations

from fliptable.adapters.observation import InfoStateObserver


class FlinchInfoState(InfoStateObserver):
    """FLINCH's exact information state for what its view forgets.

    With ``reserve_memory=on`` (the rulebook: "A player may not look underneath ... but
    should try to remember") a view shows only each reserve pile's top, yet every reserve
    card was laid face up in front of everyone. This observer remembers every reserve
    pile from the events (``discard`` lays a card on reserve pile k; ``play`` from
    ``resK`` takes its top) and adds, per seat (viewer first) and reserve pile, the
    count of each card face below the top / copies in the deck, and the one-hot face of
    the card just below the top. ``piles(memory)`` gives the remembered piles."""

    RESERVES = 5

    def _finish_events(self) -> None:
        super()._finish_events()
        self.generic_size = self.size
        self.reserve_offset = self.size
        self.size += self.players * self.RESERVES * 2 * self.ncards

    def new_memory(self):
        return _FlinchMemory(super().new_memory(), self.players, self.RESERVES)

    def record(self, memory, event, viewer):
        super().record(memory.counts, event, viewer)
        t = event.get("type")
        if t == "discard" and isinstance(event.get("reserve"), int):
            c = self.names.get(event.get("card"))
            owner = event.get("owner", event.get("player"))
            if c is not None and isinstance(owner, int):
                memory.piles[owner][event["reserve"] - 1].append(c)
        elif t == "play" and event.get("from") == "reserve":
            action = str(event.get("action", ""))
            owner = event.get("owner", event.get("player"))
            # play:resK>cN from one's own pile, play:resK@S>cN from partner S's (its owner)
            if action.startswith("play:res") and isinstance(owner, int):
                k = int(action[len("play:res") :].split(">")[0].split("@")[0]) - 1
                pile = memory.piles[owner][k]
                if pile:
                    pile.pop()

    def piles(self, memory) -> list[list[list[str]]]:
        """The remembered reserve piles per seat, bottom first, in card notation."""
        names = self.game.cards.names
        return [[[names[c] for c in pile] for pile in seat] for seat in memory.piles]

    def write_memory(self, out, memory, viewer):
        super().write_memory(out, memory.counts, viewer)
        n, p = self.ncards, self.players
        for rel in range(p):
            seat = (viewer + rel) % p
            for k, pile in enumerate(memory.piles[seat]):
                base = self.reserve_offset + (rel * self.RESERVES + k) * 2 * n
                for c in pile[:-1]:
                    out[base + c] += 1.0
                out[base : base + n] /= self.copies
                if len(pile) >= 2:
                    out[base + n + pile[-2]] = 1.0

    def describe(self):
        out = super().describe()
        for rel in range(self.players):
            for k in range(self.RESERVES):
                base = self.reserve_offset + (rel * self.RESERVES + k) * 2 * self.ncards
                out.append(
                    (
                        f"memory.reserves[seat +{rel}][{k + 1}]",
                        "count per card face below the top / copies (remembered from the events)",
                        base,
                        self.ncards,
                    )
                )
                out.append(
                    (
                        f"memory.reserves[seat +{rel}][{k + 1}]",
                        "one-hot face of the card just below the top",
                        base + self.ncards,
                        self.ncards,
                    )
                )
        return out


class _FlinchMemory:
    """The generic counters and the remembered reserve piles of one seat."""

    __slots__ = ("counts", "piles")

    def __init__(self, counts, players: int, reserves: int):
        self.counts = counts
        self.piles: list[list[list[int]]] = [[[] for _ in range(reserves)] for _ in range(players)]

    def copy(self):
        c = _FlinchMemory.__new__(_FlinchMemory)
        c.counts = self.counts.copy()
        c.piles = [[list(p) for p in seat] for seat in self.piles]
        return c


#: the information-state observer the adapters use for FLINCH
OBSERVER = FlinchInfoState
