"""Applying a FLAPS action: laying a card and its effect, drawing, catching, TRUMPS
(Levels 1-3); the Level 4-7 effects (SPOOF, the secrets pile, 1-DOWN piles, FULL MONTY)
are in ``hidden.py``, the other mixin of ``FlapsState``; the phases and counters in ``tables.py``.

Every rule cites its heading in flaps.md; the rulings are in docs/rules/flaps.md.
"""

from __future__ import annotations

from ...core.events import Event
from ...core.fields import MIXIN_SLOTS
from ...core.knowledge import only
from . import notation as A
from .cards import (
    ACE,
    ACE_END,
    ACE_JACK,
    ACE_LAY,
    ATTACK,
    DOWN,
    DUMP,
    EIGHT,
    FINISH,
    FLAPS,
    GUESS,
    HOOFERS,
    JACK,
    KIND,
    KING_LAY,
    LEFT,
    LOOK,
    LOSE,
    MEGA,
    MONTY,
    NAMES,
    NINE,
    OL_MAID,
    OVER,
    PEEK,
    PICK,
    QUACK,
    RANK,
    RIGHT,
    SECRETS,
    SEVEN,
    SHARE,
    SIX,
    SOLVE,
    SPOOF,
    STOP,
    SUIT,
    SUITS,
    SWAP,
    TEN,
    TRUMPS,
    UP,
    UP_JACKS,
    trumps_value,
)
from .fields import FlapsFields
from .tables import (
    ATTACKED,
    DOWN_PLACE,
    DUMP_RUN,
    FOLLOW,
    KING_RUN,
    KNOCK,
    MEGA_RUN,
    MONTY_LAYING,
    PLAY,
    SCUFFLE,
    SPOOF_CALL,
    SPOOF_GAME,
    ST_ATTACK_SUM,
    ST_ATTACKS,
    ST_CATCHES,
    ST_CUTS,
    ST_DOUBLE,
    ST_DRAWS,
    ST_FLAPPINGS,
    ST_FLAPS,
    ST_FORGETS,
    ST_LAYS,
    ST_MEGA,
    ST_PACK_OUT,
    ST_SCUFFLES,
    ST_TRUMPS,
    TRUMPS_GAME,
)

#: how many times tied players cut again before chance decides outright
MAX_CUTS = 20


class Apply(FlapsFields):
    """The ``_apply`` half of ``FlapsState`` (with ``HiddenEffects``, ``hidden.py``)."""

    __slots__ = MIXIN_SLOTS

    def _next(self, p: int) -> int:
        return (p + self.direction) % self.players

    # -- drawing ----------------------------------------------------------------------------
    def _draw(self, p: int, k: int, why: str, events) -> int:
        """``p`` picks up ``k`` cards (fewer when the pack runs out); how many."""
        pack = self.pack
        if k > len(pack):
            self.pack_short = True  # someone must pick up more than is left
            k = len(pack)
        if k <= 0:
            return 0
        got = pack[-k:][::-1]
        del pack[-k:]
        self.hands[p].extend(got)
        self.stat[ST_DRAWS] += k
        if events is not None:
            events.append(
                Event("draw", {"player": p, "count": k, "why": why}, {"cards": [NAMES[c] for c in got]}, (p,))
            )
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
        if typ > A.DONE:  # not a lay nor an answer (draw, take, knock, done: notation.py's first types)
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
            else:
                self._say(player, events)
        elif player != self.acting():
            self._lay(player, card, arg, declare, True, events)  # a FLAP out of turn
        else:
            if self.forgot and self.legacy:
                # legacy=v1: the next action of whoever the game waits for closed the window
                self.forgot = [o for o in self.forgot if o == player]
            if typ == A.LAY:
                self._lay(player, card, arg, declare, False, events)
            else:
                self._answer(player, typ, events)
        if self.forgot:
            hands = self.hands
            self.forgot = [o for o in self.forgot if len(hands[o]) == 1]
        if self.unsaid:
            hands = self.hands
            self.unsaid = [o for o in self.unsaid if len(hands[o]) == 1]
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
            self.phase, self.turn = PLAY, self._next(p)  # "8s": miss a go
        else:  # done: a run ends
            self._end_run(p, events)

    def _end_run(self, p: int, events) -> None:
        if self.phase == MEGA_RUN:
            self.phase, self.turn = PLAY, self.resume
        elif self.phase == DUMP_RUN:
            self._end_dump(p, events)
        else:
            self.phase, self.turn = PLAY, self._next(p)

    def _end_dump(self, p: int, events) -> None:
        """flaps.md "5 - DUMP THOSE FIVES": "The last five laid in the sequence is the active
        card" — a Level 5 five laid last acts now (its chosen player kept in ``resume``); the
        fives before it do nothing."""
        self.phase, self.turn = PLAY, self._next(p)
        kind = KIND[self.pile[-1]]
        if kind in SECRETS:
            self._secret_card(p, kind, self.resume, events)

    # -- laying -----------------------------------------------------------------------------------
    def _lay(self, p: int, c: int, arg: int, declare: bool, claim: bool, events) -> None:
        phase = self.phase
        self._take_from_hand(p, c)
        self.pile.append(c)
        self.stat[ST_LAYS] += 1
        hand = self.hands[p]
        left = len(hand)
        if self.unsaid:
            self._too_late(p)
        if left == 1 and not declare:
            # Quick Start: "they must say 'Last Card'" — and may, until another player lays a card
            if self.legacy:
                self.forgot.append(p)  # legacy=v1: caught at once, said only with the play
                self.stat[ST_FORGETS] += 1
            else:
                self.unsaid.append(p)
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
            pickup = True  # "call a suit First and pick up from the pack Second"
        else:
            pickup = False
        if claim:
            self._flap(p, c, kind, True)
        elif phase == ATTACKED:
            self._attack_answer(p, c, kind)
        elif phase == SCUFFLE:
            self._set_lead(c)
            self.actor = arg  # "it is their turn to choose someone"
        elif phase == MEGA_RUN:
            self._flap(p, c, kind, False)
        elif phase == DUMP_RUN:
            self._set_lead(c)
            if kind == SHARE:
                self.resume = arg  # its chosen player, should it be the last five
            self.run_left -= 1
            if self.run_left == 0 or left == 0:
                self._end_dump(p, events)
        else:
            self._effect(p, c, kind, arg, events)
        if pickup:
            self._draw(p, 1, "cannot finish", events)
            if self.phase in (FOLLOW, KING_RUN, DUMP_RUN) and self.actor == p:
                self.phase, self.turn = PLAY, self._next(p)

    def _finishes(self, c: int, kind: str, phase: int) -> bool:
        """Whether laying ``c`` as the last card wins (docs/rules/flaps.md "Finishing")."""
        if phase in (FOLLOW, KING_RUN, DUMP_RUN):
            return False  # the follow-on of an ACE'N'LAY / King'N'Lay; a DUMP THOSE FIVES run
        if self.king_next and len(self.pile) > 1 and KIND[self.pile[-2]] == KING_LAY:
            return False  # king_n_lay=next: "If you do lay your last card on a King 'N' Lay"
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
        mega_run = self.phase == MEGA_RUN
        # after_flapping=last: the player after the last flapper plays next, whoever laid the
        # FLAP — in or out of a MEGA-FLAP run, a STOP THAT FLAPPING too (legacy=v1: only FLAPS
        # laid out of turn counted, and a STOP THAT FLAPPING ending a run did not)
        after = self._next(p) if self.after_last and (claim or not self.legacy) else -1
        if kind == MEGA:
            # a second MEGA-FLAP (two packs) laid during a run takes the run over
            self._start_mega(p, after if after >= 0 else (self.resume if mega_run else self.turn))
            return
        if kind == STOP:
            # "it stops all flapping"; before the third FLAPS of someone else's MEGA-FLAP it
            # cuts that run to two
            self.flapping = False
            if mega_run and (p == self.actor or self.mega_laid >= 2):
                self.phase, self.turn = PLAY, (after if after >= 0 and not self.legacy else self.resume)
                return
            if mega_run:
                self.mega_cap = 2
        else:
            self.last_flapper = p
            if mega_run and not claim:
                self.mega_laid += 1
                if after >= 0:
                    self.resume = after
                if self.mega_laid >= self.mega_cap:
                    self.phase, self.turn = PLAY, self.resume
                return
        if after >= 0:
            if mega_run:
                self.resume = after
            else:
                self.turn = after

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
        self.flapping = False  # "After all Flapping has ceased, the next player ... lay[s]"
        nxt = self._next
        self.phase = PLAY
        if kind == OL_MAID:
            self.turn = nxt(p)  # docs/rules/flaps.md "OL' MAID": it leaves suit and number as they were
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
                self.direction = -self.direction  # "the direction of play is reversed"
            if kind == ACE_LAY and self.hands[p]:
                self.phase, self.actor = FOLLOW, p  # "and then lay a Diamond, Heart or any type of ACE"
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
            self.turn = nxt(p)  # hoofers=plain: an ordinary Queen in ordinary play
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
                self.turn = nxt(p)  # king_n_lay=next: the next player follows it
            else:
                self.phase, self.actor = KING_RUN, p
        else:  # 5, Q, K, SIX OF THE BEST, STOP THAT FLAPPING in turn; a 7 or 9 not attacked
            self.turn = nxt(p)

    # -- claims ------------------------------------------------------------------------------------
    def _too_late(self, p: int) -> None:
        """Quick Start: "If someone forgets to say 'Last Card' before the next player lays a
        card": ``p`` laid one, so every other player still on one card unannounced has forgotten
        and may be caught from now on."""
        late = [o for o in self.unsaid if o != p]
        if late:
            self.unsaid = [o for o in self.unsaid if o == p]
            self.forgot.extend(late)
            self.stat[ST_FORGETS] += len(late)

    def _say(self, p: int, events) -> None:
        """A player on one card says "Last Card" after the play, before another player lays a card."""
        self.unsaid.remove(p)
        if events is not None:
            events.append(Event("last_card", {"player": p}))

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
            events.append(
                Event(
                    "commit",
                    {"player": p, "spoof": True} if self.phase == SPOOF_GAME else {"player": p},
                    {"card": NAMES[c]},
                    (p,),
                )
            )
        hands = self.hands
        if all(self.committed[q] >= 0 or not hands[q] for q in range(self.players)):
            if self.phase == SPOOF_GAME:
                # "Then, each player, starting with the one to your left, calls a number"
                self.phase, self.actor = SPOOF_CALL, self._next_caller(self.caller)
            else:
                self._resolve_trumps(events)

    def _cut_for_loser(self, tied: list[int], value) -> tuple[int, int]:
        """The one of ``tied`` who picks up, and how many cuts it took: "If two or more cards
        laid are the same, the players with those cards must cut the pack ... The player who
        cuts the lowest card must pick up" (TRUMPS; SPOOF's equally far players likewise,
        docs/rules/flaps.md). Each cut shows a
        random card of the pack (``value`` ranks it); the lowest cut goes on; an empty pack
        or MAX_CUTS rounds leave a seeded draw among those still tied."""
        rng = self.rng
        cuts = 0
        for _ in range(MAX_CUTS):
            if len(tied) == 1 or not self.pack:
                break
            cuts += 1
            cut = {q: value(self.pack[rng.randrange(len(self.pack))]) for q in tied}
            lowest = min(cut.values())
            tied = [q for q in tied if cut[q] == lowest]
        return (tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]), cuts

    def _resolve_trumps(self, events) -> None:
        """flaps.md "K - TRUMPS": the lowest card picks up every card laid; equal lowest cards
        cut the pack; a player whose last card it was wins unless they lost (and picks up one
        if it was a card they cannot finish on)."""
        trump = self.trump
        laid = [(q, c) for q, c in enumerate(self.committed) if c >= 0]
        values = {q: trumps_value(c, trump) for q, c in laid}
        low = min(values.values())
        tied = [q for q, v in values.items() if v == low]
        if self.ties_all:
            # trumps_ties=any: "If two or more cards laid are the same, the players with those cards
            # must cut the pack" — any equal cards, not only the lowest
            same = [q for q, v in values.items() if sum(1 for w in values.values() if w == v) > 1]
            tied = same or tied
        loser, cuts = self._cut_for_loser(tied, lambda c: trumps_value(c, trump))
        self.stat[ST_CUTS] += cuts
        self.stat[ST_TRUMPS] += 1
        if events is not None:
            events.append(
                Event(
                    "trumps",
                    {"trump": SUITS[trump], "cards": {str(q): NAMES[c] for q, c in laid}, "loser": loser, "cuts": cuts},
                )
            )
        self.trump = -1
        self._close_face_down(laid, loser, "trumps", events)

    def _close_face_down(self, laid, loser: int, how: str, events) -> None:
        """The end of a face-down game (TRUMPS, SPOOF): the loser picks up every card laid; a
        player whose last card it was wins unless they lost — "the act of laying that last
        card does not constitute a win until the game ... has finished and that player did
        not lose" — and picks up one if it was a card they cannot finish on; play goes on
        from the caller's left."""
        cards = [c for _, c in laid]
        self.hands[loser].extend(cards)
        self.shown[loser].extend(cards)
        winners = []
        for q, c in laid:
            if q != loser and not self.hands[q]:
                if FINISH[c] and KIND[c] != QUACK:
                    winners.append(q)
                else:
                    self._draw(q, 1, "cannot finish", events)
        self.committed = [-1] * self.players
        self.phase, self.turn = PLAY, self._next(self.caller)
        self.caller = -1
        if winners:
            self._win(winners, how, events)

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
        self.forgot, self.unsaid = [], []
        self.last_game = {"game": self.game_no, "winners": winners[:], "double": double, "how": how}
        if double:
            self.stat[ST_DOUBLE] += 1
        if events is not None:
            events.append(
                Event(
                    "win",
                    {"winners": winners, "double": double, "how": how, "game": self.game_no, "points": self.points[:]},
                )
            )
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
        if self.phase == DOWN_PLACE and self.pending:  # the 1-DOWN card taken goes before its player
            self.downs[self.actor].append(self.pending[0])
            self.downs_known[self.actor].append(only(self.actor))
        self.pending = []
        for q, c in enumerate(self.committed):
            if c >= 0:  # an unfinished TRUMPS or SPOOF game is void
                self.hands[q].append(c)
                self.committed[q] = -1
        counts = [len(h) for h in self.hands]
        low = min(counts)
        self.stat[ST_PACK_OUT] += 1
        self.phase = PLAY
        self.attack_sum, self.attack_card = 0, None  # a catch may empty the pack mid-attack
        self.trump = self.caller = -1
        self._win([q for q in range(self.players) if counts[q] == low], "pack", events)
