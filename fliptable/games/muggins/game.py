"""Muggins (flinch.md "Muggins"): the declared game record, its options, action space
and statistics, and its bot and text."""

from __future__ import annotations

from ...core import Game, Option, register
from ...core.result import margin_values
from ..flinch_pack.cards import CARDS, pack_count, series_pack
from ..flinch_pack.challenge_window import window_options
from . import render
from .balance import BALANCE
from .bots import GreedyMuggins
from .notation import CENTRE_ACTIONS, MAX_PLAYERS, NOTATION, SERIES, STOCK_ACTIONS, TOP
from .state import MugginsState


# the declared record (core.game.Game's fields): every game's class header reads alike on purpose
class MugginsGame(Game):
    wording = render
    balance = BALANCE
    id = "muggins"
    default_bot = "greedy"
    #: 2: "Muggins" is a claim (no race window, no 'decline'); the Stock Pile is turned
    #: over as soon as the hand runs out; nobody goes out by a deviation; enforce=table
    #: (the players police the rules, as the rulebook says) is the default
    rules_version = "2"
    title = "Muggins"
    summary = (
        "All cards dealt face down; play from the bottom of your hand to the centre or onto "
        'opponents\' Stock Piles; call "Muggins" on a player who breaks the rules; first to run out wins.'
    )
    information = "imperfect"  # the hands' order: nobody, their owners included, sees it
    min_players, max_players, default_players = 2, MAX_PLAYERS, 3
    options = (
        Option(
            "enforce",
            "choice",
            "table",
            "table: the rulebook's game, deviations possible and called out by opponents ('muggins'); "
            "strict: the engine allows only rule-following placements",
            choices=("table", "strict"),
        ),
        Option(
            "packs", "choice", "auto", "FLINCH packs of 110: auto = 2 with 4 or more players", choices=("auto", 1, 2)
        ),
        Option(
            "round_limit",
            "int",
            500,
            "the game stops after this many rounds; fewest cards left wins (ties share)",
            min=1,
            max=10000,
        ),
        *window_options("muggins", "'Muggins'", "a deviation"),
        Option(
            "turn_over",
            "choice",
            "at-once",
            "at-once: an exhausted hand's Stock Pile is turned over "
            "at once; when-needed: when a card is next needed from it (fliptable 1)",
            choices=("at-once", "when-needed"),
        ),
    )
    # the declared record's tail (cards, notation, state class), alike in every game on purpose
    cards = CARDS
    notation = NOTATION
    state_class = MugginsState

    def deck(self, players, options):
        return series_pack(SERIES, TOP, pack_count(players, options))

    def action_space(self, players, options):
        slots = SERIES * pack_count(players, options)
        return (
            ("new",)
            + CENTRE_ACTIONS[:slots]
            + STOCK_ACTIONS[:players]
            + ("keep", "hand", "muggins")
            + (("decline",) if options["muggins"] == "window" else ())
        )

    def legacy_options(self, rules_version):
        """Version 1: 'Muggins' in a timed window (a deviation with the last card waited
        for it), and the Stock Pile turned over when a card is next needed."""
        return {"muggins": "window", "turn_over": "when-needed"} if rules_version == "1" else None

    def max_decisions(self, players, options):
        """``round_limit`` rounds; in one turn every decision but a call places a card the
        player holds (at most the whole deck), a skipped Stock Pile top costs one more,
        and a deviation can be called once."""
        deck = len(self.deck(players, options))
        return options["round_limit"] * players * (3 * deck + 2)

    def parse_action(self, text):
        action = super().parse_action(text).replace("center", "centre")
        for head in ("centre", "stock"):
            if action.startswith(head) and action[len(head) :].isdigit():
                return f"{head}:{action[len(head) :]}"
        return action

    # the Game hooks (bots, evaluate, stats), alike in every game on purpose: the declared record
    def bots(self):
        return {"greedy": GreedyMuggins}

    def evaluate(self, state):
        """Minus the cards still to get rid of (the scores); a lead of 5 cards is large."""
        r = state.result()
        return margin_values(r, r.scores, 5.0)

    def stats(self, state):
        return {
            "turns": float(state.turns),
            "round_limit_endings": float(state.ended == "round_limit"),
            "muggins_calls": float(state.calls),
            "deviations": float(state.deviations),
        }

    def summarize_stats(self, totals, games, players):
        """Wins are ``simulate``'s ``win_rate`` (per seat; a round-limit tie shared by k
        players counts 1/k to each)."""
        if not games:
            return {}
        return {
            "mean_turns": totals.get("turns", 0.0) / games,
            "round_limit_rate": totals.get("round_limit_endings", 0.0) / games,
            "muggins_calls_per_game": totals.get("muggins_calls", 0.0) / games,
            "deviations_per_game": totals.get("deviations", 0.0) / games,
        }


GAME = register(MugginsGame())
