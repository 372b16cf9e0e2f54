"""The terminal game's modal screens: passing the keyboard (hotseat) and notices over
the table (a round's summary, a race window's outcome)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from .texts import rich_text


class PassScreen(ModalScreen[None]):
    """Hides the table while the keyboard goes to another person (hotseat)."""

    DEFAULT_CSS = """
    PassScreen { align: center middle; background: $background; }
    PassScreen > Static { width: 52; height: auto; border: double $accent; padding: 1 2;
                          text-align: center; }
    """

    def __init__(self, message: str):
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        yield Static(self.message, id="pass-message")

    def on_key(self, event) -> None:
        if event.key in ("enter", "space"):
            event.stop()
            self.dismiss(None)


class NoticeScreen(ModalScreen[None]):
    """A summary (round scores, a race window's outcome) at the top right, over the log's
    older lines, so the table — the next round already dealt — stays in sight; Enter goes
    on. With ``seconds`` it also goes on by itself."""

    DEFAULT_CSS = """
    NoticeScreen { align: right top; background: transparent; }
    NoticeScreen > Vertical { width: auto; min-width: 30; max-width: 90%; height: auto; margin: 2 0 0 0;
                              border: round $accent; padding: 0 1; background: $panel; }
    NoticeScreen #notice-title { text-style: bold; color: $accent; }
    NoticeScreen #notice-hint { color: $text-muted; }
    """

    def __init__(self, title: str, body: str, seconds: float | None = None):
        super().__init__()
        self.title_text, self.body, self.seconds = title, body, seconds

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="notice-title")
            yield Static(rich_text(self.body), id="notice-body")
            yield Static("Enter: go on", id="notice-hint")

    def on_mount(self) -> None:
        if self.seconds:
            self.set_timer(self.seconds, self._close)

    def _close(self) -> None:
        if self.is_current:
            self.dismiss(None)

    def on_key(self, event) -> None:
        if event.key in ("enter", "space", "escape"):
            event.stop()
            self._close()


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question over the table (leaving mid-game): ``y`` yes; ``n``, Esc no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; background: transparent; }
    ConfirmScreen > Static { width: 52; height: auto; border: double $warning; padding: 1 2;
                             text-align: center; background: $panel; }
    """

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(f"{self.question}\n\ny: yes    n or Esc: no", id="confirm-question")

    def on_key(self, event) -> None:
        if event.key in ("y", "n", "escape"):
            event.stop()
            self.dismiss(event.key == "y")
