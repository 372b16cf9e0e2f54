"""FLINCH -- The Family Favorite (flinch.md), with its variations and the Partnership Game.

Layout: each player has a game pile (top face up), a hand of five and up to five reserve
piles; the stack is drawn five at a time; centre playing piles are built in sequence
and leave the table when finished. Decisions recorded in docs/rules/flinch.md.

Action notation (stable: logs depend on it)::

    play:SRC>TGT        SRC = game | handN (1-5) | resN (1-5) | game@S | resN@S (partner S's piles)
                        TGT = cK (centre pile K, 1-based, in table order) | new (start a pile)
    discard:handN>resM  end the turn: hand card N onto reserve pile M (1-5)
    pass                the opening pass, or end a turn with an empty hand nothing can refill
    challenge | decline answer a challenge window (enforce=table)
"""
from __future__ import annotations

from typing import Any

from ...core import Event, Over, Race, Result, Turn, ranks_from_keys
from ...core.game import State
from .challenges import ChallengeWindows
from .explain import explain
from .layout import GAME_PILE, HAND, RESERVES, partnership_teams, starter_values, top_number
from .notation import DECODE, DISCARD_ROWS, DISCARDS, PASS, PLAY, PUBLIC, RACE_ACTIONS, DECLINE
from .turns import TurnFlow


_LIST_FIELDS = ("pile_low", "pile_high", "pile_build", "stack", "removed", "winners", "responders",
                "challengers")


class FlinchState(ChallengeWindows, TurnFlow, State):
    """A FLINCH game in progress. Piles are lists with the top card last.

    Centre playing pile i holds exactly the run ``pile_low[i]..pile_high[i]``;
    ``pile_build[i]`` is 1 (built up from a 1), -1 (down from the top number, centre=
    ones-and-tens) or 0 (both ways from a 5, centre=fives). Hands are kept ascending."""

    __slots__ = (
        # configuration derived from the options (not serialised)
        "top", "starter", "starters", "centre_kind", "table", "memory", "partners", "opponents", "team_of",
        "timeout",
        # the table
        "game_piles", "hands", "reserves", "pile_low", "pile_high", "pile_build", "stack", "removed",
        # turn control
        "turn", "started", "passes", "laydowns", "laying", "played", "idle", "turns",
        "over", "winners", "end",
        # challenge window (enforce=table)
        "window", "responders", "challengers", "offender", "deviation", "neglect", "ends_turn",
        "undo_slot", "last_action",
        # counters for stats
        "restocks", "challenges", "right_challenges",
        # caches (not serialised)
        "_dec", "_legal", "_must", "_acc", "_turn_of",
    )

    # -- configuration -----------------------------------------------------------------
    def _config(self) -> None:
        o, n = self.options, self.players
        self.top = top_number(o)
        self.starter = [False] * (self.top + 2)
        self.starters = starter_values(o)
        for v in self.starters:
            self.starter[v] = True
        self.centre_kind = o["centre"]
        self.table = o["enforce"] == "table"
        self.memory = o["reserve_memory"] == "on"
        self.timeout = float(o["challenge_ms"])
        self._turn_of = [Turn(p) for p in range(n)]
        if o["partnership"]:
            teams = partnership_teams(n)
            self.team_of = [p % 2 for p in range(n)]
            self.partners = [[q for q in teams[p % 2] if q != p] for p in range(n)]
        else:
            self.team_of = list(range(n))
            self.partners = [[] for _ in range(n)]
        # opponents in order from the nearest to the left (flinch.md "Challenge")
        self.opponents = [[(p + k) % n for k in range(1, n) if self.team_of[(p + k) % n] != self.team_of[p]]
                          for p in range(n)]
        self._dec = self._legal = self._must = self._acc = None

    def _setup(self, deck: list[int]) -> None:
        self._config()
        n = self.players
        k = 0
        piles: list[list[int]] = [[] for _ in range(n)]
        for _ in range(GAME_PILE):          # "The Layout" a): ten each, one at a time
            for p in range(n):
                piles[p].append(deck[k])
                k += 1
        for pile in piles:
            pile.reverse()                   # the first card dealt is the top (top = last)
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(HAND):               # "The Layout" b): the next five each
            for p in range(n):
                hands[p].append(deck[k])
                k += 1
        for h in hands:
            h.sort()
        self.game_piles, self.hands = piles, hands
        self.reserves = [[[] for _ in range(RESERVES)] for _ in range(n)]
        self.pile_low, self.pile_high, self.pile_build = [], [], []
        self.stack = deck[k:][::-1]          # "The Layout" c): the rest, top card last
        self.removed = []
        self.turn, self.started, self.passes, self.laydowns, self.laying = 0, False, 0, 0, -1
        self.played, self.idle, self.turns = False, 0, 0
        self.over, self.winners, self.end = False, [], None
        self.window, self.responders, self.challengers, self.offender = 0, [], [], -1
        self.deviation = self.neglect = self.ends_turn = False
        self.undo_slot, self.last_action = -1, None
        self.restocks = self.challenges = self.right_challenges = 0

    _FIELDS = ("game_piles", "hands", "reserves", "pile_low", "pile_high", "pile_build", "stack", "removed",
               "turn", "started", "passes", "laydowns", "laying", "played", "idle", "turns", "over", "winners",
               "end", "window", "responders", "challengers", "offender", "deviation", "neglect",
               "ends_turn", "undo_slot", "last_action", "restocks", "challenges", "right_challenges")

    def _dump(self) -> dict[str, Any]:
        out = {f: getattr(self, f) for f in self._FIELDS}
        out["game_piles"] = [list(p) for p in self.game_piles]
        out["hands"] = [list(h) for h in self.hands]
        out["reserves"] = [[list(r) for r in rs] for rs in self.reserves]
        for f in _LIST_FIELDS:
            out[f] = list(out[f])
        return out

    def _load(self, d: dict[str, Any]) -> None:
        self._config()
        for f in self._FIELDS:
            setattr(self, f, d[f])
        self.game_piles = [list(p) for p in d["game_piles"]]
        self.hands = [list(h) for h in d["hands"]]
        self.reserves = [[list(r) for r in rs] for rs in d["reserves"]]
        for f in _LIST_FIELDS:
            setattr(self, f, list(d[f]))

    def clone(self) -> "FlinchState":
        c = FlinchState.__new__(FlinchState)
        c.game, c.players, c.options = self.game, self.players, dict(self.options)
        kind = type(self.rng)
        rng = kind.__new__(kind)            # no fresh seeding: setstate fills the state
        rng.setstate(self.rng.getstate())
        c.rng = rng
        for f in ("_turn_of", "top", "starter", "starters", "centre_kind", "table", "memory", "partners",
                  "opponents", "team_of", "timeout", "turn", "started", "passes", "laydowns", "laying",
                  "played", "idle", "turns",
                  "over", "end", "window", "offender", "deviation", "neglect", "ends_turn", "undo_slot",
                  "last_action", "restocks", "challenges", "right_challenges"):
            setattr(c, f, getattr(self, f))
        c.game_piles = [p[:] for p in self.game_piles]
        c.hands = [h[:] for h in self.hands]
        c.reserves = [[r[:] for r in rs] for rs in self.reserves]
        c.pile_low, c.pile_high, c.pile_build = self.pile_low[:], self.pile_high[:], self.pile_build[:]
        c.stack, c.removed, c.winners = self.stack[:], self.removed[:], self.winners[:]
        c.responders, c.challengers = self.responders[:], self.challengers[:]
        c._dec = c._legal = c._must = c._acc = None
        return c

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for p in range(self.players):
            out += self.game_piles[p]
            out += self.hands[p]
            for r in self.reserves[p]:
                out += r
        for lo, hi in zip(self.pile_low, self.pile_high):
            out += range(lo, hi + 1)     # a centre pile holds exactly the run lo..hi
        return out + self.stack + self.removed

    # -- decisions and legality ----------------------------------------------------------
    def decision(self):
        d = self._dec
        if d is None:
            if self.over:
                d = Over()
            elif self.responders:
                d = Race(tuple(self.responders), DECLINE, self.timeout, self.window)
            else:
                d = self._turn_of[self.laying if self.laying >= 0 else self.turn]
            self._dec = d
        return d

    def actor(self) -> int:
        """The seat whose turn it is (the laying seat in an opening lay-down)."""
        return self.laying if self.laying >= 0 else self.turn

    def blocked(self) -> bool:
        """Additional Notes: the stack is exhausted and no finished piles can renew it."""
        return not self.stack and not self.removed

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
        for o in [q] + self.partners[q]:
            if o != q:
                pile = self.game_piles[o]
                if pile and acc[pile[-1]]:
                    return True
            for r in self.reserves[o]:
                if r and acc[r[-1]]:
                    return True
        return False

    def release_holders(self, p: int) -> list[int]:
        """Seats other than ``p`` holding a releasing card."""
        return [q for q in range(self.players) if q != p and self.can_play(q)]

    def _release_due(self, p: int) -> bool:
        """Additional Notes, the blocked game (docs/rules/flinch.md): the stack is out for good
        and seat ``p``, who can play and has not played this turn, must play a card to the
        centre when (a) nobody else could play ("no players able to play except one who
        refuses"), or (b) several could, a whole round has gone by with no card reaching the
        centre (they all refused), and ``p`` is the first of them from the dealer's left."""
        others = self.release_holders(p)
        if not others:
            return True
        return self.idle >= self.players and p < others[0]

    def release_due(self) -> bool:
        """Whether the turn player must now play a releasing card (see ``_release_due``)."""
        if self.over or self.responders or self.laying >= 0 or self.played or self.stack or self.removed:
            return False
        p = self.turn
        return self.can_play(p) and self._release_due(p)

    def legal_actions(self, player):
        """The actor's legal actions (a cached list: callers must not modify it)."""
        if self.over:
            return []
        if self.responders:
            return RACE_ACTIONS if player in self.responders else []
        if player != (self.laying if self.laying >= 0 else self.turn):
            return []
        legal = self._legal
        if legal is None:
            legal = self._gen()
        return legal

    def _accepts(self) -> list[list[int]]:
        """Card value -> targets it may go to: centre piles (1-based) it builds on, and 0
        (``new``) for a starter. Cached until the centre changes."""
        acc = self._acc
        if acc is not None:
            return acc
        top, lo, hi = self.top, self.pile_low, self.pile_high
        starter = self.starter
        acc = [[0] if starter[v] else [] for v in range(top + 2)]    # 0 = new, first
        if self.centre_kind == "ones":
            # every pile builds up and a finished pile is gone at once, so h < top
            for i, h in enumerate(hi, 1):
                acc[h + 1].append(i)
        else:
            for i, d in enumerate(self.pile_build):
                if d >= 0 and hi[i] < top:
                    acc[hi[i] + 1].append(i + 1)
                if d <= 0 and lo[i] > 1:
                    acc[lo[i] - 1].append(i + 1)
        self._acc = acc
        return acc

    def _gen(self) -> list[str]:
        """Legal actions of the actor (cached); also sets ``_must``, the plays the rules
        require first (strict mode offers only those; table mode flags others)."""
        if self.laying >= 0:  # "The Play": a free lay-down of the whole hand (second time on)
            p = self.laying
            legal = DISCARDS[len(self.hands[p])][self._slot_mask(p)][:]
            self._legal, self._must = legal, []
            return legal
        p = self.turn
        acc = self._accepts()
        starter = self.starter
        game_plays: list[str] = []
        pile = self.game_piles[p]
        if pile:
            ts = acc[pile[-1]]
            if ts:
                row = PLAY[0]
                game_plays = [row[t] for t in ts]
        partner_game: list[str] = []
        other: list[str] = []
        for q in self.partners[p]:
            base = 11 + 6 * q
            pile = self.game_piles[q]
            if pile:
                ts = acc[pile[-1]]
                if ts:
                    row = PLAY[base]
                    partner_game += [row[t] for t in ts]
            j = base
            for r in self.reserves[q]:
                j += 1
                if r:
                    ts = acc[r[-1]]
                    if ts:
                        row = PLAY[j]
                        for t in ts:
                            other.append(row[t])
        hand_starts: list[str] = []
        src = 0
        hand = self.hands[p]
        for v in hand:
            src += 1
            ts = acc[v]
            if ts:
                row = PLAY[src]
                dest = hand_starts if starter[v] else other
                for t in ts:
                    dest.append(row[t])
        src = 5
        for r in self.reserves[p]:
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
            must = (game_plays or partner_game) + hand_starts
            self._must = must
            if not self.table:
                self._legal = must
                return must
            plays = game_plays + partner_game + hand_starts + other
        else:
            self._must = must = []
            plays = other
        # ways to end the turn
        if plays and not self.played and not self.stack and not self.removed and self._release_due(p):
            # Additional Notes: in a blocked game "the player holding the releasing card must play it"
            legal = plays
        elif not self.started or not hand:
            # The Play: the opening pass (no discard); or nothing to discard and nothing to draw
            legal = plays + [PASS]
        else:
            # The Play: the turn ends with a hand card to a reserve pile, never a 1
            mask = self._slot_mask(p)
            for v in hand:
                if starter[v]:
                    rows = DISCARD_ROWS[mask]
                    legal = plays[:]
                    for i, v in enumerate(hand):
                        if not starter[v]:
                            legal += rows[i]
                    break
            else:
                legal = plays + DISCARDS[len(hand)][mask]
        self._legal = legal
        return legal

    def _slot_mask(self, p: int) -> int:
        """Reserve piles that may take the discard (bit j = pile j+1). The Layout d): the
        first discards are placed "alongside each other until he has started five piles";
        The Reserve: an exhausted pile "must be re-started by placing the next discard in
        the open space". While any slot is open the discard goes to the first open one
        (slots are only labels, so one choice is offered); else to any of the five."""
        rs = self.reserves[p]
        mask = (not rs[0]) | (not rs[1]) << 1 | (not rs[2]) << 2 | (not rs[3]) << 3 | (not rs[4]) << 4
        return mask & -mask if mask else 31

    # -- applying -----------------------------------------------------------------------
    def _apply(self, player, action, events) -> None:
        self._dec = None
        code = DECODE[action]
        kind = code[0]
        if kind == "play":
            self._play(player, code[1], code[2], action, events)
        elif kind == "discard":
            self._discard(player, code[1], code[2], action, events)
        elif kind == "pass":
            self._pass(player, events)
        else:
            self._answer(player, kind, events)
        self._legal = None

    def _play(self, p: int, src: int, tgt: int, action: str, events) -> None:
        table = self.table and self.laying < 0
        if table:
            deviation = self._deviates(action)
            neglect = deviation and bool(self._must) and self._must[0].startswith("play:game")
        hand = self.hands[p]
        owner = p
        if src == 0:
            v = self.game_piles[p].pop()
            where = "game"
        elif src <= 5:
            v = hand.pop(src - 1)
            where = "hand"
        elif src <= 10:
            v = self.reserves[p][src - 6].pop()
            where = "reserve"
        else:
            owner, k = divmod(src - 11, 6)
            if k == 0:
                v = self.game_piles[owner].pop()
                where = "game"
            else:
                v = self.reserves[owner][k - 1].pop()
                where = "reserve"
        top = self.top
        self._acc = None
        if tgt == 0:
            self.pile_low.append(v)
            self.pile_high.append(v)
            kind = self.centre_kind
            self.pile_build.append(0 if kind == "fives" else (1 if v == 1 else -1))
            self.started = True
            i = len(self.pile_low) - 1
        else:
            i = tgt - 1
            if self.pile_build[i] >= 0 and v == self.pile_high[i] + 1:
                self.pile_high[i] = v
            else:
                self.pile_low[i] = v
        self.played = True
        self.idle = 0
        if events is not None:
            events.append(Event("play", {"player": p, "from": where, "owner": owner, "card": v,
                                         "pile": i + 1, "action": PUBLIC[action],
                                         "pile_low": self.pile_low[i], "pile_high": self.pile_high[i]}))
        if self.pile_low[i] == 1 and self.pile_high[i] == top:
            # "The Playing Piles go up to 10 and are then removed from the table"
            self.removed.extend(range(1, top + 1))
            del self.pile_low[i], self.pile_high[i], self.pile_build[i]
            if events is not None:
                events.append(Event("pile_finished", {"pile": i + 1, "removed": len(self.removed)}))
        if where == "game":
            pile = self.game_piles[owner]
            if events is not None and pile:
                events.append(Event("game_pile_top", {"player": owner, "card": pile[-1], "count": len(pile)}))
            if not pile and self._check_win(owner, events):
                return
        if not hand:
            # The Play: "If during his turn the player exhausts his hand he draws a new hand"
            self._draw(p, events)
        if table and src != 0 and not (1 <= src <= 5 and self.starter[v]):
            self._open_window(p, action, deviation, neglect, False, -1, events)

    def _discard(self, p: int, i: int, j: int, action: str, events) -> None:
        if self.laying >= 0:
            v = self.hands[p].pop(i)
            self.reserves[p][j].append(v)
            if events is not None:
                events.append(Event("discard", {"player": p, "card": v, "reserve": j + 1, "laydown": True}))
            if not self.hands[p]:
                self._draw(p, events)
                self._next_layer(p + 1, events)
            return
        deviation = self._deviates(action) if self.table else False
        neglect = deviation and self._must[0].startswith("play:game")
        v = self.hands[p].pop(i)
        self.reserves[p][j].append(v)
        if events is not None:
            events.append(Event("discard", {"player": p, "card": v, "reserve": j + 1}))
        if self.table and self.opponents[p]:
            self._open_window(p, action, deviation, neglect, True, j, events)
        else:
            self._end_turn(events)

    def _pass(self, p: int, events) -> None:
        deviation = self._deviates(PASS) if self.table else False
        neglect = deviation and self._must[0].startswith("play:game")
        if not self.started:
            self.passes += 1
        if events is not None:
            events.append(Event("pass", {"player": p}))
        if self.table and self.opponents[p]:
            self._open_window(p, PASS, deviation, neglect, True, -1, events)
        else:
            self._end_turn(events)

    # -- why an action is illegal -----------------------------------------------------
    def why_illegal(self, player, action):
        return explain(self, player, action)

    # -- views ----------------------------------------------------------------------------
    def view(self, player):
        n = self.players
        owner_sees = not self.memory
        reserves = []
        for q in range(n):
            row = []
            for r in self.reserves[q]:
                entry: dict[str, Any] = {"top": r[-1] if r else None, "count": len(r)}
                if owner_sees and q == player:
                    entry["cards"] = list(r)    # bottom first
                row.append(entry)
            reserves.append(row)
        centre = []
        for i, (lo, hi, d) in enumerate(zip(self.pile_low, self.pile_high, self.pile_build)):
            nxt = []
            if d <= 0 and lo > 1:
                nxt.append(lo - 1)
            if d >= 0 and hi < self.top:
                nxt.append(hi + 1)
            centre.append({"pile": i + 1, "low": lo, "high": hi,
                           "build": "up" if d > 0 else ("down" if d < 0 else "both"), "next": nxt})
        if self.over:
            phase = "over"
        elif self.responders:
            phase = "challenge"
        elif self.laying >= 0:
            phase = "laydown"
        elif not self.started:
            phase = "opening"
        else:
            phase = "play"
        out: dict[str, Any] = {
            "seat": player, "players": n, "phase": phase, "turn": self.actor(), "turns": self.turns,
            "started": self.started, "top_number": self.top,
            "starters": [v for v in range(1, self.top + 1) if self.starter[v]],
            "centre_variant": self.centre_kind, "enforce": "table" if self.table else "strict",
            "reserve_memory": "on" if self.memory else "off",
            "teams": partnership_teams(n) if self.options["partnership"] else None,
            "partners": self.partners[player] if player is not None else [],
            "game_piles": [{"top": g[-1] if g else None, "count": len(g)} for g in self.game_piles],
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "reserves": reserves, "centre": centre,
            "stack": len(self.stack), "stack_groups": (len(self.stack) + HAND - 1) // HAND,
            "removed": len(self.removed), "blocked": self.blocked(), "idle_turns": self.idle,
            "played_this_turn": self.played, "challenges": self.challenges,
            "challenge": None, "winners": list(self.winners), "end": self.end,
        }
        if self.responders:
            # Challenge: calls are secret until the window closes -- a viewer learns only
            # whether he himself is still to answer and whether he called, never who else did
            out["challenge"] = {"offender": self.offender, "action": PUBLIC[self.last_action],
                                "window": self.window, "game_pile_playable": self.neglect,
                                "to_answer": player in self.responders,
                                "called": player in self.challengers}
        return out

    def result(self) -> Result:
        n = self.players
        left = [len(g) for g in self.game_piles]
        if self.options["partnership"]:
            team_left = [sum(left[q] for q in range(n) if self.team_of[q] == t) for t in (0, 1)]
            left = [team_left[self.team_of[p]] for p in range(n)]
        scores = tuple(float(-c) for c in left)
        return Result(scores, tuple(self.winners), ranks_from_keys(list(scores)), self.over,
                      {"end": self.end, "turns": self.turns,
                       "game_pile_cards": [len(g) for g in self.game_piles]})
