"""Text rendering for Authors (and, via ``go_to_the_store.render``, Go to the Store): the table as
one seat sees it, and one line per event."""
from __future__ import annotations


def _seat(view: dict, p: int, seat: int | None) -> str:
    return f"seat {p} (you)" if p == seat else f"seat {p}"


def render(view: dict, seat: int | None) -> str:
    """Everything ``seat`` sees: books, hand sizes, your hand, the Store, recent asks."""
    store = "draw_count" in view
    title = "Go to the Store" if store else "Authors"
    lines = [f"[b]{title}[/b] - " + ("game over" if view["over"] else f"{_seat(view, view['turn'], seat)} to ask")]
    for p in range(view["players"]):
        books = " ".join(f"{n}s" for n in view["books"][p]) or "-"
        marker = ">" if p == view["turn"] else " "
        lines.append(f"{marker} {_seat(view, p, seat):<15} {view['hand_counts'][p]:>2} cards   "
                     f"books ({len(view['books'][p])}): {books}")
    if store:
        lines.append(f"  Store: {view['draw_count']} cards face down")
    if "hand" in view:
        lines.append("  Your hand: " + (" ".join(view["hand"]) or "(empty)"))
    recent = [h for h in view["history"] if h[0] == "ask"][-4:]
    if recent:
        lines.append("  Recent asks:")
        for _, a, t, n, got in recent:
            lines.append(f"    seat {a} asked seat {t} for {n}s: " + (f"got {got}" if got else "none"))
    return "\n".join(lines)


def narrate(event: dict) -> str:
    """One line for an event (as ``Event.for_player`` gives it)."""
    kind = event.get("type")
    if kind == "ask":
        n, got = event["number"], event["got"]
        tail = f"gets {got} card{'s' if got > 1 else ''}" if got else "none there"
        return f"seat {event['player']} asks seat {event['target']} for {n}s - {tail}"
    if kind == "book":
        return f"seat {event['player']} lays down a book of {event['number']}s ({event['books']} in all)"
    if kind == "draw":
        card = (f" an {event['card']}" if event["card"] == "8" else f" a {event['card']}") if "card" in event else " a card"
        why = " (empty hand)" if event.get("why") == "empty_hand" else ""
        return f"seat {event['player']} draws{card} from the Store{why}; {event['store']} left"
    if kind == "store_empty":
        return f"seat {event['player']} goes to the Store, but it is empty"
    if kind == "stop":
        return f"seat {event['player']} stops asking"
    if kind == "turn":
        return f"seat {event['player']}'s turn"
    if kind == "skip":
        return f"seat {event['player']} has no cards and is skipped"
    if kind == "decision_cap":
        return f"the game stops at its cap of {event['decisions']} decisions; books decide"
    if kind == "over":
        won = ", ".join(f"seat {w}" for w in event["winners"])
        return f"all books are made - most books: {won}" if sum(event["books"]) == 10 else f"game over - most books: {won}"
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
