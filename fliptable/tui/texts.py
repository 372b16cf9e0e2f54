"""A game's text for people, as the game declares it (``Game.render``, ``Game.narrate``,
``Game.round_summary``), made safe to show: a rendering bug shows as text, never a
crash. Games that declare none get the base ``Game``'s plain listing."""

from __future__ import annotations

import inspect
from typing import Any

from rich.style import Style
from rich.text import Text

from ..core.decision import Over
from ..core.errors import shorten
from ..core.game import Game, State
from ..core.info import plain_narrate, plain_render


def safe_render(game: Game, view: Any, seat: int | None) -> str:
    """The game's text of the table; a rendering bug shows as text, never a crash."""
    try:
        return game.render(view, seat)
    except Exception as exc:  # noqa: BLE001 - a renderer bug must not end the game
        return f"(the table could not be drawn: {exc!r})\n" + plain_render(view)


#: per game class, whether its ``narrate`` takes the reader's ``seat`` (see ``takes_seat``)
_TAKES_SEAT: dict[type, bool] = {}


def takes_seat(game: Game) -> bool:
    """Whether ``game.narrate`` takes the reader's seat, ``narrate(event, seat)`` (the
    kernel contract), found once per game class. Transition: a game written before the
    reader's seat existed declares ``narrate(self, event)``; it is called without the
    seat, and its lines name every seat "seat N"."""
    cls = type(game)
    known = _TAKES_SEAT.get(cls)
    if known is None:
        try:
            params = inspect.signature(game.narrate).parameters.values()
        except (TypeError, ValueError):  # pragma: no cover - a narrator without a signature
            known = True
        else:
            known = sum(1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)) >= 2 or any(
                p.kind is p.VAR_POSITIONAL for p in params
            )
        _TAKES_SEAT[cls] = known
    return known


def safe_narrate(game: Game, event: dict, seat: int | None = None) -> str | None:
    """One line for an event as the person at ``seat`` reads it ("you" for that seat;
    None: third person everywhere); None when the narrator says nothing."""
    try:
        line = game.narrate(event, seat) if takes_seat(game) else game.narrate(event)
    except Exception:  # noqa: BLE001 - fall back to the event's fields
        line = plain_narrate(event)
    return line if line else None


def listing(actions, limit: int = 12) -> str:
    """Legal actions for a refusal: ``hit, stay`` (at most ``limit``, then ``...``)."""
    return ", ".join(actions[:limit]) + (", ..." if len(actions) > limit else "") or "nothing"


def refusal(state: State, seat: int, action: str, you: bool = True) -> str:
    """One sentence for an action the person at ``seat`` may not play now: ``'x' is not
    legal now: <the game's rule>; legal: ...`` — "you" when they are the one person at
    this keyboard, else "seat N"."""
    shown = repr(shorten(action))
    d = state.decision()
    if isinstance(d, Over):
        return f"{shown}: the game is over"
    if seat not in d.actors:
        whose = "your" if you else f"seat {seat}'s"
        return f"{shown}: it is not {whose} move now"
    try:
        reason = state.rule_broken(seat, action)
    except Exception:  # noqa: BLE001 - an explanation must never end the game
        reason = None
    because = f": {reason}" if reason else ""
    return f"{shown} is not legal now{because}; legal: {listing(state.legal_actions(seat))}"


def rich_text(markup: str) -> Text:
    """``markup`` as Rich text; a line that is not valid markup is shown literally (that
    line alone: the others keep their styles)."""
    try:
        return _markup(markup)
    except Exception:  # noqa: BLE001 - MarkupError, StyleSyntaxError and friends
        lines = markup.split("\n")
        if len(lines) == 1:
            return Text(markup)
        return Text("\n").join(rich_text(line) for line in lines)


def _markup(markup: str) -> Text:
    text = Text.from_markup(markup)
    for span in text.spans:
        if isinstance(span.style, str):
            Style.parse(span.style)
    return text


# -- summaries -------------------------------------------------------------------------


def has_round_summary(game: Game) -> bool:
    """Whether the game declares a round summary (shown when its text changes)."""
    return (
        type(game).round_summary is not Game.round_summary or getattr(game.wording, "round_summary", None) is not None
    )


def round_summary(game: Game, view: Any, seat: int | None) -> str | None:
    """The summary of the round just finished as ``seat`` sees it (None: none yet)."""
    if not isinstance(view, dict):
        return None
    try:
        return game.round_summary(view, seat)
    except Exception:  # noqa: BLE001 - a summary is a nicety
        return None
