"""Flush's fast path for the RL adapters (``ENCODER``, found by ``core.schema.game_module``;
only the adapters import it, and it needs NumPy): a seat's observation written from the
state's fields without building the JSON view, equal to the generic encoding of the view
(``tests/adapters/test_direct.py``). Kept because it measured at least 1.3x the generic
path on the same replayed games (issue 24)."""

from __future__ import annotations

import numpy as np

from fliptable.adapters.direct.base import (
    _NONE,
    BLOCKS,
    COMPILED,
    DirectEncoder,
    card_list_writer,
    faces_are_ints,
    keep_block,
    num_seq_writer,
    nums_writer,
    pile_bringer,
    pile_grower,
    pile_writer,
    plain,
)
from fliptable.core.fields import _json_copy
from fliptable.core.knowledge import PUBLIC

from .cards import NAMES, card_order
from .tables import BLIND, KINDS, PHASES, PICK, total_rounds


class FlushDirect(DirectEncoder):
    """Flush (``View._view``): the hand, the pile, the discard pile, every base and the
    cards each seat knows in other hands counted from the state's card ints (a sorted
    list's last card is the highest by ``card_order``); a part rewritten only when its
    cards (and knowledge) changed; every other key handed to its compiled encoder."""

    KEYS = frozenset(
        {
            "game",
            "seat",
            "players",
            "mode",
            "round",
            "rounds",
            "turn",
            "phase",
            "first",
            "previous",
            "mimic",
            "indicator",
            "pile",
            "pile_as",
            "run",
            "declared",
            "hand_counts",
            "card_counts",
            "known",
            "bases",
            "draw_count",
            "discard",
            "scores",
            "playing",
            "last_round",
            "over",
            "winners",
            "limit",
            "hand",
        }
    )

    # each fast observer's fit() opens alike on purpose: one per game, checked by its own layout
    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        if not all(plain(ch.get(k), "cards") for k in ("hand", "pile", "discard")):
            return None
        bases, known = ch.get("bases"), ch.get("known")
        if not (plain(bases, "perseat") and plain(bases.item, "cards")):
            return None
        if not plain(known, "perseat") or known.item.kinds != ["cards"] or known.item.flag_types != ["list", "null"]:
            return None
        if not (
            nums_writer(ch.get("hand_counts"))
            and nums_writer(ch.get("card_counts"))
            and num_seq_writer(ch.get("pile_as"))
        ):
            return None
        if not faces_are_ints(observer, NAMES):
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        self.NAMES, self.KINDS, self.PHASES, self.PICK, self.BLIND = NAMES, KINDS, PHASES, PICK, BLIND
        order = sorted(range(len(NAMES)), key=lambda c: card_order(NAMES[c]))
        self.rank = [0] * len(NAMES)  # a card int's place in a sorted hand
        for i, c in enumerate(order):
            self.rank[c] = i
        ch = observer.root.children
        copies, deck = observer.copies, observer.decksize
        self.lists = {
            k: (ch[k].offset, ch[k].width, card_list_writer(ch[k], copies, deck)) for k in ("hand", "pile", "discard")
        }
        bases, known = ch["bases"], ch["known"]
        self.bases = (bases.offset, bases.item.width, card_list_writer(bases.item, copies, deck))
        self.known = (known.offset, known.item.width, card_list_writer(known.item, copies, deck))
        self.rounds = total_rounds
        self.pile_at, self.discard_at = self.lists["pile"][0], self.lists["discard"][0]
        widths = {w for _, w, _ in self.lists.values()}
        assert len(widths) == 1, "hand, pile and discard are card lists of one width"
        self.list_zeros = self.zeros(widths.pop())
        self.bring = pile_bringer(ch["pile"], copies, deck)  # the discard pile's too: the same encoding
        self.hand_count, self.card_count = nums_writer(ch["hand_counts"]), nums_writer(ch["card_counts"])
        self.pile_as = num_seq_writer(ch["pile_as"])
        # encoded blocks shared by every seat and game of this table: what a seat knows of
        # another's hand (a tuple of card ints), and the declaration (seat-relative)
        shared = observer.__dict__
        self.known_blocks = shared.setdefault("_flush_known_blocks", {})
        self.declared_blocks = shared.setdefault("_flush_declared_blocks", {})
        decl = ch.get("declared")
        self.declared = None if decl is None else (decl.offset, decl.width, self.fns["declared"][0])
        # the pure-Python write's (``write``, ``seats``): small keys' encodings kept per seat
        # and value (``put_small``), the bases' blocks (``base_block``), the hands as seen last
        self.smalls = [
            {k: {} for k in ("turn", "phase", "previous", "mimic", "indicator", "draw_count", "run")}
            for _ in range(players)
        ]
        self.zero_known = self.zeros(self.known[1])
        self.base_blocks = shared.setdefault("_flush_base_blocks", {})
        self.snaps = [None] * players  # per seat (``seat_snap``)
        # per count (a seat holds at most the deck), its float as the count writers write it
        scratch = np.zeros(observer.view_size, dtype=np.float32).data
        tables = []
        for node, write in ((ch["hand_counts"], self.hand_count), (ch["card_counts"], self.card_count)):
            vals = []
            for k in range(deck + 1):
                write(0, k, scratch)
                vals.append(scratch[node.offset])
            tables += (node.offset, vals)
        self.count_tables = tuple(tables)
        #: what a seat saw last at the start of a game (``write``)
        self.fresh = {
            "g:small": (_NONE,) * 7,
            "g:pile": None,
            "g:run": _NONE,
            "g:pile_as": None,
            "g:declared": _NONE,
            "g:discard": None,
            "g:hand": None,
        }
        if COMPILED is not None:  # ``write`` compiled (``_writers.FlushWriter``): an instance's own
            seats = (
                (self.bases[0], self.bases[1], self.bases[2].__self__),
                (self.known[0], self.known[1], self.known[2].__self__),
                self.known_blocks,
                BLOCKS,
                self.rank,
                self.hand_count.__self__,
                self.card_count.__self__,
                _NONE,
            )
            pile = ch["pile"]  # the discard pile's encoding too (``bring``)
            piles = (
                self.pile_at,
                self.discard_at,
                pile.width,
                pile_writer(pile, copies, deck),
                pile_grower(pile, copies, deck),
                self.zeros(pile.width),
            )
            decl_at = None if decl is None else (decl.offset, decl.width)
            writer = COMPILED.FlushWriter(self, NAMES, PHASES, PICK, BLIND, piles, self.lists["hand"], decl_at, seats)
            self.write = writer.write

    @staticmethod
    def last_by(cards, rank):
        """The last card of ``cards`` sorted by ``rank`` (None: empty)."""
        return max(cards, key=rank.__getitem__) if cards else None

    @staticmethod
    def select_bits(values, masks, bit):
        """The tuple of ``values[i]`` whose ``masks[i]`` has ``bit`` set."""
        return tuple([v for v, mask in zip(values, masks, strict=True) if mask >> bit & 1])

    def first_keys(self, state, seat, out, memo):
        """The keys that are the same all game long."""
        put, options = self.put, state.options
        put("game", "flush", out, seat, memo)
        put("seat", seat, out, seat, memo)
        put("players", self.players, out, seat, memo)
        put("mode", options["mode"], out, seat, memo)
        put("rounds", self.rounds(options), out, seat, memo)
        if options["mode"] == "elimination":
            put("limit", options["limit"], out, seat, memo)

    def declare(self, state, seat, phase, declaring, source, memo):
        """The declaration being fulfilled (``source``: its fields, None when there is none),
        its block kept per seat-relative declaration."""
        if declaring:
            key = (
                (state.turn - seat) % self.players,
                *source[1:5],
                tuple(state.laid),
                tuple(state.laid_from),
            )
            memo["g:declared"] = (*source[:5], state.laid[:], state.laid_from[:])
        else:
            key = memo["g:declared"] = None
        block = self.declared_blocks.get(key)
        if block is None:
            block = self.declared_block(state, seat, phase, declaring, key)
        at, width, _ = self.declared
        self.items[seat][at : at + width] = block

    def declared_block(self, state, seat, phase, declaring, key):
        """The declaration's block (its seat-relative ``key``), encoded and kept."""
        declared = None
        if declaring:
            pick = phase == self.PICK
            declared = {
                "player": state.turn,
                "kind": self.KINDS[state.decl_kind] if pick else None,
                "value": state.decl_value or None,
                "count": state.decl_count if pick else None,
                "laid": [self.NAMES[c] for c in state.laid],
                "from": list(state.laid_from),
            }
        _, width, fn = self.declared
        block = np.zeros(width, dtype=np.float32)
        fn(declared, block, 0, seat)
        return keep_block(self.declared_blocks, key, block)

    def between(self, state, over, put, out, seat, memo):
        """The keys that change only between rounds, written where they changed."""
        last_round = state.last_round
        between = (state.round_no, over, state.first, state.totals, state.out_round)
        if memo.get("g:between") != between or memo.get("g:last_round", _NONE) != last_round:
            memo["g:between"] = (state.round_no, over, state.first, state.totals[:], state.out_round[:])
            memo["g:last_round"] = last_round = _json_copy(last_round)
            put("round", state.round_no, out, seat, memo)
            put("first", state.first, out, seat, memo)
            put("scores", list(state.totals), out, seat, memo)
            put("playing", [not r for r in state.out_round], out, seat, memo)
            put("last_round", last_round, out, seat, memo)
            put("over", over, out, seat, memo)
            put("winners", list(state.result().winners) if over else [], out, seat, memo)

    def small_block(self, key, value, seat):
        """The encoding of ``value`` as the view's small ``key`` for ``seat`` (``run``: its
        tuple), kept per seat: ``(offset, block)``, or None when the layout lacks the key."""
        got = self.fns.get(key)
        if got is None:
            return None
        fn, _, lo, hi = got
        block = np.zeros(hi - lo, dtype=np.float32)
        if key == "run" and value is not None:
            value = dict(zip(("value", "count", "links", "last_play"), value, strict=True))
        fn(value, block, 0, seat)
        return lo, block.data

    def put_small(self, key, value, mv, seat):
        """Write the small ``key``'s kept encoding of ``value`` (``small_block``)."""
        kept = self.smalls[seat][key]
        got = kept.get(value, _NONE)
        if got is _NONE:
            if len(kept) >= BLOCKS:
                kept.clear()
            got = kept[value] = self.small_block(key, value, seat)
        if got is not None:
            at, block = got
            mv[at : at + len(block)] = block

    def write(self, state, seat, out, memo):
        over = state.over
        if "g:seats" not in memo:  # a new game: the keys the same all game long, and what
            # the seat saw last, nothing yet (``_NONE``: never equal)
            self.first_keys(state, seat, out, memo)
            memo.update(self.fresh)
            memo["g:seats"] = [[None, _NONE, -1, None, -1, rel] for rel in range(self.players)]
        mv = self.items[seat]  # ``out``'s memory: one float, or a region, at a time
        phase = state.phase
        small = (over, state.turn, phase, state.previous, state.mimic, state.indicator, len(state.unused))
        last = memo["g:small"]
        if last != small:
            # the keys with few values: each value's encoding kept (``put_small``), where
            # the compiled twin hands them to ``put``
            memo["g:small"] = small
            put = self.put_small
            if last[0] != over or last[1] != small[1]:
                put("turn", None if over else small[1], mv, seat)
            if last[0] != over or last[2] != phase:
                put("phase", "over" if over else self.PHASES[phase], mv, seat)
            if last[3] != small[3]:
                put("previous", small[3], mv, seat)
            if last[4] != small[4]:
                put("mimic", small[4] or None, mv, seat)
            if last[5] != small[5]:
                put("indicator", self.NAMES[small[5]], mv, seat)
            if last[6] != small[6]:
                put("draw_count", small[6], mv, seat)
        # what changes only between rounds: the rules change the totals, the players still in,
        # the first player and the last round's summary only when a round ends (a new deal or
        # the game over), so for the state seen last at the same round, nothing is compared
        at_round = memo.get("g:round")
        if at_round is None or at_round[0] is not state or at_round[1] != state.round_no or at_round[2] is not over:
            memo["g:round"] = (state, state.round_no, over)
            self.between(state, over, self.put, out, seat, memo)
        # the pile, its run and the values it counts as; the pile grows at the end, so what
        # was added is counted (``bring``)
        pile = state.pile
        old = memo["g:pile"]
        run = (state.run_value, state.run_count, state.run_links, state.top_count) if pile else None
        if old != pile or memo["g:run"] != run or memo["g:pile_as"] != state.pile_as:
            if old != pile:
                self.bring(old, pile, mv, self.pile_at)
                memo["g:pile"] = pile[:]
            memo["g:run"] = run
            memo["g:pile_as"] = state.pile_as[:]
            self.pile_as(state.pile_as, mv)
            self.put_small("run", run, mv, seat)
        if self.declared is not None:
            if phase in (self.PICK, self.BLIND) and not over:
                source = (state.turn, phase, state.decl_kind, state.decl_value, state.decl_count)
                if memo["g:declared"] != (*source, state.laid, state.laid_from):
                    self.declare(state, seat, phase, True, source, memo)
            elif memo["g:declared"] is not None:
                self.declare(state, seat, phase, False, None, memo)
        cards = state.discard
        old = memo["g:discard"]
        if old != cards:
            self.bring(old, cards, mv, self.discard_at)
            memo["g:discard"] = cards[:]
        cards = state.hands[seat]
        if memo["g:hand"] != cards:
            at, width, write = self.lists["hand"]
            mv[at : at + width] = self.list_zeros
            write(cards, mv, at, self.last_by(cards, self.rank))
            memo["g:hand"] = cards[:]
        self.seats(state, seat, mv, memo)

    def seat_snap(self, state, q, old):
        """What every viewer writes of seat ``q`` (``seats``), made anew when it changed:
        ``(hand, known, known block, hand count, tops, bases block, blinds, card count)``,
        copies of its hand, knowledge masks and tops with their blocks (the parts of ``old``
        whose source is unchanged kept). Another seat knows the PUBLIC cards of the hand:
        the rules mark a hand card PUBLIC or its owner's only (checks.py), so the known
        block is the same for every viewer (``knowledge.knows``); ``_NONE`` when some mask
        is neither (asked viewer by viewer)."""
        hand, kn, t = state.hands[q], state.known[q], state.tops[q]
        if old is not None and old[0] == hand and old[1] == kn:
            cards = old[:4]
        else:
            public = kn.count(PUBLIC)
            if public + kn.count(1 << q) != len(kn):
                block = _NONE
            else:
                key = tuple([c for c, mask in zip(hand, kn, strict=True) if mask == PUBLIC]) if public else ()
                block = self.known_block(key)
            cards = (hand[:], kn[:], block, len(hand))
        bases = old[4:6] if old is not None and old[4] == t else (t[:], self.base_block(t))
        nb = len(state.blinds[q])
        return (*cards, *bases, nb, cards[3] + nb + len(t) - t.count(-1))  # State.hand_cards (-1: a flipped top)

    def known_block(self, key):
        """The block of the known cards ``key`` (a tuple of card ints), encoded and kept."""
        block = self.known_blocks.get(key)
        if block is None:
            _, width, write = self.known
            block = np.zeros(width, dtype=np.float32)
            block[0] = 1.0  # presence flag: list
            write(key, block, 2, self.last_by(key, self.rank))
            block = keep_block(self.known_blocks, key, block)
        return block

    def base_block(self, t):
        """The block of a seat's bases ``t`` (their top cards, -1 a flipped one), kept."""
        key = tuple(t)
        block = self.base_blocks.get(key)
        if block is None:
            _, width, write = self.bases
            block = np.zeros(width, dtype=np.float32)
            write(t, block, 0, t[-1] if t and t[-1] >= 0 else None)
            block = keep_block(self.base_blocks, key, block)
        return block

    def seats(self, state, seat, mv, memo):
        """Per seat: the counts, the bases and what the viewer knows of the hand, each
        rewritten only when its source changed. The Python twin of ``_flush_seats`` in
        games/flush/_writers.pxi, on purpose: it runs where the compiled module is absent,
        and the two must write the same floats (here what a seat shows is found once for
        every viewer: ``seat_snap``)."""
        n = self.players
        snaps = self.snaps
        hands, blinds, tops, known = state.hands, state.blinds, state.tops, state.known
        bases_at, bases_w = self.bases[0], self.bases[1]
        known_at, known_w = self.known[0], self.known[1]
        hc_at, hc_vals, cc_at, cc_vals = self.count_tables
        q = seat
        for got in memo["g:seats"]:  # seats from the viewer: ``got`` is ``[snap, known block,
            # hand count, bases block, card count, rel]`` as written last (rel: from the viewer)
            snap = snaps[q]
            if (
                snap is None
                or snap[0] != hands[q]
                or snap[1] != known[q]
                or snap[4] != tops[q]
                or snap[6] != len(blinds[q])
            ):
                snap = snaps[q] = self.seat_snap(state, q, snap)
            if got[0] is not snap:
                got[0] = snap
                rel = got[5]
                if q != seat:  # what the viewer knows of the hand
                    block = snap[2]
                    if block is _NONE:
                        block = self.known_block(self.select_bits(hands[q], known[q], seat))
                    if got[1] is not block:
                        got[1] = block
                        b = known_at + rel * known_w
                        mv[b : b + known_w] = block
                elif got[1] is _NONE:  # the viewer's own: null
                    got[1] = None
                    b = known_at + rel * known_w
                    mv[b : b + known_w] = self.zero_known
                    mv[b + 1] = 1.0  # presence flag: null
                if got[2] != snap[3]:
                    got[2] = snap[3]
                    mv[hc_at + rel] = hc_vals[snap[3]]
                if got[3] is not snap[5]:  # the bases
                    got[3] = snap[5]
                    b = bases_at + rel * bases_w
                    mv[b : b + bases_w] = snap[5]
                if got[4] != snap[7]:
                    got[4] = snap[7]
                    mv[cc_at + rel] = cc_vals[snap[7]]
            q = q + 1 if q + 1 < n else 0


#: the direct encoder the adapters use for Flush
ENCODER = FlushDirect
