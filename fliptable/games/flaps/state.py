"""FLAPS state: the fields, the deal, who acts and what is legal (flaps.md, Levels 1-3,
with the rulings of docs/rules/flaps.md).

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
from ...core.knowledge import PUBLIC
from ...core.result import Result, ranks_from_keys
from . import notation as A
from .apply import Apply
from .cards import (
    ATTACK,
    COLOUR,
    EIGHT,
    FAMILY,
    FLAPPER,
    FLAPS,
    HOOFERS,
    KIND,
    KING_LAY,
    LEVEL,
    MONTY,
    NAMES,
    NINE,
    NO_RANK,
    NO_SUIT,
    OL_MAID,
    OM_ON,
    QUACK,
    RANK,
    SEVEN,
    SPOOF_VALUE,
    STOP,
    SUIT,
    WILD,
)
from .checks import Checks
from .hidden import HiddenEffects
from .tables import (
    ANY_SUIT,
    ATTACKED,
    DOWN_PLACE,
    DUMP_RUN,
    FACE_DOWN,
    FOLLOW,
    GUESSING,
    HAND_SIZE,
    KING_RUN,
    KNOCK,
    MEGA_RUN,
    MONTY_LAYING,
    MONTY_POINT,
    MONTY_SHOW,
    MONTY_TAKE,
    N_STATS,
    OVER_PICK,
    PEEK_PICK,
    PHASES,
    PLAY,
    SCUFFLE,
    SECRET_PICK,
    SPOOF_CALL,
    SPOOF_GAME,
    SWAP_GIVE,
    SWAP_PICK,
    TRUMPS_GAME,
)
from .view import View

#: the most a card is worth in SPOOF (an OL' MAID)
SPOOF_TOP = max(SPOOF_VALUE)
#: the fields Level 5 adds (not written at Levels 1-4)
_GUESS_CACHE: dict[int, tuple[str, ...]] = {}
LEVEL6_FIELDS = ("downs", "downs_known", "pending")
LEVEL7_FIELDS = ("monty", "monty_state")
LEVEL5_FIELDS = ("mystery", "mystery_known", "known_cards", "known_masks", "guesses")

_OVER = Over()
_EMPTY: tuple[str, ...] = ()
_SAY = (A.SAY_ACTION,)


class FlapsState(Apply, HiddenEffects, View, Checks, State):
    """A game of FLAPS: the fields declared once here, who acts, what is legal and the result;
    applying in ``apply.py`` and ``hidden.py``, views and determinization in ``view.py``, load
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

    # -- what is legal --------------------------------------------------------------------------
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

    def _legal_actions(self, player):
        if self.over:
            return _EMPTY
        if self.phase in FACE_DOWN:
            if self.committed[player] < 0 and self.hands[player]:
                return tuple(A.COMMITS[c] for c in sorted(set(self.hands[player])))
            return _EMPTY
        if self.phase == SPOOF_CALL:
            if player != self.actor:
                return _EMPTY
            called = set(self.calls)
            top = SPOOF_TOP * sum(1 for c in self.committed if c >= 0)
            return tuple(A.SPOOF_CALLS[k] for k in range(top + 1) if k not in called)
        p = self.acting()
        if player != p:
            if not self.flapping and not self.forgot and not self.unsaid:
                return _EMPTY
            out = self._flap_claims(player) if self._may_flap(player) else _EMPTY
        else:
            out = self._turn_actions(p)
        if player in self.unsaid:
            out += _SAY
        return out + self._catches(player) if self.forgot else out

    def _catches(self, q: int) -> tuple[str, ...]:
        return tuple(A.CATCHES[o] for o in self.forgot if o != q)

    def _lays(self, p: int, cards) -> list[str]:
        """Every way of laying each of ``cards`` (distinct), with "Last Card" when it
        leaves one card."""
        hand = self.hands[p]
        declare = len(hand) == 2
        n = self.players
        # hoofers=plain: a HOOFERS-DOOFERS chooses a player only when fighting back
        plain = self.hoofers_plain and self.phase != SCUFFLE
        out: list[str] = []
        for c in cards:
            out.extend(A.lay_actions(c, 0, n, p, plain))
            if declare:
                out.extend(A.lay_actions(c, 1, n, p, plain))
        return out

    def _guess_actions(self) -> tuple[str, ...]:
        """Every card of the level's pack may be guessed."""
        out = _GUESS_CACHE.get(self.level)
        if out is None:
            out = _GUESS_CACHE[self.level] = tuple(A.GUESSES[c] for c in range(len(NAMES)) if LEVEL[c] <= self.level)
        return out

    def _flap_claims(self, q: int) -> tuple[str, ...]:
        """flaps.md "4 - FLAPS": anyone may lay FLAPS, interleaved."""
        cards = sorted({c for c in self.hands[q] if FLAPPER[c]})
        return tuple(self._lays(q, cards)) if cards else _EMPTY

    def _turn_actions(self, p: int) -> tuple[str, ...]:
        phase = self.phase
        hand = self.hands[p]
        faces = set(hand)
        if phase == PLAY:
            cards = [c for c in faces if self._follows(c)]
            cards.sort()
            return (*tuple(self._lays(p, cards)), A.DRAW_ACTION)
        if phase == ATTACKED:
            cards = sorted(c for c in faces if self._answers(c))
            return (*tuple(self._lays(p, cards)), A.TAKE_ACTION)
        if phase == KNOCK:
            # flaps.md "8s": "miss a go (and knock on the table) or lay another 8"
            cards = sorted(c for c in faces if KIND[c] == EIGHT)
            return (*tuple(self._lays(p, cards)), A.KNOCK_ACTION)
        if phase == SCUFFLE:
            # flaps.md "10s and Qs": the target may fight back with a HOOFERS-DOOFERS
            cards = sorted(c for c in faces if KIND[c] == HOOFERS)
            return (*tuple(self._lays(p, cards)), A.TAKE_ACTION)
        if phase == FOLLOW:
            colour = COLOUR[self.pile[-1]]  # the ACE'N'LAY just laid
            cards = sorted(c for c in faces if (WILD[c] or SUIT[c] in colour) and self._king_lay_on(c))
            return (*tuple(self._lays(p, cards)), A.DRAW_ACTION)
        if phase == KING_RUN:
            # flaps.md "King 'N' Lay": "only Kings, Clubs, OL' MAIDS and Aces" follow
            cards = sorted(c for c in faces if RANK[c] == 13 or SUIT[c] == 0 or WILD[c] or KIND[c] == OL_MAID)
            return (*tuple(self._lays(p, cards)), A.DONE_ACTION)
        if phase == MEGA_RUN:
            cards = sorted(c for c in faces if KIND[c] in (FLAPS, STOP)) if self.mega_laid < self.mega_cap else []
            return (*tuple(self._lays(p, cards)), A.DONE_ACTION)
        if phase == DUMP_RUN:
            # "up to three more fives can follow": every five, the Level 5 ones too (legacy=v1: plain fives)
            cards = (
                sorted(c for c in faces if RANK[c] == 5 and (FAMILY[c] == "five" or not self.legacy))
                if self.run_left > 0
                else []
            )
            return (*tuple(self._lays(p, cards)), A.DONE_ACTION)
        if phase == SECRET_PICK:
            # "5 - PICK A SECRET": "Choose a card from your own hand"
            return tuple(A.SECRET_PUTS[c] for c in sorted(faces))
        if phase == GUESSING:
            # "5 - START GUESSING - DO NOT LOOK": "Guess what card has been taken out of circulation"
            return self._guess_actions()
        if phase == DOWN_PLACE:
            # "1 - DOWN": "place it face-down in front of any player"
            return A.PLACES[: self.players]
        if phase == OVER_PICK:
            return tuple(A.TURN_UPS[q][i] for q, i in self._face_down())
        if phase == PEEK_PICK:
            if any(self.downs):
                return tuple(A.PEEKS[q][i] for q, i in self._face_down())
            # "If there are no 1-DOWN cards then you can look at any one card from the hand of any player"
            return tuple(A.PEEK_HANDS[q] for q in range(self.players) if q != p and self.hands[q])
        if phase == SWAP_PICK:
            # "a 1-down card of any player ... can also be a face-up card"
            return tuple(A.SWAPS[q][i] for q in range(self.players) for i in range(len(self.downs[q])))
        if phase == SWAP_GIVE:
            return tuple(A.GIVES[c] for c in sorted(faces))
        if phase == MONTY_LAYING:
            return tuple(A.MONTY_LAYS[c] for c in sorted(faces))  # "Lay three of your cards face down"
        if phase == MONTY_POINT:
            return A.POINTS  # "indicate, but not take, a card"
        if phase == MONTY_SHOW:
            pointed = self.monty_state[2]
            return tuple(A.SHOWS[j] for j in range(3) if j != pointed)  # "one of the other two cards"
        if phase == MONTY_TAKE:
            # "take their original choice or the other face-down card"
            _, _, pointed, shown = self.monty_state
            return tuple(A.KEEPS[j] for j in range(3) if j != shown)
        return _EMPTY

    def _face_down(self) -> list[tuple[int, int]]:
        """Every face-down 1-DOWN card: (seat, index from the bottom)."""
        return [(q, i) for q in range(self.players) for i, m in enumerate(self.downs_known[q]) if m != PUBLIC]

    def _follows(self, c: int) -> bool:
        """flaps.md Quick Start: follow suit or number; "Aces can be laid on any suit"."""
        kind = KIND[c]
        if self.king_next and KIND[self.pile[-1]] == KING_LAY:
            # "the only cards that can follow are Kings, Clubs, OL' MAIDS and Aces"
            return RANK[c] == 13 or SUIT[c] == 0 or WILD[c] or kind == OL_MAID
        if kind == MONTY:
            return True  # docs/rules/flaps.md "FULL MONTY": no suit, no number, laid on anything
        if kind == OL_MAID:
            # flaps.md "OL' MAID": only on JACK, UP-JACKS, ACE-JACK, QUEEN, HOOFERS-DOOFERS, KING
            return OM_ON[self.pile[-1]]
        if WILD[c]:
            return True
        if kind == QUACK:
            return False  # flaps.md "0 - QUACK": only when attacked
        lead = self.lead_suit
        if kind == KING_LAY and not self.legacy:
            # "can only be laid on a King, a Club or an Ace with Clubs called": the suit to follow
            # is Clubs (a Club, an Ace calling Clubs, what an OL' MAID lies on) or the number a King
            return lead == 0 or self.lead_rank == 13
        if lead == ANY_SUIT:
            return True
        return (SUIT[c] == lead and lead != NO_SUIT) or (RANK[c] == self.lead_rank and RANK[c] != NO_RANK)

    def _king_lay_on(self, c: int) -> bool:
        """flaps.md "King 'N' Lay": "can only be laid on a King, a Club or an Ace with Clubs
        called" — an ACE'N'LAY's follow-on too: only with Clubs called (legacy=v1: any)."""
        return KIND[c] != KING_LAY or self.lead_suit == 0 or self.legacy

    def _answers(self, c: int) -> bool:
        """flaps.md "2s, 3s, 7s and 9s": any 2 on a 2, any 3 on a 3, any 7 on a 7; a 2, 3,
        7 or 9 of the attacking card's suit; a QUACK (Level 3) on any attack."""
        kind = KIND[c]
        if kind == QUACK:
            return True
        if kind not in (ATTACK, SEVEN, NINE):
            return False
        a = self.attack_card
        return RANK[c] == RANK[a] or SUIT[c] == SUIT[a]

    # -- why not --------------------------------------------------------------------------------
    def _illegal_reason(self, player, action):
        info = A.INFO.get(action)
        if info is None:
            return "not FLAPS notation (see `fliptable rules flaps`)"
        typ, card, arg, declare = info
        if typ == A.CATCH:
            if arg == player:
                return "you cannot catch yourself"
            if arg in self.unsaid:
                return (
                    f'seat {arg} may still say "Last Card" until another player lays a card; catch them '
                    f"after that (FLAPS rules, Quick Start)"
                )
            if self.phase in FACE_DOWN or self.phase == SPOOF_CALL:
                return "nobody is caught during a TRUMPS or SPOOF game (a separate game)"
            return (
                f'seat {arg} is not on one card without having said "Last Card" (FLAPS rules, Quick '
                f"Start: a player is caught once they forgot it before the next player lays a card)"
            )
        if typ == A.SAY:
            if player in self.forgot:
                return (
                    "too late: another player has laid a card since, so you may be caught (FLAPS rules, Quick "
                    "Start: \"If someone forgets to say 'Last Card' before the next player lays a card\")"
                )
            if self.legacy:
                return 'with legacy=v1 "Last Card" is said with the play that leaves you one card (7h!)'
            if self.phase in FACE_DOWN or self.phase == SPOOF_CALL:
                return "say it after the TRUMPS or SPOOF game"
            return (
                '"Last Card" is said by a player on one card who has not said it yet, before another '
                "player lays a card (FLAPS rules, Quick Start)"
            )
        if typ == A.SECRET:
            if self.phase != SECRET_PICK:
                return "a secret is put on the Solve the Mystery pile after a PICK A SECRET (FLAPS rules)"
            return f"you hold no {NAMES[card]}"
        if typ == A.GUESSING:
            if self.phase != GUESSING:
                return "a guess follows a START GUESSING - DO NOT LOOK (FLAPS rules)"
            return f"{NAMES[card]} is not a card of the Level {self.level} pack"
        if typ in (A.MONTY_LAY, A.POINT, A.SHOW, A.KEEP):
            if self.phase < MONTY_LAYING:
                return 'that answers a FULL MONTY just laid (FLAPS rules, "FULL MONTY")'
            if typ == A.MONTY_LAY:
                return f"you hold no {NAMES[card]}"
            if typ == A.SHOW:
                return 'show one of the other two cards, not the one indicated (FLAPS rules, "FULL MONTY")'
            return 'take the card indicated or the other face-down card, not the one shown (FLAPS rules, "FULL MONTY")'
        if typ in (A.PLACE, A.TURN_UP, A.PEEK_AT, A.PEEK_HAND, A.SWAP_AT, A.GIVE):
            return (
                "that answers a 1 - DOWN, 1 - OVER, 1 - LOOK or 1 - SWAP just laid, and only with a "
                "choice offered (FLAPS rules, Level 6)"
            )
        if self.phase >= DOWN_PLACE and player == self.actor:
            return f"finish the {PHASES[self.phase]}: choose one of the offered places or cards (FLAPS rules, Level 6)"
        if self.phase == SECRET_PICK and player == self.actor:
            return "PICK A SECRET: put a card of your hand on the Solve the Mystery pile, s:CARD (FLAPS rules)"
        if self.phase == GUESSING and player == self.actor:
            return "START GUESSING - DO NOT LOOK: guess the card, guess:CARD (FLAPS rules)"
        if typ == A.CALL:
            if self.phase != SPOOF_CALL:
                return 'calls are made in a SPOOF game, once every card is laid (FLAPS rules, "K - SPOOF")'
            if player != self.actor:
                return f"seat {self.actor} calls now: each calls in turn from the SPOOF caller's left"
            if arg in self.calls:
                return (
                    f'{arg} has been called already: "if the first person says 33, the next person should say '
                    f'32 or 34" (FLAPS rules, "K - SPOOF")'
                )
            return f"the sum of {sum(1 for c in self.committed if c >= 0)} cards is at most {SPOOF_TOP} each"
        if typ in (A.LAY, A.COMMIT) and card not in self.hands[player]:
            return f"you hold no {NAMES[card]}"
        if self.phase == TRUMPS_GAME:
            return 'a TRUMPS game is on: lay one card face down (t:CARD) (FLAPS rules, "K - TRUMPS")'
        if self.phase == SPOOF_GAME:
            return 'a SPOOF game is on: lay one card face down (t:CARD) (FLAPS rules, "K - SPOOF")'
        if self.phase == SPOOF_CALL:
            return 'a SPOOF game is on: call a number for the sum, call:N (FLAPS rules, "K - SPOOF")'
        if declare and len(self.hands[player]) != 2:
            return '"Last Card" is said with the play that leaves you one card (FLAPS rules, Quick Start)'
        if typ == A.LAY and A.TARGET_LAY[card][0] and arg == player:
            return 'no you cannot choose yourself (FLAPS rules, "10s and Qs - HOOFERS-DOOFERS")'
        if typ == A.LAY and arg >= self.players:
            return f"there is no seat {arg}"
        if typ == A.LAY and KIND[card] == HOOFERS and self.phase != SCUFFLE and player == self.acting():
            if arg < 0 and not self.hoofers_plain:
                return (
                    f"a HOOFERS-DOOFERS laid in play chooses a player: write {NAMES[card]}>N "
                    f"(option hoofers=plain makes it an ordinary Queen there)"
                )
            if arg >= 0 and self.hoofers_plain:
                return "with hoofers=plain a HOOFERS-DOOFERS chooses a player only when fighting back"
        if player != self.acting():
            if not self.flapping:
                return "it is not your turn; out of turn you may only lay FLAPS while flapping, or catch"
            if player == self.last_flapper:
                return (
                    "no player can lay a FLAP on their own previously laid FLAP (FLAPS rules, "
                    '"4 - FLAPS and MF - MEGA-FLAP")'
                )
            return 'out of turn only FLAPS cards may be laid, while flapping (FLAPS rules, "4 - FLAPS")'
        phase = self.phase
        if typ == A.LAY and KIND[card] == KING_LAY and phase in (PLAY, FOLLOW) and not self.legacy:
            return (
                "the King'N'Lay \"can only be laid on a King, a Club or an Ace with Clubs called\" (FLAPS "
                "rules, \"King 'N' Lay\")"
            )
        if phase == ATTACKED:
            return (
                f"you are attacked ({self.attack_sum} to pick up): lay any {RANK[self.attack_card]}, a 2, 3, "
                f"7 or 9 of the attacking suit{', a QUACK' if self.level >= 3 else ''}, or take "
                f'(FLAPS rules, "2s, 3s, 7s and 9s")'
            )
        if phase == KNOCK:
            return 'after an 8 you must knock (miss a go) or lay another 8 (FLAPS rules, "8s")'
        if phase == SCUFFLE:
            return 'you may only fight back with a HOOFERS-DOOFERS or take one card (FLAPS rules, "10s and Qs")'
        if phase == FOLLOW:
            return (
                "after an ACE'N'LAY lay a card of its colour or any ACE, or call the suit First and "
                "pick up Second: draw (FLAPS rules, \"ACE, ACE'N'END and ACE'N'LAY\")"
            )
        if phase == KING_RUN:
            return "on a King'N'Lay only Kings, Clubs, OL' MAIDS and Aces follow (FLAPS rules, \"King 'N' Lay\")"
        if phase == MEGA_RUN:
            return "after the MEGA-FLAP you may lay FLAPS (up to three), or done"
        if phase == DUMP_RUN:
            return "after DUMP THOSE FIVES up to three more fives may follow, or done"
        if typ in (A.TAKE, A.KNOCK, A.DONE):
            return f"{action!r} answers an attack, an 8, a 10 or ends a run; none is on"
        if typ == A.LAY:
            kind = KIND[card]
            if kind == OL_MAID:
                return (
                    "OL' MAIDS can only be laid on JACK, UP-JACKS, ACE-JACK, QUEEN, HOOFERS-DOOFERS or "
                    "KING, not TRUMPS"
                    + (
                        ", SPOOF, an OL' MAID nor a LOW OL' MAID (FLAPS rules, \"OL' MAID\", \"LOW OL' MAID\")"
                        if self.level >= 4
                        else " nor another OL' MAID (FLAPS rules, \"OL' MAID\")"
                    )
                )
            if kind == QUACK:
                return 'the QUACK can only be laid when you are attacked with a 2, 3 or 7 (FLAPS rules, "0 - QUACK")'
            return (
                f"{NAMES[card]} follows neither the suit nor the number of {NAMES[self.pile[-1]]} "
                f"(FLAPS rules, Quick Start)"
            )
        return None
