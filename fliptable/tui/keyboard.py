"""The person's keys in the terminal game: a key press to an action (the game's named
keys, the menu tree, the aliases, Tab to the next person), the typed action box, the
footer's bindings (leave, back, bots' pace) and submitting to the table. A mixin of
``TableApp`` (``app.py``), which holds the widgets, the table and the routing of turns,
claims and races (``_actor``, ``_prompt``, ``_next_claimer``, ``_next_race_actor``)."""

from __future__ import annotations

from textual.widgets import Input

from ..core.decision import Race
from ..core.errors import FliptableError, IllegalAction, StaleAction, shorten
from .help import HelpScreen, help_markdown
from .parts import TableParts
from .screens import ConfirmScreen
from .texts import refusal


class Keyboard(TableParts):
    """What ``TableApp`` does with the person's keys."""

    def on_key(self, event) -> None:
        if self._modal or self._w_typed.has_focus:
            return
        key, char = event.key, event.character
        if self.standings is not None:
            return  # q leaves (a binding); not Enter: a person hurrying through notices would miss the result
        if key in ("q", "colon", "escape", "plus", "minus", "ctrl+q", "ctrl+c", "question_mark"):
            return  # bindings
        if key == "tab" and isinstance(self.table.decision, Race):
            event.stop()
            self._next_race_actor()
            return
        if key == "tab" and self._next_claimer():
            event.stop()
            return
        actor = self._actor()
        if actor is None:
            if (char and char.isprintable()) or key == "enter":
                pressed = char if char and char.isprintable() else key
                if isinstance(self.table.decision, Race):
                    self._note(f"{pressed!r} was not played: you are done in this window")
                else:  # a bot is thinking: said now, and again on the person's turn
                    self._early_key = pressed
                    self._note(f"{pressed!r} was not played: it is not your move yet; press it on your turn")
                event.stop()
            return
        if key in self._aliases:
            event.stop()
            self._submit(actor, self._aliases[key])
            return
        group = next((g for g in self._groups if g.key == char), None) if char and not self._group else None
        if group is not None:  # the game's named key: one action acts, several narrow the menu
            event.stop()
            if len(group.actions) == 1:
                self._submit(actor, group.actions[0])
            else:
                self._group, self._prefix = group.key, ""
                self._draw_menu()
            return
        choice = next((c for c in self._menu if c.key == char.lower()), None) if char else None
        if choice is None:
            if (char and char.isprintable()) or key == "enter":
                self._note(
                    f"{char if char and char.isprintable() else key!r} does nothing now; press one of the keys listed"
                )
                event.stop()
            return
        event.stop()
        if choice.action is not None:
            self._submit(actor, choice.action)
        else:
            self._prefix = choice.prefix or ""
            self._draw_menu()

    def _submit(self, seat: int, action: str) -> None:
        """The person's action, to the table: it lands now, after whatever was due."""
        self._prefix = self._group = ""
        self._flash = ""
        try:
            self.table.submit(seat, action, self._seen_ply)
        except StaleAction:
            self._note(
                "too slow: the window closed"
                if isinstance(self.table.decision, Race) or self._race_window is not None
                else "too late: the game has moved on"
            )
        except IllegalAction:  # one sentence to the person: the game's rule, "you", what is legal
            self._note(refusal(self.state, seat, action, self.names.you(seat)))
        except FliptableError as exc:  # nothing changed
            self._note(str(exc))
        except Exception as exc:  # noqa: BLE001 - a game's bug must not end the person's game
            self._note(f"{shorten(action)!r} could not be played ({shorten(repr(exc), 80)})")
        self._after()
        self._prompt()
        self._draw_menu()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Footer keys that apply now."""
        over = self.standings is not None
        typing = self._w_typed.has_class("open")
        if action in ("leave", "help"):
            return not typing
        if action == "type_action":
            return not over and self._actor() is not None
        if action == "menu_back":
            return not over and (self._can_back or typing)
        if action == "speed":
            return not over
        return True

    def action_leave(self) -> None:
        """``q``: at the game's end, leave; before it, ask first (time stands still meanwhile)."""
        if self.standings is not None:
            self.exit(0)
            return
        if isinstance(self.screen, ConfirmScreen):  # q again: yes
            self.screen.dismiss(True)
            return
        held = self._modal  # a notice or a pass screen already holds time
        if not held:
            self._hold()

        def answer(leave: bool | None) -> None:
            if leave:
                self.exit(0)
            elif not held:
                self._release()

        self.push_screen(
            ConfirmScreen("Leave the game? It is not over." + (" The log is written." if self.log_path else "")), answer
        )

    def action_help(self) -> None:
        """``?``: the keys, the table's legend, the notation and the rules of this game."""
        if isinstance(self.screen, HelpScreen):
            return
        held = self._modal
        if not held:
            self._hold()

        def closed(_=None) -> None:
            if not held:
                self._release()

        self.push_screen(
            HelpScreen(help_markdown(self.game, self.state.view(self.viewer), self._reader(self.viewer))), closed
        )

    def action_type_action(self) -> None:
        if self._actor() is None or self.standings is not None:
            self._note("it is not your move now")
            return
        box = self._w_typed
        box.add_class("open")
        box.value = ""
        box.focus()
        self.refresh_bindings()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        box = self._w_typed
        box.remove_class("open")
        text = event.value
        box.value = ""
        self.set_focus(None)
        self.refresh_bindings()
        actor = self._actor()
        if actor is None or not text.strip():
            return
        try:
            action = self.game.parse_action(text)
        except FliptableError as exc:
            self._note(str(exc))
            return
        except Exception:  # noqa: BLE001 - '²', 5,000 digits: the game's parser choked on it
            self._note(f"{shorten(text.strip())!r} is not an action in {self.game.id}'s notation")
            return
        self._submit(actor, action)

    def action_menu_back(self) -> None:
        """Esc: close the typed action box, or go back up the keys' menu."""
        box = self._w_typed
        if box.has_class("open"):
            box.remove_class("open")
            box.value = ""
            self.set_focus(None)
            self.refresh_bindings()
            return
        self._prefix = self._group = ""
        self._draw_menu()

    def action_speed(self, factor: str) -> None:
        delay = self.delay
        delay = min(5.0, max(0.0 if delay == 0 else 0.05, delay * float(factor)))
        self.table.bot_turn_ms = delay * 1000.0
        self._note(f"bots' pace: {delay:.2f} s per move")
