"""Patience (flinch.md "Patience"): the declared game record, its options, action
notation and statistics, and its bots and text."""

from __future__ import annotations

import re

from ...core import Game, Option, register
from ...core.stats import wilson_interval
from ..flinch_pack.cards import CARDS, series_pack
from . import render
from .bots import GreedyPatience, LookaheadPatience
from .state import ACTIONS, MAX_DECISIONS, PatienceState

_ALIAS = {"c": "card", "s": "stock", "r": "row", "u": "up", "t": "turn", "flip": "turn", "next": "turn"}
_SRC = r"(card|c|stock|s|row|r|up|u)([1-4]?)"
_MOVE = re.compile(rf"^{_SRC}(?:->|>|-|,|onto|on|to){_SRC}$")


# the declared record (core.game.Game's fields): every game's class header reads alike on purpose
class PatienceGame(Game):
    wording = render
    id = "patience"
    title = "Patience"
    summary = "FLINCH solitaire: build the four 1s up to 10 with one pass through the pack."
    # the declared record (core.game.Game's fields), alike in every game on purpose
    min_players, max_players, default_players = 1, 1, 1
    #: 2: strict play keeps a playable stock card uncovered (option stock_first)
    rules_version = "2"
    #: the strongest bot (about 45% of deals; ``greedy`` wins about 38% and is ~300x faster)
    default_bot = "lookahead"
    options = (
        Option(
            "spaces",
            "choice",
            "rulebook",
            "rulebook: a lower-row space is filled from the pack only after a pile is moved "
            "onto another (and at the deal, where 1s go up); a pile played out to the 1s "
            "leaves its space empty. refill: every space is filled from the pack at once",
            choices=("rulebook", "refill"),
        ),
        Option(
            "strict",
            "bool",
            True,
            "true: the rulebook's 'whenever possible' plays (stock and lower row to the 1s "
            "piles) must be made before the next card is turned, and only an unplayable "
            "card may go to the stock pile; false: they are advice",
        ),
        Option(
            "stock_first",
            "bool",
            True,
            "with strict=true: true: the turned-up card may not cover a stock card that "
            "can be played ('Play from the Stock Pile whenever possible'); false: it may "
            "(as fliptable's rules version 1 had it)",
        ),
    )
    cards = CARDS
    state_class = PatienceState
    #: one player, but the pack's order is hidden from her
    information = "imperfect"
    notation = (
        "turn         turn up the next card of the pack\n"
        "card>upK     the turned-up card onto 1s pile K (1-4); likewise stock>upK, rowI>upK\n"
        "card>rowK    the turned-up card down onto lower pile K; likewise stock>rowK\n"
        "card>stock   the turned-up card onto the stock pile\n"
        "rowI>rowJ    the whole lower pile I onto lower pile J (its space is filled from the pack)\n"
        "Short forms: c, s, rN, uN, t (c>u2, s>r1, r3-r1, 'stock to row1')."
    )

    def deck(self, players, options):
        return series_pack(4, 10)

    def action_space(self, players, options):
        return ACTIONS

    def max_decisions(self, players, options):
        return MAX_DECISIONS

    def legacy_options(self, rules_version):
        """Version 1 let the turned-up card cover a playable stock card under strict=true."""
        return {"stock_first": False} if rules_version == "1" else None

    def parse_action(self, text):
        canon = super().parse_action(text)
        if canon in ("t", "flip", "next", "draw"):
            return "turn"
        m = _MOVE.match(canon)
        if not m:
            return canon
        return ">".join(_ALIAS.get(m.group(g), m.group(g)) + m.group(g + 1) for g in (1, 3))

    def bots(self):
        return {"greedy": GreedyPatience, "lookahead": LookaheadPatience}

    def stats(self, state):
        return {"wins": float(state.won()), "up_cards": float(sum(state.up))}

    def summarize_stats(self, totals, games, players):
        g = max(games, 1)
        wins = totals.get("wins", 0.0)
        return {
            "win_rate": wins / g,
            "win_rate_ci95": list(wilson_interval(wins, games)),
            "mean_up_cards": totals.get("up_cards", 0.0) / g,
            "games": games,
        }


GAME = register(PatienceGame())
