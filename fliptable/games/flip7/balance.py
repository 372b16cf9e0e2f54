"""What a Flip 7 balance report counts (``core/balance.py``): every face is a kind; a
player is dealt the cards flipped to them (their own hits, a Flip Three's three, a
Second Chance handed over is not counted), in any round; a game lasts rounds; the round
limit is its safety cap."""

from __future__ import annotations

from ...core.balance import Balance


class Flip7Balance(Balance):
    counts_cards = True
    dealt_events = frozenset({"flip"})
    length_names = ("rounds",)
    has_cap = True

    def reads_events(self, options):
        return True  # every card reaches a player by a flip during play

    def dealt_by(self, event):
        if event.type == "flip":
            return event.data["player"], (event.data["card"],)
        return None

    def add_dealt(self, dealt, events, kinds):
        # dealt_by's reading, written out: a game tells about 120 flips, and a call and
        # two tuples per flip cost a balance report 1% beside simulate
        index = kinds.get
        for event in events:
            if event.type == "flip":
                data = event.data
                k = index(data["card"])
                if k is not None:
                    dealt[data["player"]].add(k)

    def lengths(self, state):
        return {"rounds": state.round_no}

    def capped(self, state):
        return state.ended == "round_limit"


BALANCE = Flip7Balance()
