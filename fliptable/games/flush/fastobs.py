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

    def write(self, state, seat, out, memo):
        n = self.players
        put = self.put
        NAMES = self.NAMES
        over = state.over
        if "game" not in memo:  # the same all game long
            self.first_keys(state, seat, out, memo)
        mv = self.items[seat]  # ``out``'s memory: one float, or a region, at a time
        phase = state.phase
        small = (over, state.turn, phase, state.previous, state.mimic, state.indicator, len(state.unused))
        last = memo.get("g:small")
        if last != small:
            memo["g:small"] = small
            if last is None or last[0] != over or last[1] != small[1]:
                put("turn", None if over else state.turn, out, seat, memo)
            if last is None or last[0] != over or last[2] != phase:
                put("phase", "over" if over else self.PHASES[phase], out, seat, memo)
            if last is None or last[3] != small[3]:
                put("previous", state.previous, out, seat, memo)
            if last is None or last[4] != small[4]:
                put("mimic", state.mimic or None, out, seat, memo)
            if last is None or last[5] != small[5]:
                put("indicator", NAMES[state.indicator], out, seat, memo)
            if last is None or last[6] != small[6]:
                put("draw_count", small[6], out, seat, memo)
        # what changes only between rounds: the rules change the totals, the players still in,
        # the first player and the last round's summary only when a round ends (a new deal or
        # the game over), so for the state seen last at the same round, nothing is compared
        at_round = memo.get("g:round")
        if at_round is None or at_round[0] is not state or at_round[1] != state.round_no or at_round[2] is not over:
            memo["g:round"] = (state, state.round_no, over)
            self.between(state, over, put, out, seat, memo)
        # the pile and its run
        pile = state.pile
        run = (state.run_value, state.run_count, state.run_links, state.top_count)
        if memo.get("g:pile") != pile or memo.get("g:run") != run or memo.get("g:pile_as") != state.pile_as:
            memo["g:run"] = run
            memo["g:pile_as"] = state.pile_as[:]
            self.pile_as(state.pile_as, mv)
            put(
                "run",
                {"value": run[0], "count": run[1], "links": run[2], "last_play": run[3]} if pile else None,
                out,
                seat,
                memo,
            )
        declaring = phase in (self.PICK, self.BLIND) and not over
        source = (
            (state.turn, phase, state.decl_kind, state.decl_value, state.decl_count, state.laid, state.laid_from)
            if declaring
            else None
        )
        if self.declared is not None and memo.get("g:declared", _NONE) != source:
            self.declare(state, seat, phase, declaring, source, memo)
        # card lists, counted from the card ints; the pile and the discard pile grow at
        # the end, so what was added is counted (``grow``)
        old = memo.get("g:pile")
        if old != pile:
            self.bring(old, pile, mv, self.pile_at)
            memo["g:pile"] = pile[:]
        cards = state.discard
        old = memo.get("g:discard")
        if old != cards:
            self.bring(old, cards, mv, self.discard_at)
            memo["g:discard"] = cards[:]
        cards = state.hands[seat]
        if memo.get("g:hand") != cards:
            at, width, write = self.lists["hand"]
            mv[at : at + width] = self.list_zeros
            write(cards, mv, at, self.last_by(cards, self.rank))
            memo["g:hand"] = cards[:]
        # per seat: the counts, the bases and what the viewer knows of the hand, each
        # rewritten only when its source changed
        seen = memo.get("g:seats")
        if seen is None:
            seen = memo["g:seats"] = [[None, None, None, _NONE, -1, -1, -1] for _ in range(n)]
        # the loop below is the Python twin of _flush_seats in games/flush/_writers.pxi, on
        # purpose: it runs where the compiled module is absent, and the two must write the same floats
        hands, blinds, tops, known = state.hands, state.blinds, state.tops, state.known
        bases_at, bases_w, write_base = self.bases
        known_at, known_w, write_known = self.known
        zero_base, zero_known = self.zeros(bases_w), self.zeros(known_w)
        kblocks = self.known_blocks
        for rel in range(n):
            q = (seat + rel) % n
            got = seen[rel]
            hand, t, kn = hands[q], tops[q], known[q]
            nb = len(blinds[q])
            if got[1] == t and got[0] == hand and got[2] == kn and got[6] == nb:
                continue
            got[6] = nb
            if got[1] != t:  # the bases
                got[1] = t[:]
                b = bases_at + rel * bases_w
                mv[b : b + bases_w] = zero_base
                write_base(t, mv, b, t[-1] if t and t[-1] >= 0 else None)
            if got[0] != hand or got[2] != kn:  # the hand or what is known of it
                got[0], got[2] = hand[:], kn[:]
                b = known_at + rel * known_w
                if q == seat:
                    if got[3] is _NONE:
                        got[3] = None
                        mv[b : b + known_w] = zero_known
                        mv[b + 1] = 1.0  # presence flag: null
                else:
                    key = self.select_bits(hand, kn, seat)  # knowledge.knows
                    if got[3] != key:
                        got[3] = key
                        block = kblocks.get(key)
                        if block is None:
                            block = np.zeros(known_w, dtype=np.float32)
                            block[0] = 1.0  # presence flag: list
                            write_known(key, block, 2, self.last_by(key, self.rank))
                            block = keep_block(kblocks, key, block)
                        mv[b : b + known_w] = block
            hc = len(hand)
            cc = hc + nb + len(t) - t.count(-1)  # State.hand_cards (-1: a flipped top)
            if got[4] != hc:
                got[4] = hc
                self.hand_count(rel, hc, mv)
            if got[5] != cc:
                got[5] = cc
                self.card_count(rel, cc, mv)


#: the direct encoder the adapters use for Flush
ENCODER = FlushDirect
