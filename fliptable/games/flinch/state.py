"""FLINCH -- The Family Favorite (flinch.md), with its variations and the Partnership Game.

Layout: each player has a game pile (top face up), a hand of five and up to five reserve
piles; the stack is drawn five at a time; centre playing piles are built in sequence
and leave the table when finished. Decisions recorded in docs/rules/flinch.md "FLINCH".

Action notation (stable: logs depend on it)::

    play:SRC>TGT        SRC = game | handN (1-5) | resN (1-5) | game@S | resN@S (partner S's piles)
                        TGT = cK (centre pile K, 1-based, in table order) | new (start a pile)
    discard:handN>resM  end the turn: hand card N onto reserve pile M (1-5)
    pass                the opening pass, or end a turn with an empty hand nothing can refill
    challenge | decline answer a challenge window (enforce=table)
"""
from __future__ import annotations

import re
from bisect import insort
from typing import Any

from ...core import Event, Game, Option, OptionError, Over, Race, Result, Turn, ranks_from_keys, register
from ...core.game import State
from .cards import CARDS, series_pack

HAND = 5          # flinch.md "The Layout" b) hands of five
RESERVES = 5      # "The Layout" d) no more than five reserve piles
GAME_PILE = 10    # "The Layout" a) game piles of ten
MAX_SEATS = 6
MAX_PILES = 64    # notation tables cover any table; action_space uses the real bound

# -- notation tables (built once; actions are interned strings) -------------------------
#: source codes: 0 own game pile, 1-5 hand cards, 6-10 own reserves, 11+6*S+k partner S
#: (k=0 game pile, k=1..5 reserve k)
SRC_NAMES: list[str] = ["game"] + [f"hand{i}" for i in range(1, 6)] + [f"res{j}" for j in range(1, 6)]
for _s in range(MAX_SEATS):
    SRC_NAMES += [f"game@{_s}"] + [f"res{j}@{_s}" for j in range(1, 6)]
TGT_NAMES = ["new"] + [f"c{k}" for k in range(1, MAX_PILES + 1)]
PLAY = [[f"play:{s}>{t}" for t in TGT_NAMES] for s in SRC_NAMES]
DISCARD = [[f"discard:hand{i}>res{j}" for j in range(1, 6)] for i in range(1, 6)]
PASS, CHALLENGE, DECLINE = "pass", "challenge", "decline"
RACE_ACTIONS = (CHALLENGE, DECLINE)
#: DISCARD_ROWS[mask][i]: discards of hand card i to the reserve piles allowed by ``mask``
DISCARD_ROWS = [[[DISCARD[i][j] for j in range(5) if mask >> j & 1] for i in range(5)] for mask in range(32)]
#: DISCARDS[hand size][mask]: every discard of a hand of that size (no starters in it)
DISCARDS = [[[a for i in range(h) for a in DISCARD_ROWS[mask][i]] for mask in range(32)] for h in range(6)]
#: action -> ("play", src, tgt) | ("discard", i, j) | ("pass",) | ("challenge",) | ("decline",)
DECODE: dict[str, tuple] = {PASS: ("pass",), CHALLENGE: ("challenge",), DECLINE: ("decline",)}
for _c, _row in enumerate(PLAY):
    for _t, _a in enumerate(_row):
        DECODE[_a] = ("play", _c, _t)
for _i, _row in enumerate(DISCARD):
    for _j, _a in enumerate(_row):
        DECODE[_a] = ("discard", _i, _j)

#: action -> what the table sees of it: a hand card's place in the (sorted) hand would tell
#: opponents about the other cards, so ``handN`` shows as ``hand``
PUBLIC = {a: re.sub(r"hand\d", "hand", a) for a in DECODE}

NOTATION = """\
play:SRC>TGT         play a card to the centre. SRC is game (your game pile's top),
                     hand1..hand5 (your hand, in the order shown: ascending), res1..res5
                     (the top of your reserve pile), or in the partnership game game@S /
                     res1@S..res5@S (partner S's game pile / reserve pile). TGT is c1, c2, ...
                     (centre pile by its place on the table, left to right) or new (start a
                     pile with a 1; with centre=ones-and-tens also a 10 (15); with centre=fives a 5).
discard:handN>resM   end your turn: hand card N onto reserve pile M (1-5). While a reserve
                     pile is empty the discard must go to the first empty one.
pass                 the opening pass (nobody has started a pile yet and you cannot play),
                     or end a turn with an empty hand when nothing can be drawn.
challenge | decline  enforce=table: answer the challenge window after an opponent's play.
Aliases accepted when typing: h3 = hand3, r2 = res2, g = game, a bare number = centre pile."""


def _partnership_teams(players: int) -> list[list[int]]:
    """Partnership Game: teams alternate seats (2 v 2 partners sit opposite; 3 v 3 alternate)."""
    return [list(range(0, players, 2)), list(range(1, players, 2))]


def _check_table(players: int, options) -> None:
    if options.get("partnership") and players not in (4, 6):
        raise OptionError(f"partnership=true needs 4 or 6 players (2 v 2 or 3 v 3), not {players}")


def _top(options) -> int:
    return 15 if options["edition"] == 150 else 10


def _packs(players: int, options) -> int:
    packs = options["packs"]
    if packs == "auto":  # flinch.md "Players": 2 decks when 4 or more play
        return 2 if players >= 4 else 1
    return int(packs)


def _starter_values(options) -> tuple[int, ...]:
    centre, top = options["centre"], _top(options)
    if centre == "ones-and-tens":
        return (1, top)
    if centre == "fives":
        return (5,)
    return (1,)


_LIST_FIELDS = ("pile_low", "pile_high", "pile_build", "stack", "removed", "winners", "responders",
                "challengers")


class FlinchState(State):
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
        self.top = _top(o)
        self.starter = [False] * (self.top + 2)
        self.starters = _starter_values(o)
        for v in self.starters:
            self.starter[v] = True
        self.centre_kind = o["centre"]
        self.table = o["enforce"] == "table"
        self.memory = o["reserve_memory"] == "on"
        self.timeout = float(o["challenge_ms"])
        self._turn_of = [Turn(p) for p in range(n)]
        if o["partnership"]:
            teams = _partnership_teams(n)
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

    def _deviates(self, action: str) -> bool:
        """Whether ``action`` skips a play the rules require first (table mode only)."""
        if self._legal is None:
            self._gen()
        must = self._must
        return bool(must) and action not in must

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

    # -- challenge windows (enforce=table) ------------------------------------------------
    def _open_window(self, p, action, deviation, neglect, ends_turn, undo_slot, events) -> None:
        if self.over or not self.opponents[p]:
            if ends_turn:
                self._end_turn(events)
            return
        self.window += 1
        self.responders = list(self.opponents[p])
        self.challengers = []
        self.offender, self.deviation, self.neglect = p, deviation, neglect
        self.ends_turn, self.undo_slot, self.last_action = ends_turn, undo_slot, action
        if events is not None:
            events.append(Event("window", {"offender": p, "action": PUBLIC[action], "window": self.window,
                                           "game_pile_playable": neglect}))

    def _answer(self, player, kind, events) -> None:
        if player is None:      # the clock ran out: everyone still silent declines
            self.responders = []
            if events is not None:
                events.append(Event("window_closed", {"offender": self.offender, "window": self.window}))
        else:
            self.responders.remove(player)
            if kind == "challenge":
                self.challengers.append(player)
            if events is not None:
                # calls in one window are simultaneous and secret: only the caller sees who
                # answered and how, until the window closes ("challenge_resolved" names them)
                events.append(Event("answer", {"offender": self.offender, "window": self.window},
                                    {"player": player, "call": kind}, (player,)))
        if not self.responders:
            self._close_window(events)

    def _close_window(self, events) -> None:
        off, n = self.offender, self.players
        ends = self.ends_turn
        if self.challengers:
            # Challenge: "the caller nearest to the left of the challenged player receives the credit"
            caller = min(self.challengers, key=lambda c: (c - off) % n)
            right = self.deviation
            self.challenges += 1
            self.right_challenges += right
            giver, taker = (caller, off) if right else (off, caller)
            card = None
            if self.game_piles[giver]:
                card = self.game_piles[giver].pop()
                self.game_piles[taker].insert(0, card)   # to the bottom of the taker's pile
            if events is not None:
                events.append(Event("challenge_resolved", {
                    "challenger": caller, "callers": sorted(self.challengers, key=lambda c: (c - off) % n),
                    "offender": off, "right": right, "card": card, "from": giver, "to": taker}))
            self._clear_window()
            if card is not None and not self.game_piles[giver] and self._check_win(giver, events):
                return
            if right:
                # "A player successfully challenged ends his turn and does not discard"
                if self.undo_slot >= 0:
                    v = self.reserves[off][self.undo_slot].pop()
                    insort(self.hands[off], v)
                ends = True
        else:
            self._clear_window()
        if ends:
            self._end_turn(events)

    def _clear_window(self) -> None:
        self.responders, self.challengers = [], []

    # -- turn flow ----------------------------------------------------------------------
    def _check_win(self, p: int, events) -> bool:
        """To Win: the first to play out the game pile (the whole team's, partnership)."""
        team = [q for q in range(self.players) if self.team_of[q] == self.team_of[p]]
        if any(self.game_piles[q] for q in team):
            return False
        self.over, self.winners, self.end = True, team, "won"
        self._clear_window()
        if events is not None:
            events.append(Event("game_over", {"winners": team, "reason": "won"}))
        return True

    def _end_turn(self, events) -> None:
        n, p = self.players, self.turn
        self.turns += 1
        if not self.stack and not self.removed:
            # Standstill (docs): the stack cannot be renewed and no card reached the centre
            # for two whole rounds -> the game is blocked for good and drawn.
            self.idle = 0 if self.played else self.idle + 1
            if self.idle >= 2 * n:
                self.over, self.winners, self.end = True, [], "blocked"
                if events is not None:
                    events.append(Event("game_over", {"winners": [], "reason": "blocked"}))
                return
        else:
            self.idle = 0
        self.played = False
        if not self.started and self.passes >= n and not self._anyone_has_starter():
            self._laydown(events)
            return
        nxt = (p + 1) % n
        self.turn = nxt
        if events is not None:
            events.append(Event("turn", {"player": nxt}))
        if not self.hands[nxt]:
            self._draw(nxt, events)

    def _anyone_has_starter(self) -> bool:
        s = self.starter
        for p in range(self.players):
            if any(s[v] for v in self.hands[p]):
                return True
            pile = self.game_piles[p]
            if pile and s[pile[-1]]:
                return True
        return False

    def _laydown(self, events) -> None:
        """The Play: nobody has a 1 -- whole hands to the reserves, each draws a new hand."""
        self.laydowns += 1
        self.passes = 0
        if events is not None:
            events.append(Event("laydown", {"round": self.laydowns}))
        if self.laydowns == 1:
            # the first time each card starts its own reserve pile (placement is forced)
            for q in range(self.players):
                hand = self.hands[q]
                for i, v in enumerate(hand):
                    self.reserves[q][i].append(v)
                    if events is not None:
                        events.append(Event("discard", {"player": q, "card": v, "reserve": i + 1,
                                                        "laydown": True}))
                self.hands[q] = []
                self._draw(q, events)
            self._resume(events)
        else:
            # "since all five piles have now been started, they may distribute them as they wish"
            self._next_layer(0, events)

    def _next_layer(self, q: int, events) -> None:
        while q < self.players:
            if self.hands[q]:
                self.laying = q
                return
            self._draw(q, events)
            q += 1
        self.laying = -1
        self._resume(events)

    def _resume(self, events) -> None:
        self.turn = 0   # play restarts with the player to the dealer's left
        if events is not None:
            events.append(Event("turn", {"player": 0}))
        if not self.hands[0]:
            self._draw(0, events)

    def _draw(self, p: int, events) -> None:
        """Draw up to five from the stack; finished piles are shuffled into a new stack when it is out."""
        hand = self.hands[p]
        got = 0
        while len(hand) < HAND:
            if not self.stack:
                if not self.removed:
                    break
                # "the removed cards are shuffled and dealt out again to continue the game"
                self.stack, self.removed = self.removed, []
                self.rng.shuffle(self.stack)
                self.restocks += 1
                if events is not None:
                    events.append(Event("restock", {"cards": len(self.stack)}))
            hand.append(self.stack.pop())
            got += 1
        if got:
            hand.sort()
            if events is not None:
                events.append(Event("draw", {"player": p, "count": got, "stack": len(self.stack)},
                                    {"hand": list(hand)}, (p,)))

    # -- why an action is illegal -----------------------------------------------------
    def why_illegal(self, player, action):
        from .flinch_explain import explain
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
            "teams": _partnership_teams(n) if self.options["partnership"] else None,
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


class Flinch(Game):
    """FLINCH -- The Family Favorite."""

    id = "flinch"
    title = "FLINCH"
    summary = "Play out your game pile onto centre piles built 1 to 10 (flinch.md)."
    min_players, max_players, default_players = 1, 6, 2
    default_bot = "greedy"
    rules_version = "1"
    options = (
        Option("packs", "choice", "auto", "packs of cards: auto = 2 with 4 or more players, else 1",
               choices=("auto", 1, 2)),
        Option("edition", "choice", 110, "110 = 11 series of 1-10 (the rulebook); 150 = 10 series of 1-15",
               choices=(110, 150)),
        Option("enforce", "choice", "strict", "strict: the engine forbids skipping the game pile or keeping "
               "a 1; table: allowed, and opponents may challenge", choices=("strict", "table")),
        Option("centre", "choice", "ones", "centre piles start on 1s; on 1s and 10s (up and down); "
               "or on 5s (both ways)", choices=("ones", "ones-and-tens", "fives")),
        Option("partnership", "bool", False, "the Partnership Game (4 or 6 players, partners alternate seats)"),
        Option("reserve_memory", "choice", "on", "on: nobody sees below a reserve pile's top; "
               "off: owners see their whole reserve piles", choices=("on", "off")),
        Option("challenge_ms", "float", 3000.0, "length of a challenge window (enforce=table), ms", min=1),
    )
    cards = CARDS
    notation = NOTATION
    state_class = FlinchState

    def deck(self, players, options):
        _check_table(players, options)
        series = 10 if options["edition"] == 150 else 11
        return series_pack(series, _top(options), _packs(players, options))

    def max_piles(self, players, options) -> int:
        """At most one centre pile per starter card in the deck."""
        per_pack = 10 if options["edition"] == 150 else 11
        return per_pack * _packs(players, options) * len(_starter_values(options))

    def action_space(self, players, options):
        _check_table(players, options)
        piles = self.max_piles(players, options)
        out = [PASS, CHALLENGE, DECLINE]
        out += [a for row in DISCARD for a in row]
        codes = list(range(11))
        if options["partnership"]:
            for s in range(players):
                codes += range(11 + 6 * s, 17 + 6 * s)
        for c in codes:
            # a reserve card never starts a pile (starters never reach a reserve)
            is_reserve = 6 <= c <= 10 or (c >= 11 and (c - 11) % 6 != 0)
            out += PLAY[c][1 if is_reserve else 0:piles + 1]
        return tuple(out)

    def parse_action(self, text):
        from .flinch_explain import normalise
        return normalise(super().parse_action(text))

    def bots(self):
        from .flinch_bots import GreedyAgent
        return {"greedy": GreedyAgent}

    def stats(self, state):
        out = {"turns": float(state.turns), "draws": float(state.end == "blocked"),
               "table_games": float(state.table), "challenges": float(state.challenges),
               "right_challenges": float(state.right_challenges), "restocks": float(state.restocks)}
        for p in range(state.players):
            out[f"win_seat_{p}"] = float(p in state.winners)
        return out

    def summarize_stats(self, totals, games, players):
        g = max(games, 1)
        out: dict[str, Any] = {
            "mean_turns": totals.get("turns", 0.0) / g,
            "win_rate_by_seat": [totals.get(f"win_seat_{p}", 0.0) / g for p in range(players)],
            "draw_rate": totals.get("draws", 0.0) / g,
            "restocks_per_game": totals.get("restocks", 0.0) / g,
        }
        if totals.get("table_games"):
            tg = totals["table_games"]
            out["challenges_per_game"] = totals.get("challenges", 0.0) / tg
            out["right_challenges_per_game"] = totals.get("right_challenges", 0.0) / tg
        return out


FLINCH = register(Flinch())
