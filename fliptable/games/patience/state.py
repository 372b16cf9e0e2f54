"""Patience (flinch.md "Patience"), for one player: a row of four face-up piles built
down, the 1s in an upper row built up to 10, the pack turned up one card at a time
once, a face-up stock pile for cards that cannot be played. Win by getting all forty
cards onto the 1 piles. Decisions are recorded in docs/rules/patience.md.

Notation (every action is one move; piles are numbered 1-4 from the left):
``turn`` turns up the next pack card; the turned-up card is ``card``, the stock pile's
top ``stock``, the lower-row piles ``row1``-``row4``, the upper (1s) piles ``up1``-``up4``.
A move is ``SOURCE>DEST``: ``card>up2``, ``card>row3``, ``card>stock``, ``stock>up1``,
``stock>row4``, ``row2>up3`` (top card of row 2 onto up pile 3), ``row1>row4`` (the whole
row-1 pile onto row 4; the space is filled from the pack).
"""
from __future__ import annotations

from typing import Any

from ...core import Event, Over, Result, State, Turn

SLOTS = range(4)
RULE = 'flinch.md "Patience"'
CARD_UP = tuple(f"card>up{k + 1}" for k in SLOTS)
CARD_ROW = tuple(f"card>row{k + 1}" for k in SLOTS)
STOCK_UP = tuple(f"stock>up{k + 1}" for k in SLOTS)
STOCK_ROW = tuple(f"stock>row{k + 1}" for k in SLOTS)
ROW_UP = tuple(tuple(f"row{i + 1}>up{k + 1}" for k in SLOTS) for i in SLOTS)
ROW_ROW = tuple(tuple(f"row{i + 1}>row{j + 1}" if i != j else "" for j in SLOTS) for i in SLOTS)
ACTIONS: tuple[str, ...] = (("turn", "card>stock") + CARD_UP + CARD_ROW + STOCK_UP + STOCK_ROW
                            + tuple(a for r in ROW_UP for a in r)
                            + tuple(a for r in ROW_ROW for a in r if a))


def _decode(action: str) -> tuple[str, int, str, int] | None:
    """``(source, i, dest, k)`` with 0-based pile indexes (-1 where none), or None."""
    src, sep, dst = action.partition(">")
    if not sep:
        return None
    out = []
    for part in (src, dst):
        if part in ("card", "stock"):
            out += [part, -1]
        elif part[:-1] in ("row", "up") and part[-1:] in "1234" and len(part) in (3, 4):
            out += [part[:-1], int(part[-1]) - 1]
        else:
            return None
    return out[0], out[1], out[2], out[3]


DECODED = {a: _decode(a) for a in ACTIONS if a != "turn"}


class PatienceState(State):
    """The layout: ``pack`` (top card last, order hidden), ``card`` (the turned-up card,
    0 if none), ``up`` (top number of each 1s pile, 0 = space: a 1s pile always holds
    1..top), ``rows`` (lower-row piles, bottom card first), ``stock`` (top last)."""

    __slots__ = ("pack", "card", "up", "rows", "stock", "moves", "_legal")

    # -- set-up ---------------------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        self.pack = deck[::-1]  # the top card (deck[0]) is popped first
        self.card, self.up, self.stock, self.moves = 0, [0, 0, 0, 0], [], 0
        self._legal = None
        # "lay down four cards in a row face up. If there are any 1's place them in a
        # separate row well above the first row." Decision: the spaces they leave are
        # filled from the pack (again moving up any 1s), so the row starts with four.
        self.rows = [[self.pack.pop()] for _ in SLOTS]
        for i in SLOTS:
            if self.rows[i][0] == 1:
                self._one_up(self.rows[i].pop(), None)
        for i in SLOTS:
            if not self.rows[i]:
                self._fill(i, None)

    def _one_up(self, card: int, events) -> None:
        k = self.up.index(0)  # four 1s, four spaces: there is always room
        self.up[k] = 1
        if events is not None:
            events.append(Event("one_up", {"to": f"up{k + 1}"}))

    def _fill(self, i: int, events) -> None:
        """Fill row space ``i`` with the next pack card (1s go up; then fill again)."""
        pack = self.pack
        while pack:
            c = pack.pop()
            if c == 1:
                self._one_up(c, events)
                continue
            self.rows[i].append(c)
            if events is not None:
                events.append(Event("fill", {"row": i + 1, "card": c, "pack": len(pack)}))
            return

    # -- serialisation ----------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        return {"pack": list(self.pack), "card": self.card, "up": list(self.up),
                "rows": [list(r) for r in self.rows], "stock": list(self.stock), "moves": self.moves}

    def _load(self, d: dict[str, Any]) -> None:
        self.pack, self.card, self.up = list(d["pack"]), d["card"], list(d["up"])
        self.rows, self.stock = [list(r) for r in d["rows"]], list(d["stock"])
        self.moves = d["moves"]
        self._legal = None

    def clone(self) -> "PatienceState":
        c = PatienceState.__new__(PatienceState)
        c.game, c.players, c.options = self.game, self.players, dict(self.options)
        r = type(self.rng)()
        r.setstate(self.rng.getstate())
        c.rng = r
        c.pack, c.card, c.up = self.pack[:], self.card, self.up[:]
        c.rows, c.stock, c.moves = [r[:] for r in self.rows], self.stock[:], self.moves
        c._legal = self._legal
        return c

    # -- legality ------------------------------------------------------------------------
    def _targets_up(self, v: int) -> list[int]:
        want = v - 1
        return [k for k in SLOTS if self.up[k] == want]

    def _targets_row(self, v: int) -> list[int]:
        want = v + 1
        return [k for k in SLOTS if self.rows[k] and self.rows[k][-1] == want]

    def _compute_legal(self) -> list[str]:
        up, rows = self.up, self.rows
        strict = self.options["strict"]
        acts: list[str] = []
        card = self.card
        if card:
            for k in SLOTS:
                if up[k] == card - 1:
                    acts.append(CARD_UP[k])
            for k in SLOTS:
                r = rows[k]
                if r and r[-1] == card + 1:
                    acts.append(CARD_ROW[k])
            if not (strict and acts):
                acts.append("card>stock")
        forced = 0
        if self.stock:
            s = self.stock[-1]
            for k in SLOTS:
                if up[k] == s - 1:
                    acts.append(STOCK_UP[k])
                    forced += 1
            for k in SLOTS:
                r = rows[k]
                if r and r[-1] == s + 1:
                    acts.append(STOCK_ROW[k])
                    forced += 1
        for i in SLOTS:
            r = rows[i]
            if r:
                want = r[-1] - 1
                for k in SLOTS:
                    if up[k] == want:
                        acts.append(ROW_UP[i][k])
                        forced += 1
        for i in SLOTS:
            r = rows[i]
            if r:
                bottom = r[0] + 1
                for j in SLOTS:
                    if j != i and rows[j] and rows[j][-1] == bottom:
                        acts.append(ROW_ROW[i][j])
        if not card and self.pack and not (strict and forced):
            acts.append("turn")
        return acts

    def legal_actions(self, player):
        if player != 0:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def decision(self):
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return Turn(0) if legal else Over()

    def why_illegal(self, player, action):
        strict = self.options["strict"]
        if action == "turn":
            if self.card:
                return f"{RULE}: turn up one card at a time - place the turned-up {self.card} first"
            if not self.pack:
                return f'{RULE}: "go through the pack only once" - the pack is used up'
            if strict:
                return (f'{RULE} (strict=true): "Play from the Stock Pile whenever possible. Likewise, play '
                        'from the piles in the lower row to the piles in the upper row whenever possible" '
                        "- make those plays before turning the next card")
            return None
        d = DECODED.get(action) or _decode(action)
        if d is not None and d[0] == "up":
            return f"{RULE}: cards on the 1s piles stay there; only the piles' order of play matters"
        if d is None:
            return ("write turn, or SOURCE>DEST with SOURCE card, stock or row1-row4 and DEST up1-up4, "
                    "row1-row4 (or stock, for the turned-up card), e.g. card>up2, stock>row1, row3>row1")
        src, i, dst, k = d
        if src == "card":
            if not self.card:
                return f"{RULE}: no card is turned up - write turn to turn up the next card"
            v = self.card
        elif src == "stock":
            if dst == "stock":
                return "the stock pile's top card cannot go back onto the stock pile"
            if not self.stock:
                return f"{RULE}: the stock pile is empty"
            v = self.stock[-1]
        else:
            if not self.rows[i]:
                return f"{RULE}: row{i + 1} is an empty space"
            v = self.rows[i][-1]
            if dst == "row":
                if i == k:
                    return "a pile cannot move onto itself"
                bottom = self.rows[i][0]
                if not self.rows[k]:
                    return f"{RULE}: row{k + 1} is an empty space; only the pack fills a space"
                return (f'{RULE}: "move one of the piles in the lower row onto another pile in the lower row '
                        f'if the sequence is right" - row{i + 1} starts with {bottom}, row{k + 1} ends with '
                        f"{self.rows[k][-1]}; it needs {self.rows[k][-1] - 1}")
            if dst == "stock":
                return f"{RULE}: only the turned-up card goes to the stock pile"
        if dst == "stock":
            return (f'{RULE} (strict=true): "If a card cannot be played in either row, place it face up and '
                    f'begin a Stock Pile" - the {v} can be played')
        if dst == "up":
            top = self.up[k]
            if top == 0:
                return f"{RULE}: up{k + 1} is a space for a 1 (the {v} builds up on a {v - 1})"
            if top == 10:
                return f"{RULE}: up{k + 1} is complete (1 to 10)"
            return f"{RULE}: build up on the 1s - up{k + 1} shows {top}, so it takes a {top + 1}, not a {v}"
        if not self.rows[k]:
            return f"{RULE}: row{k + 1} is an empty space; only the pack fills a space"
        top = self.rows[k][-1]
        return f"{RULE}: build down on the lower row - row{k + 1} shows {top}, so it takes a {top - 1}, not a {v}"

    # -- applying ------------------------------------------------------------------------
    def _apply(self, player, action, events):
        self._legal = None
        self.moves += 1
        if action == "turn":
            self.card = self.pack.pop()
            if events is not None:
                events.append(Event("turn", {"card": self.card, "pack": len(self.pack)}))
            return
        src, i, dst, k = DECODED[action]
        rows = self.rows
        if dst == "row" and src == "row":  # the whole pile moves; the space is refilled
            moved = rows[i]
            rows[k].extend(moved)
            rows[i] = []
            if events is not None:
                events.append(Event("move_pile", {"from": f"row{i + 1}", "to": f"row{k + 1}",
                                                  "cards": list(moved)}))
            self._fill(i, events)
            self._check_end(events)
            return
        if src == "card":
            v, self.card = self.card, 0
        elif src == "stock":
            v = self.stock.pop()
        else:
            v = rows[i].pop()
        if dst == "up":
            self.up[k] = v
        elif dst == "row":
            rows[k].append(v)
        else:
            self.stock.append(v)
        if events is not None:
            events.append(Event("move", {"card": v, "from": src if i < 0 else f"{src}{i + 1}",
                                         "to": dst if k < 0 else f"{dst}{k + 1}"}))
        if src == "row" and not rows[i] and self.options["spaces"] == "refill":
            # spaces=rulebook: a pile played out leaves its space empty (the rulebook
            # fills a space only after a pile move)
            self._fill(i, events)
        self._check_end(events)

    def _check_end(self, events) -> None:
        if events is not None and self.is_over():
            events.append(Event("over", {"won": self.won(), "up_cards": sum(self.up)}))

    # -- views and results -----------------------------------------------------------------
    def won(self) -> bool:
        return self.up == [10, 10, 10, 10]

    def view(self, player):
        return {"game": "patience", "players": 1, "seat": player, "turn": 0, "over": self.is_over(),
                "won": self.won(), "strict": self.options["strict"], "pack_count": len(self.pack),
                "card": self.card or None, "up": list(self.up), "rows": [list(r) for r in self.rows],
                "stock": list(self.stock), "moves": self.moves}

    def result(self) -> Result:
        up = sum(self.up)
        won = self.won()
        return Result((float(up),), (0,) if won else (), (1,), self.is_over(),
                      {"won": won, "up_cards": up})

    def all_cards(self) -> list[int]:
        out = list(self.pack) + list(self.stock)
        if self.card:
            out.append(self.card)
        for r in self.rows:
            out.extend(r)
        for top in self.up:
            out.extend(range(1, top + 1))
        return out
