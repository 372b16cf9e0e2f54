"""The declared record the asking games share (Authors, Go to the Store): the 40-card
pack, the ``ask:S:N`` notation, books-per-seat stats, the bot and the text."""

from __future__ import annotations

import re

from ...core import Game
from ...core.result import margin_values
from ..flinch_pack.cards import CARDS, series_pack
from . import render
from .balance import BALANCE
from .record import ASK, NUMBERS
from .state import ASK_TEXT, MAX_DECISIONS, PARSE

_WORDS = re.compile(r"[a-z]+|\d+")


class AskingGame(Game):
    """Shared facts of the asking games: the 40-card pack (flinch.md: "Use four series
    of cards from 1 to 10"), the ``ask:S:N`` notation, books-per-seat stats."""

    balance = BALANCE
    wording = render

    cards = CARDS
    default_bot = "greedy"
    information = "imperfect"
    MAY_STOP = False

    def deck(self, players, options):
        return series_pack(4, 10)

    def action_space(self, players, options):
        acts = tuple(ASK_TEXT[t][n] for t in range(players) for n in NUMBERS)
        return acts + (("stop",) if self.MAY_STOP else ())

    def max_decisions(self, players, options):
        return MAX_DECISIONS

    def parse_action(self, text):
        canon = super().parse_action(text)
        if canon in PARSE or canon == "stop":
            return canon
        words = _WORDS.findall(text.lower())  # before spaces are dropped: "ask 2 5"
        if words and words[0] == "ask":
            words = words[1:]
        if len(words) == 2 and words[0].isdigit() and words[1].isdigit() and len(words[0]) < 4 and len(words[1]) < 4:
            return f"ask:{int(words[0])}:{int(words[1])}"
        return canon

    def evaluate(self, state):
        """Books so far; a lead of 2 books is large."""
        r = state.result()
        return margin_values(r, r.scores, 2.0)

    def stats(self, state):
        out = {f"books_seat{p}": float(len(b)) for p, b in enumerate(state.books)}
        out["asks"] = float(sum(1 for h in state.history if h[0] == ASK))
        return out

    def summarize_stats(self, totals, games, players):
        g = max(games, 1)
        return {
            "mean_books": [totals.get(f"books_seat{p}", 0.0) / g for p in range(players)],
            "mean_asks": totals.get("asks", 0.0) / g,
        }
