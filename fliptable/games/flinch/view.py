"""What each FLINCH player may know: the views, and determinization (re-dealing exactly
the cards a player cannot know). A mixin of ``FlinchState``.

Public: every game pile's top and count, every reserve pile's top and count, the centre,
the stack's count, every hand's count, every action (a hand card's place shows as
``hand``) and every card played or discarded. Private: a hand (its owner), a draw's
cards (the drawer). Nobody sees a game pile below its top (the owner included), nor the
stack's order. With ``reserve_memory=on`` nobody's view shows a reserve pile below its top
("A player may not look underneath ... but should try to remember"); every reserve card
was placed face up in front of everyone, so determinization never moves one."""

from __future__ import annotations

from typing import Any

from ...core.fields import MIXIN_SLOTS
from ..flinch_pack.cards import NAMES, names
from .fields import FlinchFields
from .layout import BUILD_NAMES, HAND, RESERVES


class View(FlinchFields):
    """``_view``, ``hidden_slots`` and ``_redeal`` of ``FlinchState``."""

    __slots__ = MIXIN_SLOTS

    def phase_name(self) -> str:
        """The view's ``phase``: over, laydown (a player laying down), opening, play."""
        if self.over:
            return "over"
        if self.laying >= 0:
            return "laydown"
        return "play" if self.started else "opening"

    def _view(self, player: int | None) -> dict[str, Any]:
        cfg = self.cfg
        n = self.players
        owner_sees = not cfg.memory
        reserves = []
        for q in range(n):
            row = []
            for r in self.reserves[q * RESERVES : (q + 1) * RESERVES]:
                entry: dict[str, Any] = {"top": NAMES[r[-1]] if r else None, "count": len(r)}
                if owner_sees and q == player:
                    entry["cards"] = names(r)  # bottom first
                row.append(entry)
            reserves.append(row)
        takes = cfg.takes  # layout.pile_takes, tabled per table
        centre = []
        for i, (lo, hi, d) in enumerate(zip(self.pile_low, self.pile_high, self.pile_build, strict=True)):
            centre.append(
                {
                    "pile": i + 1,
                    "low": NAMES[lo],
                    "high": NAMES[hi],
                    "build": BUILD_NAMES[d],
                    "next": names(takes[d][lo][hi]),
                }
            )
        phase = self.phase_name()
        scores = self._scores()  # result().scores, without ranking them
        out: dict[str, Any] = {
            "seat": player,
            "players": n,
            "dealer": n - 1,
            "phase": phase,
            "turn": None if self.over else self.actor(),
            "turns": self.turns,
            "started": self.started,
            "top_number": cfg.top,
            "starters": names(cfg.starters),
            "centre_variant": cfg.centre_kind,
            "enforce": "table" if cfg.table else "strict",
            "reserve_memory": "on" if cfg.memory else "off",
            "teams": [list(t) for t in cfg.teams] if cfg.partnership else None,
            "partners": list(cfg.partners[player]) if player is not None else [],
            "scores": [int(s) for s in scores],
            "game_piles": [{"top": NAMES[g[-1]] if g else None, "count": len(g)} for g in self.game_piles],
            "hand_counts": [len(h) for h in self.hands],
            "reserves": reserves,
            "centre": centre,
            "draw_count": len(self.stack),
            "stack_groups": (len(self.stack) + HAND - 1) // HAND,
            "removed": len(self.removed),
            "stack_exhausted": self.stack_out(),
            "blocked": self.blocked(),
            "idle_turns": self.idle,
            "played_this_turn": self.played,
            "challenges": self.challenges,
            "challenge": None,
            "over": self.over,
            "winners": list(self.winners),
            "end": self.end,
        }
        if player is not None:
            out["hand"] = names(self.hands[player])
        if self.offender >= 0:
            # Challenge: the action that may be called out, as the table saw it; whether a
            # playable game-pile card was left is public, a held 1 is not
            out["challenge"] = {
                "offender": self.offender,
                "action": self.offence,
                "window": self.window,
                "game_pile_playable": self.neglect,
            }
            if cfg.window:
                # challenge=window: calls are secret until the window closes -- a viewer
                # learns only whether he himself is still to answer and whether he called
                out["challenge"]["to_answer"] = player in self.racing
                out["challenge"]["called"] = player in self.callers
        return out

    # -- determinization ------------------------------------------------------------------
    def _pools(self, player: int | None) -> dict[int, list[tuple[list[int], int]]]:
        """The places whose card ``player`` cannot know, by the pool the card came from:
        pool 0 is the deal and the first stack (game piles below their top and above the
        penalty cards seen arriving at their bottom, hands, that stack), pool k the k-th
        restock (whose cards, the finished piles, everyone saw; only their order and who
        drew which are unknown). Cards move only within their pool."""
        pools: dict[int, list[tuple[list[int], int]]] = {0: []}
        zero = pools[0]
        for q in range(self.players):
            pile = self.game_piles[q]
            zero.extend((pile, i) for i in range(self.game_seen[q], len(pile) - 1))
            if q != player:
                hand = self.hands[q]
                for i, s in enumerate(self.hand_src[q]):
                    if s >= 0:
                        pools.setdefault(s, []).append((hand, i))
        stack = self.stack
        pools.setdefault(self.restocks, []).extend((stack, i) for i in range(len(stack)))
        return pools

    def hidden_slots(self, player):
        return [slot for slots in self._pools(player).values() for slot in slots]

    def _redeal(self, player, rng) -> None:
        """Re-deal every card ``player`` cannot know, within its pool (``_pools``), then
        sort the hands again. Reserve piles, game-pile tops, penalty cards, cards taken
        back and the viewer's own hand stay where they are."""
        for slots in self._pools(player).values():
            cards = [pile[i] for pile, i in slots]
            rng.shuffle(cards)
            for (pile, i), card in zip(slots, cards, strict=True):
                pile[i] = card
        for q in range(self.players):
            if q != player:
                pairs = sorted(zip(self.hands[q], self.hand_src[q], strict=True))
                self.hands[q][:] = [v for v, _ in pairs]
                self.hand_src[q][:] = [s for _, s in pairs]
        self._derive()
