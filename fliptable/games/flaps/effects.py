"""Applying a FLAPS action: laying a card and its effect, drawing, catching, TRUMPS.

Every rule cites its heading in flaps.md; the rulings are in docs/rules/flaps.md.
"""
from __future__ import annotations

from ...core.events import Event
from ...core.knowledge import NOBODY, PUBLIC, audience, only
from . import actions as A
from .cards import (ACE, ACE_END, ACE_JACK, ACE_LAY, ATTACK, DUMP, EIGHT, FINISH, FLAPS, HOOFERS, JACK, KIND,
                    KING_LAY, MEGA, NAMES, NINE, OL_MAID, QUACK, RANK, SEVEN, SIX, SPOOF, SPOOF_VALUE, STOP, SUIT,
                    SUITS, TEN, TRUMPS, UP_JACKS, trumps_value, LOSE, PICK, GUESS, LOOK, SHARE, SOLVE, DOWN,
                    RIGHT, LEFT, OVER, PEEK, SWAP, UP, MONTY)
from .actions import MAX_DOWNS

# the phases (state.py), repeated here to keep the import one way
(PLAY, ATTACKED, KNOCK, SCUFFLE, FOLLOW, KING_RUN, MEGA_RUN, DUMP_RUN, TRUMPS_GAME, SPOOF_GAME, SPOOF_CALL,
 SECRET_PICK, GUESSING, DOWN_PLACE, OVER_PICK, PEEK_PICK, SWAP_PICK, SWAP_GIVE, MONTY_LAYING, MONTY_POINT,
 MONTY_SHOW, MONTY_TAKE) = range(22)
(ST_LAYS, ST_DRAWS, ST_ATTACKS, ST_ATTACK_SUM, ST_FLAPPINGS, ST_FLAPS, ST_CATCHES, ST_FORGETS, ST_TRUMPS,
 ST_CUTS, ST_PACK_OUT, ST_DOUBLE, ST_SCUFFLES, ST_MEGA, ST_SPOOFS, ST_SOLVED) = range(16)
#: how many times tied players cut again before chance decides outright
MAX_CUTS = 20


class Effects:
    """The ``_apply`` half of ``FlapsState``."""

    __slots__ = ()

    def _next(self, p: int) -> int:
        return (p + self.direction) % self.players

    # -- drawing ----------------------------------------------------------------------------
    def _draw(self, p: int, k: int, why: str, events) -> int:
        """``p`` picks up ``k`` cards (fewer when the pack runs out); how many."""
        pack = self.pack
        if k > len(pack):
            self.pack_short = True       # someone must pick up more than is left
            k = len(pack)
        if k <= 0:
            return 0
        got = pack[-k:][::-1]
        del pack[-k:]
        self.hands[p].extend(got)
        self.stat[ST_DRAWS] += k
        if events is not None:
            events.append(Event("draw", {"player": p, "count": k, "why": why},
                                {"cards": [NAMES[c] for c in got]}, (p,)))
        return k

    def _take_from_hand(self, p: int, c: int) -> None:
        """``c`` leaves ``p``'s hand, and with it what others knew of it: a card everyone
        saw go there first, else the one the most players knew of (Level 5)."""
        self.hands[p].remove(c)
        shown = self.shown[p]
        if c in shown:
            shown.remove(c)
            return
        cards = self.known_cards[p]
        if c in cards:
            masks = self.known_masks[p]
            i = max((i for i, x in enumerate(cards) if x == c), key=lambda i: bin(masks[i]).count("1"))
            del cards[i]
            del masks[i]

    # -- the one entry point ----------------------------------------------------------------------
    def _apply(self, player, action, events):
        typ, card, arg, declare = A.INFO[action]
        if typ == A.CATCH:
            self._catch(player, arg, events)
        elif typ == A.COMMIT:
            self._commit(player, card, events)
        elif typ == A.CALL:
            self._spoof_call(player, arg, events)
        elif typ == A.SECRET:
            self._put_secret(player, card, events)
        elif typ == A.GUESSING:
            self._guess(player, card, events)
        elif typ in (A.PLACE, A.TURN_UP, A.PEEK_AT, A.PEEK_HAND, A.SWAP_AT, A.GIVE):
            self._one_choice(player, typ, card, arg, events)
        elif typ in (A.MONTY_LAY, A.POINT, A.SHOW, A.KEEP):
            self._monty_step(player, typ, card, arg, events)
        elif player != self.acting():
            self._lay(player, card, arg, declare, True, events)       # a FLAP out of turn
        else:
            if self.forgot:
                # Quick Start: the forgetful player is caught "before the next player lays a card";
                # the next action of whoever the game waits for closes the window (ruling)
                self.forgot = [o for o in self.forgot if o == player]
            if typ == A.LAY:
                self._lay(player, card, arg, declare, False, events)
            else:
                self._answer(player, typ, events)
        if self.forgot:
            hands = self.hands
            self.forgot = [o for o in self.forgot if len(hands[o]) == 1]
        short, self.pack_short = self.pack_short, False
        if not self.over and (short or (not self.pack and not self.pack_draw)):
            self._pack_out(events)

    def _answer(self, p: int, typ: int, events) -> None:
        """draw, take, knock, done."""
        phase = self.phase
        if events is not None and typ in (A.KNOCK, A.DONE):
            events.append(Event(A.INFO_NAMES[typ], {"player": p}))
        if typ == A.DRAW:
            # Quick Start: "pick up from the deck"; after an ACE'N'LAY "pick up Second"
            self.flapping = False
            self._draw(p, 1, "draw", events)
            self.phase, self.turn = PLAY, self._next(p)
        elif typ == A.TAKE:
            if phase == ATTACKED:
                # flaps.md "2s, 3s, 7s and 9s": "Players can pick up the sum of cards laid"
                s = self.attack_sum
                self.stat[ST_ATTACKS] += 1
                self.stat[ST_ATTACK_SUM] += s
                self.attack_sum, self.attack_card = 0, None
                self._draw(p, s, "attack", events)
                self.phase, self.turn = PLAY, self._next(p)
            else:
                # "10s and Qs": after the scuffle "play resumes as normal, in the same direction"
                self._draw(p, 1, "hoofers", events)
                self.phase, self.turn = PLAY, self._next(self.resume)
        elif typ == A.KNOCK:
            self.phase, self.turn = PLAY, self._next(p)           # "8s": miss a go
        else:  # done: a run ends
            self._end_run(p)

    def _end_run(self, p: int) -> None:
        if self.phase == MEGA_RUN:
            self.phase, self.turn = PLAY, self.resume
        else:
            self.phase, self.turn = PLAY, self._next(p)

    # -- laying -----------------------------------------------------------------------------------
    def _lay(self, p: int, c: int, arg: int, declare: bool, claim: bool, events) -> None:
        phase = self.phase
        self._take_from_hand(p, c)
        self.pile.append(c)
        self.stat[ST_LAYS] += 1
        hand = self.hands[p]
        left = len(hand)
        if left == 1 and not declare:
            self.forgot.append(p)          # Quick Start: "they must say 'Last Card'"
            self.stat[ST_FORGETS] += 1
        if events is not None:
            data = {"player": p, "card": NAMES[c], "last_card": declare}
            if A.CALL_LAY[c][0]:
                data["call"] = SUITS[arg]
            elif A.TARGET_LAY[c][0]:
                data["target"] = arg
            if claim:
                data["out_of_turn"] = True
            events.append(Event("lay", data))
        kind = KIND[c]
        if left == 0:
            if self._finishes(c, kind, phase):
                self._win([p], "out", events, double=kind == SIX)
                return
            pickup = True       # "call a suit First and pick up from the pack Second"
        else:
            pickup = False
        if claim:
            self._flap(p, c, kind, True)
        elif phase == ATTACKED:
            self._attack_answer(p, c, kind)
        elif phase == SCUFFLE:
            self._set_lead(c)
            self.actor = arg                 # "it is their turn to choose someone"
        elif phase == MEGA_RUN:
            self._flap(p, c, kind, False)
        elif phase == DUMP_RUN:
            # "DUMP THOSE FIVES": "The last five laid in the sequence is the active card."
            self._set_lead(c)
            self.run_left -= 1
            if self.run_left == 0:
                self.phase, self.turn = PLAY, self._next(p)
        else:
            self._effect(p, c, kind, arg, events)
        if pickup:
            self._draw(p, 1, "cannot finish", events)
            if self.phase in (FOLLOW, KING_RUN, DUMP_RUN) and self.actor == p:
                self.phase, self.turn = PLAY, self._next(p)

    def _finishes(self, c: int, kind: str, phase: int) -> bool:
        """Whether laying ``c`` as the last card wins (docs/rules/flaps.md "Finishing")."""
        if phase in (FOLLOW, KING_RUN, DUMP_RUN):
            return False     # the follow-on of an ACE'N'LAY / King'N'Lay; a DUMP THOSE FIVES run
        if self.king_next and len(self.pile) > 1 and KIND[self.pile[-2]] == KING_LAY:
            return False     # king_n_lay=next: "If you do lay your last card on a King 'N' Lay"
        return FINISH[c]

    def _set_lead(self, c: int) -> None:
        self.lead_suit, self.lead_rank = SUIT[c], RANK[c]

    def _attack_answer(self, p: int, c: int, kind: str) -> None:
        """flaps.md "2s, 3s, 7s and 9s" (and "0 - QUACK")."""
        if kind == ATTACK:
            self.attack_sum += RANK[c]
            self.attack_card = c
            self._set_lead(c)
        elif kind == SEVEN:
            # "A 7 of the same suit. The direction of play is reversed."
            self.direction = -self.direction
            self.attack_card = c
            self._set_lead(c)
        elif kind == NINE:
            # "the effect of the cards is cancelled"
            self.stat[ST_ATTACKS] += 1
            self.attack_sum, self.attack_card = 0, None
            self._set_lead(c)
            self.phase = PLAY
        # QUACK: "pass on the sum of cards laid"; it adds nothing and the attack card stays
        self.turn = self._next(p)

    def _flap(self, p: int, c: int, kind: str, claim: bool) -> None:
        """A FLAPS-type card laid while flapping: out of turn, or in a MEGA-FLAP run."""
        self._set_lead(c)
        self.stat[ST_FLAPS] += 1
        if kind == STOP:
            # "it stops all flapping"; before the third FLAPS of someone else's MEGA-FLAP it
            # cuts that run to two
            self.flapping = False
            if self.phase == MEGA_RUN:
                if p == self.actor or self.mega_laid >= 2:
                    self.phase, self.turn = PLAY, self.resume
                    return
                self.mega_cap = 2
        else:
            self.last_flapper = p
        if kind == MEGA:
            self._start_mega(p, self.turn if not self.after_last else self._next(p))
            return
        if self.phase == MEGA_RUN and not claim:
            self.mega_laid += 1
            if self.mega_laid >= self.mega_cap:
                self.phase, self.turn = PLAY, self.resume
            return
        if claim and self.after_last:
            # after_flapping=last: the player after the last flapper plays next
            if self.phase == MEGA_RUN:
                self.resume = self._next(p)
            else:
                self.turn = self._next(p)

    def _start_mega(self, p: int, resume: int) -> None:
        # "When you lay the MEGA-FLAP card you can then lay three more FLAPS."
        self.flapping = True
        self.last_flapper = p
        self.phase, self.actor, self.resume = MEGA_RUN, p, resume
        self.mega_laid, self.mega_cap = 0, 3
        self.stat[ST_MEGA] += 1
        self.stat[ST_FLAPPINGS] += 1

    def _effect(self, p: int, c: int, kind: str, arg: int, events) -> None:
        """A card laid in turn (or as a follow-on): its effect, and who plays next."""
        self.flapping = False       # "After all Flapping has ceased, the next player ... lay[s]"
        nxt = self._next
        self.phase = PLAY
        if kind == OL_MAID:
            self.turn = nxt(p)      # docs/rules/flaps.md "OL' MAID": it leaves suit and number as they were
            return
        if kind == MONTY:
            # "You need to have at least three cards left in your hand when you lay the FULL MONTY
            # card, otherwise it has no effect." Like an OL' MAID it leaves suit and number.
            self.turn = nxt(p)
            if len(self.hands[p]) >= 3:
                self.phase, self.actor = MONTY_LAYING, p
                self.monty, self.monty_state = [], [p, arg, -1, -1]
            return
        if kind in (ACE, ACE_END, ACE_LAY, ACE_JACK):
            # "If you lay an ACE you can choose the suit to be played."
            self.lead_suit, self.lead_rank = arg, RANK[c]
            if kind == ACE_JACK:
                self.direction = -self.direction      # "the direction of play is reversed"
            if kind == ACE_LAY and self.hands[p]:
                self.phase, self.actor = FOLLOW, p     # "and then lay a Diamond, Heart or any type of ACE"
                return
            self.turn = nxt(p)
            return
        self._set_lead(c)
        if kind == ATTACK:
            # "If you lay a 2, then the next player must pick up 2 cards" (unless they answer)
            self.attack_sum, self.attack_card = RANK[c], c
            self.phase, self.turn = ATTACKED, nxt(p)
        elif kind == FLAPS:
            self.flapping, self.last_flapper = True, p
            self.stat[ST_FLAPPINGS] += 1
            self.stat[ST_FLAPS] += 1
            self.turn = nxt(p)
        elif kind == MEGA:
            self.stat[ST_FLAPS] += 1
            self._start_mega(p, nxt(p))
        elif kind == EIGHT:
            self.phase, self.turn = KNOCK, nxt(p)
        elif kind == HOOFERS and arg < 0:
            self.turn = nxt(p)      # hoofers=plain: an ordinary Queen in ordinary play
        elif kind in (TEN, HOOFERS):
            # "you can choose any other player to pick up one card"
            self.phase, self.actor, self.resume = SCUFFLE, arg, p
            self.stat[ST_SCUFFLES] += 1
        elif kind == JACK:
            self.direction = -self.direction
            self.turn = nxt(p)
        elif kind == UP_JACKS:
            # "all players, except you, must pick up one card (starting with the player to your left)"
            self.direction = -self.direction
            n = self.players
            for i in range(1, n):
                self._draw((p + i) % n, 1, "up-jacks", events)
            self.turn = nxt(p)
        elif kind == TRUMPS:
            # "K - TRUMPS": "a separate game is started. You must decide which suit will be TRUMPS"
            self.trump, self.caller = arg, p
            self.phase = TRUMPS_GAME
            self.committed = [-1] * self.players
        elif kind in (LOSE, PICK, GUESS, LOOK, SHARE, SOLVE):
            self._secret_card(p, kind, arg, events)
        elif kind in (DOWN, RIGHT, LEFT, OVER, PEEK, SWAP, UP):
            self._one_card(p, kind, arg, events)
        elif kind == SPOOF:
            # "K - SPOOF": "a separate game is started. Each player ... lays a card, face down"
            self.caller = p
            self.phase = SPOOF_GAME
            self.committed = [-1] * self.players
        elif kind == DUMP:
            self.phase, self.actor, self.run_left = DUMP_RUN, p, 3
        elif kind == KING_LAY:
            if self.king_next:
                self.turn = nxt(p)          # king_n_lay=next: the next player follows it
            else:
                self.phase, self.actor = KING_RUN, p
        else:       # 5, Q, K, SIX OF THE BEST, STOP THAT FLAPPING in turn; a 7 or 9 not attacked
            self.turn = nxt(p)

    # -- claims ------------------------------------------------------------------------------------
    def _catch(self, q: int, o: int, events) -> None:
        """Quick Start: the forgetful player "must take another card from the pack as soon as
        they are discovered"."""
        self.forgot.remove(o)
        self.stat[ST_CATCHES] += 1
        if events is not None:
            events.append(Event("catch", {"player": q, "caught": o}))
        self._draw(o, 1, "caught", events)

    # -- TRUMPS --------------------------------------------------------------------------------------
    def _commit(self, p: int, c: int, events) -> None:
        self._take_from_hand(p, c)
        self.committed[p] = c
        if events is not None:
            events.append(Event("commit", {"player": p, "spoof": True} if self.phase == SPOOF_GAME else {"player": p},
                                {"card": NAMES[c]}, (p,)))
        hands = self.hands
        if all(self.committed[q] >= 0 or not hands[q] for q in range(self.players)):
            if self.phase == SPOOF_GAME:
                # "Then, each player, starting with the one to your left, calls a number"
                self.phase, self.actor = SPOOF_CALL, self._next_caller(self.caller)
            else:
                self._resolve_trumps(events)

    def _resolve_trumps(self, events) -> None:
        """flaps.md "K - TRUMPS": the lowest card picks up every card laid; equal lowest cards
        cut the pack; a player whose last card it was wins unless they lost (and picks up one
        if it was a card they cannot finish on)."""
        trump = self.trump
        laid = [(q, c) for q, c in enumerate(self.committed) if c >= 0]
        values = {q: trumps_value(c, trump) for q, c in laid}
        low = min(values.values())
        tied = [q for q, v in values.items() if v == low]
        cuts = []
        rng = self.rng
        for _ in range(MAX_CUTS):
            if len(tied) == 1 or not self.pack:
                break
            self.stat[ST_CUTS] += 1
            cut = {q: trumps_value(self.pack[rng.randrange(len(self.pack))], trump) for q in tied}
            cuts.append(cut)
            lowest = min(cut.values())
            tied = [q for q in tied if cut[q] == lowest]
        loser = tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]
        cards = [c for _, c in laid]
        self.hands[loser].extend(cards)
        self.shown[loser].extend(cards)
        self.stat[ST_TRUMPS] += 1
        if events is not None:
            events.append(Event("trumps", {"trump": SUITS[trump], "cards": {str(q): NAMES[c] for q, c in laid},
                                           "loser": loser, "cuts": len(cuts)}))
        winners = []
        for q, c in laid:
            if q != loser and not self.hands[q]:
                if FINISH[c] and KIND[c] != QUACK:
                    winners.append(q)
                else:
                    self._draw(q, 1, "cannot finish", events)
        self.committed = [-1] * self.players
        self.trump = -1
        self.phase, self.turn = PLAY, self._next(self.caller)
        self.caller = -1
        if winners:
            self._win(winners, "trumps", events)

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
                self.phase, self.actor = SECRET_PICK, p    # "Choose a card from your own hand"
        elif kind in (GUESS, LOOK):
            # "Take a card from the top of the deck, don't look at it" / "look at it"
            if not self.pack:
                return
            c = self.pack.pop()
            mask = NOBODY if kind == GUESS else only(p)
            self._to_mystery(c, mask)
            if events is not None:
                events.append(Event("secret", {"player": p, "from": "pack", "look": kind == LOOK},
                                    {"card": NAMES[c]}, audience(mask, n)))
            if kind == GUESS:
                self.phase, self.actor = GUESSING, p       # "Guess what card has been taken"
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
                    events.append(Event("secret", {"player": p, "from": "hand", "of": arg, "look": True},
                                        {"card": NAMES[c]}, audience(mask, n)))
                self._refill_empty(arg, events)
        else:   # SOLVE: "Pick up the Solve the Mystery Pile."
            cards, masks = self.mystery, self.mystery_known
            if events is not None:
                events.append(Event("solve", {"player": p, "count": len(cards)},
                                    {"cards": [NAMES[c] for c in cards]}, (p,)))
            mine = only(p)
            for c, m in zip(cards, masks):
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
            events.append(Event("secret", {"player": p, "from": "hand", "of": p, "look": True},
                                {"card": NAMES[c]}, (p,)))
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
        else:   # UP: "Choose any player, including yourself, to pick up the uppermost 1-DOWN card"
            if downs[arg]:
                c, m = downs[arg].pop(), known[arg].pop()
                self._to_hand(arg, c, m)
                if events is not None:
                    events.append(Event("down_up", {"player": arg, "by": p, **({"card": NAMES[c]} if m == PUBLIC else {})},
                                        {"card": NAMES[c]}, (arg,) if m != PUBLIC else None))

    def _one_choice(self, p: int, typ: int, card: int, arg: int, events) -> None:
        """The choice a 1 - DOWN, 1 - OVER, 1 - LOOK or 1 - SWAP asks of its player."""
        downs, known = self.downs, self.downs_known
        q, i = divmod(arg, MAX_DOWNS)
        done = True
        if typ == A.PLACE:
            c = self.pending[0]
            self.pending = []
            downs[arg].append(c)            # "this new card should go on top"
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
        else:   # GIVE: "Swap any card in your hand with a 1-down card of any player"
            q, i = self.pending
            self.pending = []
            d, m = downs[q][i], known[q][i]
            self._take_from_hand(p, card)
            downs[q][i] = card
            known[q][i] = PUBLIC if m == PUBLIC else only(p)     # it keeps the place's face
            self._to_hand(p, d, m)
            if events is not None:
                events.append(Event("down_swap", {"player": p, "of": q, "index": i,
                                                  **({"took": NAMES[d]} if m == PUBLIC else {}),
                                                  **({"gave": NAMES[card]} if m == PUBLIC else {})},
                                    {"took": NAMES[d], "gave": NAMES[card]}, (p,)))
        if done:
            self.phase, self.turn = PLAY, self._next(p)

    def _learn(self, q: int, c: int, p: int) -> None:
        """``p`` has seen card ``c`` of ``q``'s hand."""
        if self.shown[q].count(c) + self.known_cards[q].count(c) >= self.hands[q].count(c):
            # every copy is known to someone already: ``p`` now knows one of them
            bit = only(p)
            masks = self.known_masks[q]
            for j, x in enumerate(self.known_cards[q]):
                if x == c:
                    if masks[j] & bit:
                        return
            for j, x in enumerate(self.known_cards[q]):
                if x == c:
                    masks[j] |= bit
                    return
            return          # a card everybody saw
        self.known_cards[q].append(c)
        self.known_masks[q].append(only(p))

    # -- FULL MONTY (Level 7) ------------------------------------------------------------------------
    def _monty_step(self, p: int, typ: int, card: int, arg: int, events) -> None:
        """flaps.md "FULL MONTY": "Lay three of your cards face down. Choose a player to indicate,
        but not take, a card. Show all players one of the other two cards. Player can then take
        their original choice or the other face-down card. Only you and the other player know
        what card was taken. Take back your two cards. All players know what one of your cards is.\""""
        owner, target, pointed, shown = self.monty_state
        if typ == A.MONTY_LAY:
            self._take_from_hand(p, card)
            self.monty.append(card)
            if events is not None:
                events.append(Event("monty_lay", {"player": p, "count": len(self.monty)},
                                    {"card": NAMES[card]}, (p,)))
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
        else:   # KEEP
            cards = self.monty
            taken = cards[arg]
            self._to_hand(target, taken, only(owner, target))
            for j, c in enumerate(cards):
                if j == arg:
                    continue
                self._to_hand(owner, c, PUBLIC if j == shown else only(owner))
            if events is not None:
                events.append(Event("monty_take", {"player": target, "from": owner, "index": arg},
                                    {"card": NAMES[taken]}, (owner, target)))
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
        tied = [q for q, d in off.items() if d == far]
        cuts = 0
        rng = self.rng
        for _ in range(MAX_CUTS):
            if len(tied) == 1 or not self.pack:
                break
            cuts += 1
            cut = {q: SPOOF_VALUE[self.pack[rng.randrange(len(self.pack))]] for q in tied}
            lowest = min(cut.values())
            tied = [q for q in tied if cut[q] == lowest]
        loser = tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]
        cards = [c for _, c in laid]
        self.hands[loser].extend(cards)
        self.shown[loser].extend(cards)
        self.stat[ST_SPOOFS] += 1
        if events is not None:
            events.append(Event("spoof", {"cards": {str(q): NAMES[c] for q, c in laid}, "total": total,
                                          "calls": {str(q): self.calls[q] for q, _ in laid},
                                          "loser": loser, "cuts": cuts}))
        winners = []
        for q, c in laid:
            if q != loser and not self.hands[q]:
                # "the act of laying that last card does not constitute a win until the game of
                # SPOOF has finished and that player did not lose"; "If the last card is a card that
                # you cannot finish on, like an Ace, then that player must pick another card"
                if FINISH[c] and KIND[c] != QUACK:
                    winners.append(q)
                else:
                    self._draw(q, 1, "cannot finish", events)
        self.committed = [-1] * self.players
        self.calls = [-1] * self.players
        self.phase, self.turn = PLAY, self._next(self.caller)
        self.caller = -1
        if winners:
            self._win(winners, "spoof", events)

    # -- the end ------------------------------------------------------------------------------------
    def _win(self, winners, how: str, events, double: bool = False) -> None:
        """A game of the match is won: each winner scores 1, a double win 2 (docs/rules/flaps.md
        "SIX OF THE BEST"); the next game is dealt, or the match is over."""
        winners = sorted(winners)
        value = 2 if double else 1
        for w in winners:
            self.points[w] += value
        self.double, self.ended = double, how
        self.flapping = False
        self.forgot = []
        self.last_game = {"game": self.game_no, "winners": winners[:], "double": double, "how": how}
        if double:
            self.stat[ST_DOUBLE] += 1
        if events is not None:
            events.append(Event("win", {"winners": winners, "double": double, "how": how, "game": self.game_no,
                                        "points": self.points[:]}))
        if self.game_no < self.games:
            cards = self.all_cards()
            self.rng.shuffle(cards)
            self._deal(cards, events)
            return
        self.over = True
        top = max(self.points)
        self.winners = [p for p in range(self.players) if self.points[p] == top]

    def _pack_out(self, events) -> None:
        """flaps.md "What Happens if we run out of Cards ?": "the winner is the player holding
        the least cards" (ties share the win)."""
        self.calls = [-1] * self.players
        if self.phase == DOWN_PLACE and self.pending:     # the 1-DOWN card taken goes before its player
            self.downs[self.actor].append(self.pending[0])
            self.downs_known[self.actor].append(only(self.actor))
        self.pending = []
        for q, c in enumerate(self.committed):
            if c >= 0:                      # an unfinished TRUMPS or SPOOF game is void
                self.hands[q].append(c)
                self.committed[q] = -1
        counts = [len(h) for h in self.hands]
        low = min(counts)
        self.stat[ST_PACK_OUT] += 1
        self.phase = PLAY
        self.attack_sum, self.attack_card = 0, None     # a catch may empty the pack mid-attack
        self.trump = self.caller = -1
        self._win([q for q in range(self.players) if counts[q] == low], "pack", events)
