"""Text rendering for the asking games: Authors, and Go to the Store (``go_to_the_store/render.py``): the table as
one seat sees it, and one line per event."""

from __future__ import annotations

from typing import Any

from ...core.words import Words, count_of


def render(view: dict, seat: int | None) -> str:
    """Everything ``seat`` sees: books, hand sizes, your hand, the Store, recent asks."""
    w = Words(seat)
    store = "draw_count" in view
    title = "Go to the Store" if store else "Authors"
    lines = [f"[b]{title}[/b] - " + ("game over" if view["over"] else f"{w.whose(view['turn'])} turn to ask")]
    for p in range(view["players"]):
        books = " ".join(f"{n}s" for n in view["books"][p]) or "-"
        marker = ">" if p == view["turn"] else " "
        lines.append(
            f"{marker} {w.who(p):<15} {view['hand_counts'][p]:>2} "
            f"{'card ' if view['hand_counts'][p] == 1 else 'cards'}   "
            f"books ({len(view['books'][p])}): {books}"
        )
    if store:
        lines.append(f"  Store: {count_of(view['draw_count'], 'card')} face down")
    if "hand" in view:
        lines.append("  Your hand: " + (" ".join(view["hand"]) or "(empty)"))
    recent = [h for h in view["history"] if h[0] == "ask"][-4:]
    if recent:
        lines.append("  Recent asks:")
        for _, a, t, n, got in recent:
            lines.append(f"    {w.who(a)} asked {w.who(t)} for {n}s: " + (f"got {got}" if got else "none"))
    return "\n".join(lines)


def narrate(event: dict, seat: int | None = None) -> str:
    """One line for an event (as ``Event.for_player`` gives it), read by the person at
    ``seat`` ("you"; None: nobody)."""
    w = Words(seat)
    kind = event.get("type")
    p: Any = event.get("player")  # a seat (JSON), in the events that name one
    if kind == "ask":
        n, got = event["number"], event["got"]
        tail = f"{w.verb(p, 'get')} {got} card{'s' if got > 1 else ''}" if got else "none there"
        return f"{w.does(p, 'ask')} {w.who(event['target'])} for {n}s - {tail}"
    if kind == "book":
        return f"{w.does(p, 'lay')} down a book of {event['number']}s ({event['books']} in all)"
    if kind == "draw":
        card = (
            (f" an {event['card']}" if event["card"] == "8" else f" a {event['card']}")
            if "card" in event
            else " a card"
        )
        why = " (empty hand)" if event.get("why") == "empty_hand" else ""
        return f"{w.does(p, 'draw')}{card} from the Store{why}; {event['store']} left"
    if kind == "store_empty":
        return f"{w.does(p, 'go')} to the Store, but it is empty"
    if kind == "stop":
        return f"{w.does(p, 'stop')} asking"
    if kind == "turn":
        return f"{w.whose(p)} turn"
    if kind == "skip":
        return f"{w.does(p, 'have')} no cards and {w.verb(p, 'be')} skipped"
    if kind == "decision_cap":
        return f"the game stops at its cap of {event['decisions']} decisions; books decide"
    if kind == "over":
        won = w.all(event["winners"])
        return (
            f"all books are made - most books: {won}" if sum(event["books"]) == 10 else f"game over - most books: {won}"
        )
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
