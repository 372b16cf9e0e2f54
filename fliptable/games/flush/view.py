"""What each seat may see (flush.md: Blind cards unknown to everybody, their owner
included; the unused deck's order; other hands): the views, the hidden places, and
determinization consistent with what a seat has seen. A mixin of ``FlushState``."""

from __future__ import annotations

from math import comb

from ...core.fields import MIXIN_SLOTS, _json_copy
from ...core.game import State
from ...core.knowledge import knows
from .cards import NAMES, VALUE, card_order
from .fields import FlushFields
from .tables import BLIND, KINDS, PHASES, PICK, eligible_table, total_rounds


class View(FlushFields):
    """Views, hidden slots and re-dealing."""

    __slots__ = MIXIN_SLOTS

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
        seen = [c for c, mask in zip(hand, self.known[q], strict=True) if knows(mask, player)]
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
        chosen = el[:k] + rest[: h - k]
        others = el[k:] + rest[h - k :]
        rng.shuffle(chosen)
        rng.shuffle(others)
        mine_set = set(mine)
        it_mine, it_other = iter(chosen), iter(others)
        for j, (pile, i) in enumerate(slots):
            pile[i] = next(it_mine) if j in mine_set else next(it_other)
        self._derive()

    def hand_cards(self, q: int) -> int:
        return len(self.hands[q]) + len(self.blinds[q]) + sum(1 for c in self.tops[q] if c >= 0)

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
            known_cards.append(
                sorted(
                    (names[c] for c, mask in zip(self.hands[q], self.known[q], strict=True) if knows(mask, player)),
                    key=card_order,
                )
            )
        declared = None
        if self.phase in (PICK, BLIND) and not over:
            declared = {
                "player": self.turn,
                "kind": KINDS[self.decl_kind] if self.phase == PICK else None,
                "value": self.decl_value or None,
                "count": self.decl_count if self.phase == PICK else None,
                "laid": [names[c] for c in self.laid],
                "from": list(self.laid_from),
            }
        view = {
            "game": "flush",
            "seat": player,
            "players": n,
            "mode": self.options["mode"],
            "round": self.round_no,
            "rounds": total_rounds(self.options),
            "turn": None if over else self.turn,
            "phase": "over" if over else PHASES[self.phase],
            "first": self.first,
            "previous": self.previous,
            "mimic": self.mimic or None,
            "indicator": names[self.indicator],
            "pile": [names[c] for c in self.pile],
            "pile_as": list(self.pile_as),
            "run": (
                {"value": self.run_value, "count": self.run_count, "links": self.run_links, "last_play": self.top_count}
                if self.pile
                else None
            ),
            "declared": declared,
            "hand_counts": [len(h) for h in self.hands],
            "card_counts": [self.hand_cards(q) for q in range(n)],
            "known": known_cards,
            "bases": [[names[c] if c >= 0 else None for c in self.tops[q]] for q in range(n)],
            "draw_count": len(self.unused),
            "discard": [names[c] for c in self.discard],
            "scores": list(self.totals),
            "playing": [not self.out_round[q] for q in range(n)],
            "last_round": _json_copy(self.last_round),
            "over": over,
            "winners": list(self.result().winners) if over else [],
        }
        if self.options["mode"] == "elimination":
            view["limit"] = self.options["limit"]
        if player is not None:
            view["hand"] = sorted((names[c] for c in self.hands[player]), key=card_order)
        return view


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
