"""Flip 7's direct encoder."""
from __future__ import annotations

from fliptable.games.flip7.state import NAMES as _NAMES_OF

from .base import DirectEncoder, pile_writer


class Flip7Direct(DirectEncoder):
    """Flip 7 (``Flip7State._view``): the seats' cards and the discard pile counted from
    the state's card ints, every other key handed to its compiled encoder."""

    KEYS = frozenset({"game", "seat", "players", "round", "dealer", "turn", "choice", "seats", "scores",
                      "draw_count", "discard", "flip_three", "last_round", "over", "winners", "options"})

    @classmethod
    def fit(cls, observer, players):
        root = observer.root
        seats = root.children.get("seats")
        discard = root.children.get("discard")
        if seats is None or seats.kinds != ["perseat"] or seats.flag_types:
            return None
        item = seats.item
        if item.kinds != ["dict"] or item.flag_types or "cards" not in item.children:
            return None
        cards = item.children["cards"]
        if cards.kinds != ["cards"] or cards.flag_types:
            return None
        if discard is not None and (discard.kinds != ["cards"] or discard.flag_types):
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        from fliptable.games.flip7.state import NAMES, STATUS_NAMES
        assert all(observer.names[NAMES[c]] == c for c in range(len(NAMES))), "card ints are the faces"
        self.status_names = STATUS_NAMES
        root = observer.root
        seats = root.children["seats"]
        item = seats.item
        self.seats_at = seats.offset
        self.seat_width = item.width
        cards = item.children["cards"]
        self.seat_pile = pile_writer(cards, observer.copies, observer.decksize)
        self.seat_cards_at = cards.offset - item.offset
        self.seat_parts = []        # (view key, compiled encoder, offset in the entry)
        for k in ("round_score", "second_chance", "status", "total"):
            child = item.children.get(k)
            if child is not None and child.width:
                self.seat_parts.append((k, child.compile(observer.names), child.offset - item.offset))
        discard = root.children.get("discard")
        self.discard = None if discard is None else (discard.offset, discard.width,
                                                     pile_writer(discard, observer.copies, observer.decksize))
        self.options = None

    def write(self, state, seat, out, memo):
        n = self.players
        put = self.put
        over = state.over
        if "game" not in memo:                          # the same all game long
            put("game", "flip7", out, seat, memo)
            put("seat", seat, out, seat, memo)
            put("players", n, out, seat, memo)
            put("options", dict(state.options), out, seat, memo)
        put("round", state.round_no, out, seat, memo)
        put("dealer", state.dealer, out, seat, memo)
        put("turn", None if over else (state.chooser if state.choice is not None else state.last), out, seat, memo)
        choice = None
        if state.choice is not None:
            choice = {"kind": state.choice, "player": state.chooser, "card": _NAMES_OF[state.choice_card]}
        put("choice", choice, out, seat, memo)
        put("scores", state.totals[:], out, seat, memo)
        put("draw_count", len(state.draw), out, seat, memo)
        put("last_round", None if state.last_round is None else state.last_round[:], out, seat, memo)
        put("flip_three", [{"player": state.job_player[i], "left": state.job_left[i],
                            "set_aside": [_NAMES_OF[c] for c in state.job_aside[i]]}
                           for i in range(len(state.job_player))], out, seat, memo)
        put("over", over, out, seat, memo)
        put("winners", list(state.result().winners) if over else [], out, seat, memo)
        # the discard pile, counted from the card ints
        if self.discard is not None:
            at, width, pile = self.discard
            if memo.get("discard") != state.discard:
                out[at:at + width] = 0.0
                pile(state.discard, out, at)
                memo["discard"] = state.discard[:]
        # the seats, the viewer's first; an entry rewritten only when its seat changed
        tableau, status, totals, second = state.tableau, state.status, state.totals, state.has_second
        names = self.status_names
        w = self.seat_width
        last = memo.get("seats")
        if last is None:
            last = memo["seats"] = [None] * n
        for rel in range(n):
            p = (seat + rel) % n
            key = (tableau[p][:], status[p], totals[p], second[p])
            if last[rel] == key:
                continue
            last[rel] = key
            b = self.seats_at + rel * w
            out[b:b + w] = 0.0
            self.seat_pile(tableau[p], out, b + self.seat_cards_at)
            for k, fn, off in self.seat_parts:
                if k == "round_score":
                    fn(state.round_score(p), out, b + off, seat)
                elif k == "second_chance":
                    fn(second[p], out, b + off, seat)
                elif k == "status":
                    fn(names[status[p]], out, b + off, seat)
                else:
                    fn(totals[p], out, b + off, seat)
