"""Plain-text rendering of a Fly-swatter view, and one-line narration of events."""

from __future__ import annotations

from ...core.words import Words, cap, count_of

_STYLE = {
    "red": "red",
    "yellow": "yellow",
    "green": "green",
    "blue": "blue",
    "purple": "magenta",
    "orange": "dark_orange",
}


def _fly(entry: dict) -> str:
    style = _STYLE.get(entry["colour"], "white")
    return f"[{style}]{entry['card']}[/{style}]"


def render(view: dict, seat: int | None) -> str:
    """A table of everything ``seat`` sees (Rich markup)."""
    w = Words(seat)
    lines = []
    n = view["players"]
    window = view["window"]
    if view["over"]:
        lines.append("Game over.")
    elif window is not None:
        lines.append(
            f"SWAT! window {window['number']} (trigger {window['trigger']}): "
            f"allowed {', '.join(window['allowed'])}; still swatting: "
            f"{w.all(window['swatting'])}"
        )
    else:
        lines.append(f"{cap(w.whose(view['turn']))} turn to flip.")
    if view["last_flip"]:
        lines.append(f"Last flip: {w.who(view['last_flip']['player'])} turned over {view['last_flip']['card']}")
    lines.append("Middle:" if view["middle"] else "Middle: (no flies)")
    for fly in view["middle"]:
        hands = fly["hands"]
        mark = f"  <- {', '.join(w.who(p) for p in hands)}" if hands else ""
        allowed = window is not None and fly["colour"] in window["allowed"]
        lines.append(f"  {fly['n']:>2}. {_fly(fly)} ({fly['value']}){' *' if allowed else ''}{mark}")
    lines.append("Players:")
    for p in range(n):
        left = f", hands left {window['hands_left'][p]}" if window is not None else ""
        turn = "  <- turn" if view["turn"] == p and window is None and not view["over"] else ""
        won, points = view["won_counts"][p], view["scores"][p]
        lines.append(
            f"  {w.who(p):>7}: draw {view['draw_counts'][p]:>3}, won {won:>2} "
            f"{'fly, ' if won == 1 else 'flies,'} {points:>3} {'point ' if points == 1 else 'points'}"
            f"{left}{turn}"
        )
    last = view["last_window"]
    if last is not None and window is None:
        lines.append(
            f"Window {last['number']} ({last['closed_by']}): "
            + ("; ".join(_narrate_hand(o, w) for o in last["outcome"]) or "no hands")
        )
    lines.append(f"Removed: {count_of(len(view['removed']), 'trigger')}, {view['removed_unseen']} unseen")
    return "\n".join(lines)


def _narrate_hand(o: dict, w: Words) -> str:
    who = w.who(o["player"])
    if o["result"] == "won":
        return f"{who}: won {o['card']} (fly {o['n']})"
    if o["result"] == "late":
        return f"{who}: too late on {o['card']} (fly {o['n']})"
    lost = f"lost {o['lost']} under the draw stack" if o["lost"] else "nothing to lose"
    return f"{who}: wrong colour {o['card']} (fly {o['n']}), {lost}"


def narrate(event: dict, seat: int | None = None) -> str:
    """One line for an event, read by the person at ``seat`` ("you"; None: nobody)."""
    w = Words(seat)
    t = event.get("type")
    if t == "flip":
        if event.get("to") == "middle":
            return f"{w.does(event['player'], 'turn')} over {event['card']} (fly {event['n']})"
        why = event.get("trigger")
        if why == "swatter":  # not "turns over swatter: swatter, swat!"
            return f"{w.does(event['player'], 'turn')} over a fly-swatter: swat!"
        return f"{w.does(event['player'], 'turn')} over {event['card']}: {why or 'a trigger'}, swat!"
    if t == "no_window":
        return f"{event['card']} with no flies in the middle: nothing to swat"
    if t == "window_open":
        return f"Window {event['window']}: swat {', '.join(event['allowed'])} flies"
    if t == "swat":
        return f"{w.does(event['player'], 'swat')} fly {event['n']} ({event['card']})"
    if t == "done":
        return f"{w.does(event['player'], 'be')} done swatting"
    if t == "window_closed":
        parts = "; ".join(_narrate_hand(o, w) for o in event["outcome"]) or "no hands"
        return f"Window {event['window']} closed ({event['closed_by']}): {parts}"
    if t == "game_over":
        return f"Game over: scores: {w.per_seat(event['scores'])}; {w.does(event['winners'], 'win')}"
    return str(event)
