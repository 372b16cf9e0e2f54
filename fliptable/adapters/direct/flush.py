"""Flush's direct encoder."""
from __future__ import annotations

from .base import _NONE, DirectEncoder, _json_copy, card_list_writer


class FlushDirect(DirectEncoder):
    """Flush (``Views._view``): the hand, the pile, the discard pile, every base and the
    cards each seat knows in other hands counted from the state's card ints (a sorted
    list's last card is the highest by ``card_order``); a part rewritten only when its
    cards (and knowledge) changed; every other key handed to its compiled encoder."""

    KEYS = frozenset({"game", "seat", "players", "mode", "round", "rounds", "turn", "phase", "first",
                      "previous", "mimic", "indicator", "pile", "pile_as", "run", "declared", "hand_counts",
                      "card_counts", "known", "bases", "draw_count", "discard", "scores", "playing",
                      "last_round", "over", "winners", "limit", "hand"})

    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        for k in ("hand", "pile", "discard"):
            if k not in ch or ch[k].kinds != ["cards"] or ch[k].flag_types:
                return None
        bases, known = ch.get("bases"), ch.get("known")
        if bases is None or bases.kinds != ["perseat"] or bases.flag_types or bases.item.kinds != ["cards"] \
                or bases.item.flag_types:
            return None
        if known is None or known.kinds != ["perseat"] or known.flag_types or known.item.kinds != ["cards"] \
                or known.item.flag_types != ["list", "null"]:
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        from fliptable.core.knowledge import knows
        from fliptable.games.flush.cards import NAMES, card_order
        from fliptable.games.flush.tables import BLIND, KINDS, PHASES, PICK, total_rounds
        assert all(observer.names[NAMES[c]] == c for c in range(len(NAMES))), "card ints are the faces"
        self.NAMES, self.KINDS, self.PHASES, self.PICK, self.BLIND = NAMES, KINDS, PHASES, PICK, BLIND
        self.knows = knows
        self.rank = [card_order(name) for name in NAMES]
        ch = observer.root.children
        copies, deck = observer.copies, observer.decksize
        self.lists = {k: (ch[k].offset, ch[k].width, card_list_writer(ch[k], copies, deck))
                      for k in ("hand", "pile", "discard")}
        bases, known = ch["bases"], ch["known"]
        self.bases = (bases.offset, bases.item.width, card_list_writer(bases.item, copies, deck))
        self.known = (known.offset, known.item.width, card_list_writer(known.item, copies, deck))
        self.rounds = total_rounds

    def _sorted_last(self, cards):
        rank = self.rank
        return max(cards, key=rank.__getitem__) if cards else None

    def write(self, state, seat, out, memo):
        n = self.players
        put = self.put
        NAMES = self.NAMES
        over = state.over
        options = state.options
        if "game" not in memo:                          # the same all game long
            put("game", "flush", out, seat, memo)
            put("seat", seat, out, seat, memo)
            put("players", n, out, seat, memo)
            put("mode", options["mode"], out, seat, memo)
            put("rounds", self.rounds(options), out, seat, memo)
            if options["mode"] == "elimination":
                put("limit", options["limit"], out, seat, memo)
        phase = state.phase
        put("round", state.round_no, out, seat, memo)
        put("turn", None if over else state.turn, out, seat, memo)
        put("phase", "over" if over else self.PHASES[phase], out, seat, memo)
        put("first", state.first, out, seat, memo)
        put("previous", state.previous, out, seat, memo)
        put("mimic", state.mimic or None, out, seat, memo)
        put("indicator", NAMES[state.indicator], out, seat, memo)
        put("pile_as", list(state.pile_as), out, seat, memo)
        put("run", ({"value": state.run_value, "count": state.run_count, "links": state.run_links,
                     "last_play": state.top_count} if state.pile else None), out, seat, memo)
        declared = None
        if phase in (self.PICK, self.BLIND) and not over:
            declared = {"player": state.turn, "kind": self.KINDS[state.decl_kind] if phase == self.PICK else None,
                        "value": state.decl_value or None,
                        "count": state.decl_count if phase == self.PICK else None,
                        "laid": [NAMES[c] for c in state.laid], "from": list(state.laid_from)}
        put("declared", declared, out, seat, memo)
        put("hand_counts", [len(h) for h in state.hands], out, seat, memo)
        put("card_counts", [state.hand_cards(q) for q in range(n)], out, seat, memo)
        put("draw_count", len(state.unused), out, seat, memo)
        put("scores", list(state.totals), out, seat, memo)
        put("playing", [not state.out_round[q] for q in range(n)], out, seat, memo)
        last_round = state.last_round
        if memo.get("last_round", _NONE) != last_round:
            put("last_round", _json_copy(last_round), out, seat, memo)
        put("over", over, out, seat, memo)
        put("winners", list(state.result().winners) if over else [], out, seat, memo)
        # card lists, counted from the card ints
        for key, cards, sort in (("hand", state.hands[seat], True), ("pile", state.pile, False),
                                 ("discard", state.discard, False)):
            mkey = "cards:" + key
            if memo.get(mkey) == cards:
                continue
            at, width, write = self.lists[key]
            out[at:at + width] = 0.0
            write(cards, out, at, (self._sorted_last(cards) if sort else cards[-1]) if cards else None)
            memo[mkey] = cards[:]
        at, w, write = self.bases
        last = memo.setdefault("bases", [_NONE] * n)
        for rel in range(n):
            tops = state.tops[(seat + rel) % n]
            if last[rel] is not _NONE and last[rel] == tops:
                continue
            last[rel] = tops[:]
            b = at + rel * w
            out[b:b + w] = 0.0
            write(tops, out, b, tops[-1] if tops and tops[-1] >= 0 else None)
        at, w, write = self.known
        last = memo.setdefault("known", [_NONE] * n)
        knows = self.knows
        for rel in range(n):
            q = (seat + rel) % n
            if q == seat:
                key = None
            else:
                key = [c for c, mask in zip(state.hands[q], state.known[q]) if knows(mask, seat)]
            if last[rel] is not _NONE and last[rel] == key:
                continue
            last[rel] = key
            b = at + rel * w
            out[b:b + w] = 0.0
            if key is None:
                out[b + 1] = 1.0                 # presence flag: null
            else:
                out[b] = 1.0                     # presence flag: list
                write(key, out, b + 2, self._sorted_last(key))
