"""Flip 7 state and rules (flip7.md, with the decisions of docs/rules/flip7.md)."""
from __future__ import annotations

import random

from ...core.decision import Over, turn
from ...core.events import Event
from ...core.game import State
from ...core.result import Result, ranks_from_keys
from .cards import CARDS, FLIP3, FREEZE, MODIFIER_POINTS, SECOND, X2

ACTIVE, STAYED, BUSTED, FROZEN, FLIP7 = range(5)
STATUS_NAMES = ("active", "stayed", "busted", "frozen", "flip7")
HIT_STAY = ("hit", "stay")
_OVER = Over()
WINNING_SCORE = 200
FLIP7_BONUS = 15
NAMES = CARDS.names

# Jobs on the resolution stack: a Flip Three being resolved for a player.
# [player, flips_left, set_aside_cards]


class Flip7State(State):
    """A game of Flip 7. The draw pile is kept top-last (``draw[-1]`` is the top card)."""

    __slots__ = ("draw", "discard", "tableau", "mask", "status", "has_second", "totals",
                 "dealer", "last", "to_deal", "jobs", "choice", "round_no", "over",
                 "last_round", "stat")

    # -- set-up and serialisation ---------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        n = self.players
        self.draw = deck[::-1]
        self.discard: list[int] = []
        self.totals = [0] * n
        self.dealer = n - 1                       # the first dealer is the last seat
        self.round_no = 0
        self.over = False
        self.last_round: list[int] | None = None
        # additive statistics: player-rounds, busts, flip 7s, summed round scores
        self.stat = [0, 0, 0, 0]
        self._start_round(None)
        self._advance(None)

    def _dump(self) -> dict:
        return {"draw": self.draw, "discard": self.discard, "tableau": self.tableau,
                "status": self.status, "totals": self.totals, "dealer": self.dealer,
                "last": self.last, "to_deal": self.to_deal,
                "jobs": self.jobs, "choice": self.choice, "round_no": self.round_no,
                "over": self.over, "last_round": self.last_round, "stat": self.stat}

    def _load(self, d: dict) -> None:
        self.draw, self.discard = list(d["draw"]), list(d["discard"])
        self.tableau = [list(t) for t in d["tableau"]]
        self.status, self.totals = list(d["status"]), list(d["totals"])
        self.dealer, self.last, self.to_deal = d["dealer"], d["last"], list(d["to_deal"])
        self.jobs = [[j[0], j[1], list(j[2])] for j in d["jobs"]]
        self.choice = list(d["choice"]) if d["choice"] is not None else None
        self.round_no, self.over = d["round_no"], d["over"]
        self.last_round = list(d["last_round"]) if d["last_round"] is not None else None
        self.stat = list(d["stat"])
        self.mask = [0] * self.players
        self.has_second = [False] * self.players
        for p, cards in enumerate(self.tableau):
            for c in cards:
                if c <= 12:
                    self.mask[p] |= 1 << c
                elif c == SECOND:
                    self.has_second[p] = True

    def clone(self) -> "Flip7State":
        c = Flip7State.__new__(Flip7State)
        c.game, c.players, c.options = self.game, self.players, self.options
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.draw, c.discard = self.draw[:], self.discard[:]
        c.tableau = [t[:] for t in self.tableau]
        c.mask, c.status, c.has_second = self.mask[:], self.status[:], self.has_second[:]
        c.totals, c.to_deal = self.totals[:], self.to_deal[:]
        c.dealer, c.last, c.round_no, c.over = self.dealer, self.last, self.round_no, self.over
        c.jobs = [[j[0], j[1], j[2][:]] for j in self.jobs]
        c.choice = self.choice[:] if self.choice is not None else None
        c.last_round = self.last_round[:] if self.last_round is not None else None
        c.stat = self.stat[:]
        return c

    # -- the kernel contract ------------------------------------------------------------
    def decision(self):
        if self.over:
            return _OVER
        if self.choice is not None:
            return turn(self.choice[1])
        return turn(self.last)

    def legal_actions(self, player):
        if self.over:
            return ()
        choice = self.choice
        if choice is not None:
            if player != choice[1]:
                return ()
            return tuple(f"{choice[0]}:{t}" for t in self._candidates(choice))
        return HIT_STAY if player == self.last else ()

    def why_illegal(self, player, action):
        kind, _, arg = action.partition(":")
        if self.choice is not None:
            what = "give the spare Second Chance" if self.choice[0] == "give" else \
                f"choose who gets the {NAMES[self.choice[2]]}"
            if kind in ("give", "target") and kind == self.choice[0]:
                return (f"{arg!r} is not an eligible seat (flip7.md \"Second Chance\": only an active "
                        f"player without one)" if kind == "give" else
                        f"{arg!r} is not an active player (rules=official: any active player)")
            return f"player {player} must first {what}"
        if kind == "target" and self.options["rules"] != "official":
            return "target:<seat> exists only with rules=official (the rulebook's Freeze and Flip Three hit the drawer)"
        if kind in ("give", "target"):
            return "there is no card to hand out now"
        return None

    def _apply(self, player, action, events):
        if action == "hit":
            self._flip(player, self._draw(events), False, events)
        elif action == "stay":
            # flip7.md "Pass (Stay)": bank the points, done for the round
            self.status[player] = STAYED
            if events is not None:
                events.append(Event("stay", {"player": player, "round_score": self.round_score(player)}))
        else:
            kind, _, arg = action.partition(":")
            target = int(arg)
            choice, self.choice = self.choice, None
            if kind == "give":
                self._give_second(choice[1], target, choice[2], events)
            else:
                self._resolve_action_card(choice[1], target, choice[2], events)
        self._advance(events)

    def all_cards(self):
        out = self.draw + self.discard
        for t in self.tableau:
            out += t
        for job in self.jobs:
            out += job[2]
        if self.choice is not None:
            out.append(self.choice[2])
        return out

    # -- the engine -------------------------------------------------------------------------
    def _start_round(self, events) -> None:
        n = self.players
        self.round_no += 1
        self.dealer = (self.dealer + 1) % n if self.round_no > 1 else self.dealer
        self.tableau = [[] for _ in range(n)]
        self.mask = [0] * n
        self.status = [ACTIVE] * n
        self.has_second = [False] * n
        self.jobs: list[list] = []
        self.choice: list | None = None
        # flip7.md "Setup" 3: one card to each player from the dealer's left
        self.to_deal = [(self.dealer + 1 + i) % n for i in range(n)][::-1]
        self.last = self.dealer
        if events is not None:
            events.append(Event("round_start", {"round": self.round_no, "dealer": self.dealer}))

    def _advance(self, events) -> None:
        """Resolve everything automatic until a player must decide or the game ends."""
        status = self.status
        while True:
            if self.choice is not None or self.over:
                return
            jobs = self.jobs
            if jobs:
                job = jobs[-1]
                p = job[0]
                if status[p] != ACTIVE:
                    # out of the round meanwhile: set-aside cards are discarded
                    jobs.pop()
                    self.discard += job[2]
                    continue
                if job[1] > 0:
                    job[1] -= 1
                    card = self._draw(events)
                    if card is None:
                        continue
                    self._flip(p, card, True, events)
                    continue
                if job[2]:
                    # flip7.md: Freeze / Flip Three flipped during a Flip Three, after the three
                    self._action_card(p, job[2].pop(0), events)
                    continue
                jobs.pop()
                continue
            if self.to_deal:
                p = self.to_deal.pop()
                if status[p] == ACTIVE:
                    card = self._draw(events)
                    if card is not None:
                        self._flip(p, card, False, events)
                continue
            # flip7.md "Gameplay": next active player after the one who acted last
            n = self.players
            for i in range(1, n + 1):
                q = (self.last + i) % n
                if status[q] == ACTIVE:
                    self.last = q
                    return
            self._end_round(events)
            if self.over:
                return
            status = self.status

    def _draw(self, events) -> int | None:
        """The top card; an empty draw pile is refilled from the shuffled discards.
        With no card anywhere, the round ends (docs/rules/flip7.md "Running out")."""
        draw = self.draw
        if not draw:
            if not self.discard:
                for p in range(self.players):
                    if self.status[p] == ACTIVE:
                        self.status[p] = STAYED
                for job in self.jobs:
                    self.discard += job[2]     # set-aside cards are discarded
                self.jobs.clear()
                self.to_deal.clear()
                if events is not None:
                    events.append(Event("no_cards", {}))
                return None
            self.draw, self.discard = self.discard, []
            self.rng.shuffle(self.draw)
            draw = self.draw
            if events is not None:
                events.append(Event("reshuffle", {"cards": len(draw)}))
        return draw.pop()

    def _flip(self, p: int, card: int, in_flip3: bool, events) -> None:
        """A card flipped for player ``p`` (flip7.md "Hit")."""
        if card is None:
            return
        if events is not None:
            events.append(Event("flip", {"player": p, "card": NAMES[card]}))
        if card <= 12:
            bit = 1 << card
            if self.mask[p] & bit:
                if self.has_second[p]:
                    # flip7.md "Second Chance": discard the duplicate and the Second Chance
                    self.has_second[p] = False
                    self.tableau[p].remove(SECOND)
                    self.discard += (card, SECOND)
                    if events is not None:
                        events.append(Event("second_chance", {"player": p, "card": NAMES[card]}))
                    return
                # flip7.md "Busting": 0 points, all cards discarded
                self.status[p] = BUSTED
                self.discard += self.tableau[p]
                self.discard.append(card)
                self.tableau[p] = []
                self.mask[p] = 0
                if events is not None:
                    events.append(Event("bust", {"player": p, "card": NAMES[card]}))
                return
            self.mask[p] |= bit
            self.tableau[p].append(card)
            if self.mask[p].bit_count() == 7:
                self._flip7(p, events)
            return
        if card == SECOND:
            if not self.has_second[p]:
                self.has_second[p] = True
                self.tableau[p].append(card)
                return
            self._spare_second(p, card, events)
            return
        if card == FREEZE or card == FLIP3:
            if in_flip3:
                self.jobs[-1][2].append(card)   # set aside until the three are flipped
                return
            self._action_card(p, card, events)
            return
        self.tableau[p].append(card)            # modifiers and x2

    def _flip7(self, p: int, events) -> None:
        """flip7.md "Hit": the 7th unique number stops the player with a 15-point bonus."""
        self.status[p] = FLIP7
        if events is not None:
            events.append(Event("flip7", {"player": p}))
        if self.options["rules"] == "official":
            # the published game: a Flip 7 ends the round for everyone
            for q in range(self.players):
                if self.status[q] == ACTIVE:
                    self.status[q] = STAYED
            for job in self.jobs:
                self.discard += job[2]
            self.jobs.clear()
            self.to_deal.clear()

    def _spare_second(self, p: int, card: int, events) -> None:
        """A second Second Chance goes to an active player who has none."""
        candidates = [q for q in range(self.players)
                      if q != p and self.status[q] == ACTIVE and not self.has_second[q]]
        if not candidates:
            self.discard.append(card)
            if events is not None:
                events.append(Event("discard_second", {"player": p}))
        elif len(candidates) == 1:
            self._give_second(p, candidates[0], card, events)
        else:
            self.choice = ["give", p, card]

    def _give_second(self, p: int, q: int, card: int, events) -> None:
        self.has_second[q] = True
        self.tableau[q].append(card)
        if events is not None:
            events.append(Event("give", {"player": p, "to": q}))

    def _action_card(self, p: int, card: int, events) -> None:
        """Freeze or Flip Three drawn by ``p``: on ``p`` itself, or (rules=official) on an
        active player of ``p``'s choice."""
        if self.options["rules"] == "official":
            targets = [q for q in range(self.players) if self.status[q] == ACTIVE]
            if len(targets) > 1:
                self.choice = ["target", p, card]
                return
            if not targets:
                self.discard.append(card)
                return
            self._resolve_action_card(p, targets[0], card, events)
            return
        self._resolve_action_card(p, p, card, events)

    def _resolve_action_card(self, p: int, target: int, card: int, events) -> None:
        self.discard.append(card)
        if card == FREEZE:
            # docs/rules/flip7.md "Freeze": banks the round score, out of the round
            self.status[target] = FROZEN
            if events is not None:
                events.append(Event("freeze", {"player": p, "target": target,
                                               "round_score": self.round_score(target)}))
        else:
            self.jobs.append([target, 3, []])
            if events is not None:
                events.append(Event("flip_three", {"player": p, "target": target}))

    def _candidates(self, choice: list) -> list[int]:
        kind, p = choice[0], choice[1]
        if kind == "give":
            return [q for q in range(self.players)
                    if q != p and self.status[q] == ACTIVE and not self.has_second[q]]
        return [q for q in range(self.players) if self.status[q] == ACTIVE]

    def round_score(self, p: int) -> int:
        """flip7.md "Scoring": numbers (doubled by x2), plus modifiers, plus 15 for Flip 7."""
        if self.status[p] == BUSTED:
            return 0
        numbers = 0
        bonus = 0
        doubled = False
        for c in self.tableau[p]:
            if c <= 12:
                numbers += c
            elif c == X2:
                doubled = True
            else:
                bonus += MODIFIER_POINTS[c]
        if doubled:
            numbers *= 2
        if self.mask[p].bit_count() == 7:
            bonus += FLIP7_BONUS
        return numbers + bonus

    def _end_round(self, events) -> None:
        """flip7.md "End of Round" and "End of Game"."""
        n = self.players
        scores = [self.round_score(p) for p in range(n)]
        stat = self.stat
        for p in range(n):
            self.totals[p] += scores[p]
            self.discard += self.tableau[p]   # unused Second Chances are discarded too
            stat[1] += self.status[p] == BUSTED
            stat[2] += self.status[p] == FLIP7
        stat[0] += n
        stat[3] += sum(scores)
        self.tableau = [[] for _ in range(n)]
        self.last_round = scores
        if events is not None:
            events.append(Event("round_end", {"round": self.round_no, "scores": scores,
                                              "totals": list(self.totals)}))
        top = max(self.totals)
        if top >= WINNING_SCORE and self.totals.count(top) == 1:
            self.over = True
            if events is not None:
                events.append(Event("game_over", {"totals": list(self.totals),
                                                  "winner": self.totals.index(top)}))
            return
        self._start_round(events)

    # -- what players see -------------------------------------------------------------
    def view(self, player):
        """Everything in Flip 7 is face up except the order of the draw pile."""
        decision = self.decision()
        return {
            "game": "flip7", "seat": player, "players": self.players,
            "round": self.round_no, "dealer": self.dealer,
            "to_act": None if self.over else decision.player,
            "choice": None if self.choice is None else {"kind": self.choice[0], "player": self.choice[1],
                                                        "card": NAMES[self.choice[2]]},
            "seats": [{"cards": [NAMES[c] for c in self.tableau[p]], "status": STATUS_NAMES[self.status[p]],
                       "round_score": self.round_score(p), "total": self.totals[p],
                       "second_chance": self.has_second[p]} for p in range(self.players)],
            "draw_count": len(self.draw),
            "discard": [NAMES[c] for c in self.discard],
            "flip_three": [{"player": j[0], "left": j[1], "set_aside": [NAMES[c] for c in j[2]]}
                           for j in self.jobs],
            "last_round": self.last_round, "over": self.over,
            "options": dict(self.options),
        }

    def result(self):
        totals = self.totals
        top = max(totals)
        winners = tuple(p for p in range(self.players) if totals[p] == top) if self.over else ()
        return Result(tuple(totals), winners, ranks_from_keys(totals), self.over,
                      {"rounds": self.round_no - (0 if self.over else 1)})
