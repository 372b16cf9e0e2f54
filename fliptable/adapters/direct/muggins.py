"""Muggins' direct encoder (``MugginsState._view``)."""
from __future__ import annotations

from .base import DirectEncoder


class MugginsDirect(DirectEncoder):
    """Muggins: every key from the state's fields, handed to its compiled encoder only
    when its source changed (the Stock Piles' tops and counts, the centre, the pending
    Muggins call); no view built."""

    KEYS = frozenset({"seat", "players", "dealer", "enforce", "turn", "turns", "round", "round_limit", "current",
                      "hand_counts", "stocks", "centre", "removed_piles", "cards_left", "scores", "muggins",
                      "over", "ended", "winner", "winners"})

    def __init__(self, observer, players):
        super().__init__(observer, players)
        from fliptable.games.muggins.state import NAMES, SOURCE_NAMES
        self.NAMES, self.SOURCE_NAMES = NAMES, SOURCE_NAMES

    def write(self, state, seat, out, memo):
        put = self.put
        n = state.players
        NAMES = self.NAMES
        if "seat" not in memo:                          # the same all game long
            put("seat", seat, out, seat, memo)
            put("players", n, out, seat, memo)
            put("dealer", n - 1, out, seat, memo)
            put("enforce", state.options["enforce"], out, seat, memo)
            put("round_limit", state.round_limit, out, seat, memo)
        over = state.ended is not None
        left = state.cards_left()
        put("turn", None if over else state.turn, out, seat, memo)
        put("turns", state.turns, out, seat, memo)
        put("round", (state.turns - 1) // n + 1, out, seat, memo)
        put("current", ({"card": NAMES[state.current], "from": self.SOURCE_NAMES[state.source]}
                        if state.current is not None else None), out, seat, memo)
        put("hand_counts", [len(h) for h in state.hands], out, seat, memo)
        tops = [(s[-1] if s else None, len(s)) for s in state.stocks]
        if memo.get("stocks_src") != tops:
            put("stocks", [{"top": NAMES[t] if t is not None else None, "count": k} for t, k in tops],
                out, seat, memo)
            memo["stocks_src"] = tops
        centre = state.centre
        if memo.get("centre_src") != centre:
            put("centre", [NAMES[t] if t else None for t in centre], out, seat, memo)
            memo["centre_src"] = centre[:]
        put("removed_piles", state.removed, out, seat, memo)
        put("cards_left", left, out, seat, memo)
        put("scores", [-c for c in left], out, seat, memo)
        put("muggins", ({"offender": state.offender, "offence": state.offence, "card": NAMES[state.off_card],
                         "window": state.window} if state.offender >= 0 else None), out, seat, memo)
        put("over", over, out, seat, memo)
        put("ended", state.ended, out, seat, memo)
        put("winner", state.winner, out, seat, memo)
        put("winners", list(state.result().winners), out, seat, memo)
