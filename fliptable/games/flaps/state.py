"""FLAPS state: the fields, the deal, who acts and the result (flaps.md, Levels 1-3, with
the rulings of docs/rules/flaps.md); what is legal, and why not, in ``legal.py``.

Where the cards are: ``hands[p]`` (``shown[p]``: the cards of it every player saw go
there, a TRUMPS pick-up), ``pack`` (top last, order known to nobody), ``pile`` (the
cards laid, bottom first), ``committed[p]`` (a TRUMPS card laid face down, -1: none).

Who acts: ``phase`` says what the game waits for, from ``turn`` (the player whose turn
it is) or ``actor`` (the player finishing something: an ACE'N'LAY's follow-on, a run, the
target of a 10). Out of turn, as kernel *claims*: FLAPS while ``flapping`` (never on your
own previous FLAP, ``last_flapper``) and catching a player in ``forgot`` (who did not
say "Last Card"). TRUMPS is a ``Simultaneous`` step.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.decision import Over, Simultaneous, Turn
from ...core.decision import turn as turn_of
from ...core.events import Event
from ...core.game import State
from ...core.result import Result, ranks_from_keys
from . import notation as A
from .apply import Apply
from .cards import (
    KIND,
    NAMES,
    NO_RANK,
    NO_SUIT,
    OL_MAID,
    QUACK,
    RANK,
    SUIT,
)
from .checks import Checks
from .hidden import HiddenEffects
from .legal import Legal
from .tables import (
    ANY_SUIT,
    FACE_DOWN,
    HAND_SIZE,
    N_STATS,
    PLAY,
    SCUFFLE,
    SPOOF_CALL,
)
from .view import View

#: the fields Level 5 adds (not written at Levels 1-4), then Level 6's and Level 7's
LEVEL5_FIELDS = ("mystery", "mystery_known", "known_cards", "known_masks", "guesses")
LEVEL6_FIELDS = ("downs", "downs_known", "pending")
LEVEL7_FIELDS = ("monty", "monty_state")

_OVER = Over()


class FlapsState(Apply, HiddenEffects, Legal, View, Checks, State):
    """A game of FLAPS: the fields declared once here, who acts and the result; what is legal
    and the reasons for refusing the rest in ``legal.py``, applying in ``apply.py`` and
    ``hidden.py``, views and determinization in ``view.py``, load
    checks in ``checks.py``; the phases and counters in ``tables.py``."""

    FIELDS: ClassVar[dict[str, str]] = {
        "hands": "piles",
        "shown": "piles",  # per seat: hand cards every player saw go there
        "pack": "cards",  # top last
        "pile": "cards",  # bottom first
        "turn": "seat",
        "actor": "seat",  # who acts in SCUFFLE, FOLLOW, KING_RUN, MEGA_RUN, DUMP_RUN
        "phase": "int",
        "direction": "int",  # 1 clockwise (seat order), -1 reversed
        "lead_suit": "int",  # the suit to follow (NO_SUIT: none, ANY_SUIT: any)
        "lead_rank": "int",  # the number to follow (NO_RANK: none)
        "attack_sum": "int",
        "attack_card": "card?",  # the last 2, 3 or 7 of the attack (a QUACK passes it on)
        "flapping": "bool",
        "last_flapper": "int",  # -1: none
        "mega_laid": "int",  # FLAPS laid after the MEGA-FLAP
        "mega_cap": "int",  # 3, or 2 after someone else's STOP THAT FLAPPING
        "resume": "int",  # who plays after a MEGA-FLAP run or a scuffle
        "run_left": "int",  # DUMP THOSE FIVES: fives still allowed
        "forgot": "seats",  # players on one card who did not say "Last Card", catchable
        "unsaid": "seats",  # ... who may still say it: nobody else has laid a card since
        "trump": "int",  # the suit called trumps (-1: no TRUMPS game)
        "caller": "int",
        "committed": "ints",  # per seat: the TRUMPS or SPOOF card laid face down, -1 none
        "calls": "ints",  # per seat: the SPOOF call, -1 none (Level 4)
        "mystery": "cards",  # the Solve the Mystery pile, bottom first (Level 5)
        "mystery_known": "ints",  # its knowledge masks (core/knowledge.py), one per card
        "known_cards": "piles",  # per seat: hand cards some other players know (not all: see shown)
        "known_masks": "table",  # ... and who knows each (a mask without the holder's bit)
        "guesses": "table",  # START GUESSING - DO NOT LOOK: [seat, card guessed, pile index]
        "downs": "piles",  # per seat: the 1-DOWN pile in front of them, bottom first (Level 6)
        "downs_known": "table",  # ... a knowledge mask per card (PUBLIC: face up)
        "pending": "ints",  # 1-DOWN: [the card taken]; 1-SWAP: [seat, index] chosen
        "monty": "cards",  # FULL MONTY: the three cards laid face down (Level 7)
        "monty_state": "ints",  # ... [its player, the chosen player, index indicated, index shown] (-1: not yet)
        "over": "bool",
        "winners": "seats",  # the match's winners, once over
        "double": "bool",  # the last game ended on SIX OF THE BEST
        "ended": "str?",  # how the last game ended: "out", "pack" or "trumps"
        "stat": "ints",
        "points": "ints",  # per seat, the match's points: 1 a game won, 2 a double win
        "game_no": "int",  # the game of the match being played, from 1
        "last_game": "frozen?",  # the game just finished: winners, double, how (null before)
    }
    DERIVED: ClassVar[dict[str, str]] = {
        "level": "int",
        "after_last": "bool",
        "games": "int",
        "hoofers_plain": "bool",
        "king_next": "bool",
        "pack_draw": "bool",
        "pack_short": "bool",
        "legacy": "bool",
        "ties_all": "bool",
        "packs": "int",
    }
    __slots__ = tuple(FIELDS) + tuple(DERIVED)

    # -- set-up ---------------------------------------------------------------------------
    def _derive(self) -> None:
        self.level = self.options["level"]
        self.after_last = self.options["after_flapping"] == "last"
        self.games = self.options["games"]
        self.hoofers_plain = self.options["hoofers"] == "plain"
        self.king_next = self.options["king_n_lay"] == "next"
        self.pack_draw = self.options["pack_out"] == "draw"
        self.pack_short = False  # set by a pick-up the pack cannot cover, within one action
        self.legacy = self.options["legacy"] == "v1"  # rules version 1, for its logs
        self.ties_all = self.options["trumps_ties"] == "any"
        self.packs = self.options["packs"]

    def _setup(self, deck: list[int]) -> None:
        self._derive()
        n = self.players
        self.points = [0] * n
        self.game_no = 0
        self.last_game = None
        self.over, self.winners, self.double, self.ended = False, [], False, None
        self.stat = [0] * N_STATS
        self._deal(deck, self.opening)  # the first deal is told like the others

    def _deal(self, deck: list[int], events=None) -> None:
        """One game of the match: deal, turn up the first card, the player left of the dealer
        starts (the first dealer is the last seat; the deal passes to the left)."""
        n = self.players
        self.game_no += 1
        dealer = (n - 2 + self.game_no) % n
        # Quick Start: "Deal seven cards to each player", one at a time from the dealer's left.
        order = [(dealer + 1 + i) % n for i in range(n)]
        self.hands = [[] for _ in range(n)]
        for i, p in enumerate(order):
            self.hands[p] = deck[i : HAND_SIZE * n : n]
        rest = deck[HAND_SIZE * n :]
        # "Turn over the first card and place it face up alongside the pack."
        first = rest[0]
        self.pack = rest[1:][::-1]
        self.pile = [first]
        self.shown = [[] for _ in range(n)]
        # "First person to go is to the left of the dealer and play starts off in a clockwise direction"
        self.turn = self.actor = (dealer + 1) % n
        self.phase = PLAY
        self.direction = 1
        # docs/rules/flaps.md "The first card": only its suit and number count
        suit = SUIT[first]
        self.lead_suit = ANY_SUIT if suit == NO_SUIT else suit
        self.lead_rank = RANK[first] if KIND[first] not in (OL_MAID, QUACK) else NO_RANK
        self.attack_sum, self.attack_card = 0, None
        self.flapping, self.last_flapper = False, -1
        self.mega_laid, self.mega_cap, self.resume, self.run_left = 0, 3, self.turn, 0
        self.forgot, self.unsaid = [], []
        self.trump, self.caller = -1, -1
        self.committed = [-1] * n
        self.calls = [-1] * n
        self.mystery, self.mystery_known, self.guesses = [], [], []
        self.known_cards = [[] for _ in range(n)]
        self.known_masks = [[] for _ in range(n)]
        self.downs = [[] for _ in range(n)]
        self.downs_known = [[] for _ in range(n)]
        self.pending = []
        self.monty, self.monty_state = [], []
        if events is not None:
            events.append(
                Event("deal", {"game": self.game_no, "dealer": dealer, "first": NAMES[first], "turn": self.turn})
            )
            for p in range(n):
                events.append(
                    Event("hand", {"player": p, "count": HAND_SIZE}, {"cards": [NAMES[c] for c in self.hands[p]]}, (p,))
                )

    def _dump(self):
        data = super()._dump()
        if self.level < 7:
            for name in LEVEL7_FIELDS:  # Levels 1-6 are written as before Level 7
                del data[name]
        if self.level < 6:
            for name in LEVEL6_FIELDS:  # Levels 1-5 are written as before Level 6
                del data[name]
        if self.level < 5:
            for name in LEVEL5_FIELDS:  # Levels 1-4 are written as before Level 5
                del data[name]
        if self.level < 5:
            data["stat"] = data["stat"][: N_STATS - 1]  # no secrets-solved counter
        if self.level < 4:
            # Levels 1-3 are written exactly as before Level 4 (their golden digests hold):
            # no SPOOF calls, no SPOOF games counter
            del data["calls"]
            data["stat"] = data["stat"][: N_STATS - 2]
        return data

    def _load(self, data) -> None:
        # the fields a level does not write (``_dump``): absent below that level, filled
        # with their starting values here; present from it on. Anything else is not a
        # state this game wrote, and loading it would not write it back as it was read.
        if isinstance(data, dict):
            n, at = self.players, self.options["level"]
            for level, fields in (
                (4, {"calls": [-1] * n}),
                (
                    5,
                    {
                        "mystery": [],
                        "mystery_known": [],
                        "known_cards": [[] for _ in range(n)],
                        "known_masks": [[] for _ in range(n)],
                        "guesses": [],
                    },
                ),
                (6, {"downs": [[] for _ in range(n)], "downs_known": [[] for _ in range(n)], "pending": []}),
                (7, {"monty": [], "monty_state": []}),
            ):
                if at < level:
                    written = sorted(set(fields) & set(data))
                    if written:
                        raise ValueError(f"a Level {at} state has no {written[0]!r} (Level {level} on)")
                    data = {**data, **fields}
            stat = data.get("stat")
            unwritten = 2 if at < 4 else 1 if at < 5 else 0  # counters of Levels 4 and 5
            if unwritten and isinstance(stat, list):
                if len(stat) != N_STATS - unwritten:
                    raise ValueError(f"a Level {at} state counts {N_STATS - unwritten} statistics")
                data = {**data, "stat": stat + [0] * unwritten}
        super()._load(data)

    # -- who acts ---------------------------------------------------------------------------
    def acting(self) -> int:
        """The player a Turn decision waits for."""
        return self.actor if self.phase >= SCUFFLE else self.turn

    def _may_flap(self, q: int) -> bool:
        return self.flapping and q != self.last_flapper

    def _may_catch(self, q: int) -> bool:
        return any(o != q for o in self.forgot)

    def decision(self):
        if self.over:
            return _OVER
        n = self.players
        if self.phase in FACE_DOWN:
            # docs/rules/flaps.md "Last Card": no catching during the separate TRUMPS or SPOOF game
            return Simultaneous(tuple(p for p in range(n) if self.committed[p] < 0 and self.hands[p]))
        if self.phase == SPOOF_CALL:
            return turn_of(self.actor)
        p = self.acting()
        if not self.flapping and not self.forgot and not self.unsaid:
            return turn_of(p)
        # while flapping every other player is a claimant, the last flapper too (told why not);
        # a player who may still say "Last Card" is one
        claim = tuple(q for q in range(n) if q != p and (self.flapping or self._may_catch(q) or q in self.unsaid))
        return Turn(p, claim) if claim else turn_of(p)

    # -- the result ----------------------------------------------------------------------------
    def result(self) -> Result:
        """Scores are the match's points (1 a game won, 2 a double win); ranks by points, then
        fewer cards in hand; the winners have the most points once the match is over."""
        n = self.players
        counts = [len(h) for h in self.hands]
        win = set(self.winners) if self.over else set()
        keys = [(self.points[p], 0) if p in win else (self.points[p], -counts[p] - 1) for p in range(n)]
        return Result(
            tuple(float(x) for x in self.points),
            tuple(self.winners) if self.over else (),
            ranks_from_keys(keys),
            self.over,
            {"cards_left": counts, "double_win": self.double, "ended": self.ended, "games_played": self.game_no},
        )

    def timeout_action(self, player):
        legal = self.legal_actions(player)
        for a in (A.DRAW_ACTION, A.TAKE_ACTION, A.KNOCK_ACTION, A.DONE_ACTION):
            if a in legal:
                return a
        return super().timeout_action(player)
