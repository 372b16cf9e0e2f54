"""Last Card, a small game with claims out of turn (for the table's tests).

Twelve cards 1-12, three dealt to each player, the rest a face-down draw pile. On a
turn the player plays the bottom card of their hand (``play``); with two cards in hand
they may instead ``play+last``, announcing their last card. A player who goes down to
one card without announcing it is *exposed*: until the next player's turn action
lands, every other player (but the one whose turn it is) may claim ``catch`` out of
turn, and the exposed player draws two penalty cards (seen only by them). The first to
play their last card wins. A turn that runs out of time plays ``play``.
"""

from __future__ import annotations

from typing import ClassVar

from fliptable.core import CardTable, CardType, Event, Game, Over, Result, Turn, ranks_from_keys
from fliptable.core.game import State

CARDS = CardTable([CardType(str(r), "number", rank=r) for r in range(1, 13)])


class LastCard(State):
    __slots__ = ("draw", "exposed", "hands", "played", "turn")
    FIELDS: ClassVar[dict[str, str]] = {
        "hands": "piles",
        "draw": "cards",
        "played": "cards",
        "turn": "seat",
        "exposed": "seat?",
    }

    def _setup(self, deck):
        n = self.players
        self.hands = [deck[3 * p : 3 * p + 3] for p in range(n)]
        self.draw = list(deck[3 * n :])
        self.played, self.turn, self.exposed = [], 0, None

    def decision(self):
        if any(not h for h in self.hands):
            return Over()
        claimants = ()
        if self.exposed is not None:
            claimants = tuple(p for p in range(self.players) if p not in (self.exposed, self.turn))
        return Turn(self.turn, claimants)

    def _legal_actions(self, player):
        d = self.decision()
        if isinstance(d, Over):
            return ()
        if player == d.player:
            return ("play", "play+last") if len(self.hands[player]) == 2 else ("play",)
        if player in d.claimants:
            return ("catch",)
        return ()

    def _apply(self, player, action, events):
        if action == "catch":
            victim = self.exposed
            drawn = [self.draw.pop() for _ in range(min(2, len(self.draw)))]
            self.hands[victim] += drawn
            self.exposed = None
            if events is not None:
                events.append(
                    Event(
                        "caught",
                        {"by": player, "player": victim, "drew": len(drawn)},
                        {"cards": [CARDS.name(c) for c in drawn]},
                        (victim,),
                    )
                )
            return
        card = self.hands[player].pop()
        self.played.append(card)
        self.exposed = player if len(self.hands[player]) == 1 and action == "play" else None
        self.turn = (self.turn + 1) % self.players
        if events is not None:
            events.append(
                Event(
                    "play",
                    {
                        "player": player,
                        "card": CARDS.name(card),
                        "left": len(self.hands[player]),
                        "announced": action == "play+last",
                    },
                )
            )

    def _view(self, player):
        return {
            "turn": self.turn,
            "hand_counts": [len(h) for h in self.hands],
            "draw_count": len(self.draw),
            "played": [CARDS.name(c) for c in self.played],
            "exposed": self.exposed,
            **({"hand": [CARDS.name(c) for c in self.hands[player]]} if player is not None else {}),
        }

    def all_cards(self):
        return [c for h in self.hands for c in h] + self.draw + self.played

    def result(self):
        keys = [-len(h) for h in self.hands]
        over = self.is_over()
        winners = tuple(p for p, h in enumerate(self.hands) if not h) if over else ()
        return Result(tuple(float(k) for k in keys), winners, ranks_from_keys(keys), over)

    def timeout_action(self, player):
        return "play"


class LastCardGame(Game):
    id = "last-card"
    title = "Last Card (table test game)"
    min_players, max_players, default_players = 2, 4, 3
    # the declared record's tail, alike in every game on purpose (a toy game is a game)
    cards = CARDS
    notation = "play | play+last | catch"
    state_class = LastCard

    def deck(self, players, options):
        return CARDS.build({str(r): 1 for r in range(1, 13)})

    def action_space(self, players, options):
        return ("play", "play+last", "catch")

    def max_decisions(self, players, options):
        return 200


LAST_CARD = LastCardGame()
