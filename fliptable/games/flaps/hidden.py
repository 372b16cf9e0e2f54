"""Applying the FLAPS cards of Levels 4-7, kept face down or secret: SPOOF (Level 4), the
Solve the Mystery pile (Level 5), the 1-DOWN piles (Level 6), FULL MONTY (Level 7).

A mixin of ``FlapsState`` beside ``Apply`` (``apply.py``: Levels 1-3, the entry point
``_apply``, drawing, TRUMPS and the end). Every rule cites its heading in flaps.md; the
rulings are in docs/rules/flaps.md.
"""

from __future__ import annotations

from ...core.events import Event
from ...core.fields import MIXIN_SLOTS
from ...core.knowledge import NOBODY, PUBLIC, audience, only
from . import notation as A
from .cards import DOWN, GUESS, LEFT, LOOK, LOSE, NAMES, OVER, PEEK, PICK, RIGHT, SHARE, SPOOF_VALUE, SWAP
from .fields import FlapsFields
from .notation import MAX_DOWNS
from .tables import (
    DOWN_PLACE,
    GUESSING,
    MONTY_POINT,
    MONTY_SHOW,
    MONTY_TAKE,
    OVER_PICK,
    PEEK_PICK,
    PLAY,
    SECRET_PICK,
    ST_SOLVED,
    ST_SPOOFS,
    SWAP_GIVE,
    SWAP_PICK,
)


class HiddenEffects(FlapsFields):
    """The Level 4-7 half of applying (``_apply`` in ``apply.py`` calls it)."""

    __slots__ = MIXIN_SLOTS

    # -- the Solve the Mystery pile (Level 5) -------------------------------------------------------------
    def _to_mystery(self, c: int, mask: int) -> None:
        self.mystery.append(c)
        self.mystery_known.append(mask)

    def _refill_empty(self, q: int, events) -> None:
        """docs/rules/flaps.md "Level 5": a player whose last card went to the pile picks up one."""
        if not self.hands[q]:
            self._draw(q, 1, "secret", events)

    def _secret_card(self, p: int, kind: str, arg: int, events) -> None:
        """flaps.md "Level 5 Full Rules": the five secrets and SOLVE THE MYSTERY."""
        n = self.players
        rng = self.rng
        self.turn = self._next(p)
        if kind == LOSE:
            # "Each player choose a card from the hand of the player to their left and (without
            # looking) place it face down next to the deck": a blind choice is chance; the
            # owner knows which card left their hand
            taken = []
            for q in range(n):
                owner = (q + 1) % n
                hand = self.hands[owner]
                if not hand:
                    continue
                c = hand[rng.randrange(len(hand))]
                self._take_from_hand(owner, c)
                self._to_mystery(c, only(owner))
                taken.append(owner)
                if events is not None:
                    events.append(Event("lost", {"player": owner, "by": q}, {"card": NAMES[c]}, (owner,)))
            for q in taken:
                self._refill_empty(q, events)
        elif kind == PICK:
            if self.hands[p]:
                self.phase, self.actor = SECRET_PICK, p  # "Choose a card from your own hand"
        elif kind in (GUESS, LOOK):
            # "Take a card from the top of the deck, don't look at it" / "look at it"
            if not self.pack:
                return
            c = self.pack.pop()
            mask = NOBODY if kind == GUESS else only(p)
            self._to_mystery(c, mask)
            if events is not None:
                events.append(
                    Event(
                        "secret",
                        {"player": p, "from": "pack", "look": kind == LOOK},
                        {"card": NAMES[c]},
                        audience(mask, n),
                    )
                )
            if kind == GUESS:
                self.phase, self.actor = GUESSING, p  # "Guess what card has been taken"
        elif kind == SHARE:
            # "Choose a card from the hand of a player of your choice, look at the card": blind
            # among their cards (chance); "Only you and the other player know"
            hand = self.hands[arg]
            if hand:
                c = hand[rng.randrange(len(hand))]
                self._take_from_hand(arg, c)
                mask = only(p, arg)
                self._to_mystery(c, mask)
                if events is not None:
                    events.append(
                        Event(
                            "secret",
                            {"player": p, "from": "hand", "of": arg, "look": True},
                            {"card": NAMES[c]},
                            audience(mask, n),
                        )
                    )
                self._refill_empty(arg, events)
        else:  # SOLVE: "Pick up the Solve the Mystery Pile."
            cards, masks = self.mystery, self.mystery_known
            if events is not None:
                events.append(
                    Event("solve", {"player": p, "count": len(cards)}, {"cards": [NAMES[c] for c in cards]}, (p,))
                )
            mine = only(p)
            for c, m in zip(cards, masks, strict=True):
                self.hands[p].append(c)
                others = m & ~mine
                if others:
                    self.known_cards[p].append(c)
                    self.known_masks[p].append(others)
            self.mystery, self.mystery_known, self.guesses = [], [], []
            self.stat[ST_SOLVED] += 1

    def _put_secret(self, p: int, c: int, events) -> None:
        """PICK A SECRET: "place it face down on the Solve the Mystery Pile. Only you know";
        as the last but one card, "you must pick up another card ... after you put your last
        card into the Solve the Mystery Pile"."""
        self._take_from_hand(p, c)
        self._to_mystery(c, only(p))
        if events is not None:
            events.append(
                Event("secret", {"player": p, "from": "hand", "of": p, "look": True}, {"card": NAMES[c]}, (p,))
            )
        self._refill_empty(p, events)
        self.phase, self.turn = PLAY, self._next(p)

    def _guess(self, p: int, c: int, events) -> None:
        self.guesses.append([p, c, len(self.mystery) - 1])
        if events is not None:
            events.append(Event("guess", {"player": p, "card": NAMES[c]}))
        self.phase, self.turn = PLAY, self._next(p)

    # -- 1-DOWN piles (Level 6) ---------------------------------------------------------------------
    def _to_hand(self, q: int, c: int, mask: int) -> None:
        """``c`` joins ``q``'s hand; who knew it still knows it is there."""
        self.hands[q].append(c)
        if mask == PUBLIC:
            self.shown[q].append(c)
            return
        others = mask & ~only(q)
        if others:
            self.known_cards[q].append(c)
            self.known_masks[q].append(others)

    def _one_card(self, p: int, kind: str, arg: int, events) -> None:
        """flaps.md "Level 6 Full Rules": the 1-DOWN piles in front of players."""
        n = self.players
        self.turn = self._next(p)
        downs, known = self.downs, self.downs_known
        if kind == DOWN:
            # "Take a card from the pack, look at it and then place it face-down in front of any player"
            if not self.pack:
                return
            c = self.pack.pop()
            self.pending = [c]
            self.phase, self.actor = DOWN_PLACE, p
            if events is not None:
                events.append(Event("down_take", {"player": p}, {"card": NAMES[c]}, (p,)))
        elif kind in (RIGHT, LEFT):
            # "move any 1-DOWN cards in front of them so that they are in front of the player on
            # their right" (left): the player on your left is the next seat, as for the deal
            step = 1 if kind == RIGHT else -1
            self.downs = [downs[(q + step) % n] for q in range(n)]
            self.downs_known = [known[(q + step) % n] for q in range(n)]
            if events is not None:
                events.append(Event("downs_move", {"player": p, "to": "right" if kind == RIGHT else "left"}))
        elif kind == OVER:
            if any(m != PUBLIC for ms in known for m in ms):
                self.phase, self.actor = OVER_PICK, p
        elif kind == PEEK:
            if any(downs):
                if any(m != PUBLIC for ms in known for m in ms):
                    self.phase, self.actor = PEEK_PICK, p
            elif any(self.hands[q] for q in range(n) if q != p):
                self.phase, self.actor = PEEK_PICK, p
        elif kind == SWAP:
            if any(downs) and self.hands[p]:
                self.phase, self.actor = SWAP_PICK, p
        else:  # UP: "Choose any player, including yourself, to pick up the uppermost 1-DOWN card"
            if downs[arg]:
                c, m = downs[arg].pop(), known[arg].pop()
                self._to_hand(arg, c, m)
                if events is not None:
                    events.append(
                        Event(
                            "down_up",
                            {"player": arg, "by": p, **({"card": NAMES[c]} if m == PUBLIC else {})},
                            {"card": NAMES[c]},
                            (arg,) if m != PUBLIC else None,
                        )
                    )

    def _one_choice(self, p: int, typ: int, card: int, arg: int, events) -> None:
        """The choice a 1 - DOWN, 1 - OVER, 1 - LOOK or 1 - SWAP asks of its player."""
        downs, known = self.downs, self.downs_known
        q, i = divmod(arg, MAX_DOWNS)
        done = True
        if typ == A.PLACE:
            c = self.pending[0]
            self.pending = []
            downs[arg].append(c)  # "this new card should go on top"
            known[arg].append(only(p))
            if events is not None:
                events.append(Event("down", {"player": p, "to": arg}, {"card": NAMES[c]}, (p,)))
        elif typ == A.TURN_UP:
            # "Turn over any 1-DOWN card that is face-down ... Leave the card face-up."
            known[q][i] = PUBLIC
            if events is not None:
                events.append(Event("down_over", {"player": p, "of": q, "index": i, "card": NAMES[downs[q][i]]}))
        elif typ == A.PEEK_AT:
            # "Look at any 1-DOWN card ... Then put it back, face-down, on top of the 1-DOWN pile"
            c, m = downs[q].pop(i), known[q].pop(i)
            downs[q].append(c)
            known[q].append(m | only(p))
            if events is not None:
                events.append(Event("down_peek", {"player": p, "of": q, "index": i}, {"card": NAMES[c]}, (p,)))
        elif typ == A.PEEK_HAND:
            hand = self.hands[arg]
            c = hand[self.rng.randrange(len(hand))]
            self._learn(arg, c, p)
            if events is not None:
                events.append(Event("hand_peek", {"player": p, "of": arg}, {"card": NAMES[c]}, (p,)))
        elif typ == A.SWAP_AT:
            self.pending = [q, i]
            self.phase = SWAP_GIVE
            done = False
        else:  # GIVE: "Swap any card in your hand with a 1-down card of any player"
            q, i = self.pending
            self.pending = []
            d, m = downs[q][i], known[q][i]
            self._take_from_hand(p, card)
            downs[q][i] = card
            known[q][i] = PUBLIC if m == PUBLIC else only(p)  # it keeps the place's face
            self._to_hand(p, d, m)
            if events is not None:
                events.append(
                    Event(
                        "down_swap",
                        {
                            "player": p,
                            "of": q,
                            "index": i,
                            **({"took": NAMES[d]} if m == PUBLIC else {}),
                            **({"gave": NAMES[card]} if m == PUBLIC else {}),
                        },
                        {"took": NAMES[d], "gave": NAMES[card]},
                        (p,),
                    )
                )
        if done:
            self.phase, self.turn = PLAY, self._next(p)

    def _learn(self, q: int, c: int, p: int) -> None:
        """``p`` has seen card ``c`` of ``q``'s hand."""
        if self.shown[q].count(c) + self.known_cards[q].count(c) >= self.hands[q].count(c):
            # every copy is known to someone already: ``p`` now knows one of them
            bit = only(p)
            masks = self.known_masks[q]
            for j, x in enumerate(self.known_cards[q]):
                if x == c and masks[j] & bit:
                    return
            for j, x in enumerate(self.known_cards[q]):
                if x == c:
                    masks[j] |= bit
                    return
            return  # a card everybody saw
        self.known_cards[q].append(c)
        self.known_masks[q].append(only(p))

    # -- FULL MONTY (Level 7) ------------------------------------------------------------------------
    def _monty_step(self, p: int, typ: int, card: int, arg: int, events) -> None:
        """flaps.md "FULL MONTY": "Lay three of your cards face down. Choose a player to indicate,
        but not take, a card. Show all players one of the other two cards. Player can then take
        their original choice or the other face-down card. Only you and the other player know
        what card was taken. Take back your two cards. All players know what one of your cards is.\""""
        owner, target, _pointed, shown = self.monty_state
        if typ == A.MONTY_LAY:
            self._take_from_hand(p, card)
            self.monty.append(card)
            if events is not None:
                events.append(Event("monty_lay", {"player": p, "count": len(self.monty)}, {"card": NAMES[card]}, (p,)))
            if len(self.monty) == 3:
                self.phase, self.actor = MONTY_POINT, target
        elif typ == A.POINT:
            self.monty_state[2] = arg
            if events is not None:
                events.append(Event("monty_point", {"player": p, "index": arg}))
            self.phase, self.actor = MONTY_SHOW, owner
        elif typ == A.SHOW:
            self.monty_state[3] = arg
            if events is not None:
                events.append(Event("monty_show", {"player": p, "index": arg, "card": NAMES[self.monty[arg]]}))
            self.phase, self.actor = MONTY_TAKE, target
        else:  # KEEP
            cards = self.monty
            taken = cards[arg]
            self._to_hand(target, taken, only(owner, target))
            for j, c in enumerate(cards):
                if j == arg:
                    continue
                self._to_hand(owner, c, PUBLIC if j == shown else only(owner))
            if events is not None:
                events.append(
                    Event(
                        "monty_take",
                        {"player": target, "from": owner, "index": arg},
                        {"card": NAMES[taken]},
                        (owner, target),
                    )
                )
            self.monty, self.monty_state = [], []
            self.phase, self.turn = PLAY, self._next(owner)

    # -- SPOOF (Level 4) ------------------------------------------------------------------------------
    def _next_caller(self, q: int) -> int:
        """The next player to call after ``q``, to the left (seat order, whatever the direction
        of play), among those who laid a card; -1 when all have called."""
        n = self.players
        for i in range(1, n + 1):
            o = (q + i) % n
            if self.committed[o] >= 0 and self.calls[o] < 0:
                return o
        return -1

    def _spoof_call(self, p: int, k: int, events) -> None:
        self.calls[p] = k
        if events is not None:
            events.append(Event("call", {"player": p, "call": k}))
        nxt = self._next_caller(p)
        if nxt >= 0:
            self.actor = nxt
        else:
            self._resolve_spoof(events)

    def _resolve_spoof(self, events) -> None:
        """flaps.md "K - SPOOF": "Turn over the cards laid in the SPOOF game. The person who
        is the furthest out picks up all the cards laid"; equally far players cut the pack
        and the lowest cut picks up (docs/rules/flaps.md); a player whose last card it was
        wins unless they lost (and picks up one if it was a card they cannot finish on)."""
        laid = [(q, c) for q, c in enumerate(self.committed) if c >= 0]
        total = sum(SPOOF_VALUE[c] for _, c in laid)
        off = {q: abs(self.calls[q] - total) for q, _ in laid}
        far = max(off.values())
        loser, cuts = self._cut_for_loser([q for q, d in off.items() if d == far], SPOOF_VALUE.__getitem__)
        self.stat[ST_SPOOFS] += 1
        if events is not None:
            events.append(
                Event(
                    "spoof",
                    {
                        "cards": {str(q): NAMES[c] for q, c in laid},
                        "total": total,
                        "calls": {str(q): self.calls[q] for q, _ in laid},
                        "loser": loser,
                        "cuts": cuts,
                    },
                )
            )
        self.calls = [-1] * self.players
        self._close_face_down(laid, loser, "spoof", events)
