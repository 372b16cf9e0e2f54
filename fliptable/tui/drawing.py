"""Drawing the terminal game: the table, each person's log, the status line and the
keys. A mixin of ``TableApp`` (``app.py``), which holds the widgets and the state."""

from __future__ import annotations

from rich.text import Text

from ..core.decision import Race
from ..core.events import Event
from . import keys as keymod
from .parts import TableParts
from .texts import rich_text, safe_narrate, safe_render

#: lines kept per person's log
LOG_KEEP = 500
#: columns the log keeps beside a wide table (the table takes the rest, at least two thirds)
LOG_MIN = 30
#: columns between two keys in the keys panel
GAP = "   "


def wrap_units(units: list[Text], width: int, used: int = 0, gap: str = GAP) -> Text:
    """Units (a key and its action) laid out in lines of at most ``width`` cells (``used``
    of the first are taken), a line breaking only between units: a key never sits on one
    line and its action on the next."""
    out = Text()
    for unit in units:
        size = unit.cell_len
        if used and used + len(gap) + size > width:  # (a unit wider than a line has one to itself)
            out.append("\n")
            used = 0
        elif used:
            out.append(gap)
            used += len(gap)
        out.append_text(unit)
        used += size
    return out


class Drawing(TableParts):
    """What ``TableApp`` shows; every method is safe before the app is mounted."""

    def _reader(self, seat: int) -> int | None:
        """The seat the game's text says "you" to: ``seat`` when one person plays here,
        None (everyone "seat N") with several people at one keyboard — as ``Names`` does."""
        return seat if self.names.you(seat) else None

    def _narrate(self, events: list[Event]) -> list[str]:
        """Log each event for every person as they may see it; the viewer's lines are returned."""
        mine: list[str] = []
        for h in self.humans:
            reader = self._reader(h)  # "you" only with one person here
            for e in events:
                line = safe_narrate(self.game, e.for_player(h), reader)
                if line is None:
                    continue
                self._logs[h].append(line)
                if h == self.viewer:
                    mine.append(line)
                    if self._on_screen:
                        self._w_log.write(rich_text(line))
            del self._logs[h][:-LOG_KEEP]
        return mine

    def _log_line(self, line: str, style: str = "", only: int | None = None) -> None:
        """A line in every person's log (``only``: in that person's)."""
        for h in self.humans if only is None else (only,):
            self._logs[h].append(line)
        if self._on_screen and only in (None, self.viewer):
            self._w_log.write(Text(line, style=style))

    def _note(self, message: str) -> None:
        self.messages.append(message)
        self._flash = message
        if self._on_screen:
            self._draw_menu()

    def _set_status(self, text: str) -> None:
        if self._on_screen:
            self._w_status.update(Text(text))

    def _draw(self) -> None:
        if not self._on_screen:
            return
        view = self.state.view(self.viewer)
        body = rich_text(safe_render(self.game, view, self.viewer))
        self.table_text = body.plain
        self._fit_table(body.plain)
        body.append("\n\n")
        body.append(f"Seats  {self.names.seats_line()}", style="dim")
        self._w_table.update(body)
        self._draw_menu()

    def _fit_table(self, plain: str) -> None:
        """The table's box: two thirds of the screen, more (up to all but the log's
        ``LOG_MIN`` columns) when the table's lines are wider, so a wide terminal is used."""
        total = self.size.width
        if total <= 0:
            return
        widest = max((len(line) for line in plain.splitlines()), default=0) + 4  # border, padding
        base = total * 2 // 3
        width = max(base, min(widest, total - LOG_MIN))
        if width != self._table_width:
            self._table_width = width
            self._w_table_box.styles.width = width

    def _draw_menu(self) -> None:
        if not self._on_screen or self.standings is not None:
            return
        self._seen_ply = self.state.ply  # what the person's keys are meant for
        actions = self._w_actions
        actor = self._actor()
        out = Text()
        self._can_back = False
        if actor is None:
            self._menu, self._aliases = [], {}
            out.append("(no keys: waiting)", style="dim")
        else:
            legal = list(self.state.legal_actions(actor))
            race = isinstance(self.table.decision, Race)
            # the game's named keys (Game.action_keys): FLAPS's "!" Last Card, "c" catch
            named = self.game.action_keys
            plain, self._groups = keymod.groups(named, legal)
            group = next((g for g in self._groups if g.key == self._group), None)
            if group is None:
                self._group = ""
            reserved = keymod.named_keys(named)
            if group is not None:
                self._prefix, self._menu = keymod.menu(group.actions, self._prefix, flat=True)
                self._aliases = {}
                out.append(f"{group.label}: ", style="bold")
            else:
                self._prefix, self._menu = keymod.menu(plain, self._prefix, flat=race, reserved=reserved)
                self._aliases = keymod.aliases(self.game.key_aliases, plain) if not self._prefix else {}
                if self._prefix:
                    out.append(f"{self._prefix}…", style="bold")
            units = [Text.assemble((f" {c.key} ", "reverse bold"), f" {c.label}") for c in self._menu]
            if group is None and not self._prefix:
                units += [
                    Text.assemble((f" {g.key} ", "reverse bold"), f" {g.label}{'' if len(g.actions) == 1 else '…'}")
                    for g in self._groups
                ]
            width = actions.content_size.width or max(20, self.size.width - 4)
            if out.plain:
                out.append(" ")
            out.append_text(wrap_units(units, max(20, width), used=out.cell_len))
            hints = [f"{k.capitalize()}: {a}" for k, a in self._aliases.items()]
            if group is None and not self._prefix:
                hints += [g.hint() for g in self._groups]
            hints.append(": type an action")
            self._can_back = (
                group is not None or self._prefix != keymod.menu(plain, "", flat=race, reserved=reserved)[0]
            )
            if self._can_back:
                hints.append("Esc: back")
            out.append("\n")
            out.append_text(wrap_units([Text(h, style="dim") for h in hints], max(20, width)))
        if self._flash:
            out.append("\n")
            out.append(self._flash, style="bold red")
        actions.border_title = "Your keys" if actor is not None else "Keys"
        actions.update(out)
        self.refresh_bindings()
