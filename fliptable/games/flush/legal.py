"""What a player may do now: the declarations their cards can fulfil, the cards that
go on fulfilling one, the Mimic swaps — and, for anything else, the rule it breaks
(flush.md "RELEASING CARDS", "DECLARATION", "PICKING UP", "LINK CARDS", "MAKING A FLUSH").
A mixin of ``FlushState`` (``state.py``)."""

from __future__ import annotations

from ...core.errors import shorten
from ...core.fields import MIXIN_SLOTS
from . import notation as A
from .cards import IS_FLUSH, IS_LINK, NAMES, VALUE, VALUE_PLURALS, said
from .fields import FlushFields
from .tables import (
    BIG_KIND,
    BLIND,
    ELIGIBLE,
    LINK,
    NUMBER,
    PASS,
    PICK,
    PLAY,
    SLOT,
    SWAP,
    VALUE_PREFIXES,
    eligible_table,
)


class Legal(FlushFields):
    """Legal actions and the reasons for refusing the others."""

    __slots__ = MIXIN_SLOTS

    def _legal_actions(self, player):
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
            return (*A.PASSES[: len(self.blinds[player])], A.KEEP_ACTION)
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
        return sum(IS_LINK[c] for c in pile[len(pile) - self.top_count :])

    def _lone_mimic(self, v: int) -> bool:
        """mimic_join=pile: Mimics alone may take the value on top of the pile."""
        return v == self.run_value and self.options["mimic_join"] == "pile"

    def _declarations(self, p: int, blind: int | None) -> tuple[str, ...]:
        """Every declaration ``p`` can fulfil now (flush.md "RELEASING CARDS", "PICKING UP",
        "LINK CARDS", "MAKING A FLUSH"); with a flipped ``blind`` card, those that include it."""
        cnt = self.counts[p]
        m = self.mimic
        mim = cnt[m]
        options = self.options
        links = cnt[14]
        need = 4 - (self.run_links if options["flush_count"] == "run" else self._pile_links())
        if need < 1:
            need = 1
        out: list[str] = []
        if blind is None:
            if mim:
                # Mimics join every value held; alone (mimic_join=pile) they take the pile's value
                lone_top = self.run_value if options["mimic_join"] == "pile" else 0
                for v, prefix in VALUE_PREFIXES:
                    r = cnt[v]
                    if r:
                        out += prefix[r + mim] if v != m else prefix[r]
                    elif v == lone_top:
                        out += prefix[mim]
            else:
                for v, prefix in VALUE_PREFIXES:
                    r = cnt[v]
                    if r:
                        out += prefix[r]
            if links >= need:
                out += A.LINKS[need : links + 1]
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
        lone = options["mimic_join"] == "pile"
        alone = options["blind_mimic"] == "alone"
        top = self.run_value
        bv = VALUE[blind]
        for v, prefix in VALUE_PREFIXES:
            r = cnt[v]
            if v == bv:
                out += prefix[1 + r + (mim if v != m else 0)]
            elif bv == m:
                # the flipped Mimic joins cards of value v (flush.md "MIMIC CARDS": "a card it is
                # played with"): at least one real card beside it, unless it takes the pile's value
                # (blind_mimic=alone: version 1's reading, alone as any value held)
                if (lone and v == top) or (r and alone):
                    out += prefix[1 + r + mim]
                elif r:
                    out += prefix[1 + r + mim][1:]
        if IS_LINK[blind] and links + 1 >= need:
            out += A.LINKS[need : links + 2]
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
        v = self.decl_value
        kind = self.decl_kind
        hand = self.hands[p]
        tops = self.tops[p]
        mimic_ok = True
        if kind == NUMBER and v != self.mimic and self.decl_count > len(self.laid) and not self._lone_mimic(v):
            # ``_needs_real``, inline: with no card of the value laid yet, a Mimic goes only
            # when a card of the value is left to follow it
            for c in self.laid:
                if VALUE[c] == v:
                    break
            else:
                reals = 0
                for c in hand:
                    reals += VALUE[c] == v
                for c in tops:
                    reals += c >= 0 and VALUE[c] == v
                mimic_ok = self.decl_count - len(self.laid) >= 2 and reals >= 1
        out: list[str] = []
        eligible = ELIGIBLE[(kind * 11 + v) * 11 + self.mimic]
        # each face once, in the order of the hand (a face passed over here fails alike later)
        seen = set()
        for c in hand:
            if eligible[c] and c not in seen:
                seen.add(c)
                if mimic_ok or VALUE[c] == v:
                    out.append(NAMES[c])
        for k in range(len(tops)):
            c = tops[k]
            if eligible[c] and (mimic_ok or VALUE[c] == v):
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
            return (
                f"{shorten(action)!r} is not Flush notation: declare like 3x6, link:4, flush, bigflush, "
                f"or blind:1 (see `fliptable rules flush`)"
            )
        kind, a, b = info
        phase = self.phase
        p = player
        if phase == SWAP:
            if kind == A.MIMIC_HAND:
                return f"you hold no {NAMES[a]} in your hand to make the Mimic"
            if kind == A.MIMIC_TOP:
                return f"base {a + 1} has no face-up number card to make the Mimic"
            return (
                "a Flush card was turned up as the Mimic: first swap one of your visible number cards "
                'in as the Mimic (mimic:<card> or mimic:b<base>) (flush.md "MIMIC CARDS")'
            )
        if kind in (A.MIMIC_HAND, A.MIMIC_TOP):
            return "a card is swapped in as the Mimic only when a Flush card is turned up at the start"
        if phase == PASS:
            if kind == A.PASS:
                return f"you have no base {a + 1}"
            return "after your Super Flush, pass a base to the previous turn's player (pass:<base>) or keep"
        if kind in (A.PASS, A.KEEP):
            return 'a base is passed only after a Super Flush (flush.md "SUPER FLUSH")'
        if phase == PICK:
            what = (
                said(self.decl_count, self.decl_value)
                if self.decl_kind == NUMBER
                else f"a Link Flush with {self.decl_count}"
                if self.decl_kind == LINK
                else "a Big Flush"
                if self.decl_kind == BIG_KIND
                else "a Flush"
            )
            legal = ", ".join(self._tokens(p))
            if kind == A.HAND and a in self.hands[p] and self._eligible(a):
                return (
                    f"you declared {what}: a Mimic only mimics a card it is played with, so a card of "
                    f"that value must go first ({legal})"
                )
            return (
                f'you declared {what}; once declared it must be fulfilled (flush.md "DECLARATION"): '
                f"lay {self.decl_count - len(self.laid)} more of {legal}"
            )
        if kind in (A.HAND, A.TOP):
            return "declare your play first (e.g. 3x6): the cards that fulfil it are chosen after"
        if kind == A.BLIND:
            if phase == BLIND:
                return 'only one Blind card may be flipped per turn, and only first in a turn (flush.md "BLIND CARDS")'
            if a >= len(self.blinds[p]):
                return f"you have no base {a + 1}"
            return (
                f"the Blind card of base {a + 1} is still covered by its top card: it must be free of its "
                f'top card (flush.md "BLIND CARDS")'
            )
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
                    return (
                        f"the flipped Blind card ({NAMES[blind]}) is part of your play: declare its value, "
                        f"with cards of that value and Mimics joining it"
                    )
                r += bv == v
                mim += bv == m and v != m
                if (
                    bv == m
                    and v != m
                    and r
                    and n == 1
                    and not self._lone_mimic(v)
                    and self.options["blind_mimic"] == "play"
                ):
                    return (
                        f"the flipped Blind card ({NAMES[blind]}) is a Mimic, and a Mimic only mimics a card it "
                        f"is played with: declare at least 2 {name} (it and a real one), or "
                        f"1x{m} for its own value"
                    )
            if r == 0:
                if mim:
                    return (
                        "void declaration: a Mimic only mimics a card it is played with, and you have no "
                        "card of that value to lay with it (mimic_join=pile lets Mimics take the pile's value)"
                    )
                return f"void declaration: you have no card that can be one of the {name}"
            return (
                f"void declaration: {said(n, v)} cannot be fulfilled — you can lay at most {r + mim} "
                f"({r} of the value, {mim} Mimic{'s' if mim != 1 else ''})"
            )
        if kind == A.LINK_FLUSH:
            links = sum(cnt[2 * v + 1] for v in range(1, 11)) + (blind is not None and IS_LINK[blind])
            pile = self._pile_links()
            if blind is not None and not IS_LINK[blind]:
                return "the flipped Blind card is no Link card, so it cannot be part of a Link Flush"
            return (
                f"void declaration: a Link Flush needs 4 Link cards with those on top of the pile ({pile} "
                f"there) and is made with your own Link cards only; you have {links}, declared {a}"
            )
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
