"""Text rendering for Patience: the layout as the player sees it (the pack's order is
hidden), and one line per event."""

from __future__ import annotations

from ...core.words import Words


def _pile_up(top: str | None) -> str:
    if top is None:
        return "  "
    return top if top == "1" else f"1-{top}"


def render(view: dict, seat: int | None = 0) -> str:
    """The upper (1s) row, the lower row, the stock pile, the pack and the turned-up card."""
    up = "  ".join(f"up{k + 1}:[{_pile_up(t)}]" for k, t in enumerate(view["up"]))
    # an empty row is "[ ]": "[space]" would read as Rich markup (a style named "space")
    rows = "  ".join(f"row{i + 1}:[{' '.join(r) or ' '}]" for i, r in enumerate(view["rows"]))
    stock = view["discard"]
    under = " ".join(stock[-6:-1][::-1]) or "-"
    lines = [
        "[b]Patience[/b]" + (" - won!" if view["won"] else (" - game over: lost" if view["over"] else "")),
        f"  1s piles (build up):    {up}",
        f"  lower row (build down): {rows}",
        f"  stock pile: {_cards(len(stock))}" + (f", top {stock[-1]} (under it: {under})" if stock else ""),
        f"  pack: {_cards(view['draw_count'])} face down"
        + (f"   turned up: [b]{view['card']}[/b]" if view["card"] else ""),
    ]
    if not view["options"]["strict"]:
        lines.append("  (strict=false: the 'whenever possible' plays are advice)")
    return "\n".join(lines)


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _a(n: str) -> str:
    return f"an {n}" if n == "8" else f"a {n}"


def narrate(event: dict, seat: int | None = None) -> str:
    """One line for an event, read by the person at ``seat`` ("you"; None: nobody). The
    one player is seat 0."""
    w = Words(seat)
    p = event.get("player", 0)
    kind = event.get("type")
    if kind == "turn":
        return f"{w.does(p, 'turn')} up {_a(event['card'])} ({event['pack']} left in the pack)"
    if kind == "move":
        src = {"card": "the turned-up", "stock": "the stock pile's"}.get(event["from"], event["from"] + "'s")
        to = "the stock pile" if event["to"] == "stock" else event["to"]
        return f"{w.does(p, 'play')} {src} {event['card']} to {to}"
    if kind == "move_pile":
        cards = " ".join(str(c) for c in event["cards"])
        return f"{w.does(p, 'move')} the {event['from']} pile ({cards}) onto {event['to']}"
    # one branch per event type, alike on purpose: each event's sentence is its own
    if kind == "fill":
        return f"{w.does(p, 'start')} row{event['row']} with {_a(event['card'])} from the pack"
    if kind == "one_up":
        return f"a 1 goes up to {event['to']}"
    if kind == "over":
        return (
            "all forty cards are on the 1s piles - won!"
            if event["won"]
            else (f"no more plays: {event['up_cards']} cards on the 1s piles - lost")
        )
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
