"""Plain-text rendering of Muggins views and events (terminal UI and logs)."""
from __future__ import annotations

from ..flinch.cards import a_card

_OFFENCES = {
    "keep": "kept a card that could be played",
    "wrong-play": "played onto a Stock Pile when a Playing Pile was possible",
    "skip-stock": "drew from the hand while the Stock Pile's top could be played",
}


def _seat(view: dict, k: int, seat: int | None) -> str:
    return "you" if k == seat else f"seat {k}"


def _whose(k: int, seat: int | None) -> str:
    return "your" if k == seat else f"seat {k}'s"


def render(view: dict, seat: int | None) -> str:
    """A table of everything ``seat`` sees: centre piles, every Stock Pile's top and
    count, every hand's count (hands are face down, even to their owner), the card in play."""
    lines = [f"Muggins ({view['enforce']}) — turn {view['turns']}, round {view['round']} of at most "
             f"{view['round_limit']}"]
    piles = [f"{i}:{top}" for i, top in enumerate(view["centre"], 1) if top is not None]
    lines.append("Centre: " + (" ".join(piles) if piles else "(no Playing Piles)")
                 + (f"   finished piles removed: {view['removed_piles']}" if view["removed_piles"] else ""))
    for k in range(view["players"]):
        stock = view["stocks"][k]
        top = stock["top"] if stock["top"] is not None else "-"
        mark = "▶" if k == view["turn"] else " "
        lines.append(f"{mark} {_seat(view, k, seat):>7}: hand {view['hand_counts'][k]:>3} face down   "
                     f"stock [bold]{top:>2}[/bold] ({stock['count']})   cards left {view['cards_left'][k]}")
    current = view["current"]
    if current is not None:
        lines.append(f"In play: [bold]{current['card']}[/bold] from {_whose(view['turn'], seat)} "
                     f"{current['from']}")
    mug = view["muggins"]
    if mug is not None:
        who = _seat(view, mug["offender"], seat)
        lines.append(f"[red]{who[0].upper() + who[1:]} {_OFFENCES.get(mug['offence'], mug['offence'])} "
                     f"({mug['card']})[/red] — anyone else may call \"Muggins\" before the next play")
    if view["over"]:
        if view["winner"] is not None:
            lines.append(f"Game over: {_seat(view, view['winner'], seat)} went out and won.")
        else:
            lines.append(f"Game over at the round limit; cards left: {view['cards_left']}")
    return "\n".join(lines)


def narrate(event: dict) -> str:
    """One line for one event."""
    t = event.get("type")
    p = event.get("player")
    if t == "reveal":
        return f"Seat {p} turns up {a_card(event['card'])} from the bottom of the hand."
    if t == "play":
        where = {"new": f"to start Playing Pile {event.get('pile')}",
                 "centre": f"on Playing Pile {event.get('pile')}",
                 "stock": f"on seat {event.get('seat')}'s Stock Pile"}[event["to"]]
        return f"Seat {p} plays the {event['card']} from the {event['from']} {where}."
    if t == "pile_done":
        return f"Playing Pile {event['pile']} reaches 10 and leaves the table."
    if t == "keep":
        return f"Seat {p} puts the {event['card']} on their own Stock Pile; turn over."
    if t == "skip_stock":
        return f"Seat {p} leaves the {event['stock_top']} on their Stock Pile and draws from the hand."
    if t == "deviation":
        return f"Seat {p} {_OFFENCES.get(event['offence'], event['offence'])} ({event['card']})! Muggins?"
    if t == "muggins":
        return f"Seat {p} calls \"Muggins\" on seat {event['offender']}!"
    if t == "take_back":
        return f"Seat {p} takes back the {event['card']} (to the {event['to']})."
    if t == "penalty":
        return f"Seat {p} takes the {event['card']} from the top of seat {event['from']}'s hand onto their Stock Pile."
    if t == "turn_over":
        return f"Seat {p} turns the Stock Pile face down as a new hand ({event['cards']} cards)."
    if t == "turn":
        return f"Seat {p}'s turn."
    if t == "win":
        return f"Seat {p} has played out hand and Stock Pile and wins!"
    if t == "round_limit":
        return f"Round limit ({event['rounds']}) reached; cards left: {event['cards_left']}."
    return f"{t}: " + ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
