"""Patience bots. ``greedy``: a fixed priority of moves (merge row piles while the pack
lasts, then the stock pile's top up or down, the turned-up card down then up, row
cards up - those that would leave a space last - and only then the stock pile or the
next card). ``lookahead``: for each distinct candidate move, plays the game out with the
greedy policy over sampled orders of the unseen pack cards and picks the move that
wins most often (determinized Monte Carlo over the visible layout; the pack order is
never seen)."""

from __future__ import annotations

from ...bots.base import Agent, number_param
from ..flinch_pack.cards import CARDS, series_pack, unseen_counts
from .state import DECODED, PatienceState, legal_moves

_CARD = CARDS.by_name
_PACK = series_pack(4, 10)

# Move classes, best first (lower is better). Measured (docs/rules/patience.md):
# merging row piles first (a merge draws a fresh pile from the pack, and a space left
# by a played-out pile is never refilled), building down before playing up, playing
# up last the row cards that would leave an empty space, and within a class the pile
# with the highest bottom card first.
MERGE, STOCK_UP, STOCK_ROW, CARD_ROW, CARD_UP, ROW_UP, ROW_UP_EMPTIES, CARD_STOCK, TURN, USELESS = range(10)
_CLASS: dict[str, int] = {"turn": TURN}
for _a, (_s, _i, _d, _k) in DECODED.items():
    if _s == "row" and _d == "row":
        _CLASS[_a] = MERGE
    elif _d == "up":
        _CLASS[_a] = {"stock": STOCK_UP, "row": ROW_UP, "card": CARD_UP}[_s]
    elif _d == "stock":
        _CLASS[_a] = CARD_STOCK
    else:
        _CLASS[_a] = STOCK_ROW if _s == "stock" else CARD_ROW


def greedy_move(rows: list[list[int]], pack_left: int, legal, keep_spaces: bool = False) -> str:
    """The first legal move of the best class, given the lower row and the pack size.

    ``keep_spaces`` (for ``strict=false``, where nothing is compulsory): while the pack
    lasts, never play up a lower pile's last card if any other move is possible - a
    space left empty is never refilled (measured: 36% -> 66% wins)."""
    best, rank, tie = legal[0], 99, 0
    get = _CLASS.__getitem__
    for a in legal:
        r = get(a)
        t = 0
        if r == MERGE:
            if not pack_left:
                r = USELESS  # with no pack left a merge only buries the target's top
            else:
                return a
        elif r == ROW_UP:
            pile = rows[DECODED[a][1]]
            if len(pile) == 1:
                r = USELESS if keep_spaces and pack_left else ROW_UP_EMPTIES
            else:
                t = -pile[0]  # up first from the pile with the highest bottom card
        elif r in (CARD_ROW, STOCK_ROW):
            t = -rows[DECODED[a][3]][0]  # down onto the pile with the highest bottom card
        if r < rank or (r == rank and t < tie):
            best, rank, tie = a, r, t
    return best


def layout(view: dict) -> tuple[int | None, list[int], list[list[int]], list[int]]:
    """The face-up layout of a view as card ints: (card, up tops, rows, stock pile)."""
    card = _CARD[view["card"]] if view["card"] is not None else None
    up = [_CARD[t] if t is not None else 0 for t in view["up"]]
    rows = [[_CARD[c] for c in r] for r in view["rows"]]
    return card, up, rows, [_CARD[c] for c in view["discard"]]


class GreedyPatience(Agent):
    """Priority play: 1s piles first, then down on the row, merges, then stock/turn."""

    name = "greedy"

    def act(self, view, legal):
        rows = [[_CARD[c] for c in r] for r in view["rows"]]
        return greedy_move(rows, view["draw_count"], legal, not view["options"]["strict"])


def _layout_key(st: PatienceState) -> tuple:
    """The position up to the symmetry of pile order (equal keys play out the same)."""
    return (tuple(sorted(st.up)), tuple(sorted(tuple(r) for r in st.rows)), tuple(st.stock), st.card)


def rollout(st: PatienceState) -> float:
    """Play ``st`` out with the greedy policy; score = cards on the 1s piles (+20 for a win)."""
    apply = st._apply
    strict, first = st.options["strict"], st.options["stock_first"]
    keep = not strict
    while True:
        legal = legal_moves(st.pack, st.card, st.up, st.rows, st.stock, strict, first)
        if not legal:
            break
        apply(0, greedy_move(st.rows, len(st.pack), legal, keep), None)
    up = sum(st.up)
    return up + 20.0 if up == 40 else float(up)


class LookaheadPatience(Agent):
    """Determinized Monte Carlo: each distinct candidate move is scored by greedy
    playouts over ``samples`` random orders of the unseen cards (the same orders for
    every candidate); the best average wins. ``samples`` trades speed for strength."""

    name = "lookahead"

    def __init__(self, samples: str | int = 32, value: str | None = None):
        if value is not None:  # lookahead:N
            samples = value
        self.samples = int(number_param(self.name, "samples", samples, int, 1, 10_000))

    def _state(self, face_up: tuple, pack: list[int]) -> PatienceState:
        """A playable state of the visible layout over a guessed ``pack`` order."""
        card, up, rows, stock = face_up
        st = PatienceState.__new__(PatienceState)
        st.game, st.players, st.options, st.rng, st.ply, st._legal = self.game, 1, dict(self.options), self.rng, 0, None
        st.pack, st.card, st.up = pack, card, list(up)
        st.rows, st.stock = [list(r) for r in rows], list(stock)
        return st

    @staticmethod
    def unseen(view: dict) -> list[int]:
        """The cards still in the pack (a multiset: the pack less every face-up card)."""
        card, up, rows, stock = layout(view)
        seen = [n for top in up for n in range(1, top + 1)] + [c for r in rows for c in r] + stock
        if card is not None:
            seen.append(card)
        counts = unseen_counts(_PACK, seen)
        return [n for n in range(1, 11) for _ in range(counts[n])]

    def act(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        face_up = layout(view)
        candidates: dict[tuple, str] = {}
        for a in legal:  # drop moves that lead to the same position up to pile order
            if a == "turn":
                key: tuple = ("turn",)
            else:
                st = self._state(face_up, [])
                st._apply(0, a, None)
                key = _layout_key(st)
            candidates.setdefault(key, a)
        moves = list(candidates.values())
        if len(moves) == 1:
            return moves[0]
        cards = self.unseen(view)
        totals = [0.0] * len(moves)
        rng = self.rng
        for _ in range(self.samples):
            order = cards[:]
            rng.shuffle(order)
            for m, a in enumerate(moves):
                st = self._state(face_up, order[:])
                st._apply(0, a, None)
                totals[m] += rollout(st)
        best = max(range(len(moves)), key=lambda m: (totals[m], -_CLASS[moves[m]]))
        return moves[best]
