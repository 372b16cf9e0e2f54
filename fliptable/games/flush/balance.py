"""What a Flush balance report counts (``core/balance.py``). A card counts as its value
("6") and as each of its markings ("Skip", "Link", "Deduction"), a Flush card as "Flush"
or "Big Flush"; "Mimic" is a card of the round's Mimic value. A player is dealt the
fourteen cards of the first round (Blind cards, base tops, hand) — the first round's deal
is the one that owes nothing to play (later rounds are dealt to the players still in,
and their Blind cards are never told) — and holds their hand and Blind cards at the end.
The first player of a round is drawn (flush.md "STARTING THE GAME"), so seat 0 is not
the first player. A game lasts rounds and turns; the per-round decision cap is its
safety cap."""

from __future__ import annotations

from ...core.balance import Balance
from .cards import IS_DEDUCTION, IS_FLUSH, IS_LINK, IS_SKIP, NAMES, VALUE
from .tables import ST_CAPPED, ST_ROUNDS, ST_TURNS

MIMIC = "Mimic"
MARKS = ("Flush", "Big Flush", "Skip", "Link", "Deduction")


def labels(card: int) -> tuple[str, ...]:
    """The kinds one card counts as."""
    if IS_FLUSH[card]:
        return ("Big Flush",) if NAMES[card] == "bf" else ("Flush",)
    out = [str(VALUE[card])]
    for flag, name in ((IS_SKIP, "Skip"), (IS_LINK, "Link"), (IS_DEDUCTION, "Deduction")):
        if flag[card]:
            out.append(name)
    return tuple(out)


class FlushBalance(Balance):
    counts_cards = True
    length_names = ("rounds", "turns")
    has_cap = True
    seat0_starts = False

    def kinds(self, game, players, options):
        present = set()
        for card in game.deck(players, options):
            present.update(labels(card))
        values = [str(v) for v in range(1, 11) if str(v) in present]
        return tuple(values) + tuple(m for m in MARKS if m in present) + (MIMIC,)

    def _of(self, cards, mimic):
        out = set()
        for c in cards:
            out.update(labels(c))
            if mimic and VALUE[c] == mimic:
                out.add(MIMIC)
        return out

    def dealt(self, state):
        return [self._of(state.blinds[p] + state.tops[p] + state.hands[p], state.mimic) for p in range(state.players)]

    def held(self, state):
        return [self._of(state.blinds[p] + state.hands[p], state.mimic) for p in range(state.players)]

    def lengths(self, state):
        return {"rounds": state.stat[ST_ROUNDS], "turns": state.stat[ST_TURNS]}

    def capped(self, state):
        return state.stat[ST_CAPPED] > 0


BALANCE = FlushBalance()
