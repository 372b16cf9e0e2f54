"""FLINCH -- The Family Favorite (flinch.md): the declared game record, its options,
action space and statistics, and its bots and text."""

from __future__ import annotations

from typing import Any

from ...core import Game, Option, register
from ...core.result import margin_values
from ..flinch_pack.cards import CARDS, pack_count, series_pack
from ..flinch_pack.challenge_window import window_options
from . import render
from .balance import BALANCE
from .bots import GreedyAgent, QuickAgent
from .explain import normalise
from .layout import DECISIONS_PER_SEAT, check_table, max_piles, top_number
from .notation import CHALLENGE, DECLINE, DISCARD, NOTATION, PASS, PLAY
from .state import FlinchState


# the declared record (core.game.Game's fields): every game's class header reads alike on purpose
class FlinchGame(Game):
    """FLINCH -- The Family Favorite."""

    wording = render
    balance = BALANCE

    id = "flinch"
    title = "FLINCH"
    summary = "Play out your game pile onto centre piles built 1 to 10; the first to empty it wins."
    min_players, max_players, default_players = 1, 6, 2
    default_bot = "greedy"
    #: 2: challenges are claims (no race window), a penalty never empties the giver's game
    #: pile, the blocked-game duty is public (from seat 0, after a whole idle round), the
    #: decision cap; views in card notation
    rules_version = "2"
    options = (
        Option(
            "packs", "choice", "auto", "packs of cards: auto = 2 with 4 or more players, else 1", choices=("auto", 1, 2)
        ),
        Option(
            "edition",
            "choice",
            110,
            "110 = 11 series of 1-10 (the rulebook); 150 = 10 series of 1-15",
            choices=(110, 150),
        ),
        Option(
            "enforce",
            "choice",
            "strict",
            "strict: the engine forbids skipping the game pile or keeping "
            "a 1; table: allowed, and opponents may challenge",
            choices=("strict", "table"),
        ),
        Option(
            "centre",
            "choice",
            "ones",
            "centre piles start on 1s; on 1s and 10s (up and down); or on 5s (both ways)",
            choices=("ones", "ones-and-tens", "fives"),
        ),
        Option("partnership", "bool", False, "the Partnership Game (4 or 6 players, partners alternate seats)"),
        Option(
            "reserve_memory",
            "choice",
            "on",
            "on: nobody sees below a reserve pile's top; off: owners see their whole reserve piles",
            choices=("on", "off"),
        ),
        *window_options("challenge", "a challenge", "each challengeable action"),
        Option(
            "standstill",
            "choice",
            "round",
            "round: a blocked game is drawn after a whole round of "
            "duty from the dealer's left brings no card to the centre; two-rounds: after any two "
            "idle rounds (fliptable 1)",
            choices=("round", "two-rounds"),
        ),
    )
    # the declared record's tail (cards, notation, state class), alike in every game on purpose
    cards = CARDS
    notation = NOTATION
    state_class = FlinchState

    def deck(self, players, options):
        check_table(players, options)
        series = 10 if options["edition"] == 150 else 11
        return series_pack(series, top_number(options), pack_count(players, options))

    def max_piles(self, players, options) -> int:
        """At most one centre pile per starter card in the deck."""
        return max_piles(players, options)

    def legacy_options(self, rules_version):
        """Version 1: challenges in a timed window (a penalty could take a game pile's last
        card), and a blocked game drawn after any two idle rounds. Its duty to play a
        releasing card forced a subset of what version 2 forces, so its plays replay."""
        return {"challenge": "window", "standstill": "two-rounds"} if rules_version == "1" else None

    def max_decisions(self, players, options) -> int:
        """No natural bound (finished piles return as a new stack): a game ends drawn at
        ``DECISIONS_PER_SEAT`` decisions per seat (docs: "The decision cap")."""
        return DECISIONS_PER_SEAT * players

    def action_space(self, players, options):
        check_table(players, options)
        piles = self.max_piles(players, options)
        out = [PASS, CHALLENGE] + ([DECLINE] if options["challenge"] == "window" else [])
        out += [a for row in DISCARD for a in row]
        codes = list(range(11))
        if options["partnership"]:
            for s in range(players):
                codes += range(11 + 6 * s, 17 + 6 * s)
        for c in codes:
            # a reserve card never starts a pile (starters never reach a reserve)
            is_reserve = 6 <= c <= 10 or (c >= 11 and (c - 11) % 6 != 0)
            out += PLAY[c][1 if is_reserve else 0 : piles + 1]
        return tuple(out)

    def parse_action(self, text):
        return normalise(super().parse_action(text))

    def bots(self):
        return {"greedy": GreedyAgent, "quick": QuickAgent}

    def evaluate(self, state):
        """Minus the cards still to get rid of (the scores); a lead of 5 cards is large."""
        r = state.result()
        return margin_values(r, r.scores, 5.0)

    def stats(self, state):
        cfg = state.cfg
        out = {
            "turns": float(state.turns),
            "draws": float(state.end == "blocked"),
            "capped": float(state.end == "cap"),
            "table_games": float(cfg.table),
            "challenges": float(state.challenges),
            "right_challenges": float(state.right_challenges),
            "restocks": float(state.restocks),
        }
        if cfg.partnership:
            for t in (0, 1):
                out[f"team_win_{t}"] = float(bool(state.winners) and cfg.team_of[state.winners[0]] == t)
        return out

    def summarize_stats(self, totals, games, players):
        """``simulate``'s ``win_rate`` is per seat, a win shared by k winners counting 1/k
        to each (partners of a winning 2 v 2 team get half a win each); in the
        partnership game ``team_win_rate`` is per team: the share of games the team won
        (team 0 = the even seats)."""
        g = max(games, 1)
        out: dict[str, Any] = {
            "mean_turns": totals.get("turns", 0.0) / g,
            "draw_rate": totals.get("draws", 0.0) / g,
            "cap_rate": totals.get("capped", 0.0) / g,
            "restocks_per_game": totals.get("restocks", 0.0) / g,
        }
        if "team_win_0" in totals:
            out["team_win_rate"] = [totals.get(f"team_win_{t}", 0.0) / g for t in (0, 1)]
        if totals.get("table_games"):
            tg = totals["table_games"]
            out["challenges_per_game"] = totals.get("challenges", 0.0) / tg
            out["right_challenges_per_game"] = totals.get("right_challenges", 0.0) / tg
        return out


GAME = register(FlinchGame())
