"""Fly-swatter: the declared game record."""

from __future__ import annotations

from ...core.game import Game
from ...core.options import Option
from ...core.registry import register
from ...core.result import margin_values
from . import render
from .balance import BALANCE
from .cards import CARDS, full_deck
from .state import DONE, MAX_MIDDLE, SWAT, FlyswatterState

_ALIASES = {"f": "flip", "d": DONE, "pass": DONE, "stop": DONE}


# the declared record (core.game.Game's fields): every game's class header reads alike on purpose
class FlyswatterGame(Game):
    wording = render
    balance = BALANCE
    id = "flyswatter"
    title = "Fly-swatter"
    summary = "real-time: flip cards; on a swatter or a fifth colour, race to swat the majority-colour flies"
    min_players, max_players, default_players = 2, 8, 4
    default_bot = "swatter"
    #: beside people (``play``, the server's lobby): a person's swat takes 0.7-1.2 s (see the
    #: colour, find the fly, press its key), so the bots react in 0.9 s on average, not 0.4 s
    play_bot = "swatter:rt=900,sd=250"
    #: 2: all hands of a window are checked together at its close (a player's result no
    #: longer depends on the order of their own two hands); no winners before the end
    rules_version = "2"
    options = (
        Option(
            "remove",
            "int",
            0,
            "cards taken out unseen after shuffling, for a shorter game (at least one card per player must remain)",
            min=0,
            max=110,
        ),
        Option("window_ms", "float", 3000.0, "length of a swat window in milliseconds", min=1, max=600_000),
        Option(
            "check",
            "choice",
            "together",
            "when a window's hands are checked: together = all at its close, wins before "
            "penalties, so the order of a player's own hands does not matter; landing = one by "
            "one in the order they landed (rules version 1)",
            choices=("together", "landing"),
        ),
    )
    cards = CARDS
    state_class = FlyswatterState
    information = "imperfect"  # the draw stacks and the cards removed unseen
    dynamics = "real-time"  # swat windows are races
    key_aliases = (("enter", DONE),)  # at the terminal, Enter ends your swatting
    notation = (
        "flip      turn over the top card of your draw stack (on your turn)\n"
        "swat:<n>  put a hand on the n-th fly in the middle (1 = the fly laid first), while a\n"
        "          swat window is open; two hands each (one with 5 or more players)\n"
        "done      stop swatting in this window\n"
        "close     (the clock only) the window's time is up\n"
        "Aliases: f = flip; d, pass, stop = done; a bare number n, swat n, swatn = swat:<n>."
    )

    def deck(self, players, options):
        return full_deck()

    def action_space(self, players, options):
        return ("flip", DONE, *SWAT[:MAX_MIDDLE])

    def legacy_options(self, rules_version):
        """Version 1 checked a window's hands one by one in landing order."""
        return {"check": "landing"} if rules_version == "1" else None

    def max_decisions(self, players, options):
        """Every window opens on a trigger card that leaves the game, so at most C windows
        (C = the cards dealt); in each, a player acts at most once per hand and the clock
        once; each hand pays at most one penalty, a fly that can be flipped again. So at
        most C flips + C*n*h re-flips + C*(n*h + 1) window actions (n players, h hands)."""
        cards = len(self.deck(players, options)) - options["remove"]
        hands = 1 if players >= 5 else 2
        return cards * (2 * players * hands + 2)

    def parse_action(self, text):
        action = super().parse_action(text)
        alias = _ALIASES.get(action)
        if alias is not None:
            return alias
        digits = action
        if digits.startswith("swat"):
            digits = digits[4:].lstrip(":")
        if digits.isdecimal() and digits.isascii():
            return f"swat:{int(digits)}"
        return action

    # the Game hooks (bots, evaluate, stats), alike in every game on purpose: the declared record
    def bots(self):
        from .bots import SwatterAgent

        return {"swatter": SwatterAgent}

    def evaluate(self, state):
        """The flies' points won so far; a lead of 15 is large."""
        r = state.result()
        return margin_values(r, r.scores, 15.0)

    def stats(self, state):
        out = {
            "flips": state.flips,
            "windows": state.window,
            "wrong_swats": state.wrong,
            "player_windows": state.window * state.players,
        }
        for p, w in enumerate(state.won):
            out[f"flies_won_{p}"] = len(w)
        return out

    def summarize_stats(self, totals, games, players):
        g = max(games, 1)
        pw = totals.get("player_windows", 0)
        return {
            "mean_turns": totals.get("flips", 0) / g,
            "mean_windows": totals.get("windows", 0) / g,
            "mean_flies_won": [totals.get(f"flies_won_{p}", 0) / g for p in range(players)],
            "penalty_rate": totals.get("wrong_swats", 0) / pw if pw else 0.0,
        }


GAME = register(FlyswatterGame())
