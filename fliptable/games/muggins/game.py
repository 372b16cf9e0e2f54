"""Muggins (flinch.md "Muggins"): the declared game record, its options, action space
and statistics, and its bot and text."""
from __future__ import annotations

from ...core import Game, Option, register
from ..flinch.cards import CARDS, series_pack
from . import render as rendering
from .bots import GreedyMuggins
from .state import (CENTRE_ACTIONS, MAX_PLAYERS, NOTATION, SERIES, STOCK_ACTIONS, TOP, MugginsState,
                    pack_count)


class MugginsGame(Game):
    id = "muggins"
    default_bot = "greedy"
    title = "Muggins"
    summary = ("All cards dealt face down; play from the bottom of your hand to the centre or onto "
               "opponents' Stock Piles; first to run out wins. enforce=table adds the Muggins call.")
    min_players, max_players, default_players = 2, MAX_PLAYERS, 3
    options = (
        Option("enforce", "choice", "strict",
               "strict: only rule-following placements; table: deviations allowed, opponents may call muggins",
               choices=("strict", "table")),
        Option("packs", "choice", "auto", "FLINCH packs of 110: auto = 2 with 4 or more players",
               choices=("auto", 1, 2)),
        Option("round_limit", "int", 500,
               "the game stops after this many rounds; fewest cards left wins (ties share)", min=1),
        Option("muggins_ms", "float", 3000.0, "how long opponents have to call muggins, ms", min=1),
    )
    cards = CARDS
    notation = NOTATION
    state_class = MugginsState

    def deck(self, players, options):
        return series_pack(SERIES, TOP, pack_count(players, options))

    def action_space(self, players, options):
        slots = SERIES * pack_count(players, options)
        return (("new",) + CENTRE_ACTIONS[:slots] + STOCK_ACTIONS[:players]
                + ("keep", "hand", "muggins", "decline"))

    def parse_action(self, text):
        action = super().parse_action(text).replace("center", "centre")
        if action == "pass":
            return "decline"
        for head in ("centre", "stock"):
            if action.startswith(head) and action[len(head):].isdigit():
                return f"{head}:{action[len(head):]}"
        return action

    def bots(self):
        return {"greedy": GreedyMuggins}

    def stats(self, state):
        out = {"turns": float(state.turns), "round_limit_endings": float(state.ended == "round_limit"),
               "muggins_calls": float(state.calls), "deviations": float(state.deviations)}
        for seat in range(state.players):
            out[f"wins_seat_{seat}"] = float(state.winner == seat)
        return out

    def summarize_stats(self, totals, games, players):
        if not games:
            return {}
        return {
            "mean_turns": totals.get("turns", 0.0) / games,
            "win_rate_by_seat": [totals.get(f"wins_seat_{s}", 0.0) / games for s in range(players)],
            "round_limit_rate": totals.get("round_limit_endings", 0.0) / games,
            "muggins_calls_per_game": totals.get("muggins_calls", 0.0) / games,
            "deviations_per_game": totals.get("deviations", 0.0) / games,
        }


    def render(self, view, seat):
        return rendering.render(view, seat)

    def narrate(self, event):
        return rendering.narrate(event)


MUGGINS = register(MugginsGame())
