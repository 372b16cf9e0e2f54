"""What the terminal game's mixins (``Drawing``, ``Keyboard``) use of ``TableApp``
(``app.py``): its widgets, its state and the methods one mixin calls on the other or on
the app, declared once so that mypy checks the mixins. Annotations without a value
create no attribute: at run time ``TableParts`` is an empty class, and ``TableApp``
sets each of these in ``__init__`` or ``compose``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App
    from textual.containers import VerticalScroll
    from textual.widgets import Input, RichLog, Static

    from ..core.events import Event
    from ..core.game import Game, State
    from ..core.table import Table
    from .keys import Choice, Group
    from .present import Names

    _Base = App[int]  # the app (its screens, size, bindings, exit) for the type checker only
else:
    _Base = object


class TableParts(_Base):
    """``TableApp``'s attributes and methods that ``Drawing`` and ``Keyboard`` use."""

    game: Game
    table: Table
    names: Names
    humans: list[int]
    viewer: int
    log_path: str | None
    #: the final standings, (rank, seat, score) best first, once the game is over
    standings: list[tuple[int, int, float]] | None
    messages: list[str]
    table_text: str
    #: True once the app is mounted (``on_mount``): the widgets below exist
    _on_screen: bool
    _w_status: Static
    _w_table: Static
    _w_table_box: VerticalScroll
    _w_log: RichLog
    _w_actions: Static
    _w_typed: Input
    _table_width: int | None
    _logs: dict[int, list[str]]
    _prefix: str
    _group: str
    _groups: list[Group]
    _menu: list[Choice]
    _aliases: dict[str, str]
    _modal: bool
    _race_window: int | None
    _seen_ply: int
    _flash: str
    _can_back: bool
    _early_key: str | None

    if TYPE_CHECKING:  # defined by TableApp or by the other mixin

        @property
        def state(self) -> State: ...

        @property
        def delay(self) -> float: ...

        def _actor(self) -> int | None: ...

        def _after(self) -> None: ...

        def _prompt(self) -> None: ...

        def _hold(self) -> None: ...

        def _release(self) -> None: ...

        def _next_claimer(self) -> bool: ...

        def _next_race_actor(self) -> None: ...

        def _reader(self, seat: int) -> int | None: ...

        def _narrate(self, events: list[Event]) -> list[str]: ...

        def _note(self, message: str) -> None: ...

        def _draw_menu(self) -> None: ...
