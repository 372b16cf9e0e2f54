"""The terminal game (``fliptable play``): a person, or several at one keyboard, against
bots, for any registered game.

Generic over the kernel contract: the table is the game's ``render(view, seat)`` text of
the person's own view, the keys come from ``legal_actions`` only, events are narrated
with the game's ``narrate`` as each person saw them. Time belongs to the ``Table``
(``core/table.py``): a person's key is ``submit``-ted, bots' answers are scheduled on
the table (races after their reaction, never under the 100 ms floor; turns at the
bots' pace), and a timer (``TICK``) lands whatever is due on the table's clock — a
``RealClock`` that stands still while a notice covers the table, or a ``VirtualClock``
in tests. A key that arrives after its window closed is refused: "too slow".
Naming: "you" for the person at this keyboard, "seat N" for the others.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Header, Input, RichLog, Static

from ..bots.base import Agent
from ..core.clock import Landed, RealClock, VirtualClock
from ..core.decision import Over, Race, Simultaneous, Turn
from ..core.errors import FliptableError
from ..core.game import Game, State
from ..core.log import GameLog
from ..core.registry import get_game
from ..core.rng import fresh_seed
from ..core.table import Table
from ..exit_codes import exit_code
from . import keys as keymod
from .drawing import LOG_KEEP, Drawing
from .help import HelpScreen
from .keyboard import Keyboard
from .present import Names, clock_bar, standings
from .screens import ConfirmScreen, NoticeScreen, PassScreen
from .seating import player_count, reset_agents, seat_agents
from .texts import has_round_summary, round_summary

__all__ = ["ConfirmScreen", "HelpScreen", "NoticeScreen", "PassScreen", "TableApp", "build_table", "run_play"]

#: seconds a bot takes over a move, so a person can follow (``FLIPTABLE_DELAY`` overrides)
DEFAULT_DELAY = 0.8
#: seconds a race window's outcome stays up before play goes on (a key skips it)
DEFAULT_OUTCOME_DELAY = 2.5
#: seconds between looks at the table's clock
TICK = 0.02
#: at most this many actions land in one tick (bots without a delay play in bursts)
BURST = 400


class TableApp(Drawing, Keyboard, App[int]):
    """One game at one table: ``agents[s]`` is a bot, or None for a person at seat ``s``.
    ``clock``: the table's clock (default a ``RealClock``; tests pass a ``VirtualClock``).
    Drawing in ``drawing.py``, the person's keys in ``keyboard.py``."""

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
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("q", "leave", "Leave", show=True),
        Binding("question_mark", "help", "Help", show=True),
        Binding("colon", "type_action", "Type an action", show=True),
        # not "back": that is textual's own action (back to the previous screen)
        Binding("escape", "menu_back", "Back", show=True),
        Binding("plus", "speed(0.5)", "Faster", show=True),
        Binding("minus", "speed(2)", "Slower", show=True),
    ]

    def __init__(
        self,
        game: Game,
        state: State,
        agents: Sequence[Agent | None],
        *,
        seed: Any = None,
        viewer: int | None = None,
        delay: float = DEFAULT_DELAY,
        outcome_delay: float = DEFAULT_OUTCOME_DELAY,
        pause_on_rounds: bool = True,
        clock: RealClock | VirtualClock | None = None,
        turn_limit_ms: float | None = None,
        log_path: str | None = None,
    ):
        super().__init__()
        self._on_screen = False  # True from on_mount: the mixins draw only then
        #: ``--log``: written when the game ends, and again at leaving if more was played
        self.log_path = log_path
        self._logged: int | None = None
        self.game, self.agents, self.seed = game, list(agents), seed
        self.names = Names(self.agents)
        self.humans = self.names.people
        if not self.humans:
            raise ValueError("a table needs at least one person")
        self.viewer = viewer if viewer in self.humans else self.humans[0]
        self.clock = clock if clock is not None else RealClock()
        self.table = Table(
            state,
            self.agents,
            seed=seed if seed is not None else 0,
            clock=self.clock,
            bot_turn_ms=delay * 1000.0,
            turn_limit_ms=turn_limit_ms,
            strict_agents=False,
            reset_agents=False,
            record=True,
        )
        self._landed: list[Landed] = []
        self.table.listeners.append(self._landed.append)
        self.outcome_delay, self.pause_on_rounds = outcome_delay, pause_on_rounds
        #: the final standings shown, (rank, seat, score) best first, once the game is over
        self.standings: list[tuple[int, int, float]] | None = None
        #: (title, text) of every notice shown (round summaries, race outcomes)
        self.notices: list[tuple[str, str]] = []
        #: the table, the clock and the result as last drawn (plain text)
        self.table_text = self.clock_text = self.result_text = ""
        self.awaiting: int | None = None  # the person whose keys act now (turn, commit or claim)
        self.messages: list[str] = []  # short notices shown under the keys (tests read them)
        self._prefix = ""
        self._group = ""  # the game's named key whose actions the menu shows
        self._groups: list[keymod.Group] = []
        self._menu: list[keymod.Choice] = []
        self._aliases: dict[str, str] = {}
        self._logs: dict[int, list[str]] = {h: [] for h in self.humans}
        self._summary_seen: str | None = None
        self._modal = False
        self._race_window: int | None = None  # the race window on screen
        self._race_actor: int | None = None  # the person whose keys act in it
        self._prompted: tuple | None = None  # (ply, viewer) the screen was set up for
        self._seen_ply = state.ply  # the ply the person's keys are meant for
        self._flash = ""
        self._can_back = False
        self._table_width: int | None = None  # the table box's width as last set
        #: a key the person pressed while others were to play (not played: told on their turn)
        self._early_key: str | None = None

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def actions(self) -> list[list[Any]]:
        """[seat, action] in the order applied (seat None: a race's clock) — a replayable log."""
        actions = self.table.actions
        assert actions is not None  # the table records (record=True in __init__)
        return actions

    @property
    def delay(self) -> float:
        """Seconds a bot takes over a move."""
        return self.table.bot_turn_ms / 1000.0

    # -- layout ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self._w_status = Static("", id="status")
        self._w_table = Static("", id="table")
        self._w_table_box = VerticalScroll(self._w_table, id="table-box")
        self._w_log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        self._w_clock = Static("", id="clock")
        self._w_actions = Static("", id="actions")
        self._w_typed = Input(
            placeholder="type an action in the game's notation, Enter to play, Esc to cancel", id="typed"
        )
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
        self._on_screen = True
        self.title = f"fliptable — {self.game.title}"
        self.sub_title = f"seed {self.seed}" if self.seed is not None else ""
        self._w_table_box.border_title = "Table"
        self._w_log.border_title = "Log"
        self._w_actions.border_title = "Your keys"
        # a round's end is noticed on the spectator's summary, the same whoever is looking
        self._summary_seen = round_summary(self.game, self.state.view(None), None)
        n = self.state.players
        you = f"; you are seat {self.viewer}" if self.names.you(self.viewer) else ""
        self._log_line(f"{self.game.title}: {n} player{'s' if n != 1 else ''}, seed {self.seed}{you}", style="bold")
        if self.state.ply == 0:
            self._narrate(list(self.state.opening))  # the deal
        self._draw()
        self.set_interval(TICK, self._tick)
        self.call_later(self._tick)

    # -- time passing -------------------------------------------------------------------
    def _tick(self) -> None:
        """Land what is due on the table's clock, one action at a time, and set up the
        screen for what comes next."""
        if self._modal or self.standings is not None:
            return
        for _ in range(BURST):
            if not self.table.step():
                break
            self._after()
            if self._modal or self.standings is not None:
                return
            d = self.table.decision
            if isinstance(d, Race) and d.window != self._race_window:
                self._prompt()  # a window opened: show it (its outcome is shown when it closes)
        self._prompt()
        self._draw_clock()

    def _after(self) -> None:
        """Tell what landed (each person's log as they saw it) and show what it closed."""
        landed, self._landed[:] = list(self._landed), []
        if not landed:
            return
        outcome: list[str] = []
        for x in landed:
            lines = self._narrate(x.events)
            if x.by == "clock":
                self._log_line("time is up!", style="bold red")
            elif x.by == "timeout":
                self._log_line(f"{self.names.capital(x.seat)} ran out of time: {x.action}", style="bold red")
            elif not x.events and x.seat is not None and not isinstance(x.decision, Simultaneous):
                self._log_line(f"{self.names.label(x.seat)}: {x.action}")
            if isinstance(x.decision, Race) and x.decision.window == self._race_window:
                outcome = lines
        d = self.table.decision
        notices: list[tuple[str, str, float | None]] = []
        if self._race_window is not None and not (isinstance(d, Race) and d.window == self._race_window):
            self._end_race()
            if self.outcome_delay > 0 and outcome:
                notices.append(("Window closed", "\n".join(outcome), self.outcome_delay))
        public = round_summary(self.game, self.state.view(None), None) if has_round_summary(self.game) else None
        if public and public != self._summary_seen:
            self._summary_seen = public
            summary = None
            for h in self.humans:  # each person's log has the summary as they see it
                text = round_summary(self.game, self.state.view(h), self._reader(h)) or public
                for line in text.splitlines():
                    self._log_line(line, style="bold", only=h)
                if h == self.viewer:
                    summary = text
            if summary and self.pause_on_rounds and not isinstance(d, Over):
                head, _, rest = summary.partition("\n")
                notices.append((head, rest.strip("\n"), None))
        if notices:
            self._draw()
            self._show_notices(notices)

    def _hold(self) -> None:
        """A screen covers the table: time stands still for everyone."""
        self._modal = True
        self.clock.pause()
        self.awaiting = None

    def _release(self) -> None:
        self._modal = False
        self.clock.resume()
        self._prompted = None
        self.call_later(self._tick)

    def _show_notices(self, notices: list[tuple[str, str, float | None]]) -> None:
        self._hold()
        title, body, seconds = notices[0]
        self.notices.append((title, body))
        self._set_status(f"{title.rstrip('.')} — press Enter to go on")
        self._draw_menu()

        def done(_=None) -> None:
            if len(notices) > 1:
                self._show_notices(notices[1:])
            else:
                self._release()

        self.push_screen(NoticeScreen(title, body, seconds), done)

    # -- what the screen asks for ------------------------------------------------------------
    def _prompt(self) -> None:
        """Set up status, keys and clock for the current decision (once per ply and viewer)."""
        if self._modal or self.standings is not None:
            return
        key = (self.state.ply, self.viewer)
        if key == self._prompted:
            return
        self._prompted = key
        self._prefix = self._group = ""
        d = self.table.decision
        if isinstance(d, Over):
            self._game_over()
            return
        if isinstance(d, Race):
            self._race(d)
            return
        if isinstance(d, Turn) and self.agents[d.player] is None:
            if d.claimants and self.viewer != d.player and self.viewer in self._claimers(d):
                self._give_keys(self.viewer)  # hotseat: the person here may act out of turn; Tab passes on
                return
            self._await_human(d.player)
            return
        people = [s for s in d.players if self.agents[s] is None]
        if isinstance(d, Simultaneous) and people:
            self._await_human(self.viewer if self.viewer in people else people[0])
            return
        # a bot is to act (or commit); the people here may claim out of turn: the keys go to
        # the viewer if they may, else to the first person who may (hotseat; Tab: the next)
        people = self._claimers(d)
        self.awaiting = self.viewer if self.viewer in people else (people[0] if people else None)
        if self.awaiting is not None and self.awaiting != self.viewer:
            self._switch_viewer(self.awaiting)
            self._prompted = (self.state.ply, self.viewer)
        bots = [s for s in d.players if self.agents[s] is not None]
        waiting = (
            f"{self.names.label(bots[0])} is thinking..."
            if isinstance(d, Turn)
            else "the others are choosing in secret..."
        )
        you = "You" if self.awaiting is None or self.names.you(self.awaiting) else f"Seat {self.awaiting}, you"
        self._set_status(
            waiting
            + (f"  {you} may act out of turn: press a key below" if self.awaiting is not None else "")
            + ("; Tab: next person" if len(people) > 1 else "")
        )
        self._draw()

    def _claimers(self, d) -> list[int]:
        """The people at this keyboard who may act out of turn now."""
        return [s for s in d.claimants if self.agents[s] is None and self.state.legal_actions(s)]

    def _give_keys(self, p: int) -> None:
        """Hotseat, a window with claims: the keys go to ``p`` (no pass screen: it is a race)."""
        d = self.table.decision
        self.awaiting = p
        self._prefix = self._group = ""
        self._switch_viewer(p)
        self._prompted = (self.state.ply, self.viewer)
        people = [s for s in d.actors if self.agents[s] is None and self.state.legal_actions(s)]
        who = "You" if self.names.you(p) else f"Seat {p}, you"
        what = "your turn" if isinstance(d, Turn) and d.player == p else "may act out of turn"
        self._set_status(f"{who}: {what}: press a key below" + ("; Tab: next person" if len(people) > 1 else ""))
        self._draw()

    def _next_claimer(self) -> bool:
        """Tab in a window with claims: the keys go to the next person here who may act."""
        d = self.table.decision
        if self._modal or isinstance(d, (Race, Over)) or not d.claimants:
            return False
        people = [s for s in d.actors if self.agents[s] is None and self.state.legal_actions(s)]
        if len(people) < 2:
            return False
        i = people.index(self.awaiting) if self.awaiting in people else -1
        self._give_keys(people[(i + 1) % len(people)])
        return True

    def _await_human(self, p: int) -> None:
        if p != self.viewer and len(self.humans) > 1:
            self._hold()

            def ready(_=None) -> None:
                self._switch_viewer(p)
                self._release()

            self.push_screen(
                PassScreen(f"Pass the keyboard to seat {p}.\n\nSeat {p}: press Enter when you are ready."), ready
            )
            return
        self.awaiting = p
        self._flash = ""
        if self._early_key is not None:  # never dropped silently: the person is told, and presses again
            self._note(f"{self._early_key!r}, pressed while the others played, was not played: press your key now")
            self._early_key = None
        d = self.table.decision
        who = "Your" if self.names.you(p) else f"Seat {p}, your"
        what = "secret choice" if isinstance(d, Simultaneous) else "turn"
        others = " (others may act out of turn now)" if d.claimants else ""
        self._set_status(f"{who} {what}: press a key below{others}")
        self._draw()

    def _switch_viewer(self, p: int) -> None:
        if p == self.viewer:
            return
        self.viewer = p
        log = self._w_log
        log.clear()
        for line in self._logs[p][-LOG_KEEP:]:
            log.write(line)
        self._prompted = None
        self._draw()

    def _actor(self) -> int | None:
        """The person whose keys act now."""
        d = self.table.decision
        if isinstance(d, Race):
            return self._race_actor if self._race_actor in d.actors else None
        return self.awaiting

    # -- races ----------------------------------------------------------------------------
    def _race(self, d: Race) -> None:
        if d.window != self._race_window:
            self._end_race()
            self._race_window = d.window
            self._w_clock.add_class("running")
            self._race_actor = None
            self._flash = ""
        state = self.state
        people = [s for s in d.actors if self.agents[s] is None and state.legal_actions(s)]
        if self._race_actor not in people:
            self._race_actor = self.viewer if self.viewer in people else (people[0] if people else None)
        if self._race_actor is not None and self._race_actor != self.viewer:
            self._switch_viewer(self._race_actor)
            self._prompted = (state.ply, self.viewer)
        self.awaiting = None
        if self._race_actor is not None:
            extra = "; Tab: next person" if len(people) > 1 else ""
            self._set_status(f"RACE! Act fast ({self.names.name(self._race_actor)}){extra}")
        else:
            self._set_status("RACE! Waiting for the others or the clock...")
        self._draw()
        self._draw_clock()

    def _next_race_actor(self) -> None:
        d = self.table.decision
        people = [s for s in d.actors if self.agents[s] is None]
        if len(people) < 2:
            return
        i = people.index(self._race_actor) if self._race_actor in people else -1
        self._race_actor = people[(i + 1) % len(people)]
        self._switch_viewer(self._race_actor)
        self._prompt()

    def _end_race(self) -> None:
        self._race_window = None
        self._race_actor = None
        if self._on_screen:
            self._w_clock.remove_class("running")
            self._w_clock.update("")

    def _draw_clock(self) -> None:
        if not self._on_screen:
            return
        fields = self.table.clock_fields()
        if fields is None:
            if self._race_window is not None:
                text = Text("no clock: the window closes when everyone is done", style="bold")
            else:
                return
        else:
            self._w_clock.add_class("running")
            text = clock_bar(fields["remaining_ms"], fields["limit_ms"])
        if text.plain != self.clock_text:
            self.clock_text = text.plain
            self._w_clock.update(text)

    def write_log(self) -> None:
        """Write the game's log to ``log_path`` (``--log``) unless it already holds every action."""
        if self.log_path is None or self._logged == len(self.actions):
            return
        GameLog.of(self.state, self.seed, self.actions).write(self.log_path)
        self._logged = len(self.actions)

    # -- the end ----------------------------------------------------------------------------
    def _game_over(self) -> None:
        self._end_race()
        self.awaiting = None
        self.standings, head, text = standings(self.names, self.state.result())
        self._log_line(head, style="bold")
        if self.log_path is not None:  # now: the terminal may be closed at the result
            try:
                self.write_log()
                self._log_line(f"the game's log is written to {self.log_path}", style="dim")
            except OSError as exc:
                self._log_line(f"the game's log could not be written: {exc}", style="bold red")
        self._set_status(f"{head}. Press q to leave.")
        self._draw()
        self.result_text = f"{head}\n{text}"
        summary = round_summary(self.game, self.state.view(self.viewer), self._reader(self.viewer))
        shown = Text(text)
        if summary:
            shown.append("\n\n" + summary, style="dim")
        self._w_actions.border_title = "Result"
        self._w_actions.styles.max_height = "75%"  # every seat's line, whatever the summary below
        self._w_actions.update(shown)
        self.refresh_bindings()


def _env_float(name: str, default: float) -> float:
    try:
        return max(0.0, float(os.environ[name]))
    except (KeyError, ValueError):
        return default


def build_table(
    game_id: str,
    players: int | None,
    bot_specs: Sequence[str],
    seat: int,
    seed: int | None,
    options: Mapping[str, str] | None,
    **kwargs,
) -> TableApp:
    """The app for a new game; FliptableError names what was wrong. ``seed`` None: a
    fresh 64-bit seed."""
    game = get_game(game_id)
    n = player_count(game, players, bot_specs)
    agents = seat_agents(game, n, bot_specs, seat)
    if seed is None:
        seed = fresh_seed()
    state = game.new_state(n, dict(options or {}), seed)
    reset_agents(game, agents, state.options, seed)
    return TableApp(game, state, agents, seed=seed, viewer=seat, **kwargs)


def run_play(
    game_id: str,
    players: int | None,
    bot_specs: list[str],
    seat: int = 0,
    seed: int | None = None,
    options: dict[str, str] | None = None,
    *,
    delay: float | None = None,
    outcome_delay: float | None = None,
    log_path: str | None = None,
) -> int:
    """Play ``game_id`` in the terminal; the exit code (2 for a user error, named on stderr).
    ``log_path``: write the game's log there when the game ends, and when the app closes
    (Ctrl+C, ``q``) if more was played since."""
    kwargs = {
        "log_path": None if log_path is None else str(log_path),
        "delay": _env_float("FLIPTABLE_DELAY", DEFAULT_DELAY) if delay is None else delay,
        "outcome_delay": (
            _env_float("FLIPTABLE_OUTCOME_DELAY", DEFAULT_OUTCOME_DELAY) if outcome_delay is None else outcome_delay
        ),
    }
    try:
        app = build_table(game_id, players, bot_specs, seat, seed, options, **kwargs)
    except FliptableError as exc:
        print(f"fliptable play: {exc}", file=sys.stderr)
        return exit_code(exc)
    try:
        code = app.run()
    finally:
        app.write_log()  # what was played after the game's end was written (none), or before leaving
    return code if isinstance(code, int) else 0
