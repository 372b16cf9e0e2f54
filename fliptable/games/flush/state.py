"""Flush state and rules (flush.md, with the rulings of docs/rules/flush.md).

Where the cards are:

* ``hands[p]`` — the cards in a player's hand, with ``known[p]`` beside them: per card
  the knowledge mask (``core/knowledge.py``) — ``only(p)`` for a card only its owner
  has seen, ``PUBLIC`` for one everybody saw go there (a picked-up pile, a swapped-in
  Flush card);
* ``blinds[p][k]`` / ``tops[p][k]`` — base k: its Blind card (known to nobody, its owner
  included, until flipped) and its face-up top card (``-1`` once played);
* ``pile`` (bottom first) with ``pile_as``: the value each card counts as (a Mimic is
  fixed to the value it mimicked); ``top_count``: how many cards the most recent play
  put there;
* ``laid`` — the cards of a declaration being fulfilled (``laid_from``: 0 from hand,
  k for base k's top, -1 the flipped Blind card);
* ``unused`` (top last) — the rest of the pack, order known to nobody; ``indicator`` —
  the card turned up to show the Mimic value; ``discard`` — flushed cards.

A turn is a phase machine for the player ``turn``: PLAY (declare, or flip a Blind card)
→ BLIND (declare a play that includes the flipped card) → PICK (choose the cards that
fulfil the declaration, asked only when the choice is real) → resolved; a Super Flush
may add PASS (pass a base); a round whose Mimic card is a Flush card opens with SWAP.
"""
from __future__ import annotations

from math import comb

from ...core.decision import Over, turn as turn_of
from ...core.errors import shorten
from ...core.events import Event
from ...core.game import State
from ...core.knowledge import PUBLIC, knows
from ...core.result import Result, ranks_from_keys
from . import actions as A
from .cards import (BIG_FLUSH, FLUSH, IS_DEDUCTION, IS_FLUSH, IS_LINK, IS_SKIP, NAMES, NCARDS, VALUE,
                    VALUE_PLURALS, said)
from .deckspec import spec_of

PLAY, BLIND, PICK, PASS, SWAP = range(5)
PHASES = ("play", "blind", "pick", "pass", "swap")
NUMBER, LINK, FLUSH_KIND, BIG_KIND = range(4)
KINDS = ("number", "link", "flush", "bigflush")
HAND_SIZE, BASES, BLIND_CARDS = 8, 3, 3
DEAL = HAND_SIZE + 2 * BASES                    # flush.md "STARTING THE GAME": 14 cards each
ARENA_ROUNDS = 5
#: elimination ends after this many rounds at the latest (docs/rules/flush.md "Modes")
MAX_ELIMINATION_ROUNDS = 100
#: a round reaching this many decisions per seat ends at once (docs/rules/flush.md
#: "The decision cap"); far beyond any round seen in play
ROUND_DECISIONS_PER_SEAT = 500
_OVER = Over()
#: ``stat`` counters: rounds, turns, round decisions, rounds won by their first player,
#: flushes, super flushes, pick-ups, link flushes, flush cards, big flushes, blind flips,
#: rounds cut by the decision cap
(ST_ROUNDS, ST_TURNS, ST_DECISIONS, ST_FIRST_WINS, ST_FLUSHES, ST_SUPERS, ST_PICKUPS, ST_LINKS,
 ST_FLUSH_CARDS, ST_BIG, ST_BLINDS, ST_CAPPED) = range(12)
N_STATS = 12


#: per card int (and -1, an empty top, last): where ``_counts`` counts it — 2*value + Link
#: for a number card, 22 a Flush card, 23 a Big Flush card, 24 no card
SLOT = tuple(22 if c == FLUSH else 23 if c == BIG_FLUSH else 2 * VALUE[c] + IS_LINK[c]
             for c in range(NCARDS)) + (24,)
#: per card int (and -1, an empty top, last): the value it is counted under in
#: ``_declarations`` — its value, 11 a Flush card, 12 a Big Flush card, 13 no card
VSLOT = tuple(11 if c == FLUSH else 12 if c == BIG_FLUSH else VALUE[c] for c in range(NCARDS)) + (13,)
#: per card int (and -1): 1 for a Link card
LINK_OF = tuple(int(IS_LINK[c]) for c in range(NCARDS)) + (0,)
VALUE_PREFIXES = tuple((v, A.DECL_PREFIX[v]) for v in range(1, 11))
_ELIGIBLE: dict[tuple[int, int, int], bytes] = {}


def eligible_table(kind: int, value: int, mimic: int) -> bytes:
    """Per card int, 1 when the card can fulfil a declaration of ``kind``/``value`` with
    this Mimic value: the value or a Mimic (a number play), a Link card (a Link Flush),
    the Flush card of that kind."""
    key = (kind, value, mimic)
    table = _ELIGIBLE.get(key)
    if table is None:
        if kind == NUMBER:
            table = bytes(VALUE[c] == value or (VALUE[c] == mimic and mimic != 0) for c in range(NCARDS))
        elif kind == LINK:
            table = bytes(IS_LINK)
        else:
            target = FLUSH if kind == FLUSH_KIND else BIG_FLUSH
            table = bytes(c == target for c in range(NCARDS))
        table += b"\x00"       # index -1: a base without its top card
        _ELIGIBLE[key] = table
    return table


def round_cap(players: int) -> int:
    return ROUND_DECISIONS_PER_SEAT * players


def total_rounds(options) -> int | None:
    """Rounds a game lasts (None: elimination, until one player is left)."""
    mode = options["mode"]
    if mode == "arena":
        return ARENA_ROUNDS
    if mode == "rounds":
        return options["rounds"]
    return None


class FlushState(State):
    """A game of Flush."""

    FIELDS = {
        "hands": "piles",
        "known": "table",          # knowledge mask per hand card
        "blinds": "piles",
        "tops": "table",           # card or -1, per base
        "pile": "cards",           # bottom first
        "pile_as": "ints",         # the value each pile card counts as
        "top_count": "int",        # cards of the most recent play on the pile
        "unused": "cards",         # top last
        "discard": "cards",
        "indicator": "card",       # the Mimic card turned up
        "turn": "seat",
        "phase": "int",
        "decl_kind": "int",        # NUMBER, LINK, FLUSH_KIND, BIG_KIND while fulfilling
        "decl_value": "int",
        "decl_count": "int",
        "laid": "cards",
        "laid_from": "ints",
        "previous": "seat?",       # the player of the previous turn (another player)
        "turn_deduction": "int",   # Deduction points played this turn
        "round_no": "int",
        "first": "seat",           # who started this round
        "totals": "ints",
        "out_round": "ints",       # elimination: the round a player went out in (0: playing)
        "last_round": "json?",     # the round just finished: winner, scores, deduction
        "round_decisions": "int",
        "turns": "int",            # turns taken this round
        "over": "bool",
        "stat": "ints",
    }
    DERIVED = {
        "mimic": "int",            # the Mimic value (0 while a Flush card waits to be swapped)
        "points": "ref",           # per card int, from the deck spec
        "deduction": "ref",
        "active": "ref",           # seats still playing, in seat order
        "run_value": "int",        # the value on top of the pile (0: no pile)
        "run_count": "int",        # consecutive cards of that value on top
        "run_links": "int",        # Link cards among them
        "tokens": "ref",           # PICK: the legal cards, kept from the last fulfilling step
        "counts": "table",         # per seat: cards it can lay per VSLOT (hand and tops), Link cards
    }
    __slots__ = tuple(FIELDS) + tuple(DERIVED)

    # -- set-up ---------------------------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        n = self.players
        self.totals = [0] * n
        self.out_round = [0] * n
        self.round_no = 0
        self.over = False
        self.last_round = None
        self.stat = [0] * N_STATS
        self._spec_derive()
        # flush.md "STARTING THE GAME": "random if starting the first hand"
        self._deal(deck, self.rng.randrange(n), None)

    def _spec_derive(self) -> None:
        spec = spec_of(self.options["deck"])
        self.points = spec.points
        self.deduction = spec.deduction

    def _derive(self) -> None:
        self.tokens = None
        self._recount()
        self._spec_derive()
        self.active = tuple(p for p in range(self.players) if not self.out_round[p])
        self.mimic = VALUE[self.indicator]
        self._derive_run()

    def _recount(self) -> None:
        """``counts[p]``: per ``VSLOT`` the cards ``p`` holds in hand and on its bases' tops
        (slot 13: bases without a top), and at 14 its Link cards among them — kept up to date
        by every move of a card, so declarations are found without reading the hand."""
        vslot, link = VSLOT, LINK_OF
        counts = []
        for p in range(self.players):
            cnt = [0] * 15
            for c in self.hands[p]:
                cnt[vslot[c]] += 1
                cnt[14] += link[c]
            for c in self.tops[p]:
                cnt[vslot[c]] += 1
                cnt[14] += link[c]
            counts.append(cnt)
        self.counts = counts

    def _derive_run(self) -> None:
        pile_as = self.pile_as
        if not pile_as:
            self.run_value = self.run_count = self.run_links = 0
            return
        v = pile_as[-1]
        i = len(pile_as)
        links = 0
        pile = self.pile
        while i and pile_as[i - 1] == v:
            i -= 1
            links += IS_LINK[pile[i]]
        self.run_value, self.run_count, self.run_links = v, len(pile_as) - i, links

    def _deal(self, order: list[int], first: int, events) -> None:
        """flush.md "STARTING THE GAME": 14 cards each, one at a time in seat order; of a
        player's cards the first three dealt are the Blind cards, the next three the
        face-up tops of bases 1-3, the last eight the hand; the next card is turned up
        to show the Mimic value; the rest is the unused deck."""
        n = self.players
        self.active = active = tuple(p for p in range(n) if not self.out_round[p])
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.blinds = [[] for _ in range(n)]
        self.tops = [[] for _ in range(n)]
        k = len(active)
        for i, p in enumerate(active):
            cards = order[i:k * DEAL:k]
            self.blinds[p] = cards[:BLIND_CARDS]
            self.tops[p] = cards[BLIND_CARDS:2 * BLIND_CARDS]
            self.hands[p] = cards[2 * BLIND_CARDS:]
            self.known[p] = [1 << p] * HAND_SIZE
        self.indicator = order[k * DEAL]
        self.unused = order[k * DEAL + 1:][::-1]
        self.discard = []
        self.pile, self.pile_as = [], []
        self.top_count = 0
        self.run_value = self.run_count = self.run_links = 0
        self.laid, self.laid_from = [], []
        self.tokens = None
        self.decl_kind = self.decl_value = self.decl_count = 0
        self.round_no += 1
        self.first = self.turn = first
        self.previous = None
        self.turn_deduction = 0
        self.round_decisions = 0
        self.turns = 1
        self.mimic = VALUE[self.indicator]
        self._recount()
        # flush.md "MIMIC CARDS": a Flush card turned up is swapped by the starting player
        self.phase = SWAP if IS_FLUSH[self.indicator] else PLAY
        if events is not None:
            events.append(Event("round_start", {
                "round": self.round_no, "first": first, "players": list(active),
                "indicator": NAMES[self.indicator], "mimic": self.mimic or None,
                "tops": {str(p): [NAMES[c] for c in self.tops[p]] for p in active},
                "unused": len(self.unused)}))
            for p in active:
                events.append(Event("deal", {"player": p, "hand_count": HAND_SIZE, "blinds": BLIND_CARDS},
                                    {"hand": sorted(NAMES[c] for c in self.hands[p])}, (p,)))

    # -- the kernel contract ------------------------------------------------------------------
    def decision(self):
        return _OVER if self.over else turn_of(self.turn)

    def legal_actions(self, player):
        if self.over or player != self.turn:
            return ()
        phase = self.phase
        if phase == PLAY:
            return self._declarations(player, None)
        if phase == PICK:
            tokens = self.tokens
            return tokens if tokens is not None else self._tokens(player)
        if phase == BLIND:
            return self._declarations(player, self.laid[0])
        if phase == PASS:
            return A.PASSES[:len(self.blinds[player])] + (A.KEEP_ACTION,)
        return self._swaps(player)

    def _counts(self, p: int) -> list[int]:
        """Per ``SLOT``: the cards ``p`` can lay now (hand and base tops) — per value, with
        and without Link, then Flush and Big Flush cards."""
        cnt = [0] * 25
        slot = SLOT
        for c in self.hands[p]:
            cnt[slot[c]] += 1
        for c in self.tops[p]:
            cnt[slot[c]] += 1
        return cnt

    def _pile_links(self) -> int:
        """Link cards of "the most recent value on the Playing Pile" (flush.md "LINK CARDS")."""
        if self.options["flush_count"] == "run":
            return self.run_links
        pile = self.pile
        return sum(IS_LINK[c] for c in pile[len(pile) - self.top_count:])

    def _lone_mimic(self, v: int) -> bool:
        """mimic_join=pile: Mimics alone may take the value on top of the pile."""
        return v == self.run_value and self.options["mimic_join"] == "pile"

    def _declarations(self, p: int, blind: int | None) -> tuple[str, ...]:
        """Every declaration ``p`` can fulfil now (flush.md "RELEASING CARDS", "PICKING UP",
        "LINK CARDS", "MAKING A FLUSH"); with a flipped ``blind`` card, those that include it."""
        cnt = self.counts[p]
        m = self.mimic
        mim = cnt[m]
        lone = self.options["mimic_join"] == "pile"
        top = self.run_value
        out: list[str] = []
        links = cnt[14]
        need = 4 - self._pile_links()
        if need < 1:
            need = 1
        if blind is None:
            for v, prefix in VALUE_PREFIXES:
                r = cnt[v]
                if r:
                    out += prefix[r if v == m else r + mim]
                elif lone and v == top and mim and v != m:
                    out += prefix[mim]
            if links >= need:
                out += A.LINKS[need:links + 1]
            if cnt[11]:
                out.append(A.FLUSH_ACTION)
            if cnt[12]:
                out.append(A.BIG_ACTION)
            if cnt[13]:
                tops = self.tops[p]
                for k in range(len(tops)):
                    if tops[k] < 0:
                        out.append(A.BLINDS[k])
            return tuple(out)
        bv = VALUE[blind]
        for v, prefix in VALUE_PREFIXES:
            r = cnt[v]
            if v == bv:
                out += prefix[1 + r + (mim if v != m else 0)]
            elif bv == m and (r or (lone and v == top)):
                out += prefix[1 + r + mim]      # the flipped Mimic joins cards of value v
        if IS_LINK[blind] and links + 1 >= need:
            out += A.LINKS[need:links + 2]
        return tuple(out)

    def _eligible(self, c: int) -> bool:
        return bool(eligible_table(self.decl_kind, self.decl_value, self.mimic)[c])

    def _needs_real(self) -> bool:
        """A Mimic only mimics "a card it is played with" (flush.md "MIMIC CARDS"): a play
        of another value needs a card of that value, unless one is laid already."""
        if self.decl_kind != NUMBER:
            return False
        v = self.decl_value
        if v == self.mimic or self._lone_mimic(v):
            return False
        return not any(VALUE[c] == v for c in self.laid)

    def _tokens(self, p: int) -> tuple[str, ...]:
        """The cards that can go on fulfilling the declaration (PICK)."""
        need = self.decl_count - len(self.laid)
        real_needed = self._needs_real() and need >= 1
        v = self.decl_value
        reals = 0
        if real_needed:
            for c in self.hands[p]:
                reals += VALUE[c] == v
            for c in self.tops[p]:
                reals += c >= 0 and VALUE[c] == v
        mimic_ok = not real_needed or (need >= 2 and reals >= 1)
        out: list[str] = []
        seen = set()
        eligible = eligible_table(self.decl_kind, v, self.mimic)
        for c in self.hands[p]:
            if eligible[c] and c not in seen:
                seen.add(c)
                if mimic_ok or VALUE[c] == v:
                    out.append(NAMES[c])
        tops = self.tops[p]
        for k in range(len(tops)):
            c = tops[k]
            if c >= 0 and eligible[c] and (mimic_ok or VALUE[c] == v):
                out.append(A.TOPS[k])
        return tuple(out)

    def _swaps(self, p: int) -> tuple[str, ...]:
        """flush.md "MIMIC CARDS": a visible number card (hand or base top) to be the Mimic."""
        out = []
        seen = set()
        for c in self.hands[p]:
            if not IS_FLUSH[c] and c not in seen:
                seen.add(c)
                out.append(A.MIMIC_FACES[c])
        for k, c in enumerate(self.tops[p]):
            if c >= 0 and not IS_FLUSH[c]:
                out.append(A.MIMIC_TOPS[k])
        return tuple(out)

    def _illegal_reason(self, player, action):
        """The rule an action breaks, in the rulebook's words (only asked about actions
        outside ``legal_actions``)."""
        info = A.INFO.get(action)
        if info is None:
            return (f"{shorten(action)!r} is not Flush notation: declare like 3x6, link:4, flush, bigflush, "
                    f"or blind:1 (see `fliptable rules flush`)")
        kind, a, b = info
        phase = self.phase
        p = player
        if phase == SWAP:
            if kind == A.MIMIC_HAND:
                return f"you hold no {NAMES[a]} in your hand to make the Mimic"
            if kind == A.MIMIC_TOP:
                return f"base {a + 1} has no face-up number card to make the Mimic"
            return ("a Flush card was turned up as the Mimic: first swap one of your visible number cards "
                    "in as the Mimic (mimic:<card> or mimic:b<base>) (flush.md \"MIMIC CARDS\")")
        if kind in (A.MIMIC_HAND, A.MIMIC_TOP):
            return "a card is swapped in as the Mimic only when a Flush card is turned up at the start"
        if phase == PASS:
            if kind == A.PASS:
                return f"you have no base {a + 1}"
            return "after your Super Flush, pass a base to the previous turn's player (pass:<base>) or keep"
        if kind in (A.PASS, A.KEEP):
            return "a base is passed only after a Super Flush (flush.md \"SUPER FLUSH\")"
        if phase == PICK:
            what = (said(self.decl_count, self.decl_value) if self.decl_kind == NUMBER else
                    f"a Link Flush with {self.decl_count}" if self.decl_kind == LINK else
                    "a Big Flush" if self.decl_kind == BIG_KIND else "a Flush")
            legal = ", ".join(self._tokens(p))
            if kind == A.HAND and a in self.hands[p] and self._eligible(a):
                return (f"you declared {what}: a Mimic only mimics a card it is played with, so a card of "
                        f"that value must go first ({legal})")
            return (f"you declared {what}; once declared it must be fulfilled (flush.md \"DECLARATION\"): "
                    f"lay {self.decl_count - len(self.laid)} more of {legal}")
        if kind in (A.HAND, A.TOP):
            return "declare your play first (e.g. 3x6): the cards that fulfil it are chosen after"
        if kind == A.BLIND:
            if phase == BLIND:
                return ("only one Blind card may be flipped per turn, and only first in a turn "
                        "(flush.md \"BLIND CARDS\")")
            if a >= len(self.blinds[p]):
                return f"you have no base {a + 1}"
            return (f"the Blind card of base {a + 1} is still covered by its top card: it must be free of its "
                    f"top card (flush.md \"BLIND CARDS\")")
        blind = self.laid[0] if phase == BLIND else None
        cnt = self._counts(p)
        if kind == A.DECLARE:
            v, n = a, b
            m = self.mimic
            r = cnt[2 * v] + cnt[2 * v + 1]
            mim = cnt[2 * m] + cnt[2 * m + 1] if v != m else 0
            name = VALUE_PLURALS[v]
            if blind is not None:
                bv = VALUE[blind]
                if bv != v and bv != m:
                    return (f"the flipped Blind card ({NAMES[blind]}) is part of your play: declare its value, "
                            f"with cards of that value and Mimics joining it")
                r += bv == v
                mim += bv == m and v != m
            if r == 0:
                if mim:
                    return ("void declaration: a Mimic only mimics a card it is played with, and you have no "
                            "card of that value to lay with it (mimic_join=pile lets Mimics take the pile's value)")
                return f"void declaration: you have no card that can be one of the {name}"
            return (f"void declaration: {said(n, v)} cannot be fulfilled — you can lay at most {r + mim} "
                    f"({r} of the value, {mim} Mimic{'s' if mim != 1 else ''})")
        if kind == A.LINK_FLUSH:
            links = sum(cnt[2 * v + 1] for v in range(1, 11)) + (blind is not None and IS_LINK[blind])
            pile = self._pile_links()
            if blind is not None and not IS_LINK[blind]:
                return "the flipped Blind card is no Link card, so it cannot be part of a Link Flush"
            return (f"void declaration: a Link Flush needs 4 Link cards with those on top of the pile ({pile} "
                    f"there) and is made with your own Link cards only; you have {links}, declared {a}")
        if blind is not None:
            return "the flipped Blind card is part of your play: declare its value"
        if kind == A.FLUSH_CARD:
            return "you hold no Flush card"
        return "you hold no Big Flush card"

    def timeout_action(self, player):
        """Out of time: the smallest play (one card of the lowest value that goes on the
        pile, else the lowest pick-up); the first card of a choice; no base passed."""
        legal = self.legal_actions(player)
        if not legal:
            return super().timeout_action(player)
        if self.phase in (PLAY, BLIND):
            singles = [a for a in legal if a.startswith("1x")]
            if singles:
                values = sorted(int(a[2:]) for a in singles)
                under = [v for v in values if not self.run_value or v <= self.run_value]
                return f"1x{(under or values)[0]}"
        if self.phase == PASS:
            return A.KEEP_ACTION
        return legal[0]

    # -- applying --------------------------------------------------------------------------------
    def _apply(self, player, action, events):
        kind, a, b = A.INFO[action]
        self.round_decisions += 1
        p = player
        if kind == A.DECLARE or kind == A.LINK_FLUSH or kind == A.FLUSH_CARD or kind == A.BIG_CARD:
            if kind == A.DECLARE:
                self.decl_kind, self.decl_value, self.decl_count = NUMBER, a, b
            elif kind == A.LINK_FLUSH:
                self.decl_kind, self.decl_value, self.decl_count = LINK, 0, a
            else:
                self.decl_kind = FLUSH_KIND if kind == A.FLUSH_CARD else BIG_KIND
                self.decl_value, self.decl_count = 0, 1
            self._declared(p, events)
        elif kind == A.HAND:
            self._take_hand(p, a)
            self._fulfil(p, events)
        elif kind == A.TOP:
            self._take_top(p, a)
            self._fulfil(p, events)
        elif kind == A.BLIND:
            self._flip_blind(p, a, events)
        elif kind == A.PASS or kind == A.KEEP:
            self._pass_base(p, a if kind == A.PASS else None, events)
        else:
            self._swap(p, a, kind == A.MIMIC_TOP, events)
        if not self.over and self.round_decisions >= round_cap(self.players):
            self._cut_round(events)

    def _declared(self, p: int, events) -> None:
        """flush.md "DECLARATION": the declaration is made; now it must be fulfilled."""
        if events is not None:
            data = {"player": p, "kind": KINDS[self.decl_kind], "count": self.decl_count}
            if self.decl_kind == NUMBER:
                v = self.decl_value
                data["value"] = v
                data["pickup"] = bool(self.run_value) and v > self.run_value
                data["said"] = said(self.decl_count, v)
            elif self.decl_kind == LINK:
                data["said"] = f"Link Flush with {self.decl_count}"
            else:
                data["said"] = "Big Flush" if self.decl_kind == BIG_KIND else "Flush"
            events.append(Event("declare", data))
        self.phase = PICK
        self._fulfil(p, events)

    def _fulfil(self, p: int, events) -> None:
        """Lay the cards that are forced (no real choice left); resolve once complete."""
        hand, tops = self.hands[p], self.tops[p]
        kind, v, m = self.decl_kind, self.decl_value, self.mimic
        eligible = eligible_table(kind, v, m)
        cnt = self.counts[p]
        while True:
            need = self.decl_count - len(self.laid)
            if need <= 0:
                self.tokens = None
                self._resolve(p, events)
                return
            if kind == NUMBER:
                cands = cnt[v] + (cnt[m] if m != v else 0)
            elif kind == LINK:
                cands = cnt[14]
            else:
                cands = cnt[11 if kind == FLUSH_KIND else 12]
            if cands == need:
                # every candidate goes: take them all, in one pass
                laid, laid_from, known = self.laid, self.laid_from, self.known[p]
                vslot, link = VSLOT, LINK_OF
                kept, kept_known, taken = [], [], []
                for c, mask in zip(hand, known):
                    if eligible[c]:
                        taken.append(c)
                        cnt[vslot[c]] -= 1
                        cnt[14] -= link[c]
                    else:
                        kept.append(c)
                        kept_known.append(mask)
                taken.reverse()             # laid last card first, as the rules version 1 logs have it
                laid += taken
                laid_from += [0] * len(taken)
                hand[:] = kept
                known[:] = kept_known
                for k, c in enumerate(tops):
                    if eligible[c]:
                        self._take_top(p, k)
                continue
            tokens = self._tokens(p)
            if len(tokens) != 1:
                self.tokens = tokens
                return
            source, a, _ = A.INFO[tokens[0]]
            if source == A.HAND:
                self._take_hand(p, a)
            else:
                self._take_top(p, a)

    def _count_in(self, p: int, cards) -> None:
        cnt = self.counts[p]
        vslot, link = VSLOT, LINK_OF
        for c in cards:
            cnt[vslot[c]] += 1
            cnt[14] += link[c]

    def _take_hand(self, p: int, card: int) -> None:
        # a copy everybody knows of goes first: after it, nobody knows the player still has one
        hand, known = self.hands[p], self.known[p]
        best = -1
        for i in range(len(hand)):
            if hand[i] == card:
                best = i
                if known[i] == PUBLIC:
                    break
        self._take_hand_at(p, best)

    def _take_hand_at(self, p: int, i: int) -> None:
        c = self.hands[p].pop(i)
        self.laid.append(c)
        self.known[p].pop(i)
        self.laid_from.append(0)
        cnt = self.counts[p]
        cnt[VSLOT[c]] -= 1
        cnt[14] -= LINK_OF[c]

    def _take_top(self, p: int, k: int) -> None:
        c = self.tops[p][k]
        self.laid.append(c)
        self.tops[p][k] = -1
        self.laid_from.append(k + 1)
        cnt = self.counts[p]
        cnt[VSLOT[c]] -= 1
        cnt[14] -= LINK_OF[c]
        cnt[13] += 1

    def _flip_blind(self, p: int, k: int, events) -> None:
        """flush.md "BLIND CARDS": flipped unseen, first in a turn; it is then part of the play."""
        card = self.blinds[p].pop(k)
        self.tops[p].pop(k)
        self.counts[p][13] -= 1
        self.laid, self.laid_from = [card], [-1]
        self.stat[ST_BLINDS] += 1
        if events is not None:
            events.append(Event("blind", {"player": p, "base": k + 1, "card": NAMES[card]}))
        if IS_FLUSH[card]:
            self.decl_kind = FLUSH_KIND if card == FLUSH else BIG_KIND
            self.decl_value, self.decl_count = 0, 1
            self._declared(p, events)
            return
        self.phase = BLIND
        legal = self._declarations(p, card)
        if len(legal) == 1:
            # the flipped card alone is the only play: its declaration is forced
            kind, a, b = A.INFO[legal[0]]
            self.decl_kind, self.decl_value, self.decl_count = NUMBER, a, b
            self._declared(p, events)

    def _resolve(self, p: int, events) -> None:
        """The declared play is complete: lay it (flush.md "RELEASING CARDS",
        "MAKING A FLUSH", "PICKING UP", "LINK CARDS", "BIG FLUSH CARD", "SKIP CARDS")."""
        laid, laid_from = self.laid, self.laid_from
        kind = self.decl_kind
        n = len(laid)
        links = 0
        skips = 0
        deduction = 0
        ded = self.deduction
        for c in laid:
            links += IS_LINK[c]
            skips += IS_SKIP[c]
            if IS_DEDUCTION[c]:
                deduction += ded[c]
        self.turn_deduction += deduction
        stat = self.stat
        flushed = False
        super_flush = False
        pickup = False
        picked: list[int] = []
        v = self.decl_value
        if kind == NUMBER:
            top = self.run_value
            if top and v > top:
                # flush.md "PICKING UP": a new pile of a higher value; the old one to hand
                pickup = True
                picked = self.pile
                hand, known = self.hands[p], self.known[p]
                hand.extend(picked)
                known.extend([PUBLIC] * len(picked))
                self._count_in(p, picked)
                self.pile, self.pile_as = [], []
                self.run_value = self.run_count = self.run_links = 0
                stat[ST_PICKUPS] += 1
                count = n
            elif v == top:
                count = n + (self.run_count if self.options["flush_count"] == "run" else self.top_count)
            else:
                count = n
            if count >= 4:
                flushed, super_flush = True, count >= 6
            else:
                self.pile.extend(laid)
                self.pile_as.extend([v] * n)
                if v == self.run_value:
                    self.run_count += n
                    self.run_links += links
                else:
                    self.run_value, self.run_count, self.run_links = v, n, links
                self.top_count = n
        elif kind == LINK:
            total = n + self._pile_links()
            flushed, super_flush = True, total >= 6
            stat[ST_LINKS] += 1
        else:
            flushed = True
            stat[ST_FLUSH_CARDS if kind == FLUSH_KIND else ST_BIG] += 1
        if events is not None:
            data = {"player": p, "cards": [NAMES[c] for c in laid], "from": list(laid_from),
                    "kind": KINDS[kind], "value": v or None}
            if kind == NUMBER:
                data["as"] = [v] * n
            if pickup:
                data["picked_up"] = [NAMES[c] for c in picked]
            events.append(Event("pickup" if pickup else "play", data))
        if flushed:
            self.discard.extend(self.pile)
            self.discard.extend(laid)
            self.pile, self.pile_as = [], []
            self.top_count = 0
            self.run_value = self.run_count = self.run_links = 0
            stat[ST_FLUSHES] += 1
            if super_flush:
                stat[ST_SUPERS] += 1
            if events is not None:
                events.append(Event("flush", {"player": p, "super": super_flush, "kind": KINDS[kind],
                                              "skips_ignored": skips}))
        self.laid, self.laid_from = [], []
        self.decl_kind = self.decl_value = self.decl_count = 0
        if kind == BIG_KIND:
            self._big_flush_draws(p, events)
        if not self.hands[p] and not self.blinds[p]:
            self._end_round(p, events)
            return
        if flushed:
            # flush.md "MAKING A FLUSH": the flusher starts a new pile (a new turn)
            q = self.previous
            if super_flush and self.blinds[p] and q is not None:
                # flush.md "SUPER FLUSH": may pass a base to the player of the previous turn
                self.phase = PASS
                return
            self._next_turn(p, 0, events)
            return
        self._next_turn(p, 1 + skips, events)

    def _big_flush_draws(self, p: int, events) -> None:
        """flush.md "BIG FLUSH CARD": opponents draw one card each from the unused deck,
        from the flusher's left, while it lasts."""
        active = self.active
        i = active.index(p)
        for j in range(1, len(active)):
            if not self.unused:
                if events is not None:
                    events.append(Event("deck_empty", {"player": active[(i + j) % len(active)]}))
                break
            q = active[(i + j) % len(active)]
            card = self.unused.pop()
            self.hands[q].append(card)
            self.known[q].append(1 << q)
            self._count_in(q, (card,))
            if events is not None:
                events.append(Event("draw", {"player": q}, {"card": NAMES[card]}, (q,)))

    def _next_turn(self, p: int, steps: int, events) -> None:
        """flush.md "RELEASING CARDS": clockwise; "SKIP CARDS": one seat further per Skip."""
        active = self.active
        k = len(active)
        i = active.index(p)
        q = active[(i + steps) % k]
        if events is not None and steps > 1:
            events.append(Event("skip", {"player": p, "skipped": [active[(i + j) % k] for j in range(1, steps)]}))
        if q != p:
            self.previous = p
        self.turn = q
        self.phase = PLAY
        self.turn_deduction = 0
        self.turns += 1

    def _pass_base(self, p: int, k: int | None, events) -> None:
        """flush.md "SUPER FLUSH": the whole base (Blind card and any top) goes to the
        player of the previous turn, who must shed it too."""
        q = self.previous
        if k is not None:
            blind = self.blinds[p].pop(k)
            top = self.tops[p].pop(k)
            self.blinds[q].append(blind)
            self.tops[q].append(top)
            for seat, sign in ((p, -1), (q, 1)):
                cnt = self.counts[seat]
                cnt[VSLOT[top]] += sign
                cnt[14] += sign * LINK_OF[top]
            if events is not None:
                events.append(Event("pass", {"player": p, "to": q, "base": k + 1,
                                             "top": NAMES[top] if top >= 0 else None}))
            if not self.hands[p] and not self.blinds[p]:
                self._end_round(p, events)
                return
        elif events is not None:
            events.append(Event("keep", {"player": p}))
        self._next_turn(p, 0, events)

    def _swap(self, p: int, arg: int, from_top: bool, events) -> None:
        """flush.md "MIMIC CARDS": the starting player swaps a visible number card in as the
        Mimic and keeps the Flush card, in that card's place."""
        flush_card = self.indicator
        if from_top:
            card = self.tops[p][arg]
            self.tops[p][arg] = flush_card
        else:
            hand = self.hands[p]
            i = hand.index(arg)
            card = hand[i]
            hand[i] = flush_card
            self.known[p][i] = PUBLIC
        self.indicator = card
        self.mimic = VALUE[card]
        self.phase = PLAY
        cnt = self.counts[p]
        cnt[VSLOT[card]] -= 1
        cnt[14] -= LINK_OF[card]
        cnt[VSLOT[flush_card]] += 1
        if events is not None:
            events.append(Event("swap", {"player": p, "card": NAMES[card], "mimic": self.mimic,
                                         "kept": NAMES[flush_card],
                                         "from": f"base {arg + 1}" if from_top else "hand"}))

    # -- rounds ----------------------------------------------------------------------------------
    def _holding_points(self, q: int) -> int:
        """flush.md "END OF THE ROUND": every card held, Blind cards included; Mimics ×3."""
        pts = self.points
        m = self.mimic
        total = 0
        for c in self.hands[q]:
            total += pts[c] * (3 if VALUE[c] == m else 1)
        for c in self.blinds[q]:
            total += pts[c] * (3 if VALUE[c] == m else 1)
        for c in self.tops[q]:
            if c >= 0:
                total += pts[c] * (3 if VALUE[c] == m else 1)
        return total

    def _cut_round(self, events) -> None:
        """The decision cap (docs/rules/flush.md): the round ends without a winner."""
        p = self.turn
        if self.laid:
            self.hands[p].extend(self.laid)
            self.known[p].extend([PUBLIC] * len(self.laid))
            self._count_in(p, self.laid)
            self.laid, self.laid_from = [], []
        self.tokens = None
        self.decl_kind = self.decl_value = self.decl_count = 0
        self.stat[ST_CAPPED] += 1
        if events is not None:
            events.append(Event("round_cap", {"round": self.round_no}))
        self._end_round(None, events)

    def _end_round(self, winner: int | None, events) -> None:
        """flush.md "END OF THE ROUND", "DEDUCTION CARDS ★"; the mode decides what follows."""
        n = self.players
        options = self.options
        double = options["mode"] == "arena" and self.round_no == ARENA_ROUNDS
        factor = 2 if double else 1
        scores = [0] * n
        for q in self.active:
            if q != winner:
                scores[q] = self._holding_points(q) * factor
                self.totals[q] += scores[q]
        deduction = 0
        if winner is not None:
            deduction = self.turn_deduction * factor
            # "a total score cannot decrease below zero"
            self.totals[winner] = max(0, self.totals[winner] - deduction)
        stat = self.stat
        stat[ST_ROUNDS] += 1
        stat[ST_TURNS] += self.turns
        stat[ST_DECISIONS] += self.round_decisions
        if winner is not None and winner == self.first:
            stat[ST_FIRST_WINS] += 1
        eliminated = []
        if options["mode"] == "elimination":
            for q in self.active:
                if self.out_round[q] == 0 and self.totals[q] >= options["limit"]:
                    self.out_round[q] = self.round_no
                    eliminated.append(q)
        self.last_round = {"round": self.round_no, "winner": winner, "scores": scores,
                           "deduction": deduction, "double": double, "eliminated": eliminated}
        if events is not None:
            events.append(Event("round_end", {"round": self.round_no, "winner": winner, "scores": scores[:],
                                              "deduction": deduction, "double": double,
                                              "totals": self.totals[:], "eliminated": eliminated[:]}))
        previous_first = self.first
        self.active = tuple(q for q in range(n) if not self.out_round[q])
        limit = total_rounds(options)
        if limit is not None:
            over = self.round_no >= limit
        else:
            over = len(self.active) <= 1 or self.round_no >= MAX_ELIMINATION_ROUNDS
        if over:
            self.over = True
            if events is not None:
                res = self.result()
                events.append(Event("game_over", {"totals": self.totals[:], "winners": list(res.winners)}))
            return
        # flush.md "END OF THE ROUND": the previous round's winner starts the next
        if winner is None or winner not in self.active:
            first = next((q for q in self.active if q > previous_first), self.active[0])
        else:
            first = winner
        order = list(spec_of(options["deck"]).deck())
        self.rng.shuffle(order)
        self._deal(order, first, events)

    # -- what the table holds --------------------------------------------------------------------
    def all_cards(self):
        out = self.pile + self.laid + self.unused + self.discard
        out.append(self.indicator)
        for p in range(self.players):
            out += self.hands[p]
            out += self.blinds[p]
            out += [c for c in self.tops[p] if c >= 0]
        return out

    def hidden_slots(self, player):
        """flush.md: Blind cards (unknown to everybody), the unused deck's order, and the
        hand cards ``player`` has not seen go there."""
        out = []
        for q in range(self.players):
            if q != player:
                hand = self.hands[q]
                for i, mask in enumerate(self.known[q]):
                    if not knows(mask, player):
                        out.append((hand, i))
            blinds = self.blinds[q]
            out.extend((blinds, i) for i in range(len(blinds)))
        unused = self.unused
        out.extend((unused, i) for i in range(len(unused)))
        return out

    def _redeal(self, player, rng):
        """Re-deal every card hidden from ``player`` uniformly — subject to what a pending
        declaration told everybody: while its maker fulfils it, their hand holds the cards
        still needed (and a card of the declared value when Mimics need one)."""
        slots = self.hidden_slots(player)
        q = self.turn
        if self.over or self.phase != PICK or q == player:
            State._redeal(self, player, rng)
            return
        hand = self.hands[q]
        mine = [i for i, (pile, _) in enumerate(slots) if pile is hand]
        if not mine:
            State._redeal(self, player, rng)
            return
        eligible = eligible_table(self.decl_kind, self.decl_value, self.mimic)
        v = self.decl_value
        seen = [c for c, mask in zip(hand, self.known[q]) if knows(mask, player)]
        seen += [c for c in self.tops[q] if c >= 0]
        need = self.decl_count - len(self.laid) - sum(eligible[c] for c in seen)
        real_needed = self._needs_real() and not any(VALUE[c] == v for c in seen)
        pool = [pile[i] for pile, i in slots]
        el = [c for c in pool if eligible[c]]
        rest = [c for c in pool if not eligible[c]]
        reals = sum(VALUE[c] == v for c in el)
        h = len(mine)
        # how many eligible cards the hidden part of the hand holds: weighted by the number
        # of hands with that many (and, when required, at least one of the value)
        weights = []
        for k in range(max(0, need), min(len(el), h) + 1):
            if h - k > len(rest):
                weights.append(0)
                continue
            with_el = comb(len(el), k) - (comb(len(el) - reals, k) if real_needed else 0)
            weights.append(with_el * comb(len(rest), h - k))
        k = max(0, need) + _weighted_index(weights, rng)
        rng.shuffle(el)
        rng.shuffle(rest)
        if real_needed:
            # a uniform k-subset holding a card of the value (rejection: the chance is at
            # least k / len(el))
            while not any(VALUE[c] == v for c in el[:k]):
                rng.shuffle(el)
        chosen = el[:k] + rest[:h - k]
        others = el[k:] + rest[h - k:]
        rng.shuffle(chosen)
        rng.shuffle(others)
        mine_set = set(mine)
        it_mine, it_other = iter(chosen), iter(others)
        for j, (pile, i) in enumerate(slots):
            pile[i] = next(it_mine) if j in mine_set else next(it_other)
        self._derive()

    def hand_cards(self, q: int) -> int:
        return len(self.hands[q]) + len(self.blinds[q]) + sum(1 for c in self.tops[q] if c >= 0)

    def result(self):
        """Totals; in rounds and arena the lowest total wins, in elimination the last player
        standing (then the later eliminated, then the lower total)."""
        totals = self.totals
        n = self.players
        if self.options["mode"] == "elimination":
            keys = [(0 if self.out_round[p] else 1, self.out_round[p], -totals[p]) for p in range(n)]
        else:
            keys = [-t for t in totals]
        ranks = ranks_from_keys(keys)
        winners = tuple(p for p in range(n) if ranks[p] == 1) if self.over else ()
        details = {"mode": self.options["mode"], "rounds": self.round_no if self.over else self.round_no - 1}
        if self.options["mode"] == "elimination":
            details["out_round"] = list(self.out_round)
        return Result(tuple(totals), winners, ranks, self.over, details)

    # -- views -------------------------------------------------------------------------------------
    def _view(self, player):
        n = self.players
        names = NAMES
        over = self.over
        known_cards = []
        for q in range(n):
            if q == player:
                known_cards.append(None)
                continue
            known_cards.append(sorted((names[c] for c, mask in zip(self.hands[q], self.known[q])
                                       if knows(mask, player)), key=_order))
        declared = None
        if self.phase in (PICK, BLIND) and not over:
            declared = {"player": self.turn, "kind": KINDS[self.decl_kind] if self.phase == PICK else None,
                        "value": self.decl_value or None, "count": self.decl_count if self.phase == PICK else None,
                        "laid": [names[c] for c in self.laid], "from": list(self.laid_from)}
        view = {
            "game": "flush", "seat": player, "players": n, "mode": self.options["mode"],
            "round": self.round_no, "rounds": total_rounds(self.options),
            "turn": None if over else self.turn, "phase": "over" if over else PHASES[self.phase],
            "first": self.first, "previous": self.previous,
            "mimic": self.mimic or None, "indicator": names[self.indicator],
            "pile": [names[c] for c in self.pile], "pile_as": list(self.pile_as),
            "run": ({"value": self.run_value, "count": self.run_count, "links": self.run_links,
                     "last_play": self.top_count} if self.pile else None),
            "declared": declared,
            "hand_counts": [len(h) for h in self.hands],
            "card_counts": [self.hand_cards(q) for q in range(n)],
            "known": known_cards,
            "bases": [[names[c] if c >= 0 else None for c in self.tops[q]] for q in range(n)],
            "draw_count": len(self.unused),
            "discard": [names[c] for c in self.discard],
            "scores": list(self.totals),
            "playing": [not self.out_round[q] for q in range(n)],
            "last_round": _copy_json(self.last_round),
            "over": over,
            "winners": list(self.result().winners) if over else [],
        }
        if self.options["mode"] == "elimination":
            view["limit"] = self.options["limit"]
        if player is not None:
            view["hand"] = sorted((names[c] for c in self.hands[player]), key=_order)
        return view

    # -- loading -------------------------------------------------------------------------------------
    def _check(self) -> None:
        n = self.players
        for name in ("hands", "known", "blinds", "tops", "totals", "out_round"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} must have one entry per seat")
        if len(self.stat) != N_STATS or any(x < 0 for x in self.stat):
            raise ValueError(f"stat must be {N_STATS} non-negative counters")
        for q in range(n):
            if len(self.known[q]) != len(self.hands[q]):
                raise ValueError(f"seat {q}: one knowledge mask per hand card")
            if any(mask not in (PUBLIC, 1 << q) for mask in self.known[q]):
                raise ValueError(f"seat {q}: a hand card is known to its owner, or to everybody")
            if len(self.tops[q]) != len(self.blinds[q]) or len(self.blinds[q]) > A.MAX_BASES:
                raise ValueError(f"seat {q}: one top (or -1) per base, at most {A.MAX_BASES} bases")
            if any(not -1 <= c < NCARDS for c in self.tops[q]):
                raise ValueError(f"seat {q}: a top is a card or -1")
        if any(t < 0 for t in self.totals):
            raise ValueError("totals are never below zero")
        if not 1 <= self.round_no:
            raise ValueError("round must be 1 or more")
        limit = total_rounds(self.options) or MAX_ELIMINATION_ROUNDS
        if self.round_no > limit:
            raise ValueError(f"round must be 1..{limit}")
        if any(not 0 <= r <= self.round_no for r in self.out_round):
            raise ValueError("out_round is 0 or a round played")
        if self.options["mode"] != "elimination" and any(self.out_round):
            raise ValueError("only elimination puts players out")
        active = [q for q in range(n) if not self.out_round[q]]
        if len(self.pile_as) != len(self.pile) or any(not 1 <= v <= 10 for v in self.pile_as):
            raise ValueError("pile_as gives a value 1..10 per pile card")
        m = VALUE[self.indicator]
        if any(VALUE[c] != v and VALUE[c] != m for c, v in zip(self.pile, self.pile_as)):
            raise ValueError("a pile card counts as its own value, or is a Mimic")
        if len(self.laid_from) != len(self.laid) or any(not -1 <= f <= A.MAX_BASES for f in self.laid_from):
            raise ValueError("laid_from gives a source per laid card")
        if not 0 <= self.round_decisions < round_cap(n):
            raise ValueError("round_decisions is beyond the cap")
        if self.turn_deduction < 0 or self.turns < 0:
            raise ValueError("turn_deduction and turns are not negative")
        if self.last_round is not None:
            lr = self.last_round
            if (not isinstance(lr, dict) or set(lr) != {"round", "winner", "scores", "deduction", "double",
                                                         "eliminated"}
                    or not isinstance(lr["scores"], list) or len(lr["scores"]) != n
                    or not all(type(s) is int for s in lr["scores"])
                    or not (lr["winner"] is None or lr["winner"] in range(n))
                    or type(lr["deduction"]) is not int or type(lr["round"]) is not int
                    or type(lr["double"]) is not bool or not isinstance(lr["eliminated"], list)
                    or not all(e in range(n) for e in lr["eliminated"])):
                raise ValueError("last_round is not a round summary")
        if self.over:
            return
        for q in range(n):
            if self.out_round[q] and (self.hands[q] or self.blinds[q] or self.tops[q]):
                raise ValueError(f"seat {q} is out but holds cards")
        self._derive()
        if len(active) < (2 if self.options["mode"] == "elimination" else n):
            raise ValueError("a game in progress has its players")
        if self.turn not in active or self.first not in active:
            raise ValueError("the player to act and the first player are playing")
        if self.previous is not None and (self.previous == self.turn or self.previous not in active):
            raise ValueError("the previous turn's player is another player still playing")
        if any(IS_FLUSH[c] for c in self.pile):
            raise ValueError("a Flush card never stays on the pile")
        counted = self.run_count if self.options["flush_count"] == "run" else self.top_count
        if counted > 3 or (self.pile and not 1 <= self.top_count <= self.run_count) or \
                (not self.pile and self.top_count):
            raise ValueError("the cards counting toward a Flush on top of the pile are 1..3 (4 would have "
                             "flushed), the last play among them")
        phase = self.phase
        if not 0 <= phase <= SWAP:
            raise ValueError("phase must be 0..4")
        if IS_FLUSH[self.indicator] != (phase == SWAP):
            raise ValueError("a Flush card shows as the Mimic exactly while it waits to be swapped")
        if phase == PICK:
            if not (0 <= self.decl_kind <= BIG_KIND and 1 <= self.decl_count <= A.MAX_LINKS
                    and len(self.laid) < self.decl_count):
                raise ValueError("a declaration being fulfilled needs its kind, count and room for cards")
            if (self.decl_kind == NUMBER) != (1 <= self.decl_value <= 10) or \
                    (self.decl_kind == NUMBER and self.decl_count > A.MAX_PLAY) or \
                    (self.decl_kind >= FLUSH_KIND and self.decl_count != 1):
                raise ValueError("the declaration's value and count do not fit its kind")
            if not all(self._eligible(c) for c in self.laid) or self.laid_from.count(-1) > 1 or \
                    (-1 in self.laid_from and self.laid_from[0] != -1):
                raise ValueError("the laid cards do not fit the declaration")
            need = self.decl_count - len(self.laid)
            cands = sum(self._eligible(c) for c in self.hands[self.turn]) + \
                sum(c >= 0 and self._eligible(c) for c in self.tops[self.turn])
            if cands < need or (self._needs_real() and not any(
                    VALUE[c] == self.decl_value for c in self.hands[self.turn] + self.tops[self.turn])):
                raise ValueError("the declaration cannot be fulfilled")
        elif phase == BLIND:
            if len(self.laid) != 1 or self.laid_from != [-1] or IS_FLUSH[self.laid[0]]:
                raise ValueError("a flipped Blind card waits for its declaration")
        elif self.laid or self.decl_kind or self.decl_count or self.decl_value:
            raise ValueError("cards are laid only while a declaration is made")
        if phase == PASS and (self.previous is None or not self.blinds[self.turn]):
            raise ValueError("a base is passed to the previous turn's player")
        for q in active:
            if q != self.turn and not (self.hands[q] or self.blinds[q]):
                raise ValueError(f"seat {q} has no cards, so the round should be over")
        if not self.legal_actions(self.turn):
            raise ValueError("the player to act has nothing legal to do")


def _weighted_index(weights: list[int], rng) -> int:
    """An index drawn with probability proportional to its (integer) weight."""
    total = sum(weights)
    if total <= 0:
        raise ValueError("no arrangement fits what the player has seen")
    x = rng.randrange(total)
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    return len(weights) - 1


def _copy_json(value):
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


def _order(name: str):
    """Cards in a hand: by value, Flush cards last, then by markings."""
    head = name.rstrip("sld")
    return (int(head) if head.isdigit() else 11, name)
