"""Plain-text rendering of FLINCH views and events (terminal UI and logs)."""

from __future__ import annotations

from typing import Any

from ...core.words import Words, cap, count_of
from ..flinch_pack.cards import a_card


def _pile(c: dict) -> str:
    if c["build"] == "up":
        return f"c{c['pile']}: {c['low']}..[bold]{c['high']}[/bold] ↑"
    if c["build"] == "down":
        return f"c{c['pile']}: [bold]{c['low']}[/bold]..{c['high']} ↓"
    return f"c{c['pile']}: [bold]{c['low']}[/bold]..5..[bold]{c['high']}[/bold] ↕"


def _reserves(row: list[dict]) -> str:
    parts = []
    for j, r in enumerate(row, 1):
        if r["top"] is None:
            parts.append(f"r{j}: —")
        elif "cards" in r:
            parts.append(f"r{j}: " + " ".join([str(c) for c in r["cards"][:-1]] + [f"[bold]{r['top']}[/bold]"]))
        else:
            parts.append(f"r{j}: [bold]{r['top']}[/bold]" + (f" ({r['count']})" if r["count"] > 1 else ""))
    return "  ".join(parts)


# each game's legend hook reads alike on purpose: it names its own table's short names
def legend(view: dict, seat: int | None) -> str:
    """How to read the table's short names (the names the notation uses too)."""
    return "\n".join(
        [
            (
                "- **Centre** `c2: 1..4 ↑`: centre pile 2 holds 1 to 4 and is built up (`↓` down, `↕` "
                "from 5 both ways); the bold number is the end to play on."
            ),
            (
                "- `▶` marks the seat to play; **game pile** `9 (12 left)`: its face-up card and how many "
                "cards it holds; **hand**: how many cards in hand."
            ),
            "- **reserves** `r1: 7 (3)`: reserve pile 1: 3 cards, a 7 on top (`—`: empty).",
            (
                "- **Your hand** `h1:5 h2:9`: hand cards by place, ascending, as the notation names them "
                "(`play:hand2>c1` plays the 9 on centre pile 1; `h2` for short)."
            ),
        ]
    )


def render(view: dict, seat: int | None) -> str:
    """A table of everything ``seat`` sees: centre piles, stack, every player's game-pile
    top and count, reserve tops (whole piles for their owner with reserve_memory=off),
    hand counts, your hand, and the challenge window when one is open."""
    w = Words(seat)
    head = f"FLINCH ({view['enforce']}"
    if view["centre_variant"] != "ones":
        head += f", centre on {view['centre_variant']}"
    if view["teams"]:
        head += ", partnership " + " v ".join("+".join(map(str, t)) for t in view["teams"])
    head += f") — turn {view['turns'] + 1}, {view['phase']}"
    lines = [head]
    centre = "  ".join(_pile(c) for c in view["centre"]) or "(no playing piles yet)"
    lines.append(f"Centre: {centre}")
    lines.append(
        f"Stack: {count_of(view['draw_count'], 'card')} ({count_of(view['stack_groups'], 'group')} of five)   "
        f"finished piles waiting: {view['removed']}"
        + ("   [red]blocked[/red]" if view["blocked"] else "   [red]exhausted[/red]" if view["stack_exhausted"] else "")
    )
    for k in range(view["players"]):
        g = view["game_piles"][k]
        top = g["top"] if g["top"] is not None else "—"
        mark = "▶" if k == view["turn"] and view["phase"] != "over" else " "
        tag = " (partner)" if k in (view.get("partners") or []) else ""
        lines.append(
            f"{mark} {w.who(k):>7}{tag}: game pile [bold]{top}[/bold] ({g['count']} left)   "
            f"hand {view['hand_counts'][k]}   reserves {_reserves(view['reserves'][k])}"
        )
    if view.get("hand") is not None:
        cards = "  ".join(f"h{i}:[bold]{v}[/bold]" for i, v in enumerate(view["hand"], 1)) or "(empty)"
        lines.append(f"Your hand: {cards}")
    ch = view.get("challenge")
    if ch:
        note = " — the game-pile card was playable!" if ch["game_pile_playable"] else ""
        lines.append(
            f"[red]{cap(w.who(ch['offender']))} played {ch['action']}{note}[/red]"
            ' — an opponent may call "Challenge!" before the next play'
        )
    if view["phase"] == "over":
        if view["winners"]:
            lines.append(
                "Game over: "
                + w.all(view["winners"])
                + " played out the game pile"
                + ("s" if len(view["winners"]) > 1 else "")
                + " and won."
            )
        else:
            lines.append(
                "Game over: the game is blocked for good (no card can reach the centre) — a draw."
                if view["end"] == "blocked"
                else "Game over: the decision cap was reached — a draw."
            )
    return "\n".join(lines)


# the kernel's narrate hook: its header is alike in every game on purpose; one branch per event type
def narrate(event: dict, seat: int | None = None) -> str:
    """One line for one event, read by the person at ``seat`` ("you"; None: nobody)."""
    w = Words(seat)
    t = event.get("type")
    p: Any = event.get("player")  # a seat (JSON), in the events that name one
    if t == "play":
        src = {"game": "game pile", "hand": "hand", "reserve": "reserve"}[event["from"]]
        owner = event.get("owner", p)
        src = f"the {src}" if owner == p else (f"your {src}" if w.you(owner) else f"partner {w.whose(owner)} {src}")
        return (
            f"{cap(w.does(p, 'play'))} the {event['card']} from {src} to centre pile {event['pile']} "
            f"({event['pile_low']}..{event['pile_high']})."
        )
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "pile_finished":
        return f"Centre pile {event['pile']} is finished and leaves the table."
    if t == "game_pile_top":
        return f"{cap(w.does(p, 'turn'))} up {a_card(event['card'])} on the game pile ({event['count']} left)."
    if t == "discard":
        if event.get("laydown"):
            return f"{cap(w.does(p, 'lay'))} the {event['card']} on reserve pile {event['reserve']}."
        return f"{cap(w.does(p, 'end'))} the turn: the {event['card']} to reserve pile {event['reserve']}."
    if t == "pass":
        return f"{cap(w.does(p, 'pass'))}."
    if t == "draw":
        hand = event.get("hand")
        cards = " ".join(str(c) for c in hand) if isinstance(hand, (list, tuple)) else hand
        return f"{cap(w.does(p, 'draw'))} {event['count']} from the stack" + (f": {cards}." if cards else ".")
    if t == "restock":
        return f"The stack is out: {count_of(event['cards'], 'card')} of finished piles are shuffled into a new stack."
    if t == "laydown":
        return "Nobody has a 1: everyone lays the whole hand onto the reserve piles and draws again" + (
            " (free distribution)." if event["round"] > 1 else "."
        )
    if t == "window":
        extra = " — the game-pile card was playable" if event.get("game_pile_playable") else ""
        return f"{cap(w.who(event['offender']))} may be challenged for {event['action']}{extra}."
    if t == "challenge_resolved":
        verdict = "right" if event["right"] else "wrong"
        moved = (
            f"the {event['card']} goes from {w.whose(event['from'])} game pile to the bottom of "
            f"{w.whose(event['to'])} game pile"
            if event["card"] is not None
            else f"{w.does(event['from'], 'have')} no game-pile card to give (a pile's last card is only ever played)"
        )
        return (
            f'{cap(w.does(event["challenger"], "call"))} "Challenge!" on {w.who(event["offender"])}: '
            f"{verdict}; {moved}."
        )
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "take_back":
        return f"{cap(w.does(p, 'take'))} the {event['card']} back from reserve pile {event['reserve']}."
    if t == "turn":
        return f"{cap(w.whose(p))} turn."
    if t == "game_over":
        if event["winners"]:
            return f"{cap(w.all(event['winners']))} won!"
        if event.get("reason") == "cap":
            return "The decision cap is reached: a draw."
        return "The game is blocked for good: a draw."
    return f"{t}: {event}"
