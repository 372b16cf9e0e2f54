"""The games' own documents for people: the rules as implemented
(``docs/rules/<package>.md``, installed as ``fliptable/_rules_docs``), the action
notation (``Game.notation``) and, where a game's wording declares one, the legend of
its table's compact notation (``legend(view, seat)``). ``fliptable rules`` prints them;
the terminal's help (``?``) shows them — one text, never copied."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from ..core.game import Game
from ..core.registry import GAME_MODULES


def game_module(game: Game) -> str:
    """The package that defines ``game`` (``fliptable.games.muggins``)."""
    return GAME_MODULES.get(game.id) or type(game).__module__


def game_family(game: Game) -> str:
    """The game's package under ``fliptable.games`` (``go-to-the-store`` ->
    ``go_to_the_store``), which names its rules document ``docs/rules/<package>.md``."""
    parts = game_module(game).split(".")
    if len(parts) >= 3 and parts[:2] == ["fliptable", "games"]:
        return parts[2]
    return game.id


def rules_document(game: Game) -> str | None:
    """The game's rules document as installed (None: it has none)."""
    name = f"{game_family(game)}.md"
    try:
        doc = resources.files("fliptable").joinpath("_rules_docs", name)
        if doc.is_file():
            return doc.read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        pass
    source = Path(__file__).resolve().parent.parent.parent / "docs" / "rules" / name
    if source.is_file():
        return source.read_text(encoding="utf-8")
    return None


def notation_text(game: Game) -> str:
    return f"## Action notation ({game.id})\n\n{game.notation.rstrip() or '(not documented)'}"


def rules_text(game: Game) -> str:
    """The rules as implemented and the notation (``fliptable rules``)."""
    text = rules_document(game)
    parts = [
        text.rstrip() if text is not None else f"# {game.title}\n\n(no rules document is installed for {game.id} yet)"
    ]
    parts.append(notation_text(game))
    return "\n\n".join(parts) + "\n"


def legend(game: Game, view: Any, seat: int | None) -> str | None:
    """How to read the compact notation of ``view``'s table (Flush's ``B1(4/?)``, FLAPS's
    card codes), as the game's wording tells it; None when it declares no legend."""
    tell = getattr(game.wording, "legend", None)
    if tell is None or not isinstance(view, dict):
        return None
    try:
        return tell(view, seat) or None
    except Exception:  # noqa: BLE001 - a legend is a nicety: never end the game over it
        return None
