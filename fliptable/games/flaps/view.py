"""What each seat sees (``_view``) and the hidden cards for determinization. A mixin of
``FlapsState``."""

from __future__ import annotations

from collections import Counter

from ...core.fields import MIXIN_SLOTS
from ...core.knowledge import PUBLIC, knows, unknown_to
from ...core.knowledge import shown as shown_to
from .cards import COLOUR, NAMES, NO_RANK, NO_SUIT, SUIT_NAMES, SUITS
from .fields import FlapsFields
from .tables import (
    ANY_SUIT,
    ATTACKED,
    DOWN_PLACE,
    DUMP_RUN,
    FOLLOW,
    KING_RUN,
    MEGA_RUN,
    MONTY_PHASES,
    PHASES,
    SCUFFLE,
    SPOOF_CALL,
    SPOOF_GAME,
    SPOOFING,
    SWAP_GIVE,
    TRUMPS_GAME,
)


def suit_text(s: int) -> str | None:
    if s == ANY_SUIT:
        return "any"
    return None if s == NO_SUIT else SUITS[s]


class View(FlapsFields):
    """The view and determinization of ``FlapsState``."""

    __slots__ = MIXIN_SLOTS

    def _view(self, player):
        n = self.players
        over = self.over
        phase = self.phase
        acting = None if over or phase in (TRUMPS_GAME, SPOOF_GAME) else self.acting()
        v = {
            "players": n,
            "seat": player,
            "level": self.level,
            "dealer": (n - 2 + self.game_no) % n,
            "game": self.game_no,
            "games": self.games,
            "scores": self.points[:],
            "last_game": ({**self.last_game, "winners": list(self.last_game["winners"])} if self.last_game else None),
            "turn": None
            if over or phase in (TRUMPS_GAME, SPOOF_GAME)
            else (self.actor if phase == SPOOF_CALL else self.turn),
            "acting": acting,
            "phase": PHASES[phase],
            "direction": self.direction,
            "hand_counts": [len(h) for h in self.hands],
            "shown": [[NAMES[c] for c in s] if s else [] for s in self.shown],  # mostly empty
            "draw_count": len(self.pack),
            "discard": [NAMES[c] for c in self.pile],
            "top": NAMES[self.pile[-1]],
            "lead": {"suit": suit_text(self.lead_suit), "rank": None if self.lead_rank == NO_RANK else self.lead_rank},
            "attack": (
                {"sum": self.attack_sum, "card": NAMES[self.attack_card]}
                if phase == ATTACKED and self.attack_card is not None
                else None
            ),
            "flapping": self.flapping,
            "last_flapper": None if self.last_flapper < 0 else self.last_flapper,
            "mega": ({"seat": self.actor, "laid": self.mega_laid, "cap": self.mega_cap} if phase == MEGA_RUN else None),
            "dump_left": self.run_left if phase == DUMP_RUN else None,
            "scuffle": {"target": self.actor, "from": self.resume} if phase == SCUFFLE else None,
            "follow": (
                "/".join(SUIT_NAMES[s] for s in COLOUR[self.pile[-1]])
                if phase == FOLLOW
                else ("king'n'lay" if phase == KING_RUN else None)
            ),
            "trumps": (
                {"suit": SUITS[self.trump], "caller": self.caller, "committed": [c >= 0 for c in self.committed]}
                if phase == TRUMPS_GAME
                else None
            ),
            "spoof": (
                {
                    "caller": self.caller,
                    "committed": [c >= 0 for c in self.committed],
                    "calls": [None if k < 0 else k for k in self.calls],
                }
                if phase in SPOOFING
                else None
            ),
            "forgot": list(self.forgot),
            "unsaid": list(self.unsaid),
            "over": over,
            "winners": list(self.winners) if over else [],
            "double_win": self.double,
            "ended": self.ended,
        }
        if player is not None:
            v["hand"] = [NAMES[c] for c in self.hands[player]]
            if phase == TRUMPS_GAME and self.committed[player] >= 0:
                v["trumps"]["mine"] = NAMES[self.committed[player]]
            if phase in SPOOFING and self.committed[player] >= 0:
                v["spoof"]["mine"] = NAMES[self.committed[player]]
        if self.level >= 5:
            # Level 5: who knows which card (core/knowledge.py) — the Solve the Mystery pile as
            # this seat knows it (None: a card it does not know), the guesses said aloud, and
            # the cards of other hands it knows beyond those everyone saw
            v["mystery"] = shown_to(self.mystery, self.mystery_known, player, NAMES.__getitem__)
            v["guesses"] = [{"player": q, "card": NAMES[c], "index": i} for q, c, i in self.guesses]
            v["you_know"] = [
                [
                    NAMES[c]
                    for c, m in zip(self.known_cards[q], self.known_masks[q], strict=True)
                    if q != player and knows(m, player)
                ]
                for q in range(n)
            ]
        if self.level >= 6:
            # Level 6: the 1-DOWN piles, bottom first, each card as this seat knows it
            v["downs"] = [
                [
                    {"card": NAMES[c] if knows(m, player) else None, "up": m == PUBLIC}
                    for c, m in zip(self.downs[q], self.downs_known[q], strict=True)
                ]
                for q in range(n)
            ]
            v["taken"] = NAMES[self.pending[0]] if phase == DOWN_PLACE and player == self.actor else None
            v["swap"] = {"seat": self.pending[0], "index": self.pending[1]} if phase == SWAP_GIVE else None
        if self.level >= 7:
            # Level 7: the FULL MONTY on the table — its three face-down cards as this seat knows them
            if phase in MONTY_PHASES:
                owner, target, pointed, shown_at = self.monty_state
                v["monty"] = {
                    "player": owner,
                    "chosen": target,
                    "cards": [NAMES[c] if player == owner or j == shown_at else None for j, c in enumerate(self.monty)],
                    "indicated": None if pointed < 0 else pointed,
                    "shown": None if shown_at < 0 else shown_at,
                }
            else:
                v["monty"] = None
        return v

    def all_cards(self) -> list[int]:
        out = list(self.pack) + list(self.pile)
        for h in self.hands:
            out.extend(h)
        out.extend(c for c in self.committed if c >= 0)
        out.extend(self.mystery)
        for d in self.downs:
            out.extend(d)
        if self.phase == DOWN_PLACE:
            out.extend(self.pending)
        out.extend(self.monty)
        return out

    # -- hidden information -----------------------------------------------------------------
    def hidden_slots(self, player):
        """The pack, the other players' hands but the cards all saw go there, and the other
        players' face-down TRUMPS or SPOOF cards."""
        slots = [(self.pack, i) for i in range(len(self.pack))]
        if self.mystery:
            slots += unknown_to([(self.mystery, self.mystery_known)], player)
        if any(self.downs):
            slots += unknown_to(list(zip(self.downs, self.downs_known, strict=True)), player)
        if self.phase == DOWN_PLACE and player != self.actor:
            slots.append((self.pending, 0))
        if self.monty and player != self.monty_state[0]:
            slots += [(self.monty, j) for j in range(len(self.monty)) if j != self.monty_state[3]]
        for q in range(self.players):
            if q == player:
                continue
            hand = self.hands[q]
            known = Counter(self.shown[q])
            if self.known_cards[q]:
                known.update(
                    c for c, m in zip(self.known_cards[q], self.known_masks[q], strict=True) if knows(m, player)
                )
            for i, c in enumerate(hand):
                if known[c] > 0:
                    known[c] -= 1
                else:
                    slots.append((hand, i))
            if self.committed[q] >= 0:
                slots.append((self.committed, q))
        return slots

    def _redeal(self, player, rng):
        """The kernel's re-deal of ``hidden_slots``; then what others know of hands that
        ``player`` cannot see is dropped (those cards may have moved). Every other hand is
        sorted first: the order of a hand ``player`` cannot see is no fact of theirs (chance
        that picks a card by its place, LOSE A SECRET's blind pick, reads it), so the re-deal
        depends only on what ``player`` knows (``InformationSet.sample``)."""
        for q in range(self.players):
            if q != player:
                self.hands[q].sort()
        super()._redeal(player, rng)
        for q in range(self.players):
            if q == player or not self.known_cards[q]:
                continue
            keep = [(c, m) for c, m in zip(self.known_cards[q], self.known_masks[q], strict=True) if knows(m, player)]
            self.known_cards[q] = [c for c, _ in keep]
            self.known_masks[q] = [m for _, m in keep]
