"""Words and small texts of the terminal game, one naming everywhere on a screen:
"you" for the person at this keyboard (when there is one person), "seat N" for every
other seat — a bot's spec in brackets where it helps ("seat 2 (ev)")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text


class Names:
    """How the screen names seats: ``agents[s]`` is a bot, or None for a person."""

    def __init__(self, agents: Sequence[Any]):
        self.agents = list(agents)
        self.people = [s for s, a in enumerate(self.agents) if a is None]

    def spec(self, seat: int) -> str:
        agent = self.agents[seat]
        return "person" if agent is None else agent.spec or agent.describe()

    def you(self, seat: int | None) -> bool:
        """Whether ``seat`` is "you": the only person at this keyboard."""
        return seat is not None and len(self.people) == 1 and seat == self.people[0]

    def name(self, seat: int | None) -> str:
        """ "you", "seat N", or "the clock" (a race's default)."""
        if seat is None:
            return "the clock"
        return "you" if self.you(seat) else f"seat {seat}"

    def label(self, seat: int | None) -> str:
        """The name with what sits there: "you", "seat 1 (ev)", "seat 2 (person)"."""
        if seat is None or self.you(seat):
            return self.name(seat)
        return f"seat {seat} ({self.spec(seat)})"

    def capital(self, seat: int | None) -> str:
        name = self.name(seat)
        return name[:1].upper() + name[1:]

    def seats_line(self) -> str:
        """Who sits where, for the foot of the table."""
        return "  ".join(f"seat {s}: {'you' if self.you(s) else self.spec(s)}" for s in range(len(self.agents)))


def num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def standings(names: Names, result) -> tuple[list[tuple[int, int, float]], str, str]:
    """(standings as (rank, seat, score) best first, the headline, the table text)."""
    order = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s] if result.ranks else 0, s))
    rows = [(result.ranks[s] if result.ranks else 0, s, result.scores[s]) for s in order]
    lines = ["Final standings:"]
    for rank, s, score in rows:
        win = "  winner" if s in result.winners else ""
        lines.append(f"  {rank}. {names.label(s):<22} {num(score):>6}{win}")
    if len(result.scores) == 1 and not result.winners:  # a game played alone (Patience): lost
        head = "Game over: you lose" if names.you(0) else "Game over: seat 0 loses"
    elif len(result.winners) == 1:
        w = result.winners[0]
        head = "Game over: you win" if names.you(w) else f"Game over: {names.label(w)} wins"
    elif result.winners:
        head = "Game over: shared win for " + ", ".join(names.label(w) for w in result.winners)
    else:
        head = "Game over"
    return rows, head, "\n".join(lines)


def clock_bar(remaining_ms: float, limit_ms: float, width: int = 30) -> Text:
    """The countdown of a race window (or a turn limit)."""
    left = max(0.0, remaining_ms) / 1000.0
    total = max(0.001, limit_ms / 1000.0)
    full = max(0, min(width, round(width * left / total)))
    style = "bold green" if left > total / 2 else ("bold yellow" if left > total / 5 else "bold red")
    return Text.assemble(
        ("⏱ ", ""), ("█" * full, style), ("░" * (width - full), "dim"), (f" {left:4.1f} s left", style)
    )
