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
    for name, value in zip(view["pile"], view["pile_as"]):
        head = name.rstrip("sld")
        out.append(name if head == str(value) else f"{name}={value}")
    return _cards(out)


def _laid(event: dict) -> str:
    """The cards of a play, each with where it came from and whether it is a Mimic."""
    value = event.get("value")
    shown = []
    for name, source in zip(event["cards"], event["from"]):
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


def render(view: dict, seat: int | None) -> str:
    """The table: the pile and its top value, every seat's bases, cards and score."""
    rounds = view["rounds"]
    mode = view["mode"]
    head = f"Flush — round {view['round']}" + (f" of {rounds}" if rounds else "") + f" ({mode}"
    head += f", out at {view['limit']})" if mode == "elimination" else ")"
    mimic = f"Mimic value: {view['mimic']}" if view["mimic"] else "Mimic: to be swapped in"
    lines = [f"{head}   {mimic} (turned up: {view['indicator']})   unused deck: {view['draw_count']}"
             f"   discarded: {len(view['discard'])}"]
    run = view["run"]
    if run:
        word = VALUE_WORDS[run["value"]] if run["count"] == 1 else VALUE_PLURALS[run["value"]]
        links = f", {run['links']} Link" if run["links"] else ""
        lines.append(f"[b]Pile[/b] ({run['count']} {word}{links} on top): {_pile(view)}")
    else:
        lines.append("[b]Pile[/b]: none — any value may start it")
    for p in range(view["players"]):
        if not view["playing"][p]:
            lines.append(f"  {_seat(p, seat):<8} out (total {view['scores'][p]})")
            continue
        mark = ">" if view["turn"] == p else " "
        bases = _bases(view["bases"][p])
        if p == seat:
            held = f"hand {len(view['hand'])}: {_cards(view['hand'])}"
        else:
            known = view["known"][p]
            held = f"hand {view['hand_counts'][p]}" + (f" (known: {_cards(known)})" if known else "")
        lines.append(f"{mark} {_seat(p, seat):<8} {held:<34} bases: {bases:<26} "
                     f"cards {view['card_counts'][p]:>2}   total {view['scores'][p]}")
    d = view["declared"]
    if d:
        who = _seat(d["player"], seat)
        if d["kind"] is None:
            lines.append(f"  {who} flipped a Blind card: {d['laid'][0]} — declare a play that includes it")
        else:
            what = (said(d["count"], d["value"]) if d["kind"] == "number" else
                    f"a Link Flush with {d['count']}" if d["kind"] == "link" else d["kind"])
            lines.append(f"  {who} declared {what}; laid so far: {_cards(d['laid'])}")
    if view["phase"] == "pass":
        lines.append(f"  {_seat(view['turn'], seat)} made a Super Flush: pass a base to "
                     f"{_seat(view['previous'], seat)}, or keep")
    if view["phase"] == "swap":
        lines.append(f"  a Flush card was turned up: {_seat(view['turn'], seat)} swaps a visible number card "
                     f"in as the Mimic")
    if view["over"]:
        winners = ", ".join(_seat(w, seat) for w in view["winners"])
        lines.append(f"  game over — won by {winners}")
    return "\n".join(lines)


def narrate(event: dict) -> str | None:
    """One line for one event as a seat saw it."""
    t = event["type"]
    p = event.get("player")
    who = f"seat {p}"
    if t == "round_start":
        if event["mimic"] is None:
            turned = (f"a Flush card ({event['indicator']}) is turned up: seat {event['first']} swaps in a "
                      f"Mimic")
        else:
            turned = f"the Mimic is {event['mimic']} ({event['indicator']} turned up)"
        return f"— round {event['round']}: seat {event['first']} starts; {turned} —"
    if t == "deal":
        hand = event.get("hand")
        return f"your hand: {_cards(hand)}" if hand is not None else None
    if t == "swap":
        return (f"{who} makes their {event['card']} ({event['from']}) the Mimic — {VALUE_PLURALS[event['mimic']]} "
                f"are Mimics — and keeps the {event['kept']}")
    if t == "blind":
        return f"{who} flips the Blind card of base {event['base']}: {event['card']}"
    if t == "declare":
        if event["kind"] == "number":
            extra = " (a pick-up: a new pile, the old one to hand)" if event.get("pickup") else ""
            return f"{who} declares “{event['said']}”{extra}"
        return f"{who} declares “{event['said']}”"
    if t == "play":
        return f"{who} lays {_laid(event)}"
    if t == "pickup":
        return f"{who} starts a new pile with {_laid(event)} and picks up {_cards(event['picked_up'])}"
    if t == "flush":
        kind = {"link": "LINK FLUSH", "flush": "FLUSH", "bigflush": "BIG FLUSH", "number": "FLUSH"}[event["kind"]]
        if event["super"]:
            kind = "SUPER " + kind
        skips = f" ({event['skips_ignored']} Skip ignored)" if event.get("skips_ignored") else ""
        return f"{kind}! the pile is discarded; {who} starts a new one{skips}"
    if t == "draw":
        card = event.get("card")
        return f"{who} draws a card from the unused deck" + (f": {card}" if card else "")
    if t == "deck_empty":
        return f"the unused deck is empty: {who} draws nothing"
    if t == "skip":
        return f"{who}'s Skip: {', '.join(f'seat {q}' for q in event['skipped'])} skipped"
    if t == "pass":
        top = f" (top {event['top']})" if event["top"] else " (a Blind card only)"
        return f"{who} passes base {event['base']}{top} to seat {event['to']}"
    if t == "keep":
        return f"{who} keeps every base"
    if t == "round_cap":
        return f"round {event['round']} reaches its decision cap: it ends without a winner"
    if t == "round_end":
        w = event["winner"]
        head = f"seat {w} is out! " if w is not None else ""
        ded = f"; seat {w} deducts {event['deduction']}" if event["deduction"] else ""
        double = " (double)" if event["double"] else ""
        out = f"; out: {', '.join(f'seat {q}' for q in event['eliminated'])}" if event["eliminated"] else ""
        return f"{head}round {event['round']} scores{double} {event['scores']}{ded}; totals {event['totals']}{out}"
    if t == "game_over":
        winners = event["winners"]
        names = ", ".join(f"seat {w}" for w in winners)
        return f"game over: {names} win{'s' if len(winners) == 1 else ''} (totals {event['totals']})"
    return None


def round_summary(view: dict, seat: int | None) -> str | None:
    """The round just finished as ``seat`` sees it (None before the first ends)."""
    last = view.get("last_round")
    if not last:
        return None
    w = last["winner"]
    lines = [f"Round {last['round']} is over: " + (f"{_seat(w, seat)} went out first." if w is not None
                                                     else "it reached the decision cap, nobody went out.")]
    if last["double"]:
        lines.append("(the arena's last round scores double)")
    lines.append("")
    lines.append(f"{'':10}{'round':>7}{'total':>8}")
    for p, score in enumerate(last["scores"]):
        note = f"  (-{last['deduction']} Deduction)" if p == w and last["deduction"] else ""
        note += "  out" if p in last["eliminated"] else ""
        lines.append(f"{_seat(p, seat):<10}{score:>7}{view['scores'][p]:>8}{note}")
    return "\n".join(lines)
