"""What each seat sees, the result, hidden cards for determinization, load checks."""
from __future__ import annotations

from collections import Counter

from ...core.knowledge import PUBLIC, knows, shown as shown_to, unknown_to

from ...core.result import Result, ranks_from_keys
from . import actions as A
from .cards import COLOUR, NAMES, NCARDS, NO_RANK, NO_SUIT, SUITS, SUIT_NAMES

(PLAY, ATTACKED, KNOCK, SCUFFLE, FOLLOW, KING_RUN, MEGA_RUN, DUMP_RUN, TRUMPS_GAME, SPOOF_GAME, SPOOF_CALL,
 SECRET_PICK, GUESSING, DOWN_PLACE, OVER_PICK, PEEK_PICK, SWAP_PICK, SWAP_GIVE, MONTY_LAYING, MONTY_POINT,
 MONTY_SHOW, MONTY_TAKE) = range(22)
PHASES = ("play", "attacked", "eight", "scuffle", "follow", "king'n'lay", "mega-flap", "dump", "trumps", "spoof",
          "spoof-call", "pick a secret", "guess", "1-down", "1-over", "1-look", "1-swap", "1-swap give",
          "full monty", "full monty point", "full monty show", "full monty take")
MONTY_PHASES = (MONTY_LAYING, MONTY_POINT, MONTY_SHOW, MONTY_TAKE)
SPOOFING = (SPOOF_GAME, SPOOF_CALL)
ANY_SUIT = 4


def suit_text(s: int) -> str | None:
    if s == ANY_SUIT:
        return "any"
    return None if s == NO_SUIT else SUITS[s]


class Views:
    """The view/result half of ``FlapsState``."""

    __slots__ = ()

    def _view(self, player):
        n = self.players
        over = self.over
        phase = self.phase
        acting = None if over or phase in (TRUMPS_GAME, SPOOF_GAME) else self.acting()
        v = {
            "players": n, "seat": player, "level": self.level, "dealer": (n - 2 + self.game_no) % n,
            "game": self.game_no, "games": self.games, "scores": self.points[:],
            "last_game": ({**self.last_game, "winners": list(self.last_game["winners"])}
                          if self.last_game else None),
            "turn": None if over or phase in (TRUMPS_GAME, SPOOF_GAME) else (self.actor if phase == SPOOF_CALL
                                                                             else self.turn),
            "acting": acting,
            "phase": PHASES[phase],
            "direction": self.direction,
            "hand_counts": [len(h) for h in self.hands],
            "shown": [[NAMES[c] for c in s] for s in self.shown],
            "draw_count": len(self.pack),
            "discard": [NAMES[c] for c in self.pile],
            "top": NAMES[self.pile[-1]],
            "lead": {"suit": suit_text(self.lead_suit), "rank": None if self.lead_rank == NO_RANK else self.lead_rank},
            "attack": ({"sum": self.attack_sum, "card": NAMES[self.attack_card]}
                       if phase == ATTACKED and self.attack_card is not None else None),
            "flapping": self.flapping,
            "last_flapper": None if self.last_flapper < 0 else self.last_flapper,
            "mega": ({"seat": self.actor, "laid": self.mega_laid, "cap": self.mega_cap}
                     if phase == MEGA_RUN else None),
            "dump_left": self.run_left if phase == DUMP_RUN else None,
            "scuffle": {"target": self.actor, "from": self.resume} if phase == SCUFFLE else None,
            "follow": ("/".join(SUIT_NAMES[s] for s in COLOUR[self.pile[-1]]) if phase == FOLLOW
                       else ("king'n'lay" if phase == KING_RUN else None)),
            "trumps": ({"suit": SUITS[self.trump], "caller": self.caller,
                        "committed": [c >= 0 for c in self.committed]} if phase == TRUMPS_GAME else None),
            "spoof": ({"caller": self.caller, "committed": [c >= 0 for c in self.committed],
                       "calls": [None if k < 0 else k for k in self.calls]} if phase in SPOOFING else None),
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
            v["you_know"] = [[NAMES[c] for c, m in zip(self.known_cards[q], self.known_masks[q])
                              if q != player and knows(m, player)] for q in range(n)]
        if self.level >= 6:
            # Level 6: the 1-DOWN piles, bottom first, each card as this seat knows it
            v["downs"] = [[{"card": NAMES[c] if knows(m, player) else None, "up": m == PUBLIC}
                           for c, m in zip(self.downs[q], self.downs_known[q])] for q in range(n)]
            v["taken"] = (NAMES[self.pending[0]] if phase == DOWN_PLACE and player == self.actor else None)
            v["swap"] = ({"seat": self.pending[0], "index": self.pending[1]} if phase == SWAP_GIVE else None)
        if self.level >= 7:
            # Level 7: the FULL MONTY on the table — its three face-down cards as this seat knows them
            if phase in MONTY_PHASES:
                owner, target, pointed, shown_at = self.monty_state
                v["monty"] = {"player": owner, "chosen": target,
                              "cards": [NAMES[c] if player == owner or j == shown_at else None
                                        for j, c in enumerate(self.monty)],
                              "indicated": None if pointed < 0 else pointed,
                              "shown": None if shown_at < 0 else shown_at}
            else:
                v["monty"] = None
        return v

    def result(self) -> Result:
        """Scores are the match's points (1 a game won, 2 a double win); ranks by points, then
        fewer cards in hand; the winners have the most points once the match is over."""
        n = self.players
        counts = [len(h) for h in self.hands]
        win = set(self.winners) if self.over else set()
        keys = [(self.points[p], 0) if p in win else (self.points[p], -counts[p] - 1) for p in range(n)]
        return Result(tuple(float(x) for x in self.points), tuple(self.winners) if self.over else (),
                      ranks_from_keys(keys), self.over,
                      {"cards_left": counts, "double_win": self.double, "ended": self.ended,
                       "games_played": self.game_no})

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
            slots += unknown_to(list(zip(self.downs, self.downs_known)), player)
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
                known.update(c for c, m in zip(self.known_cards[q], self.known_masks[q]) if knows(m, player))
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
            keep = [(c, m) for c, m in zip(self.known_cards[q], self.known_masks[q]) if knows(m, player)]
            self.known_cards[q] = [c for c, _ in keep]
            self.known_masks[q] = [m for _, m in keep]

    def timeout_action(self, player):
        legal = self.legal_actions(player)
        for a in (A.DRAW_ACTION, A.TAKE_ACTION, A.KNOCK_ACTION, A.DONE_ACTION):
            if a in legal:
                return a
        return super().timeout_action(player)

    # -- loading ------------------------------------------------------------------------------
    def _check(self) -> None:
        n = self.players
        if not self.pile:
            raise ValueError("the pile holds at least the first card")
        if not 0 <= self.phase <= MONTY_TAKE:
            raise ValueError(f"unknown phase {self.phase}")
        if self.direction not in (1, -1):
            raise ValueError("direction is 1 or -1")
        if not (NO_SUIT <= self.lead_suit <= ANY_SUIT and NO_RANK <= self.lead_rank <= 13):
            raise ValueError("lead suit or rank out of range")
        if not -1 <= self.last_flapper < n or not -1 <= self.trump < 4 or not -1 <= self.caller < n:
            raise ValueError("a seat or suit out of range")
        if not (0 <= self.mega_laid <= 3 and self.mega_cap in (2, 3) and 0 <= self.run_left <= 3
                and 0 <= self.resume < n and 0 <= self.attack_sum <= 40 * self.packs):
            raise ValueError("a run, a scuffle or an attack out of range")
        if len(self.committed) != n or any(not -1 <= c < NCARDS for c in self.committed):
            raise ValueError("committed holds a card or -1 per seat")
        if (self.phase == TRUMPS_GAME) != (self.trump >= 0) or (self.phase not in (TRUMPS_GAME, *SPOOFING) and any(
                c >= 0 for c in self.committed)):
            raise ValueError("TRUMPS and SPOOF cards are laid only in a TRUMPS or SPOOF game")
        if self.phase in (TRUMPS_GAME, *SPOOFING) and self.caller < 0:
            raise ValueError("a TRUMPS or SPOOF game has a caller")
        if len(self.calls) != n or any(not -1 <= k <= A.MAX_CALL for k in self.calls) or (
                self.phase != SPOOF_CALL and any(k >= 0 for k in self.calls)):
            raise ValueError("SPOOF calls are made only in a SPOOF game, one number per seat")
        if self.phase == SPOOF_CALL:
            if not (0 <= self.actor < n and self.committed[self.actor] >= 0 and self.calls[self.actor] < 0):
                raise ValueError("the player to call in SPOOF laid a card and has not called")
            if any(self.hands[p] and self.committed[p] < 0 for p in range(n)):
                raise ValueError("SPOOF calls start once every player with cards has laid one")
            made = [k for k in self.calls if k >= 0]
            if len(set(made)) != len(made):
                raise ValueError("SPOOF calls are distinct")
        if self.level < 4 and self.phase in SPOOFING:
            raise ValueError("SPOOF is a Level 4 card")
        if (self.phase == ATTACKED) != (self.attack_card is not None) or (self.phase == ATTACKED) != (
                self.attack_sum > 0):
            raise ValueError("an attack has a card and a sum")
        if len(self.hands) != n or len(self.shown) != n:
            raise ValueError("one hand per seat")
        for p in range(n):
            if Counter(self.shown[p]) - Counter(self.hands[p]):
                raise ValueError(f"seat {p}'s shown cards are not in their hand")
        if len(set(self.forgot)) != len(self.forgot) or any(len(self.hands[o]) != 1 for o in self.forgot):
            raise ValueError("only a player on one card can be caught, once")
        if (len(set(self.unsaid)) != len(self.unsaid) or any(len(self.hands[o]) != 1 for o in self.unsaid)
                or set(self.unsaid) & set(self.forgot) or (self.legacy and self.unsaid)):
            raise ValueError("only a player on one card who has not been caught may still say \"Last Card\", once")
        if self.over != bool(self.winners) or (self.over and self.ended is None):
            raise ValueError("a game over has winners and an ending")
        if not self.over:
            if any(not h for h in self.hands) and self.phase not in (TRUMPS_GAME, *SPOOFING, *MONTY_PHASES):
                raise ValueError("a player with no cards has won")
            if not self.pack and not self.pack_draw:
                raise ValueError("the game ends when the pack runs out")
            if self.phase in (TRUMPS_GAME, SPOOF_GAME) and not any(
                    self.committed[p] < 0 and self.hands[p] for p in range(n)):
                raise ValueError("a TRUMPS game with every card laid is resolved")
            if self.phase == FOLLOW and not COLOUR[self.pile[-1]]:
                raise ValueError("a follow-on comes after an ACE'N'LAY")
        if not 1 <= self.game_no <= self.games or len(self.points) != n or any(x < 0 for x in self.points):
            raise ValueError("the match's game number or points are out of range")
        if self.last_game is not None and not isinstance(self.last_game, dict):
            raise ValueError("last_game is an object")
        if self.level < 5 and (self.mystery or self.guesses or any(self.known_cards)):
            raise ValueError("the Solve the Mystery pile is a Level 5 rule")
        if len(self.mystery_known) != len(self.mystery) or any(m < 0 for m in self.mystery_known):
            raise ValueError("one knowledge mask (not public) per Solve the Mystery card")
        if len(self.known_cards) != n or len(self.known_masks) != n:
            raise ValueError("known cards per seat")
        for p in range(n):
            cards, masks = self.known_cards[p], self.known_masks[p]
            if len(cards) != len(masks) or any(m <= 0 or m >> p & 1 or m >> n for m in masks):
                raise ValueError(f"seat {p}: one mask of other seats per known card")
            if Counter(cards) + Counter(self.shown[p]) - Counter(self.hands[p]):
                raise ValueError(f"seat {p}'s known cards are not in their hand")
        for g in self.guesses:
            if len(g) != 3 or not 0 <= g[0] < n or not 0 <= g[1] < NCARDS or not 0 <= g[2] < len(self.mystery):
                raise ValueError("a guess is [seat, card, index in the Solve the Mystery pile]")
        if len(self.downs) != n or len(self.downs_known) != n or any(
                len(d) != len(m) or len(d) > A.DOWNS_PER_PACK * self.packs for d, m in zip(self.downs, self.downs_known)):
            raise ValueError("a 1-DOWN pile per seat, a mask per card, at most the pack's 1-DOWN cards")
        if any(m != PUBLIC and not 0 <= m < 1 << n for ms in self.downs_known for m in ms):
            raise ValueError("a 1-DOWN card is face up or known to some seats")
        if self.level < 6 and (any(self.downs) or self.pending or DOWN_PLACE <= self.phase <= SWAP_GIVE):
            raise ValueError("1-DOWN piles are a Level 6 rule")
        if self.phase == DOWN_PLACE:
            if len(self.pending) != 1 or not 0 <= self.pending[0] < NCARDS:
                raise ValueError("a 1-DOWN placement holds the card taken")
        elif self.phase == SWAP_GIVE:
            if len(self.pending) != 2 or not (0 <= self.pending[0] < n
                                              and 0 <= self.pending[1] < len(self.downs[self.pending[0]])):
                raise ValueError("a 1-SWAP holds the 1-DOWN card chosen")
            if not self.hands[self.actor]:
                raise ValueError("a 1-SWAP gives a card of the hand")
        elif self.pending:
            raise ValueError("only a 1-DOWN or a 1-SWAP holds a pending choice")
        if self.phase >= DOWN_PLACE and not 0 <= self.actor < n:
            raise ValueError("a Level 6 choice has a player")
        if self.phase in MONTY_PHASES:
            if self.level < 7 or len(self.monty_state) != 4:
                raise ValueError("a FULL MONTY (Level 7) has its player, the chosen player, indicated and shown")
            owner, target, pointed, shown_at = self.monty_state
            if not (0 <= owner < n and 0 <= target < n and owner != target and -1 <= pointed < 3
                    and -1 <= shown_at < 3):
                raise ValueError("FULL MONTY seats or indices out of range")
            want = {MONTY_LAYING: (owner, None), MONTY_POINT: (target, 3), MONTY_SHOW: (owner, 3),
                    MONTY_TAKE: (target, 3)}[self.phase]
            if self.actor != want[0] or (want[1] is not None and len(self.monty) != 3) or len(self.monty) > 3:
                raise ValueError("FULL MONTY: the wrong player acts, or not three cards")
            if (self.phase >= MONTY_SHOW) != (pointed >= 0) or (self.phase == MONTY_TAKE) != (shown_at >= 0) or (
                    shown_at >= 0 and shown_at == pointed):
                raise ValueError("FULL MONTY: indicated, then one of the other two shown")
        elif self.monty or self.monty_state:
            raise ValueError("FULL MONTY cards lie face down only during a FULL MONTY")
        if self.phase in (SECRET_PICK, GUESSING) and not (0 <= self.actor < n and self.level >= 5):
            raise ValueError("a secret is put or guessed by a player at Level 5")
        if self.phase == SECRET_PICK and not self.hands[self.actor]:
            raise ValueError("PICK A SECRET needs a card in hand")
        if len(self.stat) != 16:
            raise ValueError("stat holds 16 counters")
