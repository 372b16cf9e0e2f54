"""Plain-text rendering of Muggins views and events (terminal UI and logs)."""

from __future__ import annotations

from typing import Any

from ...core.words import Words, cap, count_of
from ..flinch_pack.cards import a_card

_OFFENCES = {
    "keep": "kept a card that could be played",
    "wrong-play": "played onto a Stock Pile when a Playing Pile was possible",
    "skip-stock": "drew from the hand while the Stock Pile's top could be played",
}


def render(view: dict, seat: int | None) -> str:
    """A table of everything ``seat`` sees: centre piles, every Stock Pile's top and
    count, every hand's count (hands are face down, even to their owner), the card in play."""
    w = Words(seat)
    lines = [
        (f"Muggins ({view['enforce']}) — turn {view['turns']}, round {view['round']} of at most {view['round_limit']}")
    ]
    piles = [f"{i}:{top}" for i, top in enumerate(view["centre"], 1) if top is not None]
    lines.append(
        "Centre: "
        + (" ".join(piles) if piles else "(no Playing Piles)")
        + (f"   finished piles removed: {view['removed_piles']}" if view["removed_piles"] else "")
    )
    for k in range(view["players"]):
        stock = view["stocks"][k]
        top = stock["top"] if stock["top"] is not None else "-"
        mark = "▶" if k == view["turn"] else " "
        lines.append(
            f"{mark} {w.who(k):>7}: hand {view['hand_counts'][k]:>3} face down   "
            f"stock [bold]{top:>2}[/bold] ({stock['count']})   cards left {view['cards_left'][k]}"
        )
    current = view["current"]
    if current is not None:
        lines.append(f"In play: [bold]{current['card']}[/bold] from {w.whose(view['turn'])} {current['from']}")
    mug = view["muggins"]
    if mug is not None:
        lines.append(
            f"[red]{cap(w.who(mug['offender']))} {_OFFENCES.get(mug['offence'], mug['offence'])} "
            f'({mug["card"]})[/red] — anyone else may call "Muggins" before the next play'
        )
    if view["over"]:
        if view["winner"] is not None:
            lines.append(f"Game over: {w.who(view['winner'])} went out and won.")
        else:
            lines.append(f"Game over at the round limit; cards left: {w.per_seat(view['cards_left'])}")
    return "\n".join(lines)


# the kernel's narrate hook: its header is alike in every game on purpose; one branch per event type
def narrate(event: dict, seat: int | None = None) -> str:
    """One line for one event, read by the person at ``seat`` ("you"; None: nobody)."""
    w = Words(seat)
    t = event.get("type")
    p: Any = event.get("player")  # a seat (JSON), in the events that name one
    if t == "reveal":
        return f"{cap(w.does(p, 'turn'))} up {a_card(event['card'])} from the bottom of the hand."
    if t == "play":
        where = {
            "new": f"to start Playing Pile {event.get('pile')}",
            "centre": f"on Playing Pile {event.get('pile')}",
            "stock": f"on {w.whose(event['seat'])} Stock Pile",
        }[event["to"]]
        return f"{cap(w.does(p, 'play'))} the {event['card']} from the {event['from']} {where}."
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "pile_done":
        return f"Playing Pile {event['pile']} reaches 10 and leaves the table."
    if t == "keep":
        return f"{cap(w.does(p, 'put'))} the {event['card']} on {w.their(p)} own Stock Pile; turn over."
    if t == "skip_stock":
        return (
            f"{cap(w.does(p, 'leave'))} the {event['stock_top']} on {w.their(p)} Stock Pile and "
            f"{w.verb(p, 'draw')} from the hand."
        )
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "deviation":
        return f"{cap(w.who(p))} {_OFFENCES.get(event['offence'], event['offence'])} ({event['card']})! Muggins?"
    if t == "muggins":
        return f'{cap(w.does(p, "call"))} "Muggins" on {w.who(event["offender"])}!'
    if t == "take_back":
        return f"{cap(w.does(p, 'take'))} back the {event['card']} (to the {event['to']})."
    if t == "penalty":
        return (
            f"{cap(w.does(p, 'take'))} the {event['card']} from the top of {w.whose(event['from'])} hand "
            f"onto {w.their(p)} Stock Pile."
        )
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "turn_over":
        return f"{cap(w.does(p, 'turn'))} the Stock Pile face down as a new hand ({count_of(event['cards'], 'card')})."
    if t == "turn":
        return f"{cap(w.whose(p))} turn."
    if t == "win":
        return f"{cap(w.does(p, 'have'))} played out hand and Stock Pile and {w.verb(p, 'win')}!"
    if t == "round_limit":
        return f"Round limit ({event['rounds']}) reached; cards left: {w.per_seat(event['cards_left'])}."
    return f"{t}: " + ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
