"""FLINCH -- The Family Favorite (flinch.md), with its variations and the Partnership Game.

Layout: each player has a game pile (top face up), a hand of five and up to five reserve
piles; the stack is drawn five at a time; centre playing piles are built in sequence
and leave the table when finished. Every ruling is in docs/rules/flinch.md.

Action notation (stable: logs depend on it)::

    play:SRC>TGT        SRC = game | handN (1-5) | resN (1-5) | game@S | resN@S (partner S's piles)
                        TGT = cK (centre pile K, 1-based, in table order) | new (start a pile)
    discard:handN>resM  end the turn: hand card N onto reserve pile M (1-5)
    pass                the opening pass, or end a turn with an empty hand nothing can refill
    challenge           call out the opponent who just acted (enforce=table): a claim
"""

from __future__ import annotations

from typing import ClassVar

from ...core import Event, Over, Result, ranks_from_keys, turn
from ...core.game import State
from ..flinch_pack.cards import NAMES
from .challenges import Challenges
from .checks import Checks
from .explain import explain
from .layout import GAME_PILE, HAND, RESERVES, config, pile_after
from .notation import CHALLENGE, DECLINE, DECODE, DISCARD_ROWS, DISCARDS, PASS, PLAY, PUBLIC
from .turns import TurnFlow
from .view import View

_OVER = Over()


class FlinchState(Challenges, TurnFlow, View, Checks, State):
    """A FLINCH game in progress. Piles are lists with the top card last; reserve pile j
    of seat p is ``reserves[p * 5 + j]``.

    Centre playing pile i holds exactly the run ``pile_low[i]..pile_high[i]``;
    ``pile_build[i]`` is 1 (built up from a 1), -1 (down from the top number, centre=
    ones-and-tens) or 0 (both ways from a 5, centre=fives). Hands are kept ascending."""

    CALL = CHALLENGE
    FIELDS: ClassVar[dict[str, str]] = {
        "game_piles": "piles",  # per seat, top card last
        "game_seen": "ints",  # per seat: cards at the bottom of the game pile everyone saw
        # arrive there (challenge penalties)
        "hands": "piles",  # per seat, ascending
        "hand_src": "table",  # parallel to hands: the stack a card was drawn from (0: the
        # deal and the first stack, k: the k-th restock), -1: a card
        # everyone saw (a discard taken back after a challenge)
        "reserves": "piles",  # seat * 5 + pile, bottom first
        "pile_low": "ints",
        "pile_high": "ints",
        "pile_build": "ints",
        "stack": "cards",  # top card last
        "removed": "cards",  # finished playing piles, waiting to become a new stack
        "turn": "seat",
        "laying": "int",  # the seat laying its hand down (a second lay-down), or -1
        "started": "bool",  # a playing pile has been started
        "passes": "int",  # opening passes since the deal or the last lay-down
        "laydowns": "int",
        "played": "bool",  # a card reached the centre this turn
        "idle": "int",  # turns ended with no card to the centre, the stack out for good
        "turns": "int",
        "over": "bool",
        "winners": "seats",
        "end": "str?",  # "won", "blocked" or "cap" once over
        # the challenge window (enforce=table; flinch_pack/challenge_window.py)
        "offender": "int",  # -1: no window
        "window": "int",
        "offence": "str?",  # the action called out, as the table saw it
        "neglect": "bool",  # it left a playable game-pile card (public)
        "refilled": "bool",  # it emptied the offender's hand (so a held 1 was not there)
        "ends_turn": "bool",  # it ended the offender's turn
        "undo_slot": "int",  # the reserve pile of a discard called out, or -1
        "racing": "seats",  # challenge=window: opponents still to answer the window
        "callers": "seats",  # challenge=window: who called "Challenge" in it
        # statistics
        "restocks": "int",
        "challenges": "int",
        "right_challenges": "int",
    }
    DERIVED: ClassVar[dict[str, str]] = {"cfg": "ref", "_dec": "ref", "_legal": "ref", "_must": "ref", "_acc": "ref"}
    __slots__ = tuple(FIELDS) + tuple(DERIVED)

    # -- set-up ---------------------------------------------------------------------------
    def _derive(self) -> None:
        self.cfg = config(self.players, self.options)
        self._dec = self._legal = self._must = self._acc = None

    def _setup(self, deck: list[int]) -> None:
        self._derive()
        n = self.players
        k = 0
        piles: list[list[int]] = [[] for _ in range(n)]
        for _ in range(GAME_PILE):  # "The Layout" a): ten each, one at a time
            for p in range(n):
                piles[p].append(deck[k])
                k += 1
        for pile in piles:
            pile.reverse()  # the first card dealt is the top (top = last)
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(HAND):  # "The Layout" b): the next five each
            for p in range(n):
                hands[p].append(deck[k])
                k += 1
        for h in hands:
            h.sort()
        self.game_piles, self.hands = piles, hands
        self.game_seen = [0] * n
        self.hand_src = [[0] * HAND for _ in range(n)]
        self.reserves = [[] for _ in range(RESERVES * n)]
        self.pile_low, self.pile_high, self.pile_build = [], [], []
        self.stack = deck[k:][::-1]  # "The Layout" c): the rest, top card last
        self.removed = []
        self.turn, self.laying, self.started, self.passes, self.laydowns = 0, -1, False, 0, 0
        self.played, self.idle, self.turns = False, 0, 0
        self.over, self.winners, self.end = False, [], None
        self.offender, self.window, self.offence = -1, 0, None
        self.neglect = self.refilled = self.ends_turn = False
        self.undo_slot = -1
        self.racing, self.callers = [], []
        self.restocks = self.challenges = self.right_challenges = 0

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for p in range(self.players):
            out += self.game_piles[p]
            out += self.hands[p]
        for r in self.reserves:
            out += r
        # strict=False: a saved state is counted before _check compares these lengths, so
        # that a mismatch is refused by its own rule ("one entry per centre pile")
        for lo, hi in zip(self.pile_low, self.pile_high, strict=False):
            out += range(lo, hi + 1)  # a centre pile holds exactly the run lo..hi
        return out + self.stack + self.removed

    # -- decisions and legality ----------------------------------------------------------
    def actor(self) -> int:
        """The seat whose turn it is (the laying seat in a lay-down)."""
        return self.laying if self.laying >= 0 else self.turn

    def decision(self):
        d = self._dec
        if d is None:
            if self.over:
                d = _OVER
            elif self.racing:
                d = self._race_decision(DECLINE, self.cfg.timeout)
            elif self.offender < 0:  # no window open: the actor's turn, no claimants
                d = turn(self.laying if self.laying >= 0 else self.turn)
            else:
                d = self._decide(self.actor())
            self._dec = d
        return d

    def _legal_actions(self, player):
        if self.over:
            return ()
        if self.racing:
            return self._race_legal(player)
        actor = self.laying if self.laying >= 0 else self.turn  # self.actor()
        if player == actor:
            legal = self._legal
            if legal is None:
                legal = self._gen()
            if self.offender < 0:  # no window open: nobody may call
                return legal
        else:
            legal = ()
        return self._with_calls(player, actor, legal)

    def _can_call(self, player: int) -> bool:
        """flinch.md "Challenge": "any opponent may call" (Partnership Game: the other team)."""
        team = self.cfg.team_of
        return team[player] != team[self.offender]

    def stack_out(self) -> bool:
        """Additional Notes: "the Stack exhausted" -- empty, with no finished piles to renew it."""
        return not self.stack and not self.removed

    def blocked(self) -> bool:
        """Additional Notes, "If the game should be blocked": the stack is out for good and
        a whole round has gone by with no card reaching the centre (public)."""
        return not self.stack and not self.removed and self.idle >= self.players

    def must_release(self, p: int) -> bool:
        """Additional Notes, the blocked game (docs/rules/flinch.md): the stack is out for
        good, the game was already blocked when the turn came round to the dealer's left
        (seat 0) and has stayed so, and seat ``p``, whose turn it is, has not played yet:
        going round from the dealer's left, ``p`` must play a releasing card if he holds
        one. Depends on public facts and on what ``p`` holds, never on others' hands."""
        return not self.stack and not self.removed and not self.played and self.idle - p >= self.players

    def can_play(self, q: int) -> bool:
        """Whether seat ``q`` holds a releasing card: one that can go to the centre now (game
        pile top, hand, reserve tops, and in the partnership game a partner's tops)."""
        acc = self._accepts()
        pile = self.game_piles[q]
        if pile and acc[pile[-1]]:
            return True
        for v in self.hands[q]:
            if acc[v]:
                return True
        for o in (q,) + self.cfg.partners[q]:
            if o != q:
                pile = self.game_piles[o]
                if pile and acc[pile[-1]]:
                    return True
            for r in self.reserves[o * RESERVES : (o + 1) * RESERVES]:
                if r and acc[r[-1]]:
                    return True
        return False

    def _accepts(self) -> list[tuple[int, ...]]:
        """Card value -> targets it may go to: centre piles (1-based) it builds on, and 0
        (``new``) for a starter. Cached until the centre changes."""
        cached = self._acc
        if cached is not None:
            return cached
        cfg = self.cfg
        # tuples grown by concatenation: a pile's targets are few, and a fresh list per card
        # value cost more than the whole table (issue 24)
        acc: list[tuple[int, ...]] = list(cfg.starts)  # 0 = new, first
        takes = cfg.takes  # pile_takes, tabled
        for i, (lo, hi, build) in enumerate(zip(self.pile_low, self.pile_high, self.pile_build, strict=True), 1):
            for v in takes[build][lo][hi]:
                acc[v] += (i,)
        self._acc = acc
        return acc

    def _gen(self) -> tuple[str, ...]:
        """Legal actions of the actor (cached); also sets ``_must``, the plays the rules
        require first (strict mode offers only those; table mode lets them be skipped)."""
        cfg = self.cfg
        if self.laying >= 0:  # "The Play": a free lay-down of the whole hand (second time on)
            p = self.laying
            legal = DISCARDS[len(self.hands[p])][self._slot_mask(p)]
            self._legal, self._must = legal, ()
            return legal
        p = self.turn
        acc = self._acc
        if acc is None:
            acc = self._accepts()
        starter = cfg.starter
        # (loops, not comprehensions: a card has a target or two, and a comprehension's own
        # call costs more than that in Python 3.11)
        game_plays: list[str] = []
        pile = self.game_piles[p]
        if pile:
            row = PLAY[0]
            for t in acc[pile[-1]]:
                game_plays.append(row[t])  # noqa: PERF401 (see above)
        partner_game: list[str] = []
        other: list[str] = []
        for q in cfg.partners[p]:
            base = 11 + 6 * q
            pile = self.game_piles[q]
            if pile:
                row = PLAY[base]
                partner_game += [row[t] for t in acc[pile[-1]]]
            j = base
            for r in self.reserves[q * RESERVES : (q + 1) * RESERVES]:
                j += 1
                if r and acc[r[-1]]:
                    row = PLAY[j]
                    other += [row[t] for t in acc[r[-1]]]
        hand_starts: list[str] = []
        hand = self.hands[p]
        for src, v in enumerate(hand, 1):
            ts = acc[v]
            if ts:
                row = PLAY[src]
                into = hand_starts if starter[v] else other
                for t in ts:
                    into.append(row[t])
        src = 5
        for r in self.reserves[p * RESERVES : (p + 1) * RESERVES]:
            src += 1
            if r:
                ts = acc[r[-1]]
                if ts:
                    row = PLAY[src]
                    for t in ts:
                        other.append(row[t])
        # Challenge: "play first from their Game Pile if possible" (own before partner's,
        # Partnership Game); The Play: "All 1 cards must be played".
        if game_plays or partner_game or hand_starts:
            must = tuple(game_plays or partner_game) + tuple(hand_starts)
            self._must = must
            if not cfg.table:
                self._legal = must
                return must
            plays = game_plays + partner_game + hand_starts + other
        else:
            self._must = ()
            plays = other
        # ways to end the turn
        if plays and self.must_release(p):
            # Additional Notes: in a blocked game "the player holding the releasing card must play it"
            legal = tuple(plays)
        elif not self.started or not hand:
            # The Play: the opening pass (no discard); or nothing to discard and nothing to draw
            legal = (*plays, PASS)
        else:
            # The Play: the turn ends with a hand card to a reserve pile, never a 1
            mask = self._slot_mask(p)
            if hand_starts:  # a starter in the hand (a starter always has a play: new)
                rows = DISCARD_ROWS[mask]
                ends = [a for i, v in enumerate(hand) if not starter[v] for a in rows[i]]
                legal = tuple(plays) + tuple(ends)
            else:
                legal = tuple(plays) + DISCARDS[len(hand)][mask]
        self._legal = legal
        return legal

    def _slot_mask(self, p: int) -> int:
        """Reserve piles that may take the discard (bit j = pile j+1). The Layout d): the
        first discards are placed "alongside each other until he has started five piles";
        The Reserve: an exhausted pile "must be re-started by placing the next discard in
        the open space". While any slot is open the discard goes to the first open one
        (slots are only labels, so one choice is offered); else to any of the five."""
        rs = self.reserves
        b = p * RESERVES
        mask = (not rs[b]) | (not rs[b + 1]) << 1 | (not rs[b + 2]) << 2 | (not rs[b + 3]) << 3 | (not rs[b + 4]) << 4
        return mask & -mask if mask else 31

    def _illegal_reason(self, player, action):
        return explain(self, player, action)

    def timeout_action(self, player):
        """A walked-away player: the plays the rules require (in order), else the first
        way to end the turn (a discard, or the pass); never a challenge."""
        if self.over or player != self.actor():
            return super().timeout_action(player)
        legal = self._legal if self._legal is not None else self._gen()
        if self._must:
            return self._must[0]
        for a in legal:
            if a == PASS or a.startswith("discard:"):
                return a
        return legal[0]

    # -- applying -----------------------------------------------------------------------
    def _apply(self, player, action, events) -> None:
        if self.racing:
            if self._race_answer(player, action, events):
                self._close_race(events)
        elif action == CHALLENGE:
            self._resolve_call(player, events)
        else:
            if self._legal is None:
                self._gen()  # the "must" set of the position the action is made in
            self._close_window()
            code = DECODE[action]
            kind = code[0]
            if kind == "play":
                self._play(player, code[1], code[2], action, events)
            elif kind == "discard":
                self._discard(player, code[1], code[2], action, events)
            else:
                self._pass(player, events)
        if not self.over and self.ply + 1 >= self.cfg.cap:
            self._finish([], "cap", events)
        self._dec = self._legal = None

    def _skips_game_pile(self, action: str) -> bool:
        """Whether ``action`` leaves a playable game-pile card that must be played first
        (own, or a partner's when the own is not playable): visible to everyone."""
        must = self._must
        if not must:
            return False
        return action not in must and must[0].startswith("play:game")

    def _play(self, p: int, src: int, tgt: int, action: str, events) -> None:
        cfg = self.cfg
        hand = self.hands[p]
        # a play that could break a rule (enforce=table): anything but a game-pile card or a
        # hand starter, which the rules never forbid
        callable_ = (
            cfg.table
            and self.laying < 0
            and cfg.opponents[p]
            and src != 0
            and not (1 <= src <= 5 and cfg.starter[hand[src - 1]])
        )
        neglect = callable_ and self._skips_game_pile(action)
        owner = p
        if src == 0:
            v = self._pop_game(p)
            where = "game"
        elif src <= 5:
            v = hand.pop(src - 1)
            self.hand_src[p].pop(src - 1)
            where = "hand"
        elif src <= 10:
            v = self.reserves[p * RESERVES + src - 6].pop()
            where = "reserve"
        else:
            owner, k = divmod(src - 11, 6)
            if k == 0:
                v = self._pop_game(owner)
                where = "game"
            else:
                v = self.reserves[owner * RESERVES + k - 1].pop()
                where = "reserve"
        top = cfg.top
        self._acc = None
        if tgt == 0:
            self.pile_low.append(v)
            self.pile_high.append(v)
            self.pile_build.append(0 if cfg.centre_kind == "fives" else (1 if v == 1 else -1))
            self.started = True
            i = len(self.pile_low) - 1
        else:
            i = tgt - 1
            self.pile_low[i], self.pile_high[i] = pile_after(self.pile_low[i], self.pile_high[i], self.pile_build[i], v)
        self.played = True
        self.idle = 0
        if events is not None:
            events.append(
                Event(
                    "play",
                    {
                        "player": p,
                        "from": where,
                        "owner": owner,
                        "card": NAMES[v],
                        "pile": i + 1,
                        "action": PUBLIC[action],
                        "pile_low": NAMES[self.pile_low[i]],
                        "pile_high": NAMES[self.pile_high[i]],
                    },
                )
            )
        if self.pile_low[i] == 1 and self.pile_high[i] == top:
            # "The Playing Piles go up to 10 and are then removed from the table"
            self.removed.extend(range(1, top + 1))
            del self.pile_low[i], self.pile_high[i], self.pile_build[i]
            if events is not None:
                events.append(Event("pile_finished", {"pile": i + 1, "removed": len(self.removed)}))
        if where == "game":
            pile = self.game_piles[owner]
            if events is not None and pile:
                events.append(Event("game_pile_top", {"player": owner, "card": NAMES[pile[-1]], "count": len(pile)}))
            if not pile and self._check_win(owner, events):
                return
        emptied = not hand
        if emptied:
            # The Play: "If during his turn the player exhausts his hand he draws a new hand"
            self._draw(p, events)
        if callable_:
            self._open_on(p, action, neglect, emptied, False, -1, events)

    def _discard(self, p: int, i: int, j: int, action: str, events) -> None:
        hand = self.hands[p]
        v = hand.pop(i)
        self.hand_src[p].pop(i)
        self.reserves[p * RESERVES + j].append(v)
        if self.laying >= 0:
            if events is not None:
                events.append(Event("discard", {"player": p, "card": NAMES[v], "reserve": j + 1, "laydown": True}))
            if not hand:
                self._draw(p, events)
                self._next_layer(p + 1, events)
            return
        neglect = self.cfg.table and self._skips_game_pile(action)
        if events is not None:
            events.append(Event("discard", {"player": p, "card": NAMES[v], "reserve": j + 1}))
        self._after_turn(p, action, neglect, j, events)

    def _pass(self, p: int, events) -> None:
        neglect = self.cfg.table and self._skips_game_pile(PASS)
        if not self.started:
            self.passes += 1
        if events is not None:
            events.append(Event("pass", {"player": p}))
        self._after_turn(p, PASS, neglect, -1, events)

    def _pop_game(self, q: int) -> int:
        pile = self.game_piles[q]
        v = pile.pop()
        if self.game_seen[q] > len(pile):
            self.game_seen[q] = len(pile)
        return v

    # -- the end ---------------------------------------------------------------------------
    def _scores(self) -> tuple[float, ...]:
        """Per seat, minus the cards left in its game pile (its team's, in partnership)."""
        left = [len(g) for g in self.game_piles]
        if self.cfg.partnership:
            n = self.players
            team_of = self.cfg.team_of
            team_left = [sum(left[q] for q in range(n) if team_of[q] == t) for t in (0, 1)]
            left = [team_left[team_of[p]] for p in range(n)]
        return tuple(float(-c) for c in left)

    def result(self) -> Result:
        scores = self._scores()
        return Result(
            scores,
            tuple(self.winners),
            ranks_from_keys(list(scores)),
            self.over,
            {"end": self.end, "turns": self.turns, "game_pile_cards": [len(g) for g in self.game_piles]},
        )
