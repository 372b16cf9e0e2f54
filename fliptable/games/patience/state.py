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

from typing import ClassVar

from ...core import Event, Over, Result, State, Turn
from ..flinch_pack.cards import CARDS

SLOTS = range(4)
RULE = "Patience rules"
CARD_UP = tuple(f"card>up{k + 1}" for k in SLOTS)
CARD_ROW = tuple(f"card>row{k + 1}" for k in SLOTS)
STOCK_UP = tuple(f"stock>up{k + 1}" for k in SLOTS)
STOCK_ROW = tuple(f"stock>row{k + 1}" for k in SLOTS)
ROW_UP = tuple(tuple(f"row{i + 1}>up{k + 1}" for k in SLOTS) for i in SLOTS)
ROW_ROW = tuple(tuple(f"row{i + 1}>row{j + 1}" if i != j else "" for j in SLOTS) for i in SLOTS)
ACTIONS: tuple[str, ...] = (
    "turn",
    "card>stock",
    *CARD_UP,
    *CARD_ROW,
    *STOCK_UP,
    *STOCK_ROW,
    *(a for r in ROW_UP for a in r),
    *(a for r in ROW_ROW for a in r if a),
)
#: a bound on the actions of one game (docs/rules/patience.md "The end"): each of the
#: forty cards is turned up once, leaves the turned-up place once, leaves the stock pile
#: once and goes up once; a pile move either draws a pack card or empties a space for good
MAX_DECISIONS = 5 * 40 + 4
NAMES = CARDS.names
_TURN = Turn(0)
_OVER = Over()


def _decode(action: str) -> tuple[str, int, str, int] | None:
    """``(source, i, dest, k)`` with 0-based pile indexes (-1 where none), or None."""
    src, sep, dst = action.partition(">")
    if not sep:
        return None
    out: list = []
    for part in (src, dst):
        if part in ("card", "stock"):
            out += [part, -1]
        elif part[:-1] in ("row", "up") and part[-1:] in ("1", "2", "3", "4") and len(part) in (3, 4):
            out += [part[:-1], int(part[-1]) - 1]
        else:
            return None
    return out[0], out[1], out[2], out[3]


#: every pile move, decoded (every action but "turn" decodes)
DECODED: dict[str, tuple[str, int, str, int]] = {}
for _action in ACTIONS:
    _move = _decode(_action)
    if _move is not None:
        DECODED[_action] = _move


def a_card(n: int) -> str:
    """ "a 7", "an 8"."""
    return f"an {n}" if n == 8 else f"a {n}"


def legal_moves(
    pack: list[int],
    card: int | None,
    up: list[int],
    rows: list[list[int]],
    stock: list[int],
    strict: bool,
    stock_first: bool = True,
) -> list[str]:
    """Every legal move of a layout, in action-space order within each kind (the bots'
    playouts call this directly)."""
    acts: list[str] = []
    forced = 0  # plays the rulebook says to make "whenever possible"
    stock_playable = False
    if stock:
        s = stock[-1]
        for k in SLOTS:
            if up[k] == s - 1:
                stock_playable = True
                break
        else:
            for k in SLOTS:
                r = rows[k]
                if r and r[-1] == s + 1:
                    stock_playable = True
                    break
    if card:
        acts += [CARD_UP[k] for k in SLOTS if up[k] == card - 1]
        for k in SLOTS:
            r = rows[k]
            if r and r[-1] == card + 1:
                acts.append(CARD_ROW[k])
        # strict: only an unplayable card starts or goes on the stock pile, and (with
        # stock_first) never over a stock card that could be played ("Play from the
        # Stock Pile whenever possible")
        if not (strict and (acts or (stock_first and stock_playable))):
            acts.append("card>stock")
    if stock:
        s = stock[-1]
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
            onto = r[0] + 1  # the pile's bottom card goes on a top one higher
            acts += [ROW_ROW[i][j] for j in SLOTS if j != i and rows[j] and rows[j][-1] == onto]
    if not card and pack and not (strict and forced):
        acts.append("turn")
    return acts


class PatienceState(State):
    """The layout: ``pack`` (top card last, order hidden), ``card`` (the turned-up card),
    ``up`` (top number of each 1s pile, 0 = space: a 1s pile always holds 1..top),
    ``rows`` (lower-row piles, bottom card first), ``stock`` (the stock pile, top last)."""

    FIELDS: ClassVar[dict[str, str]] = {
        "pack": "cards",  # top card last; its order is hidden
        "card": "card?",  # the turned-up card, None when none waits
        "up": "ints",  # the top number of each 1s pile (0: an empty space)
        "rows": "piles",  # the lower row, each pile bottom card first
        "stock": "cards",  # the stock pile, bottom first
    }
    DERIVED: ClassVar[dict[str, str]] = {"_legal": "ref"}  # the legal moves' tuple, None until asked for
    __slots__ = tuple(FIELDS) + tuple(DERIVED)

    # FIELDS and DERIVED again, typed for mypy: an annotation without a value makes no
    # class attribute, so the slots above are unchanged (tests/test_fields_typed.py keeps
    # the two lists naming the same attributes, of types that fit their kinds)
    pack: list[int]
    card: int | None
    up: list[int]
    rows: list[list[int]]
    stock: list[int]
    _legal: tuple[str, ...] | None

    # -- set-up ---------------------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        self._legal = None
        self.pack = deck[::-1]  # the top card (deck[0]) is popped first
        self.card, self.up, self.stock = None, [0, 0, 0, 0], []
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

    def _derive(self) -> None:
        self._legal = None

    def _check(self) -> None:
        if len(self.up) != 4 or any(not 0 <= t <= 10 for t in self.up):
            raise ValueError("up must hold four 1s-pile tops, each 0 (a space) to 10")
        if len(self.rows) != 4:
            raise ValueError("the lower row has four places")
        for i, r in enumerate(self.rows):
            if any(r[j + 1] != r[j] - 1 for j in range(len(r) - 1)):
                raise ValueError(f"row{i + 1} is not built down one at a time")
            if any(not 1 <= c <= 10 for c in r):
                raise ValueError(f"row{i + 1} holds a card outside 1-10")
        if self.card is not None and not 1 <= self.card <= 10:
            raise ValueError("the turned-up card must be 1-10")
        if self.options["spaces"] == "refill" and self.pack and not all(self.rows):
            raise ValueError("spaces=refill fills every space while the pack lasts")

    # -- dealing helpers -------------------------------------------------------------
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
                events.append(Event("fill", {"row": i + 1, "card": NAMES[c], "pack": len(pack)}))
            return

    # -- the contract ----------------------------------------------------------------------
    def _moves(self) -> tuple[str, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(
                legal_moves(
                    self.pack,
                    self.card,
                    self.up,
                    self.rows,
                    self.stock,
                    self.options["strict"],
                    self.options["stock_first"],
                )
            )
        return legal

    def _legal_actions(self, player):
        return self._moves() if player == 0 else ()

    def decision(self):
        return _TURN if self._moves() else _OVER

    def hidden_slots(self, player):
        """Only the pack's order is hidden (its composition is known: what is not face up)."""
        return [(self.pack, i) for i in range(len(self.pack))]

    def _redeal(self, player, rng):
        rng.shuffle(self.pack)
        self._legal = None

    def _illegal_reason(self, player, action):
        strict = self.options["strict"]
        if action == "turn":
            if self.card:
                return f"{RULE}: turn up one card at a time - place the turned-up {self.card} first"
            if not self.pack:
                return f'{RULE}: "go through the pack only once" - the pack is used up'
            return (
                f'{RULE} (strict=true): "Play from the Stock Pile whenever possible. Likewise, play '
                'from the piles in the lower row to the piles in the upper row whenever possible" '
                "- make those plays before turning the next card"
            )
        d = DECODED.get(action) or _decode(action)
        if d is not None and d[0] == "up":
            return f"{RULE}: cards on the 1s piles stay there; only the piles' order of play matters"
        if d is None:
            return (
                "write turn, or SOURCE>DEST with SOURCE card, stock or row1-row4 and DEST up1-up4, "
                "row1-row4 (or stock, for the turned-up card), e.g. card>up2, stock>row1, row3>row1"
            )
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
                # same shape as the build-down explanation below on purpose: each move quotes its own rule
                if not self.rows[k]:
                    return f"{RULE}: row{k + 1} is an empty space; only the pack fills a space"
                top = self.rows[k][-1]
                if top == 1:
                    return f"{RULE}: row{k + 1} shows a 1; no pile goes on it"
                return (
                    f'{RULE}: "move one of the piles in the lower row onto another pile in the lower row '
                    f'if the sequence is right" - the row{i + 1} pile has {bottom} at its bottom; '
                    f"row{k + 1} shows {top}, so only a pile with {top - 1} at its bottom may go on it"
                )
            if dst == "stock":
                return f"{RULE}: only the turned-up card goes to the stock pile"
        if dst == "stock":
            if strict and self._playable(v):
                return (
                    f'{RULE} (strict=true): "If a card cannot be played in either row, place it face up '
                    f'and begin a Stock Pile" - the {v} can be played'
                )
            s = self.stock[-1]
            return (
                f'{RULE} (strict=true): "Play from the Stock Pile whenever possible" - the stock pile\'s '
                f"{s} can be played; the turned-up {v} would cover it"
            )
        if dst == "up":
            top = self.up[k]
            if top == 0:
                return f"{RULE}: up{k + 1} is a space for a 1 (the {v} builds up on {a_card(v - 1)})"
            if top == 10:
                return f"{RULE}: up{k + 1} is complete (1 to 10)"
            return f"{RULE}: build up on the 1s - up{k + 1} shows {top}, so it takes {a_card(top + 1)}, not {a_card(v)}"
        # same shape as the pile-move explanation above on purpose: each move quotes its own rule
        if not self.rows[k]:
            return f"{RULE}: row{k + 1} is an empty space; only the pack fills a space"
        top = self.rows[k][-1]
        if top == 1:
            return f"{RULE}: row{k + 1} shows a 1; nothing builds down on it"
        return (
            f"{RULE}: build down on the lower row - row{k + 1} shows {top}, so it takes "
            f"{a_card(top - 1)}, not {a_card(v)}"
        )

    def _playable(self, v: int) -> bool:
        return any(t == v - 1 for t in self.up) or any(r and r[-1] == v + 1 for r in self.rows)

    # -- applying ------------------------------------------------------------------------
    def _apply(self, player, action, events):
        self._legal = None
        if action == "turn":
            self.card = self.pack.pop()
            if events is not None:
                events.append(Event("turn", {"card": NAMES[self.card], "pack": len(self.pack)}))
            return
        src, i, dst, k = DECODED[action]
        rows = self.rows
        if dst == "row" and src == "row":  # the whole pile moves; the space is refilled
            moved = rows[i]
            rows[k].extend(moved)
            rows[i] = []
            if events is not None:
                events.append(
                    Event("move_pile", {"from": f"row{i + 1}", "to": f"row{k + 1}", "cards": [NAMES[c] for c in moved]})
                )
            self._fill(i, events)
            self._check_end(events)
            return
        if src == "card":
            v, self.card = self.card, None
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
            events.append(
                Event(
                    "move",
                    {
                        "card": NAMES[v],
                        "from": src if i < 0 else f"{src}{i + 1}",
                        "to": dst if k < 0 else f"{dst}{k + 1}",
                    },
                )
            )
        if src == "row" and not rows[i] and self.options["spaces"] == "refill":
            # spaces=rulebook: a pile played out leaves its space empty (the rulebook
            # fills a space only after a pile move)
            self._fill(i, events)
        self._check_end(events)

    def _check_end(self, events) -> None:
        if events is not None and not self._moves():
            events.append(Event("over", {"won": self.won(), "up_cards": sum(self.up)}))

    # -- views and results -----------------------------------------------------------------
    def won(self) -> bool:
        return self.up == [10, 10, 10, 10]

    def _view(self, player):
        """Everything is face up but the pack, of which only the size is shown."""
        over = not self._moves()
        won = self.won()
        return {
            "game": "patience",
            "players": 1,
            "seat": player,
            "turn": None if over else 0,
            "over": over,
            "won": won,
            "winners": [0] if over and won else [],
            "scores": [sum(self.up)],
            "options": dict(self.options),
            "moves": self.ply,
            "draw_count": len(self.pack),
            "card": None if self.card is None else NAMES[self.card],
            "up": [NAMES[t] if t else None for t in self.up],
            "rows": [[NAMES[c] for c in r] for r in self.rows],
            "discard": [NAMES[c] for c in self.stock],
        }

    def result(self) -> Result:
        up = sum(self.up)
        won = self.won()
        over = not self._moves()
        return Result((float(up),), (0,) if won and over else (), (1,), over, {"won": won, "up_cards": up})

    def all_cards(self) -> list[int]:
        out = list(self.pack) + list(self.stock)
        if self.card:
            out.append(self.card)
        for r in self.rows:
            out.extend(r)
        for top in self.up:
            out.extend(range(1, top + 1))
        return out
