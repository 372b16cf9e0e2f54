"""Flush as text: the table one seat sees, and one line per event (the declaration is
narrated before the play it announces)."""

from __future__ import annotations

from .cards import VALUE_PLURALS, VALUE_WORDS, said


def _seat(p, seat) -> str:
    return "you" if p == seat else f"seat {p}"


def _cards(names) -> str:
    return " ".join(names) if names else "-"


def _pile(view: dict) -> str:
    out = []
    for name, value in zip(view["pile"], view["pile_as"], strict=True):
        head = name.rstrip("sld")
        out.append(name if head == str(value) else f"{name}={value}")
    return _cards(out)


def _laid(event: dict) -> str:
    """The cards of a play, each with where it came from and whether it is a Mimic."""
    value = event.get("value")
    shown = []
    for name, source in zip(event["cards"], event["from"], strict=True):
        notes = []
        if source > 0:
            notes.append(f"base {source}")
        elif source < 0:
            notes.append("Blind card")
        if value and name.rstrip("sld") != str(value):
            notes.append("Mimic")
        shown.append(name + (f" ({', '.join(notes)})" if notes else ""))
    return ", ".join(shown)


def _bases(tops) -> str:
    """Bases as ``B1(7/?)``: the face-up card over the Blind card (``?``: nobody knows it).
    Round brackets: square ones would read as Rich markup."""
    return " ".join(f"B{k + 1}({top}/?)" if top else f"B{k + 1}(?)" for k, top in enumerate(tops)) or "-"


# each game's legend hook reads alike on purpose: it names its own table's short names
def legend(view: dict, seat: int | None) -> str:
    """How to read the table's compact notation (``B1(4/?)``, ``9l=7``, ``4d``)."""
    return "\n".join(
        [
            (
                "- `>` marks the seat to play; **hand** is the cards in hand, **cards** every card the seat "
                "still holds (hand and bases), **total** the score so far (lowest wins)."
            ),
            (
                "- **bases** `B1(4/?)`: base 1, a face-up 4 over its face-down Blind card (`?`: nobody has "
                "seen it); `B2(?)`: only the Blind card is left."
            ),
            (
                "- a card is its value, then `s` Skip, `l` Link, `d` Deduction ★ (`7s`, `4ld`); `f` is a Flush "
                "card, `bf` a Big Flush card."
            ),
            (
                "- on the pile, `9l=7` is a Mimic laid as a 7; **known in hand**: cards of that seat's hand "
                "everybody saw go there."
            ),
        ]
    )


def _per_seat(values, w) -> str:
    """``you 12, seat 1 5, seat 2 0``: one number per seat, named."""
    return ", ".join(f"{w.who(p)} {v}" for p, v in enumerate(values))


def render(view: dict, seat: int | None) -> str:
    """The table: the pile and its top value, every seat's cards, bases and score (a line
    each, under 76 columns; the reader's hand on the next line, and the cards of another
    hand everybody saw go there)."""
    rounds = view["rounds"]
    mode = view["mode"]
    head = f"Flush — round {view['round']}" + (f" of {rounds}" if rounds else "") + f" ({mode}"
    head += f", out at {view['limit']})" if mode == "elimination" else ")"
    mimic = f"Mimic value: {view['mimic']}" if view["mimic"] else "Mimic: to be swapped in"
    lines = [
        f"{head}   unused deck: {view['draw_count']}   discarded: {len(view['discard'])}",
        f"{mimic} (turned up: {view['indicator']})",
    ]
    run = view["run"]
    if run:
        word = VALUE_WORDS[run["value"]] if run["count"] == 1 else VALUE_PLURALS[run["value"]]
        links = f", {run['links']} Link" if run["links"] else ""
        lines.append(f"[b]Pile[/b] ({run['count']} {word}{links} on top): {_pile(view)}")
    else:
        lines.append("[b]Pile[/b]: none — any value may start it")
    for p in range(view["players"]):
        if not view["playing"][p]:
            lines.append(f"  {_seat(p, seat):<7} out (total {view['scores'][p]})")
            continue
        mark = ">" if view["turn"] == p else " "
        lines.append(
            f"{mark} {_seat(p, seat):<7} hand {view['hand_counts'][p]:>2}  cards {view['card_counts'][p]:>2}  "
            f"total {view['scores'][p]:>3}   bases {_bases(view['bases'][p])}"
        )
        if p == seat:
            lines.append(f"{'':10}your hand: {_cards(view['hand'])}")
        elif view["known"][p]:
            lines.append(f"{'':10}known in hand: {_cards(view['known'][p])}")
    d = view["declared"]
    if d:
        who = _seat(d["player"], seat)
        if d["kind"] is None:
            lines.append(f"  {who} flipped a Blind card: {d['laid'][0]} — declare a play that includes it")
        else:
            what = (
                said(d["count"], d["value"])
                if d["kind"] == "number"
                else f"a Link Flush with {d['count']}"
                if d["kind"] == "link"
                else d["kind"]
            )
            lines.append(f"  {who} declared {what}; laid so far: {_cards(d['laid'])}")
    if view["phase"] == "pass":
        lines.append(
            f"  {_seat(view['turn'], seat)} made a Super Flush: pass a base to {_seat(view['previous'], seat)}, or keep"
        )
    if view["phase"] == "swap":
        lines.append(
            f"  a Flush card was turned up: {_seat(view['turn'], seat)} swaps a visible number card in as the Mimic"
        )
    if view["over"]:
        winners = ", ".join(_seat(w, seat) for w in view["winners"])
        lines.append(f"  game over — won by {winners}")
    return "\n".join(lines)


class _Words:
    """Seats as the person at ``seat`` reads them: "you" (the verb as is) for that seat,
    "seat N" (the verb's third person) for the others; ``None``: "seat N" for all."""

    __slots__ = ("seat",)

    def __init__(self, seat):
        self.seat = seat

    def who(self, p) -> str:
        return "you" if p is not None and p == self.seat else f"seat {p}"

    def does(self, p, verb: str, third: str | None = None) -> str:
        """``does(0, "lay")``: "you lay" to seat 0, "seat 0 lays" to anyone else."""
        if p is not None and p == self.seat:
            return f"you {verb}"
        return f"seat {p} {third or verb + 's'}"

    def whose(self, p) -> str:
        return "your" if p is not None and p == self.seat else f"seat {p}'s"

    def all(self, seats) -> str:
        """ "seat 1", "you and seat 2", "seat 0, seat 1 and you" (as ``core.words.Words``)."""
        names = [self.who(q) for q in seats]
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def narrate(event: dict, seat: int | None = None) -> str | None:
    """One line for one event as a seat saw it, read by the person at ``seat`` ("you";
    ``None``: "seat N" for every seat)."""
    w = _Words(seat)
    t = event["type"]
    p = event.get("player")
    if t == "round_start":
        first = event["first"]
        if event["mimic"] is None:
            turned = f"a Flush card ({event['indicator']}) is turned up: {w.does(first, 'swap')} in a Mimic"
        else:
            turned = f"the Mimic is {event['mimic']} ({event['indicator']} turned up)"
        return f"— round {event['round']}: {w.does(first, 'start')}; {turned} —"
    if t == "deal":
        hand = event.get("hand")
        return f"your hand: {_cards(hand)}" if hand is not None else None
    if t == "swap":
        you = w.who(p) == "you"
        return (
            f"{w.does(p, 'make')} {'your' if you else 'their'} {event['card']} ({event['from']}) the Mimic "
            f"— {VALUE_PLURALS[event['mimic']]} are Mimics — and {'keep' if you else 'keeps'} the "
            f"{event['kept']}"
        )
    if t == "blind":
        return f"{w.does(p, 'flip')} the Blind card of base {event['base']}: {event['card']}"
    if t == "declare":
        if event["kind"] == "number":
            extra = " (a pick-up: a new pile, the old one to hand)" if event.get("pickup") else ""
            return f"{w.does(p, 'declare')} “{event['said']}”{extra}"
        return f"{w.does(p, 'declare')} “{event['said']}”"
    if t == "play":
        return f"{w.does(p, 'lay')} {_laid(event)}"
    if t == "pickup":
        picks = "pick" if w.who(p) == "you" else "picks"  # "you start ... and pick up"
        return f"{w.does(p, 'start')} a new pile with {_laid(event)} and {picks} up {_cards(event['picked_up'])}"
    if t == "flush":
        kind = {"link": "LINK FLUSH", "flush": "FLUSH", "bigflush": "BIG FLUSH", "number": "FLUSH"}[event["kind"]]
        if event["super"]:
            kind = "SUPER " + kind
        skips = f" ({event['skips_ignored']} Skip ignored)" if event.get("skips_ignored") else ""
        return f"{kind}! the pile is discarded; {w.does(p, 'start')} a new one{skips}"
    if t == "draw":
        card = event.get("card")
        return f"{w.does(p, 'draw')} a card from the unused deck" + (f": {card}" if card else "")
    if t == "deck_empty":
        return f"the unused deck is empty: {w.does(p, 'draw')} nothing"
    if t == "skip":
        return f"{w.whose(p)} Skip: {w.all(event['skipped'])} skipped"
    if t == "pass":
        top = f" (top {event['top']})" if event["top"] else " (a Blind card only)"
        return f"{w.does(p, 'pass', 'passes')} base {event['base']}{top} to {w.who(event['to'])}"
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "keep":
        return f"{w.does(p, 'keep')} every base"
    if t == "round_cap":
        return f"round {event['round']} reaches its decision cap: it ends without a winner"
    if t == "round_end":
        win = event["winner"]
        head = f"{w.does(win, 'are', 'is')} out! " if win is not None else ""
        ded = f"; {w.does(win, 'deduct')} {event['deduction']}" if event["deduction"] else ""
        double = " (double)" if event["double"] else ""
        out = f"; out: {w.all(event['eliminated'])}" if event["eliminated"] else ""
        return (
            f"{head}round {event['round']} scores{double}: {_per_seat(event['scores'], w)}{ded}; "
            f"totals: {_per_seat(event['totals'], w)}{out}"
        )
    if t == "game_over":
        winners = event["winners"]
        names = w.all(winners)
        one = len(winners) == 1 and w.who(winners[0]) != "you"
        return f"game over: {names} win{'s' if one else ''} (totals: {_per_seat(event['totals'], w)})"
    return None


def round_summary(view: dict, seat: int | None) -> str | None:
    """The round just finished as ``seat`` sees it (None before the first ends)."""
    last = view.get("last_round")
    if not last:
        return None
    w = last["winner"]
    lines = [
        f"Round {last['round']} is over: "
        + (f"{_seat(w, seat)} went out first." if w is not None else "it reached the decision cap, nobody went out.")
    ]
    if last["double"]:
        lines.append("(the arena's last round scores double)")
    lines.append("")
    lines.append(f"{'':10}{'round':>7}{'total':>8}")
    for p, score in enumerate(last["scores"]):
        note = f"  (-{last['deduction']} Deduction)" if p == w and last["deduction"] else ""
        note += "  out" if p in last["eliminated"] else ""
        lines.append(f"{_seat(p, seat):<10}{score:>7}{view['scores'][p]:>8}{note}")
    return "\n".join(lines)
