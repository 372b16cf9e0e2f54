"""The terminal game's help (``?``): the keys, how to read the table, the action
notation and the rules of the game being played — the game's own texts
(``games/docs.py``: its rules document, ``Game.notation``, its wording's ``legend``),
never copied here. Time stands still while it is open."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..core.game import Game
from ..games.docs import legend, notation_text, rules_document

#: the keys every game has (the game's named keys and its actions' keys come first)
KEYS = """\
- the keys under **Your keys** play the action beside them (a digit or a letter); a key
  marked … narrows the choice and **Esc** goes back
- **:** type any action in the game's notation (below), **Enter** to play it
- **Tab** (several people here) the next person who may act
- **+** / **-** the bots play faster / slower
- **?** this help (**Esc** closes it; time stands still while it is open)
- **q** leave the game (asks first; at the game's end it leaves at once)
- **Ctrl+C** or **Ctrl+Q** quit at once (with `--log`, the log is written)"""


def help_markdown(game: Game, view: Any, seat: int | None) -> str:
    """The help as Markdown: keys, the table's legend, the notation, the rules."""
    parts = [f"# Help: {game.title}", "## Keys"]
    named = "\n".join(f"- **{k.key}** {k.label}" for k in game.action_keys)
    parts.append((named + "\n" if named else "") + KEYS)
    told = legend(game, view, seat)
    if told:
        parts += ["## Reading the table", told]
    parts.append(notation_text(game).replace("\n\n", "\n\n```\n", 1) + "\n```")
    doc = rules_document(game)
    parts.append(
        doc.rstrip() if doc else f"(no rules document is installed for {game.id}: see `fliptable rules {game.id}`)"
    )
    return "\n\n".join(parts) + "\n"


class HelpScreen(ModalScreen[None]):
    """The help over the table, scrolled with the arrows and PgUp/PgDn (one Rich Markdown
    text: Textual's Markdown widget took seconds to open a long rules document)."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical { width: 95%; height: 95%; border: round $accent; background: $panel; }
    HelpScreen #help-hint { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", "Close help", show=True)]

    def __init__(self, markdown: str):
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Help — Esc closes it; arrows, PgUp/PgDn, Home/End scroll", id="help-hint")
            with VerticalScroll(id="help-scroll"):
                yield Static(Markdown(self.markdown), id="help-text")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
