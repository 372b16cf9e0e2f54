"""Flip 7: the declared game record."""

from __future__ import annotations

from ...core.game import Game
from ...core.options import Option
from ...core.registry import register
from ...core.result import margin_values
from . import render
from .balance import BALANCE
from .cards import CARDS, DECK

# the status FLIP7 under its own name: the module's FLIP7 is the registered game (below)
from .state import ACTIVE, DISCARD, FROZEN, STAYED, Flip7State, round_decision_cap
from .state import FLIP7 as FLIPPED_SEVEN


# the declared record (core.game.Game's fields): every game's class header reads alike on purpose
class Flip7Game(Game):
    wording = render
    balance = BALANCE
    id = "flip7"
    title = "Flip 7"
    summary = "press-your-luck: flip number cards, stay before a duplicate busts you; first to 200"
    # the declared record (core.game.Game's fields), alike in every game on purpose
    min_players, max_players, default_players = 1, 12, 4
    default_bot = "ev"
    #: 2: a spare Second Chance may be discarded (a choice even with one taker); the
    #: round limit and the per-round decision cap end a game that would not end
    rules_version = "2"
    options = (
        Option(
            "rules",
            "choice",
            "rulebook",
            "rulebook: Freeze/Flip Three hit the drawer; official: the drawer picks any active "
            "player, and a Flip 7 ends the round for everyone",
            choices=("rulebook", "official"),
        ),
        Option(
            "flip3_actions",
            "choice",
            "after",
            "a Freeze / Flip Three flipped during a Flip Three: after = set aside until the three "
            "are flipped (the published clarification); immediate = resolved at once (the "
            "rulebook's literal reading)",
            choices=("after", "immediate"),
        ),
        Option(
            "spare_second",
            "choice",
            "give_or_discard",
            "a second Second Chance: give_or_discard = the drawer gives it to an active player "
            "without one or discards it (the rulebook); give = it must be given while someone "
            "can take it, at once when only one can (rules version 1)",
            choices=("give_or_discard", "give"),
        ),
        Option(
            "round_limit",
            "int",
            200,
            "the game ends after this many rounds at the latest; the highest total wins, ties share",
            min=1,
            max=1000,
        ),
    )
    cards = CARDS
    state_class = Flip7State
    information = "imperfect"  # the order of the draw pile
    dynamics = "sequential"
    notation = (
        "hit            flip the top card of the draw pile\n"
        "stay           bank your round score; you are out of the round\n"
        "give:<seat>    hand your spare Second Chance to that active player\n"
        "discard        discard your spare Second Chance instead\n"
        "target:<seat>  (rules=official) play the Freeze / Flip Three you drew on that active player\n"
        "Aliases: h = hit, s = stay, pass = stay."
    )

    def deck(self, players, options):
        return list(DECK)

    def action_space(self, players, options):
        return (
            "hit",
            "stay",
            *(f"give:{p}" for p in range(players)),
            *(f"target:{p}" for p in range(players)),
            DISCARD,
        )

    def legacy_options(self, rules_version):
        """Version 1 gave a spare Second Chance away (never discarded it by choice); its
        games never reached the round limit or the decision cap."""
        return {"spare_second": "give"} if rules_version == "1" else None

    def max_decisions(self, players, options):
        """No natural bound (reshuffles can recycle cards forever in principle): at most
        ``round_limit`` rounds of at most ``round_decision_cap(players)`` decisions."""
        return options["round_limit"] * round_decision_cap(players)

    def solo_return(self, result, options):
        """One player's outcome in [-1, 1] (learning environments: a one-seat table has no
        rank to compare): 1 for reaching 200 in the first round, falling evenly to -1 at
        round ``round_limit``; -1 when the round limit ended the game first."""
        if result.details.get("ended") != "score":
            return -1.0
        limit = options["round_limit"]
        return 1.0 if limit == 1 else 1.0 - 2.0 * (result.details["rounds"] - 1) / (limit - 1)

    def parse_action(self, text):
        action = super().parse_action(text)
        return {"h": "hit", "s": "stay", "pass": "stay"}.get(action, action)

    def evaluate(self, state):
        """Totals so far plus the round's points of players who stayed, were frozen or
        flipped 7 (banked when the round ends) and half those of players still drawing;
        a lead of 40 is large."""
        if state.over:
            return state.result().returns()
        status = state.status
        keys = [
            t
            + (
                state.round_score(p)
                if status[p] in (STAYED, FROZEN, FLIPPED_SEVEN)
                else 0.5 * state.round_score(p)
                if status[p] == ACTIVE
                else 0
            )
            for p, t in enumerate(state.totals)
        ]
        return margin_values(state.result(), keys, 40.0)

    def bots(self):
        from .bots import EVAgent, ThresholdAgent

        return {"threshold": ThresholdAgent, "ev": EVAgent}

    def stats(self, state):
        rounds, busts, flip7s, score_sum = state.stat
        return {
            "rounds": state.round_no,
            "player_rounds": rounds,
            "busts": busts,
            "flip7s": flip7s,
            "round_score_sum": score_sum,
        }

    def summarize_stats(self, totals, games, players):
        pr = totals.get("player_rounds", 0) or 1
        return {
            "mean_rounds": totals.get("rounds", 0) / max(games, 1),
            "mean_round_score": totals.get("round_score_sum", 0) / pr,
            "bust_rate": totals.get("busts", 0) / pr,
            "flip7_rate": totals.get("flip7s", 0) / pr,
        }


GAME = register(Flip7Game())
