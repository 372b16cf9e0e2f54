"""FLINCH's fast path for the RL adapters (``ENCODER``, found by ``core.schema.game_module``;
only the adapters import it, and it needs NumPy): a seat's observation written from the
state's fields without building the JSON view, equal to the generic encoding of the view
(``tests/adapters/test_direct.py``). Kept because it measured at least 1.3x the generic
path on the same replayed games (issue 24)."""

from __future__ import annotations

import numpy as np

from fliptable.adapters.direct.base import COMPILED, DirectEncoder, faces_are_ints, keep_block, pile_writer, plain

from ..flinch_pack.cards import NAMES
from .layout import BUILD_NAMES, RESERVES

#: the view's keys that are small values of the state (``View._view``), compared
#: all at once and written one by one when they changed
_SMALL = (
    "phase",
    "turn",
    "turns",
    "started",
    "draw_count",
    "stack_groups",
    "removed",
    "stack_exhausted",
    "blocked",
    "idle_turns",
    "played_this_turn",
    "challenges",
    "challenge",
    "over",
    "winners",
    "end",
    "hand_counts",
)
#: how a small key is written: a plain number, a bool, a per-seat list of numbers, else its differ
_NUM, _BOOL, _NUMS, _DIFF = "num", "bool", "nums", "diff"


class FlinchDirect(DirectEncoder):
    """FLINCH (``View._view``), written from the state's fields. The parts that
    repeat are encoded once per table and copied as blocks: the hand (by its cards), each
    game pile (count, top), each reserve pile (its pile number, count and top, or its cards
    where the owner sees them) and each centre entry (pile number, low, high, build); a
    centre entry or reserve pile is rewritten only where it changed, the hand and game piles
    only when they changed. The other keys are built as the view builds them, compared all
    at once with those written last, and the changed ones written (plain numbers, bools and
    per-seat numbers here, the rest by their compiled differs). A layout whose hand, centre
    or reserves are not of the kind seen at two or more seats (a one-seat table) is not
    fit: generic path."""

    #: the view's keys: the fixed facts, the parts written as blocks, and the small ones
    KEYS = frozenset(
        {
            "seat",
            "players",
            "dealer",
            "top_number",
            "starters",
            "centre_variant",
            "enforce",
            "reserve_memory",
            "teams",
            "partners",
            "scores",
            "game_piles",
            "reserves",
            "centre",
            "hand",
            *_SMALL,
        }
    )

    # each fast observer's fit() opens alike on purpose: one per game, checked by its own layout
    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        hand, centre, reserves = ch.get("hand"), ch.get("centre"), ch.get("reserves")
        if not (plain(hand, "cards") and plain(centre, "seq") and plain(reserves, "perseat")):
            return None
        if not faces_are_ints(observer, NAMES):
            return None
        return super().fit(observer, players)

    @staticmethod
    def differing(a, b):
        """The indices ``i`` of ``zip(a, b)``'s pairs where ``a[i] != b[i]`` (compiled: ``_writers.differing``)."""
        return [i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]

    def __init__(self, observer, players):
        super().__init__(observer, players)
        if COMPILED is not None:
            self.differing = COMPILED.differing
        self.NAMES, self.BUILD_NAMES, self.RESERVES = NAMES, BUILD_NAMES, RESERVES
        names = observer.names
        ch = observer.root.children
        hand = ch["hand"]
        self.hand = (hand.offset, hand.width, pile_writer(hand, observer.copies, observer.decksize))
        # hand (as a tuple) -> its encoded block (a memoryview: copied at a quarter of NumPy's cost), per table
        self.hand_blocks: dict[tuple, memoryview] = observer.__dict__.setdefault("_flinch_hand_blocks", {})
        # the game piles, seat by seat when a per-seat list: (count, top) -> the entry's block
        gp = ch.get("game_piles")
        self.game_piles = None
        if gp is not None and gp.kinds == ["perseat"] and not gp.flag_types:
            self.game_piles = (
                gp.offset,
                gp.item.width,
                gp.item.compile(names),
                observer.__dict__.setdefault("_flinch_game_pile_blocks", {}),
            )
        centre = ch["centre"]
        item = centre.item
        self.centre_at, self.centre_w = centre.offset, item.width
        self.window, self.len_scale = centre.window, float(centre.len_scale)
        self.centre_item = item.compile(names)
        self.small = [self._small_writer(ch[k]) if k in self.fns else None for k in _SMALL]
        # (entry, viewer) -> its encoded block, shared by every game of this table
        self.blocks: dict[tuple, memoryview] = observer.__dict__.setdefault("_flinch_centre_blocks", {})
        reserves = ch["reserves"]
        row = reserves.item
        self.reserves_at, self.reserves_w = reserves.offset, row.width
        self.row_fn = row.compile(names)
        # a row of five piles (a fixed list): written pile by pile, (encoder, offset, width) each
        self.piles = None
        if row.kinds == ["fixed"] and not row.flag_types and len(row.index_items) == RESERVES:
            self.piles = [(c.compile(names), c.offset - row.offset, c.width) for c in row.index_items]
            # per viewer, per reserve pile i (seat i // 5): (k, where its block goes, whether
            # the viewer owns it), computed once rather than at every write
            self.places = [self._places(seat) for seat in range(players)]
        # (reserve pile k, its count and top | its cards) -> its encoded block, per table (no
        # seat in a pile's entry)
        self.pile_blocks: dict[tuple, memoryview] = observer.__dict__.setdefault("_flinch_pile_blocks", {})

    def _places(self, seat: int) -> list[tuple[int, int, bool]]:
        """Per reserve pile ``i`` (``state.reserves``' index): its number k at its seat, the
        offset of its block in ``seat``'s vector (rows from the viewer's), and whether ``seat`` owns it."""
        n, R = self.players, self.RESERVES
        assert self.piles is not None  # (only built for rows written pile by pile)
        return [
            (i % R, self.reserves_at + ((i // R - seat) % n) * self.reserves_w + self.piles[i % R][1], i // R == seat)
            for i in range(n * R)
        ]

    def _small_writer(self, node):
        """(code, offset, scale or differ) for a small key: a plain number, bool or per-seat
        list of numbers is written here; any other through its compiled differ."""
        got = self.fns[node.key]
        if not node.flag_types and node.kinds == ["num"]:
            return (_NUM, node.offset, float(node.scale))
        if not node.flag_types and node.kinds == ["bool"]:
            return (_BOOL, node.offset, None)
        if (
            not node.flag_types
            and node.kinds == ["perseat"]
            and node.item.kinds == ["num"]
            and not node.item.flag_types
        ):
            return (_NUMS, node.offset, float(node.item.scale))
        return (_DIFF, got[2], got[1])

    def write(self, state, seat, out, memo):
        n = self.players
        put = self.put
        mv = self.items[seat]  # ``out``'s memory: one float, or a block, at a time
        if "seat" not in memo:  # the same all game long
            NAMES = self.NAMES
            cfg = state.cfg
            put("seat", seat, out, seat, memo)
            put("players", n, out, seat, memo)
            put("dealer", n - 1, out, seat, memo)
            put("top_number", cfg.top, out, seat, memo)
            put("starters", [NAMES[c] for c in cfg.starters], out, seat, memo)
            put("centre_variant", cfg.centre_kind, out, seat, memo)
            put("enforce", "table" if cfg.table else "strict", out, seat, memo)
            put("reserve_memory", "on" if cfg.memory else "off", out, seat, memo)
            put("teams", [list(t) for t in cfg.teams] if cfg.partnership else None, out, seat, memo)
            put("partners", list(cfg.partners[seat]), out, seat, memo)
        over = state.over
        laying = state.laying
        stack, removed = state.stack, state.removed
        challenge = None
        if state.offender >= 0:
            cfg = state.cfg
            challenge = {
                "offender": state.offender,
                "action": state.offence,
                "window": state.window,
                "game_pile_playable": state.neglect,
            }
            if cfg.window:
                challenge["to_answer"] = seat in state.racing
                challenge["called"] = seat in state.callers
        stack_out = not stack and not removed
        small = (
            # state.phase_name(), inline
            "over" if over else ("laydown" if laying >= 0 else ("play" if state.started else "opening")),
            None if over else (laying if laying >= 0 else state.turn),
            state.turns,
            state.started,
            len(stack),
            (len(stack) + 4) // 5,
            len(removed),
            stack_out,
            stack_out and state.idle >= n,
            state.idle,
            state.played,
            state.challenges,
            challenge,
            over,
            list(state.winners),
            state.end,
            list(map(len, state.hands)),
        )
        last = memo.get("small")
        if last is None:
            for k, v in zip(_SMALL, small, strict=True):
                put(k, v, out, seat, memo)
            memo["small"] = small
        elif last != small:
            # the changed keys written (``put``'s work without its own memo: ``small`` is the
            # memo of these keys; no key here takes both a bool and an int, which compare equal)
            writers = self.small
            for i in self.differing(small, last):
                w = writers[i]
                if w is None:
                    continue
                code, b, x = w
                v = small[i]
                if code is _NUM:  # the compiled "num" encoder's value
                    v = v / x
                    mv[b] = 1.0 if v > 1.0 else (-1.0 if v < -1.0 else v)
                elif code is _BOOL:
                    mv[b] = 1.0 if v is True else 0.0
                elif code is _NUMS:  # per seat, the viewer's first
                    for rel in range(n):
                        y = v[(seat + rel) % n] / x
                        mv[b + rel] = 1.0 if y > 1.0 else (-1.0 if y < -1.0 else y)
                else:
                    x(v, last[i], out, b, seat)
            memo["small"] = small
        # the game piles (and the scores: minus the cards left in them)
        gp = state.game_piles
        if memo.get("game_piles:src") != gp:
            memo["game_piles:src"] = [g[:] for g in gp]
            NAMES = self.NAMES
            # the view's scores (``state._scores()``): minus each seat's game pile, or its team's
            scores = [int(s) for s in state._scores()] if state.cfg.partnership else [-len(g) for g in gp]
            put("scores", scores, out, seat, memo)
            if self.game_piles is None:
                put("game_piles", [{"top": NAMES[g[-1]] if g else None, "count": len(g)} for g in gp], out, seat, memo)
            else:
                at, w, fn, blocks = self.game_piles
                for rel in range(n):
                    g = gp[(seat + rel) % n]
                    key = (len(g), g[-1] if g else 0, seat)
                    block = blocks.get(key)
                    if block is None:
                        block = np.zeros(w, dtype=np.float32)
                        fn({"top": NAMES[g[-1]] if g else None, "count": len(g)}, block, 0, seat)
                        block = keep_block(blocks, key, block)
                    mv[at + rel * w : at + (rel + 1) * w] = block
        # the hand, counted from the card ints (ascending: its last card is the highest)
        hand = state.hands[seat]
        if memo.get("hand:src") != hand:
            key = tuple(hand)
            blocks = self.hand_blocks
            block = blocks.get(key)
            at, width, write = self.hand
            if block is None:
                block = np.zeros(width, dtype=np.float32)
                write(hand, block, 0)
                block = keep_block(blocks, key, block)
            mv[at : at + width] = block
            memo["hand:src"] = hand[:]
        self._centre(state, seat, out, mv, memo)
        self._reserves(state, seat, out, mv, memo)

    def _centre(self, state, seat, out, mv, memo) -> None:
        """The centre's sequence encoding (``Node`` kind ``seq``): its length, then its last
        ``window`` piles, a block rewritten only when its pile changed."""
        lows, highs, builds = state.pile_low, state.pile_high, state.pile_build
        src = (lows, highs, builds)
        last = memo.get("centre:src")
        if last == src:
            return
        memo["centre:src"] = (lows[:], highs[:], builds[:])
        m = len(lows)
        window, w, at = self.window, self.centre_w, self.centre_at
        lo = at + 1
        if last is not None and m == len(last[0]) and m <= window:
            # the same piles in the same places (a card played on one): only the entries
            # whose run changed are rewritten, found by the compiled differ
            differing = self.differing
            changed = differing(lows, last[0]) + differing(highs, last[1]) + differing(builds, last[2])
            written = memo["centre"]
            blocks = self.blocks
            for j in changed:
                key = (j + 1, lows[j], highs[j], builds[j], seat)
                if written[j] != key:
                    written[j] = key
                    block = blocks.get(key)
                    if block is None:
                        block = self._block(key, state.cfg.takes)
                    mv[lo + j * w : lo + (j + 1) * w] = block
            return
        written = memo.get("centre")
        if written is None:
            written = memo["centre"] = [None] * window
            out[at : at + 1 + window * w] = 0.0
        t = min(m, window)
        first = m - t
        for i in range(t):
            j = first + i
            key = (j + 1, lows[j], highs[j], builds[j], seat)
            if written[i] != key:
                written[i] = key
                block = self.blocks.get(key)
                if block is None:
                    block = self._block(key, state.cfg.takes)
                mv[lo + i * w : lo + (i + 1) * w] = block
        for i in range(t, window):
            if written[i] is not None:
                written[i] = None
                out[lo + i * w : lo + (i + 1) * w] = 0.0
        mv[at] = min(1.0, m / self.len_scale)

    def _block(self, key, takes) -> memoryview:
        """A centre entry's block (``key``: pile number, low, high, build, viewer), not yet
        in ``blocks``: encoded, and kept there for every game of this table."""
        number, lo, hi, d, seat = key
        NAMES = self.NAMES
        entry = {
            "pile": number,
            "low": NAMES[lo],
            "high": NAMES[hi],
            "build": self.BUILD_NAMES[d],
            "next": [NAMES[c] for c in takes[d][lo][hi]],
        }
        fresh = np.zeros(self.centre_w, dtype=np.float32)
        self.centre_item(entry, fresh, 0, seat)
        return keep_block(self.blocks, key, fresh)

    def _reserves(self, state, seat, out, mv, memo) -> None:
        """Every seat's reserve piles, the viewer's first: a pile rewritten only when its
        cards changed (its top and count; its cards too where the owner sees them)."""
        n, R = self.players, self.RESERVES
        rs = state.reserves
        last = memo.get("reserves")
        if last == rs:
            return
        NAMES = self.NAMES
        owner_sees = not state.cfg.memory
        at, w = self.reserves_at, self.reserves_w
        piles = self.piles
        if last is None or piles is None:
            # whole rows: the first time, or rows not written pile by pile
            rows = (
                range(n)
                if last is None
                else {(i // R - seat) % n for i, (r, o) in enumerate(zip(rs, last, strict=True)) if r != o}
            )
            for rel in rows:
                q = (seat + rel) % n
                cards = owner_sees and q == seat
                entries = []
                for r in rs[q * R : (q + 1) * R]:
                    e = {"top": NAMES[r[-1]] if r else None, "count": len(r)}
                    if cards:
                        e["cards"] = [NAMES[c] for c in r]
                    entries.append(e)
                b = at + rel * w
                out[b : b + w] = 0.0
                self.row_fn(entries, out, b, seat)
            memo["reserves"] = [r[:] for r in rs]
            return
        blocks = self.pile_blocks
        places = self.places[seat]
        for i in self.differing(rs, last):
            r = last[i] = rs[i][:]
            k, b, own = places[i]
            cards = owner_sees and own
            key = (k, tuple(r)) if cards else (k, len(r), r[-1] if r else 0)
            block = blocks.get(key)
            if block is None:
                e = {"top": NAMES[r[-1]] if r else None, "count": len(r)}
                if cards:
                    e["cards"] = [NAMES[c] for c in r]
                fresh = np.zeros(piles[k][2], dtype=np.float32)
                piles[k][0](e, fresh, 0, seat)
                block = keep_block(blocks, key, fresh)
            mv[b : b + len(block)] = block


#: the direct encoder the adapters use for FLINCH
ENCODER = FlinchDirect
