"""Applying an action: a declaration made and fulfilled, a Blind card flipped, and the
release resolved — a play, a pick-up, a Flush (Link, Flush card, Big Flush, Super Flush
and its passed base), Skips, the next turn; the Mimic swap of a round's start.
A mixin of ``FlushState`` (``state.py``)."""

from __future__ import annotations

from ...core.events import Event
from ...core.fields import MIXIN_SLOTS
from ...core.knowledge import PUBLIC
from . import notation as A
from .cards import FLUSH, IS_FLUSH, NAMES, VALUE
from .fields import FlushFields
from .notation import INFO, SAID
from .tables import (
    BIG_KIND,
    BLIND,
    ELIGIBLE,
    FLUSH_KIND,
    KINDS,
    LINK,
    LINK_OF,
    MARKS,
    NUMBER,
    PASS,
    PICK,
    PLAY,
    ROUND_DECISIONS_PER_SEAT,
    ST_BIG,
    ST_BLINDS,
    ST_FLUSH_CARDS,
    ST_FLUSHES,
    ST_LINKS,
    ST_PICKUPS,
    ST_SUPERS,
    VSLOT,
)

# the kinds of action (``notation.INFO``), most frequent first where they are tested
_DECLARE, _HAND, _TOP, _BLIND, _LINK_FLUSH = A.DECLARE, A.HAND, A.TOP, A.BLIND, A.LINK_FLUSH
_FLUSH_CARD, _BIG_CARD, _PASS, _KEEP = A.FLUSH_CARD, A.BIG_CARD, A.PASS, A.KEEP


class Apply(FlushFields):
    """Actions applied, and releases resolved."""

    __slots__ = MIXIN_SLOTS

    def _apply(self, player, action, events):
        kind, a, b = INFO[action]
        self.round_decisions += 1
        p = player
        if kind == _DECLARE:
            self.decl_kind = NUMBER
            self.decl_value = a
            self.decl_count = b
            self._declared(p, events)
        elif kind == _HAND:
            self._take_hand(p, a)
            self._fulfil(p, events)
        elif kind == _TOP:
            self._take_top(p, a)
            self._fulfil(p, events)
        elif kind == _BLIND:
            self._flip_blind(p, a, events)
        elif kind == _LINK_FLUSH:
            self.decl_kind, self.decl_value, self.decl_count = LINK, 0, a
            self._declared(p, events)
        elif kind in (_FLUSH_CARD, _BIG_CARD):
            self.decl_kind = FLUSH_KIND if kind == _FLUSH_CARD else BIG_KIND
            self.decl_value, self.decl_count = 0, 1
            self._declared(p, events)
        elif kind in (_PASS, _KEEP):
            self._pass_base(p, a if kind == _PASS else None, events)
        else:
            self._swap(p, a, kind == A.MIMIC_TOP, events)
        # the decision cap (tables.round_cap)
        if self.round_decisions >= ROUND_DECISIONS_PER_SEAT * self.players and not self.over:
            self._cut_round(events)

    def _declared(self, p: int, events) -> None:
        """flush.md "DECLARATION": the declaration is made; now it must be fulfilled."""
        if events is not None:
            kind, n = self.decl_kind, self.decl_count
            said: dict = {"player": p, "kind": KINDS[kind], "count": n}
            if kind == NUMBER:
                v = self.decl_value
                # "pickup": a value above the pile's (bool(run) and v > run)
                said.update(value=v, pickup=v > self.run_value > 0, said=SAID[v][n])
            elif kind == LINK:
                said["said"] = f"Link Flush with {n}"
            else:
                said["said"] = "Big Flush" if kind == BIG_KIND else "Flush"
            events.append(Event("declare", said))
        self.phase = PICK
        self._fulfil(p, events)

    def _fulfil(self, p: int, events) -> None:
        """Lay the cards that are forced (no real choice left); resolve once complete."""
        kind, v, m = self.decl_kind, self.decl_value, self.mimic
        eligible = ELIGIBLE[(kind * 11 + v) * 11 + m]
        cnt = self.counts[p]
        laid = self.laid
        while True:
            need = self.decl_count - len(laid)
            if need <= 0:
                break
            if kind == NUMBER:
                cands = cnt[v] + cnt[m] if m != v else cnt[v]
            elif kind == LINK:
                cands = cnt[14]
            else:
                cands = cnt[11 if kind == FLUSH_KIND else 12]
            if cands == need:
                # every candidate goes (``counts`` holds exactly ``need`` of them, hand and
                # tops): the hand's first, laid last card first as the rules version 1 logs
                # have them, then the tops'
                hand, known, laid_from = self.hands[p], self.known[p], self.laid_from
                vslot, link = VSLOT, LINK_OF
                for i in range(len(hand) - 1, -1, -1):
                    c = hand[i]
                    if eligible[c]:
                        del hand[i]
                        del known[i]
                        laid.append(c)
                        laid_from.append(0)
                        cnt[vslot[c]] -= 1
                        cnt[14] -= link[c]
                        need -= 1
                        if not need:
                            break
                if need:
                    tops = self.tops[p]
                    for k in range(len(tops)):
                        if eligible[tops[k]]:
                            self._take_top(p, k)
                break
            tokens = self._tokens(p)
            if len(tokens) != 1:
                self.tokens = tokens
                return
            source, a, _ = INFO[tokens[0]]
            if source == _HAND:
                self._take_hand(p, a)
            else:
                self._take_top(p, a)
        self.tokens = None
        self._resolve(p, events)

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
            _kind, a, b = A.INFO[legal[0]]
            self.decl_kind, self.decl_value, self.decl_count = NUMBER, a, b
            self._declared(p, events)

    def _resolve(self, p: int, events) -> None:
        """The declared play is complete: lay it (flush.md "RELEASING CARDS",
        "MAKING A FLUSH", "PICKING UP", "LINK CARDS", "BIG FLUSH CARD", "SKIP CARDS")."""
        laid, laid_from = self.laid, self.laid_from
        kind = self.decl_kind
        v = self.decl_value
        n = len(laid)
        links = skips = 0
        deduction = 0
        for c in laid:
            marks = MARKS[c]
            if marks:
                if marks & 1:
                    skips += 1
                if marks & 2:
                    links += 1
                if marks & 4:
                    deduction += self.deduction[c]
        if deduction:
            self.turn_deduction += deduction
        stat = self.stat
        flushed = super_flush = pickup = False
        if kind == NUMBER:
            top = self.run_value
            if top and v > top:
                # flush.md "PICKING UP": a new pile of a higher value; the old one to hand
                pickup = True
                picked = self.pile
                self.hands[p].extend(picked)
                self.known[p].extend([PUBLIC] * len(picked))
                self._count_in(p, picked)
                self.run_value = self.run_count = self.run_links = 0
                stat[ST_PICKUPS] += 1
                count = n
                if count >= 4:
                    self.pile, self.pile_as = [], []
                else:
                    self.pile, self.pile_as = laid[:], [v] * n
                    self.run_value, self.run_count, self.run_links = v, n, links
                    self.top_count = n
            else:
                if v == top:
                    count = n + (self.run_count if self.options["flush_count"] == "run" else self.top_count)
                else:
                    count = n
                if count < 4:
                    self.pile += laid
                    self.pile_as += [v] * n
                    if v == top:
                        self.run_count += n
                        self.run_links += links
                    else:
                        self.run_value, self.run_count, self.run_links = v, n, links
                    self.top_count = n
            if count >= 4:
                flushed, super_flush = True, count >= 6
            if events is not None:
                cards = [NAMES[laid[0]]] if n == 1 else [NAMES[c] for c in laid]  # most plays are one card
                # ``laid_from`` is the event's own: the state takes a new list below
                data = {"player": p, "cards": cards, "from": laid_from, "kind": KINDS[kind], "value": v, "as": [v] * n}
                if pickup:
                    data["picked_up"] = [NAMES[c] for c in picked]
                events.append(Event("pickup" if pickup else "play", data))
        else:
            if kind == LINK:
                total = n + self._pile_links()
                flushed, super_flush = True, total >= 6
                stat[ST_LINKS] += 1
            else:
                flushed = True
                stat[ST_FLUSH_CARDS if kind == FLUSH_KIND else ST_BIG] += 1
            if events is not None:
                events.append(
                    Event(
                        "play",
                        {
                            "player": p,
                            "cards": [NAMES[c] for c in laid],
                            "from": laid_from,
                            "kind": KINDS[kind],
                            "value": v or None,
                        },
                    )
                )
        if flushed:
            self.discard += self.pile
            self.discard += laid
            self.pile, self.pile_as = [], []
            self.top_count = 0
            self.run_value = self.run_count = self.run_links = 0
            stat[ST_FLUSHES] += 1
            if super_flush:
                stat[ST_SUPERS] += 1
            if events is not None:
                events.append(
                    Event("flush", {"player": p, "super": super_flush, "kind": KINDS[kind], "skips_ignored": skips})
                )
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
        assert q is not None, "the PASS phase is entered only with a previous turn's player"
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
                events.append(
                    Event("pass", {"player": p, "to": q, "base": k + 1, "top": NAMES[top] if top >= 0 else None})
                )
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
            events.append(
                Event(
                    "swap",
                    {
                        "player": p,
                        "card": NAMES[card],
                        "mimic": self.mimic,
                        "kept": NAMES[flush_card],
                        "from": f"base {arg + 1}" if from_top else "hand",
                    },
                )
            )
