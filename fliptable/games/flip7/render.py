"""Flip 7 as text: the table one seat sees, and one line per event."""

from __future__ import annotations

from typing import Any

from ...core.words import Words, count_of


def render(view: dict, seat: int | None) -> str:
    """The table: every player's cards, round score, total, the draw pile, whose turn."""
    w = Words(seat)
    lines = [
        (
            f"Round {view['round']}   dealer: {w.who(view['dealer'])}   "
            f"draw pile: {count_of(view['draw_count'], 'card')}"
            f"   discards: {len(view['discard'])}"
        )
    ]
    for s, info in enumerate(view["seats"]):
        who = w.who(s)
        mark = ">" if view["turn"] == s else " "
        cards = " ".join(info["cards"]) or "-"
        lines.append(
            f"{mark} {who:<8} {info['status']:<7} round {info['round_score']:>3}   total {info['total']:>3}   {cards}"
        )
    for job in view["flip_three"]:
        aside = f", set aside: {' '.join(job['set_aside'])}" if job["set_aside"] else ""
        lines.append(f"  Flip Three for {w.who(job['player'])}: {job['left']} to flip{aside}")
    if view["choice"]:
        c = view["choice"]
        if c["kind"] == "give":
            lines.append(f"  {w.who(c['player'])} must give the spare Second Chance to a player, or discard it")
        else:
            lines.append(f"  {w.who(c['player'])} must choose a player to play {c['card']} on")
    return "\n".join(lines)


# the kernel's narrate hook: its header is alike in every game on purpose; one branch per event type
def narrate(event: dict, seat: int | None = None) -> str:
    """One line for one event, read by the person at ``seat`` ("you"; None: nobody)."""
    w = Words(seat)
    t = event["type"]
    p: Any = event.get("player")  # a seat (JSON), in the events that name one
    if t == "flip":
        return f"{w.does(p, 'flip')} {event['card']}"
    if t == "stay":
        return f"{w.does(p, 'stay')} with {event['round_score']}"
    if t == "bust":
        return f"{w.does(p, 'bust')} on a second {event['card']}!"
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "second_chance":
        return f"{w.does(p, 'use')} a Second Chance on the duplicate {event['card']}"
    if t == "flip7":
        return f"{w.does(p, 'have')} FLIP 7! (+15)"
    if t == "freeze":
        target = event["target"]
        return f"{w.does(target, 'be')} frozen with {event['round_score']}" + (
            f" (by {w.who(p)})" if target != p else ""
        )
    if t == "flip_three":
        target = event["target"]
        return f"{w.who(target)} must flip three" + (f" (by {w.who(p)})" if target != p else "")
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "give":
        return f"{w.does(p, 'give')} a Second Chance to {w.who(event['to'])}"
    if t == "discard_second":
        if event.get("chosen"):
            return f"{w.does(p, 'discard')} a spare Second Chance"
        return f"{w.whose(p)} spare Second Chance is discarded (nobody can take it)"
    if t == "reshuffle":
        return f"the discards are shuffled into a new draw pile ({count_of(event['cards'], 'card')})"
    if t == "no_cards":
        return "no cards are left anywhere: the round ends"
    if t == "round_cap":
        return "the round has reached its decision cap: it ends, active players bank"
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "round_start":
        return f"— round {event['round']}, dealer {w.who(event['dealer'])} —"
    if t == "round_end":
        return f"round {event['round']} scores: {w.per_seat(event['scores'])}; totals: {w.per_seat(event['totals'])}"
    if t == "game_over":
        winners = event["winners"]
        top = max(event["totals"])
        limit = " (round limit)" if event.get("ended") == "round_limit" else ""
        if len(winners) == 1:
            return f"game over{limit}: {w.does(winners[0], 'win')} with {top}"
        return f"game over{limit}: {w.all(winners)} share the win with {top}"
    return str(event)


def round_summary(view: dict, seat: int | None) -> str | None:
    """The scores of the round just finished as ``seat`` sees them (None: no round yet)."""
    scores = view.get("last_round")
    if not scores:
        return None
    totals = [s["total"] for s in view["seats"]]
    lines = [f"Round {view['round'] - (0 if view.get('over') else 1)} is over.", ""]
    lines.append(f"{'':10}{'round':>7}{'total':>8}")
    w = Words(seat)
    for p, (r, t) in enumerate(zip(scores, totals, strict=True)):
        lines.append(f"{w.who(p):<10}{r:>7}{t:>8}")
    return "\n".join(lines)
