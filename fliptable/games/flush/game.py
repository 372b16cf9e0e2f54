"""Flush: the declared game record."""

from __future__ import annotations

from ...core.game import Game
from ...core.options import Option
from ...core.registry import register
from ...core.result import margin_values
from . import render
from .balance import BALANCE
from .cards import CARDS
from .deckspec import DECK_OPTION, spec_of
from .notation import action_space, parse
from .state import FlushState
from .tables import (
    MAX_ELIMINATION_ROUNDS,
    STAT_NAMES,
    round_cap,
    total_rounds,
)

NOTATION = """\
A turn is one declaration — the action you submit is what you say aloud; a void one is
refused with the reason and you declare again. Bases are numbered from 1.

  3x6          "3 Sixes": lay three cards of value 6 (Mimics may join a 6). On a pile of
               6 or more (or no pile) it is a play; on a lower pile it is a pick-up: the
               Sixes start a new pile and you take the old one into your hand.
               Also typed 3*6, "3 sixes".
  link:4       a Link Flush with four Link cards of yours (any values); Link cards in the
               pile's top value count toward the four.
  flush        play a Flush card;  bigflush  a Big Flush card (opponents draw one each).
  blind:2      flip the Blind card of base 2 — first in a turn, once its top card is gone.
               It is laid unseen; then declare a play that includes it (if only one is
               possible it is declared for you).
  6l  b2       when your cards leave a real choice, the cards that fulfil the declaration,
               one at a time: a card of that face from your hand, or base 2's top card.
  pass:2 keep  after a Super Flush: pass base 2 to the player of the previous turn, or none.
  mimic:6l     (a Flush card was turned up as the Mimic) make this visible number card of
  mimic:b2     yours the Mimic; you keep the Flush card in its place.

Cards: the value then s (Skip), l (Link), d (Deduction ★): 6, 6l, 4d, 7s; f Flush, bf Big
Flush. In views, pile_as gives the value each pile card counts as (a Mimic keeps what it mimicked).

Action ids (RL masks): the declarations 1x1..15x1, ..., 1x10..15x10; link:1..link:L (L the
pack's Link cards); flush, bigflush; blind:1..blind:B (B = 3 × players); the pack's faces;
b1..bB; pass:1..pass:B, keep; mimic:<face> for its number faces; mimic:b1..mimic:bB.
`fliptable games` and Game.info give the count."""


# the declared record (core.game.Game's fields): every game's class header reads alike on purpose
class FlushGame(Game):
    wording = render
    balance = BALANCE
    id = "flush"
    title = "Flush"
    summary = (
        "shedding: lay equal or lower values, 4 of a kind flushes the pile, Mimics, Blind cards, "
        "Skips and Links; lowest score wins"
    )
    # the declared record (core.game.Game's fields), alike in every game on purpose
    min_players, max_players, default_players = 2, 6, 4
    default_bot = "greedy"
    #: 2: a flipped Blind Mimic stands for another value only beside a real card of it
    rules_version = "2"
    options = (
        Option(
            "mode",
            "choice",
            "rounds",
            "rounds: a set number of rounds, lowest total wins; arena: the publisher's 5 rounds, the 5th "
            "scoring double; elimination: out at the points limit, the last player left wins",
            choices=("rounds", "arena", "elimination"),
        ),
        Option("rounds", "int", 5, "rounds in mode=rounds", min=1, max=20),
        Option("limit", "int", 30, "mode=elimination: a player reaching this total is out", min=1, max=200),
        DECK_OPTION,
        Option(
            "flush_count",
            "choice",
            "run",
            "which cards already on the pile count toward a Flush: run = every card of that value on "
            "top; previous = only the previous play's",
            choices=("run", "previous"),
        ),
        Option(
            "mimic_join",
            "choice",
            "play",
            "play: a Mimic takes the value of a card in its own play; pile: Mimics alone may also take "
            "the value on top of the pile",
            choices=("play", "pile"),
        ),
        Option(
            "blind_mimic",
            "choice",
            "play",
            "a Mimic flipped as a Blind card: play = like any Mimic, it stands for another value only "
            "beside a real card of it; alone = it may stand alone for any value the player holds "
            "(rules version 1)",
            choices=("play", "alone"),
        ),
    )
    cards = CARDS
    state_class = FlushState
    information = "imperfect"  # Blind cards, other hands, the unused deck
    dynamics = "sequential"
    notation = NOTATION

    def deck(self, players, options):
        return spec_of(options["deck"]).deck()

    def action_space(self, players, options):
        key = (players, options["deck"])
        cache = self.__dict__.setdefault("_space_cache", {})
        space = cache.get(key)
        if space is None:
            spec = spec_of(options["deck"])
            if len(cache) > 64:
                cache.clear()
            space = cache[key] = action_space(players, spec.faces(), spec.link_cards())
        return space

    def legacy_options(self, rules_version):
        """Version 1 let a flipped Blind Mimic stand alone for any value the player held."""
        return {"blind_mimic": "alone"} if rules_version == "1" else None

    def max_decisions(self, players, options):
        """At most the mode's rounds (elimination: ``MAX_ELIMINATION_ROUNDS``), each cut at
        ``round_cap(players)`` decisions (docs/rules/flush.md "The decision cap")."""
        rounds = total_rounds(options) or MAX_ELIMINATION_ROUNDS
        return rounds * round_cap(players)

    def parse_action(self, text):
        return parse(super().parse_action(text))

    def evaluate(self, state):
        """Rounds and arena: the totals, lower better; a lead of 20 points is large.
        Elimination: the current ranks."""
        r = state.result()
        if state.options["mode"] == "elimination":
            return r.rank_values()
        return margin_values(r, [-t for t in r.scores], 20.0)

    def bots(self):
        from .bots import GreedyAgent

        return {"greedy": GreedyAgent}

    def stats(self, state):
        s = state.stat
        return dict(zip(STAT_NAMES, s, strict=True))

    def summarize_stats(self, totals, games, players):
        rounds = totals.get("rounds", 0)
        per = rounds or 1
        return {
            "mean_rounds": rounds / max(games, 1),
            "mean_round_turns": totals.get("turns", 0) / per,
            "mean_round_decisions": totals.get("round_decisions", 0) / per,
            "first_player_round_win_share": totals.get("first_player_round_wins", 0) / per,
            "even_share": 1 / players,
            "flushes_per_round": totals.get("flushes", 0) / per,
            "super_flushes_per_round": totals.get("super_flushes", 0) / per,
            "pickups_per_round": totals.get("pickups", 0) / per,
            "link_flushes_per_round": totals.get("link_flushes", 0) / per,
            "flush_cards_per_round": totals.get("flush_cards", 0) / per,
            "big_flushes_per_round": totals.get("big_flushes", 0) / per,
            "blind_flips_per_round": totals.get("blind_flips", 0) / per,
            "capped_rounds": totals.get("capped_rounds", 0),
        }


GAME = register(FlushGame())
