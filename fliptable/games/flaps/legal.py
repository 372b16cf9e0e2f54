"""What a player may do now in FLAPS: the cards that follow (suit or number, the wilds, an
OL' MAID, a King'N'Lay), the answers to an attack, an 8, a 10 or a run, the FLAPS laid out of
turn, the catches and "Last Card", the choices of Levels 4-7 — and, for anything else, the rule
it breaks (flaps.md Quick Start, "2s, 3s, 7s and 9s", "4 - FLAPS", "King 'N' Lay", Levels 4-7).
A mixin of ``FlapsState`` (``state.py``)."""

from __future__ import annotations

from ...core.fields import MIXIN_SLOTS
from ...core.knowledge import PUBLIC
from . import notation as A
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
from .fields import FlapsFields
from .tables import (
    ANY_SUIT,
    ATTACKED,
    DOWN_PLACE,
    DUMP_RUN,
    FACE_DOWN,
    FOLLOW,
    GUESSING,
    KING_RUN,
    KNOCK,
    MEGA_RUN,
    MONTY_LAYING,
    MONTY_POINT,
    MONTY_SHOW,
    MONTY_TAKE,
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

#: the most a card is worth in SPOOF (an OL' MAID)
SPOOF_TOP = max(SPOOF_VALUE)
#: the guessable cards per level (every card of the level's pack)
_GUESS_CACHE: dict[int, tuple[str, ...]] = {}

_EMPTY: tuple[str, ...] = ()
#: (card, players, seat, hoofers plain) -> its lays without and with "Last Card" (``_lays``)
_LAYS_CACHE: dict[tuple, tuple[tuple[str, ...], tuple[str, ...]]] = {}
#: what ``_follows`` reads -> the cards that follow (``_following``)
_FOLLOWING_CACHE: dict[tuple, frozenset[int]] = {}
#: the attacking card -> the cards that answer it (``_answering``)
_ANSWERING_CACHE: dict[int | None, frozenset[int]] = {}
_SAY = (A.SAY_ACTION,)


class Legal(FlapsFields):
    """Legal actions and the reasons for refusing the others."""

    __slots__ = MIXIN_SLOTS

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

    def _lays(self, p: int, cards, then: str | None = None) -> tuple[str, ...]:
        """Every way of laying each of ``cards`` (distinct), with "Last Card" when it
        leaves one card; then the action ``then`` (draw, take ...) if given."""
        declare = len(self.hands[p]) == 2
        n = self.players
        # hoofers=plain: a HOOFERS-DOOFERS chooses a player only when fighting back
        plain = self.hoofers_plain and self.phase != SCUFFLE
        out: list[str] = []
        for c in cards:
            ways = _LAYS_CACHE.get((c, n, p, plain))
            if ways is None:
                ways = _LAYS_CACHE[(c, n, p, plain)] = (
                    A.lay_actions(c, 0, n, p, plain),
                    A.lay_actions(c, 0, n, p, plain) + A.lay_actions(c, 1, n, p, plain),
                )
            out += ways[declare]
        if then is not None:
            out.append(then)
        return tuple(out)

    def _following(self) -> frozenset[int]:
        """The cards that follow now (``_follows``), found once for each of the few things
        it reads: the lead, the top card's kind and what it may take, the options."""
        top = self.pile[-1]
        key = (self.lead_suit, self.lead_rank, KIND[top], OM_ON[top], self.king_next, self.legacy)
        got = _FOLLOWING_CACHE.get(key)
        if got is None:
            got = _FOLLOWING_CACHE[key] = frozenset(c for c in range(len(NAMES)) if self._follows(c))
        return got

    def _answering(self) -> frozenset[int]:
        """The cards that answer the attack now (``_answers``), found once per attacking card."""
        a = self.attack_card
        got = _ANSWERING_CACHE.get(a)
        if got is None:
            got = _ANSWERING_CACHE[a] = frozenset(c for c in range(len(NAMES)) if self._answers(c))
        return got

    def _guess_actions(self) -> tuple[str, ...]:
        """Every card of the level's pack may be guessed."""
        out = _GUESS_CACHE.get(self.level)
        if out is None:
            out = _GUESS_CACHE[self.level] = tuple(A.GUESSES[c] for c in range(len(NAMES)) if LEVEL[c] <= self.level)
        return out

    def _flap_claims(self, q: int) -> tuple[str, ...]:
        """flaps.md "4 - FLAPS": anyone may lay FLAPS, interleaved."""
        cards = sorted({c for c in self.hands[q] if FLAPPER[c]})
        return self._lays(q, cards) if cards else _EMPTY

    def _turn_actions(self, p: int) -> tuple[str, ...]:
        phase = self.phase
        hand = self.hands[p]
        faces = set(hand)
        if phase == PLAY:
            return self._lays(p, sorted(faces & self._following()), A.DRAW_ACTION)
        if phase == ATTACKED:
            return self._lays(p, sorted(faces & self._answering()), A.TAKE_ACTION)
        if phase == KNOCK:
            # flaps.md "8s": "miss a go (and knock on the table) or lay another 8"
            cards = sorted(c for c in faces if KIND[c] == EIGHT)
            return self._lays(p, cards, A.KNOCK_ACTION)
        if phase == SCUFFLE:
            # flaps.md "10s and Qs": the target may fight back with a HOOFERS-DOOFERS
            cards = sorted(c for c in faces if KIND[c] == HOOFERS)
            return self._lays(p, cards, A.TAKE_ACTION)
        if phase == FOLLOW:
            colour = COLOUR[self.pile[-1]]  # the ACE'N'LAY just laid
            cards = sorted(c for c in faces if (WILD[c] or SUIT[c] in colour) and self._king_lay_on(c))
            return self._lays(p, cards, A.DRAW_ACTION)
        if phase == KING_RUN:
            # flaps.md "King 'N' Lay": "only Kings, Clubs, OL' MAIDS and Aces" follow
            cards = sorted(c for c in faces if RANK[c] == 13 or SUIT[c] == 0 or WILD[c] or KIND[c] == OL_MAID)
            return self._lays(p, cards, A.DONE_ACTION)
        if phase == MEGA_RUN:
            cards = sorted(c for c in faces if KIND[c] in (FLAPS, STOP)) if self.mega_laid < self.mega_cap else []
            return self._lays(p, cards, A.DONE_ACTION)
        if phase == DUMP_RUN:
            # "up to three more fives can follow": every five, the Level 5 ones too (legacy=v1: plain fives)
            cards = (
                sorted(c for c in faces if RANK[c] == 5 and (FAMILY[c] == "five" or not self.legacy))
                if self.run_left > 0
                else []
            )
            return self._lays(p, cards, A.DONE_ACTION)
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
        assert a is not None, "answers are looked for only in an attack"
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
