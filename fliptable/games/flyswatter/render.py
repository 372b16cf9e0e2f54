"""Plain-text rendering of a Fly-swatter view, and one-line narration of events."""
from __future__ import annotations

_STYLE = {"red": "red", "yellow": "yellow", "green": "green", "blue": "blue",
          "purple": "magenta", "orange": "dark_orange"}


def _fly(entry: dict) -> str:
    style = _STYLE.get(entry["colour"], "white")
    return f"[{style}]{entry['card']}[/{style}]"


def _seat(p: int, seat: int | None = None) -> str:
    return "you" if p == seat else f"seat {p}"


def render(view: dict, seat: int | None) -> str:
    """A table of everything ``seat`` sees (Rich markup)."""
    lines = []
    n = view["players"]
    window = view["window"]
    if view["over"]:
        lines.append("Game over.")
    elif window is not None:
        lines.append(f"SWAT! window {window['number']} (trigger {window['trigger']}): "
                     f"allowed {', '.join(window['allowed'])}; still swatting: "
                     f"{', '.join(_seat(p, seat) for p in window['swatting']) or 'nobody'}")
    else:
        lines.append(f"{_seat(view['turn'], seat).capitalize()} to flip.")
    if view["last_flip"]:
        lines.append(f"Last flip: {_seat(view['last_flip']['player'], seat)} turned over "
                     f"{view['last_flip']['card']}")
    lines.append("Middle:" if view["middle"] else "Middle: (no flies)")
    for fly in view["middle"]:
        hands = fly["hands"]
        mark = f"  <- {', '.join(_seat(p, seat) for p in hands)}" if hands else ""
        allowed = window is not None and fly["colour"] in window["allowed"]
        lines.append(f"  {fly['n']:>2}. {_fly(fly)} ({fly['value']}){' *' if allowed else ''}{mark}")
    lines.append("Players:")
    for p in range(n):
        left = f", hands left {window['hands_left'][p]}" if window is not None else ""
        turn = "  <- turn" if view["turn"] == p and window is None and not view["over"] else ""
        lines.append(f"  {_seat(p, seat):>7}: draw {view['draw_counts'][p]:>3}, won {view['won_counts'][p]:>2} "
                     f"flies, {view['scores'][p]:>3} points{left}{turn}")
    last = view["last_window"]
    if last is not None and window is None:
        lines.append(f"Window {last['number']} ({last['closed_by']}): " + (
            "; ".join(_narrate_hand(o, seat) for o in last["outcome"]) or "no hands"))
    lines.append(f"Removed: {len(view['removed'])} triggers, {view['removed_unseen']} unseen")
    return "\n".join(lines)


def _narrate_hand(o: dict, seat: int | None = None) -> str:
    who = _seat(o["player"], seat)
    if o["result"] == "won":
        return f"{who}: won {o['card']} (fly {o['n']})"
    if o["result"] == "late":
        return f"{who}: too late on {o['card']} (fly {o['n']})"
    lost = f"lost {o['lost']} under the draw stack" if o["lost"] else "nothing to lose"
    return f"{who}: wrong colour {o['card']} (fly {o['n']}), {lost}"


def narrate(event: dict) -> str:
    """One line for an event."""
    t = event.get("type")
    if t == "flip":
        if event.get("to") == "middle":
            return f"{_seat(event['player'])} turns over {event['card']} (fly {event['n']})"
        return f"{_seat(event['player'])} turns over {event['card']}: {event.get('trigger', 'trigger')}, swat!"
    if t == "no_window":
        return f"{event['card']} with no flies in the middle: nothing to swat"
    if t == "window_open":
        return f"Window {event['window']}: swat {', '.join(event['allowed'])} flies"
    if t == "swat":
        return f"{_seat(event['player'])} swats fly {event['n']} ({event['card']})"
    if t == "done":
        return f"{_seat(event['player'])} is done swatting"
    if t == "window_closed":
        parts = "; ".join(_narrate_hand(o) for o in event["outcome"]) or "no hands"
        return f"Window {event['window']} closed ({event['closed_by']}): {parts}"
    if t == "game_over":
        return f"Game over: scores {event['scores']}, winners {', '.join(_seat(p) for p in event['winners'])}"
    return str(event)
