"""Plain-text rendering of FLINCH views and events (terminal UI and logs)."""
from __future__ import annotations


def _who(k: int, seat: int | None) -> str:
    return "you" if k == seat else f"seat {k}"


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


def render(view: dict, seat: int | None) -> str:
    """A table of everything ``seat`` sees: centre piles, stack, every player's game-pile
    top and count, reserve tops (whole piles for their owner with reserve_memory=off),
    hand counts, your hand, and the challenge window when one is open."""
    head = f"FLINCH ({view['enforce']}"
    if view["centre_variant"] != "ones":
        head += f", centre on {view['centre_variant']}"
    if view["teams"]:
        head += ", partnership " + " v ".join("+".join(map(str, t)) for t in view["teams"])
    head += f") — turn {view['turns'] + 1}, {view['phase']}"
    lines = [head]
    centre = "  ".join(_pile(c) for c in view["centre"]) or "(no playing piles yet)"
    lines.append(f"Centre: {centre}")
    lines.append(f"Stack: {view['stack']} cards ({view['stack_groups']} groups of five)   "
                 f"finished piles waiting: {view['removed']}"
                 + ("   [red]blocked[/red]" if view["blocked"] else ""))
    for k in range(view["players"]):
        g = view["game_piles"][k]
        top = g["top"] if g["top"] is not None else "—"
        mark = "▶" if k == view["turn"] and view["phase"] != "over" else " "
        tag = " (partner)" if k in (view.get("partners") or []) else ""
        lines.append(f"{mark} {_who(k, seat):>7}{tag}: game pile [bold]{top}[/bold] ({g['count']} left)   "
                     f"hand {view['hand_counts'][k]}   reserves {_reserves(view['reserves'][k])}")
    if view["hand"] is not None:
        cards = "  ".join(f"h{i}:[bold]{v}[/bold]" for i, v in enumerate(view["hand"], 1)) or "(empty)"
        lines.append(f"Your hand: {cards}")
    ch = view.get("challenge")
    if ch:
        note = " — the game-pile card was playable!" if ch["game_pile_playable"] else ""
        if ch["to_answer"]:
            yours = " — your call: challenge or decline (calls stay secret until the window closes)"
        elif seat is not None and ch["called"]:
            yours = " — you called \"Challenge!\""
        else:
            yours = " — waiting for the opponents' secret calls"
        lines.append(f"[red]Challenge window: {_who(ch['offender'], seat)} played {ch['action']}{note}[/red]"
                     + yours)
    if view["phase"] == "over":
        if view["winners"]:
            lines.append("Game over: " + " and ".join(_who(k, seat) for k in view["winners"])
                         + " played out the game pile" + ("s" if len(view["winners"]) > 1 else "") + " and won.")
        else:
            lines.append("Game over: the game is blocked for good (no card can reach the centre) — a draw.")
    return "\n".join(lines)


def narrate(event: dict) -> str:
    """One line for one event."""
    t = event.get("type")
    p = event.get("player")
    if t == "play":
        src = {"game": "game pile", "hand": "hand", "reserve": "reserve"}[event["from"]]
        if event.get("owner", p) != p:
            src = f"partner {event['owner']}'s {src}"
        return f"Seat {p} plays the {event['card']} from the {src} to centre pile {event['pile']} " \
               f"({event['pile_low']}..{event['pile_high']})."
    if t == "pile_finished":
        return f"Centre pile {event['pile']} is finished and leaves the table."
    if t == "game_pile_top":
        return f"Seat {p} turns up a {event['card']} on the game pile ({event['count']} left)."
    if t == "discard":
        if event.get("laydown"):
            return f"Seat {p} lays the {event['card']} on reserve pile {event['reserve']}."
        return f"Seat {p} ends the turn: the {event['card']} to reserve pile {event['reserve']}."
    if t == "pass":
        return f"Seat {p} passes."
    if t == "draw":
        hand = event.get("hand")
        return f"Seat {p} draws {event['count']} from the stack" + (f": {hand}." if hand else ".")
    if t == "restock":
        return f"The stack is out: {event['cards']} cards of finished piles are shuffled into a new stack."
    if t == "laydown":
        return ("Nobody has a 1: everyone lays the whole hand onto the reserve piles and draws again"
                + (" (free distribution)." if event["round"] > 1 else "."))
    if t == "window":
        extra = " — the game-pile card was playable" if event.get("game_pile_playable") else ""
        return f"Seat {event['offender']} may be challenged for {event['action']}{extra}."
    if t == "answer":       # who answered, and how, is shown only to the caller
        if p is None:
            return f"An opponent answers the challenge window on seat {event['offender']}."
        if event.get("call") == "challenge":
            return f"Seat {p} calls \"Challenge!\" on seat {event['offender']}."
        return f"Seat {p} lets it go."
    if t in ("challenge", "decline"):      # logs written before calls became secret
        return f"Seat {p} calls \"Challenge!\" on seat {event['offender']}." if t == "challenge" \
            else f"Seat {p} lets it go."
    if t == "window_closed":
        return f"Time is up: no more challenges to seat {event['offender']}."
    if t == "challenge_resolved":
        verdict = "right" if event["right"] else "wrong"
        moved = (f"the {event['card']} goes from seat {event['from']}'s game pile to the bottom of seat "
                 f"{event['to']}'s" if event["card"] is not None else "no card to move")
        others = [c for c in event.get("callers", []) if c != event["challenger"]]
        also = (f" (also called: seat {', '.join(map(str, others))}; the caller nearest the offender's left "
                "is credited)") if others else ""
        return f"Seat {event['challenger']}'s challenge is {verdict}: {moved}.{also}"
    if t == "turn":
        return f"Seat {p}'s turn."
    if t == "game_over":
        if event["winners"]:
            return "Seat " + " and ".join(map(str, event["winners"])) + " won!"
        return "The game is blocked for good: a draw."
    return f"{t}: {event}"
