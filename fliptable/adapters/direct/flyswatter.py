"""Fly-swatter's direct encoder."""
from __future__ import annotations

import numpy as np

from .base import _NONE, COMPILED, DirectEncoder, card_list_writer, faces_are_ints, nums_writer, pile_bringer, plain

_MIDDLE_KEYS = frozenset({"n", "card", "colour", "value", "hands"})
_WINDOW_KEYS = frozenset({"number", "trigger", "allowed", "swatting", "hands", "hands_left", "timeout_ms"})
#: the parts of an open window that change while it is open
_WINDOW_MOVING = ("swatting", "hands", "hands_left")


class FlyswatterDirect(DirectEncoder):
    """Fly-swatter (``State._view``): the middle written block by block from the state's
    card ints — a block (one entry of the window of the last 16) rewritten only when its
    card, number or hands changed, its card's part (card, colour, value) copied from a
    row encoded once per card; the won piles counted from the card ints; every other key
    built as the view builds it and handed to its compiled encoder when it changed."""

    KEYS = frozenset({"game", "seat", "players", "turn", "next", "over", "winners", "hands_per_player",
                      "draw_counts", "middle", "window", "last_window", "last_flip", "won", "won_counts",
                      "scores", "removed", "removed_unseen", "flips", "windows"})

    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        middle, won = ch.get("middle"), ch.get("won")
        if middle is None or middle.kinds != ["seq"] or middle.flag_types or not middle.window:
            return None
        item = middle.item
        if item.kinds != ["dict"] or item.flag_types or not set(item.children) <= _MIDDLE_KEYS:
            return None
        if not (plain(won, "perseat") and plain(won.item, "cards")):
            return None
        window = ch.get("window")
        if window is None or window.kinds != ["dict"] or sorted(window.flag_types) != ["dict", "null"] \
                or not set(window.children) <= _WINDOW_KEYS:
            return None
        if _outcome_writer(ch.get("last_window"), players) is None:
            return None
        if not plain(ch.get("removed"), "cards"):
            return None
        if not all(nums_writer(ch.get(k)) for k in ("draw_counts", "won_counts", "scores")):
            return None
        from fliptable.games.flyswatter.cards import NAME
        if not faces_are_ints(observer, NAME):
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        if COMPILED is not None:
            self.changed_entries = COMPILED.changed_entries
        from fliptable.games.flyswatter.cards import COLOUR_NAME, COLOURS, NAME, VALUE
        self.NAME, self.COLOURS, self.VALUE = NAME, COLOURS, VALUE
        names = observer.names
        middle = observer.root.children["middle"]
        item = middle.item
        self.middle_at, self.middle_w = middle.offset, item.width
        self.window, self.len_scale = middle.window, float(middle.len_scale)
        # per card, the block with its card, colour and value (n and hands left zero)
        fn = item.compile(names)
        rows = np.zeros((len(NAME), item.width), dtype=np.float32)
        for c in range(len(NAME)):
            fn({"card": NAME[c], "colour": COLOUR_NAME[c], "value": VALUE[c]}, rows[c], 0, 0)
        self.rows = [memoryview(r) for r in rows]      # copied into a block through the seat's memoryview
        # an empty list of hands encodes as zeros (the row's) where ``hands`` is a plain list
        self.empty_hands_zero = "hands" not in item.children or plain(item.children["hands"], "seq")
        self.block_parts = [(k, item.children[k].compile(names), item.children[k].offset - item.offset)
                            for k in ("n", "hands") if k in item.children and item.children[k].width]
        ch = observer.root.children
        won = ch["won"]
        self.won = (won.offset, won.item.width, card_list_writer(won.item, observer.copies, observer.decksize))
        self.draw_count, self.won_count, self.score = (nums_writer(ch[k]) for k in ("draw_counts", "won_counts",
                                                                                     "scores"))
        removed = ch["removed"]
        self.removed = (removed.offset, pile_bringer(removed, observer.copies, observer.decksize))
        # the open window: its region, presence flags and each part's own region and encoder
        wn = ch["window"]
        self.window_region = (wn.offset, wn.offset + wn.width, wn.offset + wn.flag_types.index("dict"),
                              wn.offset + wn.flag_types.index("null"))
        self.window_parts = {k: (c.offset, c.offset + c.width, c.compile(names)) for k, c in wn.children.items()
                             if c.width}
        lw = ch["last_window"]
        self.last_window = (lw.offset, lw.offset + lw.width, lw.offset + lw.flag_types.index("dict"),
                            lw.offset + lw.flag_types.index("null"),
                            [(k, c.offset, c.compile(names)) for k, c in lw.children.items() if k != "outcome" and c.width],
                            _outcome_writer(lw, players))

    def write(self, state, seat, out, memo):
        n = self.players
        put = self.put
        NAME = self.NAME
        if "game" not in memo:                          # the same all game long
            put("game", "flyswatter", out, seat, memo)
            put("seat", seat, out, seat, memo)
            put("players", n, out, seat, memo)
            put("hands_per_player", state.hands_max, out, seat, memo)
        open_ = state.open
        ending = state.ending
        over = ending and not open_
        put("turn", None if ending or open_ else state.turn, out, seat, memo)
        put("next", None if ending else state.turn, out, seat, memo)
        put("over", over, out, seat, memo)
        put("winners", list(state.result().winners) if over else [], out, seat, memo)
        mv = self.items[seat]                           # one float, or a block, at a time
        self._window(state, seat, out, mv, memo)
        last = state.last_window
        if last is not memo.get("last_window:src", _NONE):     # a new dict whenever it changes
            lo, hi, at_dict, at_null, parts, outcome = self.last_window     # every part changes: written whole
            mv[lo:hi] = self.zeros(hi - lo)
            if last is None:
                out[at_null] = 1.0
            else:
                out[at_dict] = 1.0
                COLOURS = self.COLOURS
                values = {"number": last["number"], "trigger": NAME[last["trigger"]],
                          "allowed": [COLOURS[c] for c in range(6) if last["allowed"] >> c & 1],
                          "closed_by": last["closed_by"]}
                for k, b, fn in parts:
                    fn(values[k], out, b, seat)
                outcome(last["outcome"], mv, seat)
            memo["last_window:src"] = last
        lf = state.last_flip
        put("last_flip", None if lf is None else {"player": lf[0], "card": NAME[lf[1]]}, out, seat, memo)
        triggers = state.triggers
        old = memo.get("removed:cards")
        if old != triggers:
            at, bring = self.removed
            bring(old, triggers, mv, at)
            memo["removed:cards"] = triggers[:]
        put("removed_unseen", len(state.unseen), out, seat, memo)
        put("flips", state.flips, out, seat, memo)
        put("windows", state.window, out, seat, memo)
        draws = memo.get("draws")                       # per seat from the viewer: written last
        if draws is None:
            draws = memo["draws"] = [-1] * n
            memo["won:cards"] = [None] * n
        draw = state.draw
        for rel in range(n):
            k = len(draw[(seat + rel) % n])
            if draws[rel] != k:
                draws[rel] = k
                self.draw_count(rel, k, mv)
        # the won piles (counted from the card ints), their sizes and points, the viewer's first
        won = state.won
        at, w, pile = self.won
        zero_won = self.zeros(w)
        lastwon = memo["won:cards"]
        VALUE = self.VALUE
        for rel in range(n):
            cards = won[(seat + rel) % n]
            if lastwon[rel] == cards:
                continue
            lastwon[rel] = cards[:]
            b = at + rel * w
            mv[b:b + w] = zero_won
            pile(cards, mv, b, cards[-1] if cards else None)
            self.won_count(rel, len(cards), mv)
            self.score(rel, sum([VALUE[c] for c in cards]), mv)
        self._middle(state, seat, out, mv, memo)

    def _window(self, state, seat, out, mv, memo):
        """The open window (null when none): written whole when a window opens, then only
        the parts that move while it is open (who is swatting, the hands, hands left)."""
        lo, hi, at_dict, at_null = self.window_region
        parts = self.window_parts
        if not state.open:
            if memo.get("window:fixed", _NONE) is not None:
                mv[lo:hi] = self.zeros(hi - lo)
                out[at_null] = 1.0
                memo["window:fixed"] = None
            return
        fixed = (state.window, state.trigger, state.allowed, state.window_ms)
        placed = [len(pl) for pl in state.placed]
        if memo.get("window:fixed", _NONE) == fixed:
            last = memo["window:moving"]
            if last[0] == state.racing and last[1] == state.hands and last[2] == placed:
                return
        moving = (list(state.racing), [[p, k] for p, k in state.hands], placed)
        values = (moving[0], moving[1], [state.hands_max - k for k in placed])
        if memo.get("window:fixed", _NONE) != fixed:
            memo["window:fixed"] = fixed
            mv[lo:hi] = self.zeros(hi - lo)
            out[at_dict] = 1.0
            whole = {"number": state.window, "trigger": self.NAME[state.trigger],
                     "allowed": state._allowed_names(), "timeout_ms": state.window_ms}
            whole.update(zip(_WINDOW_MOVING, values))
            for k, (a, b, fn) in parts.items():
                fn(whole[k], out, a, seat)
        else:
            last = memo["window:moving"]
            for i, k in enumerate(_WINDOW_MOVING):
                if moving[i] != last[i] and k in parts:
                    a, b, fn = parts[k]
                    mv[a:b] = self.zeros(b - a)
                    fn(values[i], out, a, seat)
        memo["window:moving"] = moving

    @staticmethod
    def changed_entries(entries, on, blocks, t):
        """The ``i`` (of the window's ``t`` last entries) whose block ``(card, k, seats on
        it)`` differs from ``blocks[i]``, each replaced (compiled: ``_writers.changed_entries``)."""
        m, changed = len(entries), []
        for i in range(t):
            k = m - t + i + 1
            block = (entries[k - 1], k, on.get(k, []))
            if blocks[i] != block:
                blocks[i] = block
                changed.append(i)
        return changed

    def _middle(self, state, seat, out, mv, memo):
        middle = state.middle
        on: dict[int, list[int]] = {}
        if state.open:
            for p, k in state.hands:
                on.setdefault(k, []).append(p)
        key = (middle[:], on)
        if memo.get("middle:src") == key:
            return
        memo["middle:src"] = key
        window, w, lo = self.window, self.middle_w, self.middle_at + 1
        blocks = memo.get("middle:blocks")
        if blocks is None:
            blocks = memo["middle:blocks"] = [None] * window
        m = len(middle)
        t = min(m, window)
        rows, parts = self.rows, self.block_parts
        for i in self.changed_entries(middle, on, blocks, t):
            c, k, hands = blocks[i]                     # k: the entry's n
            b = lo + i * w
            mv[b:b + w] = rows[c]
            for name, fn, off in parts:
                if name == "n":
                    fn(k, out, b + off, seat)
                elif hands or not self.empty_hands_zero:
                    fn(hands, out, b + off, seat)
        for i in range(t, window):
            if blocks[i] is not None:
                blocks[i] = None
                mv[lo + i * w:lo + (i + 1) * w] = self.zeros(w)
        out[lo - 1] = min(1.0, m / self.len_scale)



def _outcome_writer(node, players: int):
    """``f(outcome, out, viewer)``: a closed window's outcome (the state's tuples
    ``(player, n, card, result, lost)``, card ints the faces) written as the layout writes
    the view's list of objects (``_outcome_json``) into a zeroed region; None when the
    layout is not the one this knows."""
    if node is None or node.kinds != ["dict"] or sorted(node.flag_types) != ["dict", "null"] \
            or "outcome" not in node.children:
        return None
    seq = node.children["outcome"]
    if seq.kinds != ["seq"] or seq.flag_types or not seq.window:
        return None
    item = seq.item
    ch = item.children
    if item.kinds != ["dict"] or item.flag_types or set(ch) != {"player", "n", "card", "result", "lost"} \
            or ch["player"].kinds != ["seat"] or ch["n"].kinds != ["num"] or ch["card"].kinds != ["card"] \
            or ch["result"].kinds != ["word"] or ch["lost"].kinds != ["card"] \
            or sorted(ch["lost"].flag_types) != ["null", "str"] \
            or any(ch[k].flag_types for k in ("player", "n", "card", "result")):
        return None
    b0, w, window, length = seq.offset, item.width, seq.window, float(seq.len_scale)
    rel = {k: c.offset - item.offset for k, c in ch.items()}
    lost = ch["lost"]
    lost_null = rel["lost"] + lost.flag_types.index("null")
    lost_str = rel["lost"] + lost.flag_types.index("str")
    lost_card = rel["lost"] + len(lost.flag_types)
    card, player, n_at, res_at = rel["card"], rel["player"], rel["n"], rel["result"]
    n_scale = float(ch["n"].scale)
    results = ch["result"].vocab_index

    def f(outcome, out, viewer):
        out[b0] = min(1.0, len(outcome) / length)
        b = b0 + 1
        for p, k, c, res, lc in outcome[-window:]:
            out[b + card + c] = 1.0
            if lc is None:
                out[b + lost_null] = 1.0
            else:
                out[b + lost_str] = 1.0
                out[b + lost_card + lc] = 1.0
            x = k / n_scale
            out[b + n_at] = 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)
            if 0 <= p < players:
                out[b + player + (p - viewer) % players] = 1.0
            i = results.get(res)
            if i is not None:
                out[b + res_at + i] = 1.0
            b += w
    return f
