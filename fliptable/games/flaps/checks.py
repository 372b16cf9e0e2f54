"""The invariants of a FLAPS state that field kinds cannot express, checked when a state
is loaded (``Game.state_from_json``): a tampered state is refused with one error. A mixin
of ``FlapsState``."""

from __future__ import annotations

from collections import Counter

from ...core.fields import MIXIN_SLOTS
from ...core.knowledge import PUBLIC
from . import notation as A
from .cards import COLOUR, NCARDS, NO_RANK, NO_SUIT
from .fields import FlapsFields
from .tables import (
    ANY_SUIT,
    ATTACKED,
    DOWN_PLACE,
    FOLLOW,
    GUESSING,
    MONTY_LAYING,
    MONTY_PHASES,
    MONTY_POINT,
    MONTY_SHOW,
    MONTY_TAKE,
    SECRET_PICK,
    SPOOF_CALL,
    SPOOF_GAME,
    SPOOFING,
    SWAP_GIVE,
    TRUMPS_GAME,
)


class Checks(FlapsFields):
    """``_check`` of ``FlapsState``."""

    __slots__ = MIXIN_SLOTS

    def _check(self) -> None:
        n = self.players
        if not self.pile:
            raise ValueError("the pile holds at least the first card")
        if not 0 <= self.phase <= MONTY_TAKE:
            raise ValueError(f"unknown phase {self.phase}")
        if self.direction not in (1, -1):
            raise ValueError("direction is 1 or -1")
        if not (NO_SUIT <= self.lead_suit <= ANY_SUIT and NO_RANK <= self.lead_rank <= 13):
            raise ValueError("lead suit or rank out of range")
        if not -1 <= self.last_flapper < n or not -1 <= self.trump < 4 or not -1 <= self.caller < n:
            raise ValueError("a seat or suit out of range")
        if not (
            0 <= self.mega_laid <= 3
            and self.mega_cap in (2, 3)
            and 0 <= self.run_left <= 3
            and 0 <= self.resume < n
            and 0 <= self.attack_sum <= 40 * self.packs
        ):
            raise ValueError("a run, a scuffle or an attack out of range")
        if len(self.committed) != n or any(not -1 <= c < NCARDS for c in self.committed):
            raise ValueError("committed holds a card or -1 per seat")
        if (self.phase == TRUMPS_GAME) != (self.trump >= 0) or (
            self.phase not in (TRUMPS_GAME, *SPOOFING) and any(c >= 0 for c in self.committed)
        ):
            raise ValueError("TRUMPS and SPOOF cards are laid only in a TRUMPS or SPOOF game")
        if self.phase in (TRUMPS_GAME, *SPOOFING) and self.caller < 0:
            raise ValueError("a TRUMPS or SPOOF game has a caller")
        if (
            len(self.calls) != n
            or any(not -1 <= k <= A.MAX_CALL for k in self.calls)
            or (self.phase != SPOOF_CALL and any(k >= 0 for k in self.calls))
        ):
            raise ValueError("SPOOF calls are made only in a SPOOF game, one number per seat")
        if self.phase == SPOOF_CALL:
            if not (0 <= self.actor < n and self.committed[self.actor] >= 0 and self.calls[self.actor] < 0):
                raise ValueError("the player to call in SPOOF laid a card and has not called")
            if any(self.hands[p] and self.committed[p] < 0 for p in range(n)):
                raise ValueError("SPOOF calls start once every player with cards has laid one")
            made = [k for k in self.calls if k >= 0]
            if len(set(made)) != len(made):
                raise ValueError("SPOOF calls are distinct")
        if self.level < 4 and self.phase in SPOOFING:
            raise ValueError("SPOOF is a Level 4 card")
        if (self.phase == ATTACKED) != (self.attack_card is not None) or (self.phase == ATTACKED) != (
            self.attack_sum > 0
        ):
            raise ValueError("an attack has a card and a sum")
        if len(self.hands) != n or len(self.shown) != n:
            raise ValueError("one hand per seat")
        for p in range(n):
            if Counter(self.shown[p]) - Counter(self.hands[p]):
                raise ValueError(f"seat {p}'s shown cards are not in their hand")
        if len(set(self.forgot)) != len(self.forgot) or any(len(self.hands[o]) != 1 for o in self.forgot):
            raise ValueError("only a player on one card can be caught, once")
        if (
            len(set(self.unsaid)) != len(self.unsaid)
            or any(len(self.hands[o]) != 1 for o in self.unsaid)
            or set(self.unsaid) & set(self.forgot)
            or (self.legacy and self.unsaid)
        ):
            raise ValueError('only a player on one card who has not been caught may still say "Last Card", once')
        if self.over != bool(self.winners) or (self.over and self.ended is None):
            raise ValueError("a game over has winners and an ending")
        if not self.over:
            if any(not h for h in self.hands) and self.phase not in (TRUMPS_GAME, *SPOOFING, *MONTY_PHASES):
                raise ValueError("a player with no cards has won")
            if not self.pack and not self.pack_draw:
                raise ValueError("the game ends when the pack runs out")
            if self.phase in (TRUMPS_GAME, SPOOF_GAME) and not any(
                self.committed[p] < 0 and self.hands[p] for p in range(n)
            ):
                raise ValueError("a TRUMPS game with every card laid is resolved")
            if self.phase == FOLLOW and not COLOUR[self.pile[-1]]:
                raise ValueError("a follow-on comes after an ACE'N'LAY")
        if not 1 <= self.game_no <= self.games or len(self.points) != n or any(x < 0 for x in self.points):
            raise ValueError("the match's game number or points are out of range")
        if self.last_game is not None and not isinstance(self.last_game, dict):
            raise ValueError("last_game is an object")
        if self.level < 5 and (self.mystery or self.guesses or any(self.known_cards)):
            raise ValueError("the Solve the Mystery pile is a Level 5 rule")
        if len(self.mystery_known) != len(self.mystery) or any(m < 0 for m in self.mystery_known):
            raise ValueError("one knowledge mask (not public) per Solve the Mystery card")
        if len(self.known_cards) != n or len(self.known_masks) != n:
            raise ValueError("known cards per seat")
        for p in range(n):
            cards, masks = self.known_cards[p], self.known_masks[p]
            if len(cards) != len(masks) or any(m <= 0 or m >> p & 1 or m >> n for m in masks):
                raise ValueError(f"seat {p}: one mask of other seats per known card")
            if Counter(cards) + Counter(self.shown[p]) - Counter(self.hands[p]):
                raise ValueError(f"seat {p}'s known cards are not in their hand")
        for g in self.guesses:
            if len(g) != 3 or not 0 <= g[0] < n or not 0 <= g[1] < NCARDS or not 0 <= g[2] < len(self.mystery):
                raise ValueError("a guess is [seat, card, index in the Solve the Mystery pile]")
        if (
            len(self.downs) != n
            or len(self.downs_known) != n
            or any(
                len(d) != len(m) or len(d) > A.DOWNS_PER_PACK * self.packs
                for d, m in zip(self.downs, self.downs_known, strict=True)
            )
        ):
            raise ValueError("a 1-DOWN pile per seat, a mask per card, at most the pack's 1-DOWN cards")
        if any(m != PUBLIC and not 0 <= m < 1 << n for ms in self.downs_known for m in ms):
            raise ValueError("a 1-DOWN card is face up or known to some seats")
        if self.level < 6 and (any(self.downs) or self.pending or DOWN_PLACE <= self.phase <= SWAP_GIVE):
            raise ValueError("1-DOWN piles are a Level 6 rule")
        if self.phase == DOWN_PLACE:
            if len(self.pending) != 1 or not 0 <= self.pending[0] < NCARDS:
                raise ValueError("a 1-DOWN placement holds the card taken")
        elif self.phase == SWAP_GIVE:
            if len(self.pending) != 2 or not (
                0 <= self.pending[0] < n and 0 <= self.pending[1] < len(self.downs[self.pending[0]])
            ):
                raise ValueError("a 1-SWAP holds the 1-DOWN card chosen")
            if not self.hands[self.actor]:
                raise ValueError("a 1-SWAP gives a card of the hand")
        elif self.pending:
            raise ValueError("only a 1-DOWN or a 1-SWAP holds a pending choice")
        if self.phase >= DOWN_PLACE and not 0 <= self.actor < n:
            raise ValueError("a Level 6 choice has a player")
        if self.phase in MONTY_PHASES:
            if self.level < 7 or len(self.monty_state) != 4:
                raise ValueError("a FULL MONTY (Level 7) has its player, the chosen player, indicated and shown")
            owner, target, pointed, shown_at = self.monty_state
            if not (
                0 <= owner < n and 0 <= target < n and owner != target and -1 <= pointed < 3 and -1 <= shown_at < 3
            ):
                raise ValueError("FULL MONTY seats or indices out of range")
            want = {
                MONTY_LAYING: (owner, None),
                MONTY_POINT: (target, 3),
                MONTY_SHOW: (owner, 3),
                MONTY_TAKE: (target, 3),
            }[self.phase]
            if self.actor != want[0] or (want[1] is not None and len(self.monty) != 3) or len(self.monty) > 3:
                raise ValueError("FULL MONTY: the wrong player acts, or not three cards")
            if (
                (self.phase >= MONTY_SHOW) != (pointed >= 0)
                or (self.phase == MONTY_TAKE) != (shown_at >= 0)
                or (shown_at >= 0 and shown_at == pointed)
            ):
                raise ValueError("FULL MONTY: indicated, then one of the other two shown")
        elif self.monty or self.monty_state:
            raise ValueError("FULL MONTY cards lie face down only during a FULL MONTY")
        if self.phase in (SECRET_PICK, GUESSING) and not (0 <= self.actor < n and self.level >= 5):
            raise ValueError("a secret is put or guessed by a player at Level 5")
        if self.phase == SECRET_PICK and not self.hands[self.actor]:
            raise ValueError("PICK A SECRET needs a card in hand")
        if len(self.stat) != 16:
            raise ValueError("stat holds 16 counters")
