"""FLAPS: the declared game record."""

from __future__ import annotations

from ...core.errors import OptionError
from ...core.game import Game
from ...core.info import ActionKey
from ...core.options import Option
from ...core.registry import register
from ...core.result import margin_values
from . import render
from .balance import BALANCE
from .cards import BUILT_LEVELS, CARDS, deck
from .notation import MAX_PACKS, MAX_SEATS, SEATS_PER_PACK, action_space, card_list, parse
from .state import FlapsState
from .tables import STAT_NAMES

NOTATION = """\
Cards are written rank then suit (c d h s): 7h, 10s, 4c (FLAPS), qd, kc; the specials:
  ac ah as  ACE          aed aes  ACE'N'END      alc ald alh als  ACE'N'LAY
  mf  MEGA-FLAP (hearts) hdc..hds HOOFERS-DOOFERS jc..js  JACK   ujc ujd ujs  UP-JACKS
  aj  ACE-JACK           ktc..kts K - TRUMPS     om1..om4 OL' MAIDS
  0   QUACK   stf  STOP THAT FLAPPING   dtf  DUMP THOSE FIVES   6s  SIX OF THE BEST   klc  King'N'Lay
  ksc kss  K - SPOOF     lom  LOW OL' MAID (Level 4)
  5lose 5pick 5guess 5look 5share 5solve  the Level 5 secrets (suitless 5s)
  1down 1right 1left 1over 1look 1swap 1up  the Level 6 cards (suitless 1s)
  fm  FULL MONTY (Level 7; laid on anything)
Actions:
  7h         lay the 7 of Hearts;  7h!  lay it saying "Last Card" (the play that leaves one card)
  ah:s       lay an ACE type (or ACE-JACK) calling Spades;  ktc:h  K - TRUMPS calling Hearts trumps
  10h>2      lay a 10 or HOOFERS-DOOFERS choosing seat 2 to pick up one (hoofers=plain: hdh in play)
  draw       pick up one (also the ACE'N'LAY's "pick up Second")
  take       pick up an attack's sum, or a 10's card      knock   miss a go after an 8
  done       end a MEGA-FLAP, DUMP THOSE FIVES or King'N'Lay run
  last       say "Last Card" late: after the play that left you one card, until another player
             lays a card (out of turn too)
  catch:1    catch seat 1, who forgot "Last Card" (out of turn, once another player laid a card)
  t:7h       TRUMPS or SPOOF: lay the 7 of Hearts face down
  call:33    SPOOF: call 33 for the sum of the cards laid (each a different number)
  5share>2   SHARE A SECRET with seat 2;  s:7h  PICK A SECRET: put your 7h on the pile
  guess:7h   START GUESSING - DO NOT LOOK: guess the 7 of Hearts
  1up>2      1 - UP: seat 2 (you too) picks up its top 1-DOWN card;  down>2  1 - DOWN: put the card
             you took before seat 2;  over:2.0 / peek:2.0 / swap:2.0  1 - OVER / LOOK / SWAP seat 2's
             1-DOWN card 0 (0 = bottom);  peek>2  1 - LOOK a card of seat 2's hand (no 1-DOWN cards);
             give:7h  1 - SWAP: your 7h goes in its place
  fm>2       FULL MONTY with seat 2; then fm:7h three times (your three face-down cards);
             point:1 (seat 2 indicates one), show:2 (you show another to all), keep:1 (seat 2 takes)
Out of turn (claims): FLAPS cards while flapping, last, and catch:N. Suit symbols ♣♦♥♠ are accepted.
Keys at the terminal: ! says "Last Card" (the lays that leave you one card: ! then the card's
key, or ! alone when only one card may be laid so, or late: last); c catches (c, or c then the seat, when
several forgot). At the plain prompt answer !, !1, !2 ... and c, c1, c2 ... as listed.

Every card, with its notation:
""" + card_list()


# the declared record (core.game.Game's fields): every game's class header reads alike on purpose
class FlapsGame(Game):
    wording = render
    balance = BALANCE
    id = "flaps"
    title = "FLAPS"
    summary = (
        "shedding by suit or number with special cards: attacks of 2s and 3s, FLAPS laid out of turn, "
        "Aces, 8s, 10s, Jacks, TRUMPS, SPOOF, secrets, 1-DOWN piles, FULL MONTY; Levels 1-7"
    )
    min_players, max_players, default_players = 2, MAX_SEATS, 4
    default_bot = "greedy"
    rules_version = "2"
    options = (
        Option("level", "int", 3, "the pack's level: 1-7", min=1, max=7),
        Option(
            "after_flapping",
            "choice",
            "starter",
            "who plays when flapping ends: starter = the player after the one who started it; last = the "
            "player after the last flapper",
            choices=("starter", "last"),
        ),
        Option(
            "hoofers",
            "choice",
            "target",
            "target: a HOOFERS-DOOFERS laid in ordinary play chooses a player to pick up one, like a 10; "
            "plain: there it is an ordinary Queen, and it only fights back",
            choices=("target", "plain"),
        ),
        Option(
            "king_n_lay",
            "choice",
            "again",
            "again: the King'N'Lay's player may lay once more (a King, Club, OL' MAID or Ace) like an "
            "ACE'N'LAY; next: the next player must follow it with one of those",
            choices=("again", "next"),
        ),
        Option(
            "pack_out",
            "choice",
            "empty",
            "empty: the game ends as the last card of the pack is taken; draw: it ends when a player must "
            "pick up more cards than are left (fewest cards wins either way)",
            choices=("empty", "draw"),
        ),
        Option(
            "games",
            "int",
            1,
            "games in a match: a game won scores 1, a double win (SIX OF THE BEST) 2; most points wins",
            min=1,
            max=20,
        ),
        Option(
            "trumps_ties",
            "choice",
            "lowest",
            "lowest: only players tied on the lowest TRUMPS card cut the pack; any: players whose cards are the "
            "same cut, wherever they rank, and the lowest cut picks up",
            choices=("lowest", "any"),
        ),
        Option(
            "packs",
            "int",
            1,
            "packs combined (the chosen level's, each): 2 seats up to 16 players "
            '("order another pack and combine two packs!"); one pack seats 2-8',
            min=1,
            max=MAX_PACKS,
        ),
        Option(
            "legacy",
            "choice",
            "none",
            "v1: the rules of fliptable's rules version 1, so its logs replay as they were played (see "
            'docs/rules/flaps.md "Rules versions")',
            choices=("none", "v1"),
        ),
    )
    cards = CARDS
    state_class = FlapsState
    information = "imperfect"
    dynamics = "real-time"
    notation = NOTATION
    #: the terminal's named keys (tui/keys.py): "!" declares Last Card, "c" catches
    action_keys = (ActionKey("!", "Last Card", r".*!|last"), ActionKey("c", "catch", r"catch:\d+"))

    def resolve_options(self, options, files=True):
        opts = super().resolve_options(options, files)
        if opts["level"] not in BUILT_LEVELS:
            raise OptionError(f"option level={opts['level']} is not built yet; accepted: 1 to 7 (every level is built)")
        return opts

    def legacy_options(self, rules_version):
        """Version 1 (before issue 22's fixes) replays with legacy=v1."""
        return {"legacy": "v1"} if rules_version == "1" else None

    def check_table(self, players, options):
        """flaps.md: "for two to eight players"; "If you ... want to play with more than eight
        players, order another pack and combine two packs!" """
        if players > SEATS_PER_PACK * options.get("packs", 1):
            raise OptionError(
                f"{players} players need two packs: option packs=2 (one pack seats 2 to "
                f'{SEATS_PER_PACK}; "order another pack and combine two packs!")'
            )

    def deck(self, players, options):
        return deck(options["level"]) * options.get("packs", 1)

    def action_space(self, players, options):
        key = (players, options["level"], options["packs"])
        cache = self.__dict__.setdefault("_space_cache", {})
        space = cache.get(key)
        if space is None:
            self.check_table(players, options)
            space = cache[key] = action_space(players, options["level"], options["packs"])
        return space

    def max_decisions(self, players, options):
        """Every card reaches the pile at most once (D lays); every draw, take and catch takes
        at least one card from the pack, which is never refilled (D); every knock follows an
        8 and every done a MEGA-FLAP, DUMP THOSE FIVES or King'N'Lay (D); each of the four
        K - TRUMPS starts at most one TRUMPS game of ``players`` commits, and each of the two
        K - SPOOF (Level 4) one SPOOF game of ``players`` commits and ``players`` calls; a Level 5
        card goes to the pile once (the Solve the Mystery pile returns cards to a hand, never to
        the pile), so one secret put and one guess."""
        packs = options["packs"]
        d = len(deck(options["level"])) * packs
        spoof = 4 * players if options["level"] >= 4 else 0
        secrets = 2 if options["level"] >= 5 else 0  # PICK A SECRET's put, the guess (each laid once)
        secrets += 40 if options["level"] >= 6 else 0  # at most two choices per Level 6 card (20)
        secrets += 12 if options["level"] >= 7 else 0  # six steps per FULL MONTY (2), each laid once
        # each pack's cards: its four K - TRUMPS, two K - SPOOF, secrets; every "last" follows a lay (D)
        return (5 * d + packs * (4 * players + spoof + secrets) + 8) * options["games"]

    def parse_action(self, text):
        return parse(super().parse_action(text))

    def evaluate(self, state):
        """Games won (ten each) minus the cards in hand; a lead of 3 is large."""
        r = state.result()
        keys = [10 * p - c for p, c in zip(r.scores, r.details["cards_left"], strict=True)]
        return margin_values(r, keys, 3.0)

    def bots(self):
        from .bots import GreedyFlaps

        return {"greedy": GreedyFlaps}

    def stats(self, state):
        s = state.stat
        result = state.result()
        out = {
            "decisions": state.ply,
            **dict(zip(STAT_NAMES, s, strict=True)),
        }
        for w in result.winners:
            out[f"seat{w}_wins"] = 1 / len(result.winners)
        return out

    def plot_measure(self, state):
        """``simulate --plot``: the cards each seat held when the match's last game ended
        (0 for whoever went out). The match points (1 a win, 2 a double win) are 0 for
        all but the winner: a box of them says nothing of how close the others came."""
        return "cards held at the end (0: went out)", [float(len(h)) for h in state.hands]

    def summarize_stats(self, totals, games, players):
        g = max(games, 1)
        attacks = totals.get("attacks", 0) or 1
        flappings = totals.get("flappings", 0) or 1
        return {
            "mean_decisions": totals.get("decisions", 0) / g,
            "mean_lays": totals.get("lays", 0) / g,
            "attacks_per_game": totals.get("attacks", 0) / g,
            "mean_attack_sum": totals.get("attack_sum", 0) / attacks,
            "flapping_runs_per_game": totals.get("flappings", 0) / g,
            "mean_flaps_per_run": totals.get("flaps", 0) / flappings,
            "mega_flaps_per_game": totals.get("mega_flaps", 0) / g,
            "forgotten_last_cards_per_game": totals.get("forgets", 0) / g,
            "last_card_catches_per_game": totals.get("catches", 0) / g,
            "trumps_games_per_game": totals.get("trumps", 0) / g,
            "trumps_cuts_per_game": totals.get("cuts", 0) / g,
            "spoof_games_per_game": totals.get("spoofs", 0) / g,
            "mysteries_solved_per_game": totals.get("solved", 0) / g,
            "scuffles_per_game": totals.get("scuffles", 0) / g,
            "pack_out_share": totals.get("pack_outs", 0) / g,
            "double_win_share": totals.get("double_wins", 0) / g,
            "seat_win_share": [round(totals.get(f"seat{p}_wins", 0) / g, 4) for p in range(players)],
            "even_share": 1 / players,
        }


GAME = register(FlapsGame())
