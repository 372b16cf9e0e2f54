"""The terminal game (``fliptable play``): a person, or several at one keyboard, against
bots, for any registered game.

Generic over the kernel contract: the table is the game's ``render(view, seat)`` text of
the human's own ``state.view(seat)``, the keys come from ``state.legal_actions`` only,
bots' moves are narrated with the game's ``narrate`` on events filtered for the viewer.
Races run in real time: bots answer ``react`` with a delay and act on their own Textual
timers, the person acts with keys, actions are applied in the order they arrive, and
the window's clock applies ``Race.default`` when it runs out.
"""
from __future__ import annotations

import os
import random
import sys
import time
from functools import partial
from typing import Any, Callable, Mapping, Sequence

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Footer, Header, Input, RichLog, Static

from ..bots.base import Agent
from ..core.decision import Over, Race, Simultaneous, Turn
from ..core.errors import FliptableError
from ..core.events import Event
from ..core.game import Game, State
from ..core.log import GameLog
from ..core.registry import get_game
from . import keys as keymod
from .seating import player_count, reset_agents, seat_agents
from .texts import has_round_summary, rich_text, round_summary, safe_narrate, safe_render

#: seconds between bots' moves, so a person can follow (``FLIPTABLE_DELAY`` overrides)
DEFAULT_DELAY = 0.8
#: seconds a race window's outcome stays up before play goes on (a key skips it)
DEFAULT_OUTCOME_DELAY = 2.5
_LOG_KEEP = 500


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
    """A summary over the table (round scores, a race window's outcome); Enter goes on.
    With ``seconds`` it also goes on by itself."""

    DEFAULT_CSS = """
    NoticeScreen { align: center middle; background: transparent; }
    NoticeScreen > Vertical { width: auto; min-width: 40; max-width: 90%; height: auto;
                              border: round $accent; padding: 0 2; background: $panel; }
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


class TableApp(App[int]):
    """One game at one table: ``agents[s]`` is a bot, or None for a person at seat ``s``."""

    TITLE = "fliptable"
    AUTO_FOCUS = None  # keys go to the game, not to the hidden action box
    CSS = """
    #status { height: 1; padding: 0 1; background: $boost; text-style: bold; }
    #main { height: 1fr; }
    #table-box { width: 2fr; border: round $primary; border-title-color: $primary; padding: 0 1; }
    #log { width: 1fr; min-width: 30; border: round $secondary; border-title-color: $secondary; padding: 0 1; }
    #clock { height: 1; padding: 0 1; display: none; }
    #clock.running { display: block; }
    #actions { height: auto; max-height: 14; border: round $accent; border-title-color: $accent;
               padding: 0 1; }
    #typed { display: none; }
    #typed.open { display: block; }
    """
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("colon", "type_action", "Type an action", show=True),
        Binding("escape", "back", "Back", show=True),
        Binding("plus", "speed(0.5)", "Faster", show=True),
        Binding("minus", "speed(2)", "Slower", show=True),
        Binding("q", "leave", "Leave", show=True),
    ]

    def __init__(self, game: Game, state: State, agents: Sequence[Agent | None], *, seed: Any = None,
                 viewer: int | None = None, delay: float = DEFAULT_DELAY,
                 outcome_delay: float = DEFAULT_OUTCOME_DELAY, pause_on_rounds: bool = True):
        super().__init__()
        self.game, self.state, self.agents = game, state, list(agents)
        self.seed = seed
        self.humans = [s for s, a in enumerate(self.agents) if a is None]
        if not self.humans:
            raise ValueError("a table needs at least one person")
        self.viewer = viewer if viewer in self.humans else self.humans[0]
        self.delay, self.outcome_delay = delay, outcome_delay
        self.pause_on_rounds = pause_on_rounds
        #: [seat, action] in the order applied (seat None: a race's clock) — a replayable log
        self.actions: list[list[Any]] = []
        #: the final standings shown, (rank, seat, score) best first, once the game is over
        self.standings: list[tuple[int, int, float]] | None = None
        #: (title, text) of every notice shown (round summaries, race outcomes)
        self.notices: list[tuple[str, str]] = []
        #: the table as last drawn (plain text)
        self.table_text = ""
        #: the race clock as last drawn
        self.clock_text = ""
        #: the result text shown at the end
        self.result_text = ""
        self.awaiting: int | None = None  # the person whose turn/commit it is
        self.messages: list[str] = []     # short notices shown on the status line (tests read them)
        self._prefix = ""
        self._menu: list[keymod.Choice] = []
        self._aliases: dict[str, str] = {}
        self._logs: dict[int, list[str]] = {h: [] for h in self.humans}
        self._gen = 0
        self._summary_seen: str | None = None
        self._modal = False
        self._race_window: int | None = None
        self._race_deadline: float | None = None
        self._race_timeout_ms: float | None = None
        self._race_clock: Timer | None = None
        self._race_tick: Timer | None = None
        self._pending: dict[int, tuple[Timer, str]] = {}
        self._race_actor: int | None = None
        self._flash = ""
        self._can_back = False
        self._pumping = False
        self._dirty = False
        self._queue: list[Callable[[], None]] = []

    # -- layout ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self._w_status = Static("", id="status")
        self._w_table = Static("", id="table")
        self._w_table_box = VerticalScroll(self._w_table, id="table-box")
        self._w_log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        self._w_clock = Static("", id="clock")
        self._w_actions = Static("", id="actions")
        self._w_typed = Input(placeholder="type an action in the game's notation, Enter to play, Esc to cancel",
                              id="typed")
        yield Header()
        yield self._w_status
        with Horizontal(id="main"):
            yield self._w_table_box
            yield self._w_log
        yield self._w_clock
        yield self._w_actions
        yield self._w_typed
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"fliptable — {self.game.title}"
        self.sub_title = f"seed {self.seed}" if self.seed is not None else ""
        self._w_table_box.border_title = "Table"
        self._w_log.border_title = "Log"
        self._w_actions.border_title = "Your keys"
        # a round's end is noticed on the spectator's summary, the same whoever is looking
        self._summary_seen = round_summary(self.game, self.state.view(None), None)
        n = self.state.players
        self._log_line(f"{self.game.title}: {n} player{'s' if n != 1 else ''}, seed {self.seed}", style="bold")
        self._draw()
        self._go(0, self._step)

    # -- scheduling -------------------------------------------------------------------
    def _go(self, seconds: float, fn: Callable, *args) -> None:
        """Run ``fn`` after ``seconds``, superseding anything scheduled before. Immediate
        steps run in one loop (``_pump``), so bots without a delay play in one go."""
        self._gen += 1
        gen = self._gen

        def run() -> None:
            if gen == self._gen:
                fn(*args)
        if seconds > 0:
            self.set_timer(seconds, run)
        elif self._pumping:
            self._queue.append(run)
        else:
            self.call_later(self._pump, run)

    def _pump(self, first: Callable[[], None]) -> None:
        self._pumping = True
        self._queue.append(first)
        try:
            while self._queue:
                self._queue.pop(0)()
        finally:
            self._pumping = False
            self._queue.clear()
        if self._dirty:
            self._draw()

    def _step(self) -> None:
        """Look at the decision and start whatever it needs."""
        if self._modal:
            return
        state = self.state
        d = state.decision()
        if isinstance(d, Over):
            self._game_over()
            return
        if isinstance(d, Race):
            self._race(d)
            return
        if isinstance(d, Simultaneous):
            bots = [s for s in d.players if self.agents[s] is not None]
            if bots:  # bots commit at once, secretly; applying schedules the next step
                for s in bots:
                    cur = self.state.decision()
                    if self._modal or not isinstance(cur, Simultaneous) or s not in cur.players:
                        break
                    self._apply_bot(s, cur)
                return
            humans = [s for s in d.players if self.agents[s] is None]
            if not humans:
                return
            self._await_human(self.viewer if self.viewer in humans else humans[0])
            return
        if isinstance(d, Turn):
            p = d.player
            if self.agents[p] is None:
                self._await_human(p)
            else:
                self.awaiting = None
                self._set_status(f"{self._seat_name(p)} is thinking...")
                self._draw_menu()
                self._go(self.delay, self._bot_turn, p)

    def _bot_turn(self, p: int) -> None:
        d = self.state.decision()
        if not isinstance(d, Turn) or d.player != p:
            self._step()
            return
        self._apply_bot(p, d)

    def _apply_bot(self, seat: int, before) -> None:
        agent = self.agents[seat]
        legal = self.state.legal_actions(seat)
        if not legal:  # a rules bug: say so rather than hang silently
            self._note(f"seat {seat} is to act but has no legal action; the game cannot go on")
            return
        view = self.state.view(seat) if agent.needs_view else None
        try:
            action = agent.act(view, legal)
        except Exception as exc:  # noqa: BLE001 - a bot bug must not end the person's game
            self._note(f"bot at seat {seat} failed ({exc!r}); it plays {legal[0]}")
            action = legal[0]
        if action not in legal:
            self._note(f"bot at seat {seat} chose illegal {action!r}; it plays {legal[0]}")
            action = legal[0]
        self._apply(seat, action, before)

    def _apply(self, seat: int | None, action: str, before) -> bool:
        """Apply through the checked path; an illegal action is reported, never raised."""
        try:
            events = self.state.apply(seat, action)
        except FliptableError as exc:  # IllegalAction: the kernel's reason, state unchanged
            self._note(str(exc))
            return False
        self.actions.append([seat, action])
        if not events and seat is not None and not isinstance(before, Simultaneous):
            self._log_line(f"{self._label(seat, None)}: {action}")
        self._after_apply(events, before)
        return True

    def _after_apply(self, events: list[Event], before) -> None:
        outcome = self._narrate(events)
        d = self.state.decision()
        closed = isinstance(before, Race) and not (isinstance(d, Race) and d.window == before.window)
        if closed:
            self._end_race()
        self._draw()
        notices: list[tuple[str, str, float | None]] = []
        if closed and self.outcome_delay > 0 and outcome:
            notices.append(("Window closed", "\n".join(outcome), self.outcome_delay))
        public = round_summary(self.game, self.state.view(None), None) if has_round_summary(self.game) else None
        summary = None
        if public and public != self._summary_seen:
            self._summary_seen = public
            for h in self.humans:  # each person's log has the summary as they see it
                text = round_summary(self.game, self.state.view(h), h) or public
                for line in text.splitlines():
                    self._log_line(line, style="bold", only=h)
                if h == self.viewer:
                    summary = text
        if summary:
            if self.pause_on_rounds and not isinstance(d, Over):
                head, _, rest = summary.partition("\n")
                notices.append((head, rest.strip("\n"), None))
        if isinstance(d, Race) and not closed and not notices:
            self._race(d)
            return
        if notices:
            self._show_notices(notices)
        else:
            self._go(0, self._step)

    def _show_notices(self, notices: list[tuple[str, str, float | None]]) -> None:
        self._modal = True
        self._gen += 1
        self.awaiting = None
        title, body, seconds = notices[0]
        self.notices.append((title, body))
        self._set_status(f"{title.rstrip('.')} — press Enter to go on")
        self._draw_menu()

        def done(_=None) -> None:
            if len(notices) > 1:
                self._show_notices(notices[1:])
            else:
                self._modal = False
                self._go(0, self._step)
        self.push_screen(NoticeScreen(title, body, seconds), done)

    # -- people -------------------------------------------------------------------------
    def _await_human(self, p: int) -> None:
        self._prefix = ""
        if p != self.viewer and len(self.humans) > 1:
            self.awaiting = None
            self._modal = True
            self._gen += 1

            def ready(_=None) -> None:
                self._modal = False
                self._switch_viewer(p)
                self._go(0, self._step)
            self.push_screen(PassScreen(f"Pass the keyboard to seat {p}.\n\n"
                                        f"Seat {p}: press Enter when you are ready."), ready)
            return
        self.awaiting = p
        self._flash = ""
        d = self.state.decision()
        who = "Your" if len(self.humans) == 1 else f"Seat {p}, your"
        what = "secret choice" if isinstance(d, Simultaneous) else "turn"
        self._set_status(f"{who} {what}: press a key below")
        self._draw()

    def _switch_viewer(self, p: int) -> None:
        if p == self.viewer:
            return
        self.viewer = p
        log = self._w_log
        log.clear()
        for line in self._logs[p][-_LOG_KEEP:]:
            log.write(line)
        self._draw()

    def _actor(self) -> int | None:
        """The person whose keys act now."""
        d = self.state.decision()
        if isinstance(d, Race):
            return self._race_actor if self._race_actor in d.players else None
        return self.awaiting

    def on_key(self, event) -> None:
        if self._modal or self._w_typed.has_focus:
            return
        key, char = event.key, event.character
        if self.standings is not None:
            return  # q leaves (a binding); not Enter: a person hurrying through notices would miss the result
        if key in ("colon", "escape", "plus", "minus", "ctrl+q"):
            return  # bindings
        if key == "tab" and isinstance(self.state.decision(), Race):
            event.stop()
            self._next_race_actor()
            return
        actor = self._actor()
        if actor is None:
            if char and char.isprintable() or key == "enter":
                self._note("it is not your move now" if not isinstance(self.state.decision(), Race)
                           else "you are done in this window")
                event.stop()
            return
        choice = None
        if key in self._aliases:
            self._submit(actor, self._aliases[key])
            event.stop()
            return
        if char:
            choice = next((c for c in self._menu if c.key == char.lower()), None)
        if choice is None:
            if char and char.isprintable() or key == "enter":
                self._note(f"{char if char and char.isprintable() else key!r} does nothing now; "
                           "press one of the keys listed")
                event.stop()
            return
        event.stop()
        if choice.action is not None:
            self._submit(actor, choice.action)
        else:
            self._prefix = choice.prefix or ""
            self._draw_menu()

    def _submit(self, seat: int, action: str) -> None:
        before = self.state.decision()
        if isinstance(before, Turn | Simultaneous):
            self.awaiting = None
        self._prefix = ""
        self._flash = ""
        if not self._apply(seat, action, before):
            if isinstance(before, Turn | Simultaneous):
                self.awaiting = seat
            self._draw_menu()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Footer keys that apply now: typing while someone may act, leaving once it is over."""
        over = self.standings is not None
        if action == "leave":
            return over
        if action == "type_action":
            return not over and self._actor() is not None
        if action == "back":
            return not over and (self._can_back or self._w_typed.has_class("open"))
        if action == "speed":
            return not over
        return True

    def action_leave(self) -> None:
        self.exit(0)

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
        actor = self._actor()
        if actor is None or not text.strip():
            return
        try:
            action = self.game.parse_action(text)
        except FliptableError as exc:
            self._note(str(exc))
            return
        self._submit(actor, action)

    def action_back(self) -> None:
        box = self._w_typed
        if box.has_class("open"):
            box.remove_class("open")
            box.value = ""
            self.set_focus(None)
            return
        self._prefix = ""
        self._draw_menu()

    def action_speed(self, factor: str) -> None:
        self.delay = min(5.0, max(0.0 if self.delay == 0 else 0.05, self.delay * float(factor)))
        self._note(f"bots' pace: {self.delay:.2f} s per move")

    # -- races ----------------------------------------------------------------------------
    def _race(self, d: Race) -> None:
        now = time.monotonic()
        if d.window != self._race_window:
            self._end_race()
            self._race_window = d.window
            self._race_timeout_ms = d.timeout_ms
            if d.timeout_ms is not None:
                self._race_deadline = now + d.timeout_ms / 1000.0
                self._race_clock = self.set_timer(max(0.001, d.timeout_ms / 1000.0),
                                                  partial(self._race_timeout, d.window))
            self._race_tick = self.set_interval(0.1, self._draw_clock)
            self._w_clock.add_class("running")
            self._race_actor = None
            self._flash = ""
        state = self.state
        for s, (timer, action) in list(self._pending.items()):
            if s not in d.players or action not in state.legal_actions(s):
                timer.stop()
                del self._pending[s]
        for s in d.players:
            agent = self.agents[s]
            if agent is None or s in self._pending:
                continue
            legal = state.legal_actions(s)
            if not legal:
                continue
            try:
                action, delay_ms = agent.react(state.view(s) if agent.needs_view else None, legal)
            except Exception as exc:  # noqa: BLE001
                self._note(f"bot at seat {s} failed in the race ({exc!r})")
                continue
            if action not in legal:
                self._note(f"bot at seat {s} chose illegal {action!r} in the race; it sits this one out")
                continue
            fire = partial(self._race_fire, s, action, d.window)
            timer = self.set_timer(max(0.001, float(delay_ms) / 1000.0), fire)
            self._pending[s] = (timer, action)
        people = [s for s in d.players if self.agents[s] is None]
        if self._race_actor not in people:
            self._race_actor = self.viewer if self.viewer in people else (people[0] if people else None)
        if self._race_actor is not None and self._race_actor != self.viewer:
            self._switch_viewer(self._race_actor)
        self.awaiting = None
        if self._race_actor is not None:
            extra = "; Tab: next person" if len(people) > 1 else ""
            who = "you" if len(self.humans) == 1 else f"seat {self._race_actor}"
            self._set_status(f"RACE! Act fast ({who}){extra}")
        else:
            self._set_status("RACE! Waiting for the others or the clock...")
        self._draw()
        self._draw_clock()

    def _next_race_actor(self) -> None:
        d = self.state.decision()
        people = [s for s in d.players if self.agents[s] is None]
        if len(people) < 2:
            return
        i = people.index(self._race_actor) if self._race_actor in people else -1
        self._race_actor = people[(i + 1) % len(people)]
        self._switch_viewer(self._race_actor)
        self._race(d)

    def _race_fire(self, seat: int, action: str, window: int) -> None:
        self._pending.pop(seat, None)
        d = self.state.decision()
        if not isinstance(d, Race) or d.window != window or self._modal:
            return
        if seat not in d.players or action not in self.state.legal_actions(seat):
            self._race(d)  # ask again on the state as it is now
            return
        self._apply(seat, action, d)

    def _race_timeout(self, window: int) -> None:
        d = self.state.decision()
        if not isinstance(d, Race) or d.window != window:
            return
        self._log_line("time is up!", style="bold red")
        self._apply(None, d.default, d)

    def _end_race(self) -> None:
        for timer, _ in self._pending.values():
            timer.stop()
        self._pending.clear()
        for timer in (self._race_clock, self._race_tick):
            if timer is not None:
                timer.stop()
        self._race_clock = self._race_tick = None
        self._race_window = self._race_deadline = None
        self._race_actor = None
        if self.is_mounted:
            clock = self._w_clock
            clock.remove_class("running")
            clock.update("")

    def _draw_clock(self) -> None:
        clock = self._w_clock
        if self._race_window is None:
            return
        if self._race_deadline is None:
            clock.update(Text("no clock: the window closes when everyone is done", style="bold"))
            return
        left = max(0.0, self._race_deadline - time.monotonic())
        total = max(0.001, (self._race_timeout_ms or 1) / 1000.0)
        width = 30
        full = int(round(width * left / total))
        style = "bold green" if left > total / 2 else ("bold yellow" if left > total / 5 else "bold red")
        text = Text.assemble(("⏱ ", ""), ("█" * full, style), ("░" * (width - full), "dim"),
                             (f" {left:4.1f} s left", style))
        self.clock_text = text.plain
        clock.update(text)

    # -- the end ----------------------------------------------------------------------------
    def _game_over(self) -> None:
        self._end_race()
        self.awaiting = None
        result = self.state.result()
        order = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s] if result.ranks else 0, s))
        self.standings = [(result.ranks[s] if result.ranks else 0, s, result.scores[s]) for s in order]
        lines = ["Final standings:"]
        for rank, s, score in self.standings:
            win = "  winner" if s in result.winners else ""
            lines.append(f"  {rank}. {self._label(s, self.viewer):<22} {_num(score):>6}{win}")
        text = "\n".join(lines)
        if len(result.winners) == 1:
            head = f"Game over: {self._label(result.winners[0], self.viewer)} wins"
        elif result.winners:
            head = "Game over: shared win for " + ", ".join(self._label(w, self.viewer) for w in result.winners)
        else:
            head = "Game over"
        self._log_line(head, style="bold")
        self._set_status(f"{head}. Press q to leave.")
        self._draw()
        self.result_text = f"{head}\n{text}"
        summary = round_summary(self.game, self.state.view(self.viewer), self.viewer)
        shown = Text(text)
        if summary:
            shown.append("\n\n" + summary, style="dim")
        self._w_actions.border_title = "Result"
        self._w_actions.styles.max_height = None
        self._w_actions.update(shown)
        self.refresh_bindings()

    # -- drawing ------------------------------------------------------------------------------
    def _short(self, seat: int) -> str:
        agent = self.agents[seat]
        if agent is None:
            return "you" if seat == self.viewer else "person"
        return getattr(agent, "spec", agent.describe())

    def _seat_name(self, seat: int) -> str:
        agent = self.agents[seat]
        if agent is None:
            return "you" if seat == self.viewer else f"seat {seat}"
        return f"seat {seat} ({getattr(agent, 'spec', agent.describe())})"

    def _label(self, seat: int | None, viewer: int | None) -> str:
        if seat is None:
            return "the clock"
        agent = self.agents[seat]
        base = f"seat {seat}"
        if agent is None:
            return f"you ({base})" if seat == viewer and len(self.humans) == 1 else f"{base} (person)"
        return f"{base} ({getattr(agent, 'spec', agent.describe())})"

    def _narrate(self, events: list[Event]) -> list[str]:
        """Log each event for every person as they may see it; the viewer's lines are returned."""
        mine: list[str] = []
        for h in self.humans:
            for e in events:
                line = safe_narrate(self.game, e.for_player(h))
                if line is None:
                    continue
                self._logs[h].append(line)
                if h == self.viewer:
                    mine.append(line)
                    if self.is_mounted:
                        self._w_log.write(rich_text(line))
        for h in self.humans:
            del self._logs[h][:-_LOG_KEEP]
        return mine

    def _log_line(self, line: str, style: str = "", only: int | None = None) -> None:
        """A line in every person's log (``only``: in that person's)."""
        for h in self.humans if only is None else (only,):
            self._logs[h].append(line)
        if self.is_mounted and only in (None, self.viewer):
            self._w_log.write(Text(line, style=style))

    def _note(self, message: str) -> None:
        self.messages.append(message)
        self._flash = message
        if self.is_mounted:
            self._draw_menu()

    def _set_status(self, text: str) -> None:
        if self.is_mounted:
            self._w_status.update(Text(text))

    def _draw(self) -> None:
        if not self.is_mounted:
            return
        if self._pumping:
            self._dirty = True
            return
        self._dirty = False
        view = self.state.view(self.viewer)
        body = rich_text(safe_render(self.game, view, self.viewer))
        self.table_text = body.plain
        seats = "  ".join(f"{s}: {self._short(s)}" for s in range(len(self.agents)))
        body.append("\n\n")
        body.append(f"Seats  {seats}", style="dim")
        self._w_table.update(body)
        self._draw_menu()

    def _draw_menu(self) -> None:
        if not self.is_mounted or self.standings is not None:
            return
        actions = self._w_actions
        actor = self._actor()
        out = Text()
        self._can_back = False
        if actor is None:
            self._menu, self._aliases = [], {}
            out.append("(no keys: waiting)", style="dim")
        else:
            legal = list(self.state.legal_actions(actor))
            race = isinstance(self.state.decision(), Race)
            self._prefix, self._menu = keymod.menu(legal, self._prefix, flat=race)
            self._aliases = keymod.aliases(self.game.id, legal) if not self._prefix else {}
            if self._prefix:
                out.append(f"{self._prefix}…", style="bold")
            for c in self._menu:
                out.append(f" {c.key} ", style="reverse bold")
                out.append(f" {c.label}   ")
            hints = [f"{k.capitalize()}: {a}" for k, a in self._aliases.items()]
            hints.append(": type an action")
            self._can_back = self._prefix != keymod.menu(legal, "", flat=race)[0]
            if self._can_back:
                hints.append("Esc: back")
            out.append("\n" + "   ".join(hints), style="dim")
        if self._flash:
            out.append("\n")
            out.append(self._flash, style="bold red")
        actions.border_title = "Your keys" if actor is not None else "Keys"
        actions.update(out)
        self.refresh_bindings()


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _env_float(name: str, default: float) -> float:
    try:
        return max(0.0, float(os.environ[name]))
    except (KeyError, ValueError):
        return default


def build_table(game_id: str, players: int | None, bot_specs: Sequence[str], seat: int, seed: int | None,
                options: Mapping[str, str] | None, **kwargs) -> TableApp:
    """The app for a new game; FliptableError names what was wrong."""
    game = get_game(game_id)
    n = player_count(game, players, bot_specs)
    agents = seat_agents(game, n, bot_specs, seat)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    state = game.new_state(n, dict(options or {}), seed)
    reset_agents(game, agents, state.options, seed)
    return TableApp(game, state, agents, seed=seed, viewer=seat, **kwargs)


def run_play(game_id: str, players: int | None, bot_specs: list[str], seat: int = 0, seed: int | None = None,
             options: dict[str, str] | None = None, *, delay: float | None = None,
             outcome_delay: float | None = None, log_path: str | None = None) -> int:
    """Play ``game_id`` in the terminal; the exit code (2 for a user error, named on stderr).
    ``log_path``: write the game's log there when the app closes (finished or not)."""
    kwargs = {"delay": _env_float("FLIPTABLE_DELAY", DEFAULT_DELAY) if delay is None else delay,
              "outcome_delay": (_env_float("FLIPTABLE_OUTCOME_DELAY", DEFAULT_OUTCOME_DELAY)
                                if outcome_delay is None else outcome_delay)}
    try:
        app = build_table(game_id, players, bot_specs, seat, seed, options, **kwargs)
    except FliptableError as exc:
        print(f"fliptable play: {exc}", file=sys.stderr)
        return exc.exit_code
    try:
        code = app.run()
    finally:
        if log_path is not None:
            GameLog.of(app.state, app.seed, app.actions).write(log_path)
    return code if isinstance(code, int) else 0
