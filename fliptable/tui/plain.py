"""A plain line-based terminal game (``fliptable play --plain``): the table as text,
one line per event, actions typed at a prompt. Works on any terminal or pipe.

The game runs on a ``Table`` (``core/table.py``) with a virtual clock that moves by
how long each person took to answer: bots' reactions and people's answers race by
those times, so races are real here too (an empty answer lets a race go). A person's
answer that arrives after the window closed is not dropped silently: "too slow: the
window closed". Naming: "you" for the person at this keyboard, "seat N" for the
others (with several people at one keyboard, everyone is "seat N").
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..bots.base import make_agent
from ..core.clock import VirtualClock
from ..core.decision import Over, Race, Simultaneous, Turn
from ..core.errors import IllegalAction, shorten
from ..core.events import Event
from ..core.game import Game, State
from ..core.log import GameLog
from ..core.result import Result
from ..core.table import Landed, Table
from ..core.words import count_of
from ..games.docs import legend
from . import keys as keymod
from .texts import listing, refusal, safe_narrate

HUMAN = "human"
QUIT = {"q", "quit", "exit"}
#: blank lines that scroll the last person's table off the screen before the keyboard passes
PASS_LINES = 40
_TRAILING_NUMBER = re.compile(r"(\d+)$")


def _width() -> int:
    """The terminal's columns (100 when there is none to ask)."""
    return shutil.get_terminal_size((100, 24)).columns


def wrap_items(items: Sequence[str], width: int, gap: str = "  ") -> str:
    """Menu items in lines of at most ``width`` columns, broken only between items (a
    number never on one line and its action on the next); later lines indented."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + len(gap) + len(item) > width - 8:  # room for "[seat N] "
            lines.append(line)
            line = "    " + item
        else:
            line = line + gap + item if line else item
    lines.append(line)
    return "\n".join(lines)


def _one_of(answers: Mapping[str, str], legal: Sequence[str]) -> str:
    """What may be answered: ``1 to 3``, ``1, 4, 6``, or keys, or an action."""
    numbers = sorted((k for k in answers if k.isdigit()), key=int)
    keys = [k for k in answers if not k.isdigit()]
    ways = []
    if numbers:
        run = numbers == [str(i + 1) for i in range(len(numbers))] and len(numbers) > 2
        ways.append(f"1 to {numbers[-1]}" if run else " or ".join(numbers))
    if keys:
        ways.append(("the key " if len(keys) == 1 else "a key: ") + ", ".join(keys))
    return " or ".join([*ways, f"an action ({listing(legal)})"])


class Quit(Exception):
    """The person asked to leave (or input ended)."""


def _strip_markup(text: str) -> str:
    # render() may use Rich markup; a plain terminal shows it without the tags.
    try:
        from rich.text import Text
    except ImportError:  # pragma: no cover - rich is a dependency
        return text
    try:
        return Text.from_markup(text).plain
    except Exception:  # noqa: BLE001 - text that only looks like markup
        return text


class PlainGame:
    """One game at a text prompt: people at ``humans`` seats, bots elsewhere.
    ``clock`` (seconds) times the people's answers."""

    def __init__(
        self,
        # the same parameters as run_plain() below on purpose: it passes them through
        game: Game,
        players: int,
        seat_specs: Sequence[str],
        seat: int,
        seed: int | str,
        options: Mapping[str, Any] | None,
        input_fn: Callable[[str], str] = input,
        print_fn: Callable[[str], None] = print,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.game, self.players, self.seat, self.seed = game, players, seat, seed
        self.state: State = game.new_state(players, options, seed)
        self.humans = {s for s, spec in enumerate(seat_specs) if spec.strip().lower() == HUMAN}
        self.humans.add(seat)
        agents = [None if s in self.humans else make_agent(game, spec) for s, spec in enumerate(seat_specs)]
        self.table = Table(self.state, agents, seed=seed, clock=VirtualClock(), strict_agents=False, record=True)
        self.agents = {s: a for s, a in enumerate(agents) if a is not None}
        self.render = game.render
        #: the seat the narration says "you" to: the one person at this keyboard (None with
        #: several people here: everyone is "seat N", as ``who`` names them)
        self.reader = seat if len(self.humans) == 1 else None
        self.input, self.out, self.timer = input_fn, print_fn, clock
        self.specs = list(seat_specs)
        #: the person the keyboard is with (hotseat: passed on with "press Enter")
        self.at_keyboard = seat

    @property
    def actions(self) -> list[list]:
        """Every applied action, for ``--log``."""
        actions = self.table.actions
        assert actions is not None  # the table records (record=True above)
        return actions

    # -- output ---------------------------------------------------------------------
    def show_table(self, seat: int | None) -> None:
        self.out(_strip_markup(self.render(self.state.view(seat), seat)))

    def tell_events(self, events: Sequence[Event]) -> None:
        for event in events:
            line = safe_narrate(self.game, event.for_player(self.seat), self.reader)
            if line:
                self.out("  " + _strip_markup(line))

    def tell(self, landed: Sequence[Landed]) -> None:
        for x in landed:
            self.tell_events(x.events)
        for note in self.table.notes:
            self.out(f"  ({note})")
        self.table.notes.clear()
        for dropped in self.table.take_dropped():
            self.out(
                f"  too slow: {dropped.reason}" + ("" if len(self.humans) == 1 else f" ({self.who(dropped.seat)})")
            )

    def who(self, s: int) -> str:
        return "you" if s == self.reader else f"seat {s}"

    # -- input ----------------------------------------------------------------------
    def own_numbers(self, listed: Sequence[str]) -> dict[str, str]:
        """Actions a bare number already means in the game's notation (Fly-swatter: ``6`` is
        ``swat:6``, fly 6 in the middle): answered by that number, never by their place in
        the list, so a number means the same action however the list changes."""
        out: dict[str, str] = {}
        for a in listed:
            m = _TRAILING_NUMBER.search(a)
            if m is None or m.group(1) == a:  # a bare number that is itself the action
                continue
            try:
                if self.game.parse_action(m.group(1)) == a:
                    out[m.group(1)] = a
            except Exception:  # noqa: BLE001 - a parser that refuses a bare number
                continue
        return out

    def menu(self, legal: Sequence[str]) -> tuple[str, dict[str, str], list[keymod.Group]]:
        """(the menu line, answer -> action, the game's named keys with legal actions)."""
        # the game's named keys (Game.action_keys): FLAPS's "!" Last Card, "c" catch — those
        # actions are answered with the key (one) or the key and its number (several)
        listed, groups = keymod.groups(self.game.action_keys, legal)
        answers: dict[str, str] = {}
        parts = []
        own = self.own_numbers(listed)
        if own:
            mine = {a: n for n, a in own.items()}
            for a in listed:  # the game's numbers; the other actions by their words
                if a in mine:
                    answers[mine[a]] = a
                parts.append(f"{mine[a]}) {a}" if a in mine else a)
        else:
            for i, a in enumerate(listed):
                answers[str(i + 1)] = a
                parts.append(f"{i + 1}) {a}")
        for g in groups:
            if len(g.actions) == 1:
                answers[g.key] = g.actions[0]
                parts.append(f"{g.key}) {g.actions[0]} ({g.label})")
            else:
                ways = []
                for i, a in enumerate(g.actions):
                    answers[f"{g.key}{i + 1}"] = a
                    ways.append(f"{g.key}{i + 1}) {a}")
                parts.append(f"{g.label}: " + "  ".join(ways))
        return wrap_items(parts, _width()), answers, groups

    def ask(self, s: int, legal: Sequence[str], prompt_extra: str = "") -> str | None:
        """Read an action from the person at seat ``s``: a number from the list, or
        the action in notation. ``None`` is an empty answer (used to let a race go).
        Anything unreadable is one line of explanation, and the question again."""
        line, answers, groups = self.menu(legal)
        while True:
            self.out(f"[{self.who(s)}] {line}{prompt_extra}")
            text = self.read("> ")
            if text in ("?", "help"):
                self.out(self.help_text(s))
                continue
            if not text:
                return None
            if text.lower() in answers:
                return answers[text.lower()]
            if any(text == g.key for g in groups):
                ways = ", ".join(k for k in answers if k.startswith(text))
                self.out(f"  {text} is one of several here: answer {ways}")
                continue
            action, error = self.parse(text, legal)
            if action in legal:
                return action
            if text.isascii() and text.isdigit() and action in (None, text):  # not the game's own number
                self.out(f"  {shorten(text)} is not a number listed; answer {_one_of(answers, legal)}")
                continue
            if action is None:  # not the game's notation: the parser said why
                self.out(f"  {error}")
            else:
                self.out("  " + refusal(self.state, s, action, s == self.reader))

    def parse(self, text: str, legal: Sequence[str]) -> tuple[str | None, str | None]:
        """(the action ``text`` means in the game's notation, or None and why not)."""
        try:
            return self.game.parse_action(text), None
        except IllegalAction as exc:
            return None, str(exc)
        except Exception:  # noqa: BLE001 - a game's parser choked on it: never end the game
            return None, f"{shorten(text)!r} is not an action; legal: {listing(legal)}"

    def help_text(self, s: int) -> str:
        """``?``: the notation, how to read the table (the game's legend) and where the rules are."""
        parts = [self.game.notation.rstrip() or "Answer with an action listed above."]
        told = legend(self.game, self.state.view(s), s)
        if told:
            parts.append(told)
        parts.append(f"The rules: `fliptable rules {self.game.id}`; q leaves the table.")
        return "\n\n".join(parts)

    def read(self, prompt: str) -> str:
        """One answer, stripped; ``q`` or the end of input leaves the table."""
        try:
            text = self.input(prompt)
        except EOFError:
            raise Quit from None
        text = text.strip()
        if text.lower() in QUIT:
            raise Quit
        return text

    def hand_over(self, s: int) -> None:
        """Hotseat: before seat ``s`` sees their hand, the last person's table scrolls away
        and the keyboard is passed ("press Enter"), as the full-screen mode's pass screen."""
        if len(self.humans) < 2 or s == self.at_keyboard:
            return
        self.out("\n" * PASS_LINES)
        self.out(f"Pass the keyboard to seat {s}. Seat {s}: press Enter when you are ready.")
        self.read("> ")
        self.at_keyboard = s

    def timed(self, s: int, legal: Sequence[str], extra: str = "") -> tuple[str | None, float]:
        """Ask ``s`` and time the answer: (action or None, ms taken)."""
        started = self.timer()
        action = self.ask(s, legal, extra)
        return action, max(0.0, (self.timer() - started) * 1000.0)

    def number_note(self) -> str | None:
        """When a bare number is the game's own notation: how the prompt's numbers read."""
        try:
            example = self.game.parse_action("1")
        except Exception:  # noqa: BLE001 - a bare number is not notation here
            return None
        m = _TRAILING_NUMBER.search(example)
        if example == "1" or m is None or m.group(1) != "1":
            return None
        return (
            f"Numbers are the game's own: a bare number n = {example[: m.start()]}<n> "
            f"(see ?), so a number means the same whatever else is listed."
        )

    # -- the loop -------------------------------------------------------------------
    def turn(self, s: int) -> None:
        """A person's turn that nobody can race: the answer is submitted."""
        self.hand_over(s)
        self.show_table(s)
        while True:
            action, ms = self.timed(s, self.state.legal_actions(s))
            if action is None:
                continue
            table = self.table
            self.tell(table.advance_to(table.clock.now_ms() + ms))
            try:
                self.tell([table.submit(s, action, self.state.ply)])
                return
            except IllegalAction as exc:  # never, unless something landed meanwhile
                self.out(f"  {exc}")

    def racing(self, d) -> None:
        """A race, or a decision with claims: every person who may act answers (timed);
        the answers race the bots' intents on the table; the next action lands."""
        table = self.table
        pending = table.pending
        people = [s for s in d.actors if s in self.humans and s not in pending and self.state.legal_actions(s)]
        for s in people:
            must = not isinstance(d, Race) and s in d.players  # a turn: an answer is needed
            if not isinstance(d, Race):  # a race hides nothing and waits for nobody
                self.hand_over(s)
            elif len(people) > 1 or s != self.seat:
                self.out(f"-- {self.who(s)} --")
            self.show_table(s)
            extra = (
                "   (race! Enter lets it go)"
                if isinstance(d, Race)
                else "   (others may claim now)"
                if must
                else "   (you may act out of turn; Enter lets play go on)"
            )
            while True:
                action, ms = self.timed(s, self.state.legal_actions(s), extra)
                if action is not None or not must:
                    break
            if action is not None:
                table.schedule(s, action, ms, person=True)
        due = table.next_due_ms()
        if due is None:
            if not people:  # pragma: no cover - a rules bug: nobody can act
                raise RuntimeError(f"nobody can act at {d!r}")
            self.out("  (no clock: the window stays open until everyone has answered)")
            return
        self.tell(table.advance_to(due))

    def simultaneous(self, d: Simultaneous) -> None:
        for s in d.players:
            if s not in self.humans:
                continue
            self.hand_over(s)
            self.show_table(s)
            action = None
            while action is None:
                action = self.ask(s, self.state.legal_actions(s), "   (secret)")
            self.tell([self.table.submit(s, action)])
            return

    def run(self) -> Result | None:
        """Play to the end; ``None`` when the person quit."""
        if len(self.humans) == 1:
            seated = f"You are seat {self.seat}"
        else:
            seated = "People at " + ", ".join(f"seat {s}" for s in sorted(self.humans))
        bots = ", ".join(f"seat {s}: {spec}" for s, spec in enumerate(self.specs) if s not in self.humans)
        self.out(
            f"{self.game.title}: {count_of(self.players, 'player')}, seed {self.seed}. {seated}"
            + (f"; bots {bots}" if bots else "")
            + "."
        )
        self.out("Answer with the number or the action; ? explains the table and the notation, q quits.")
        if self.game.dynamics == "real-time":
            self.out(
                "This prompt is turn-based: the table waits while you answer, and your answer's "
                "time races the bots' reactions; what happened meanwhile is told after you answer. "
                "The full-screen mode (without --plain) is live."
            )
        numbers = self.number_note()
        if numbers:
            self.out(numbers)
        if self.game.action_keys:
            self.out(
                "Keys: "
                + ", ".join(f"{k.key} {k.label}" for k in self.game.action_keys)
                + " (a key and its number when there are several)."
            )
        table = self.table
        if self.state.ply == 0:
            self.tell_events(self.state.opening)
        try:
            while True:
                d = table.decision
                if isinstance(d, Over):
                    break
                people = [s for s in d.actors if s in self.humans]
                if not people:
                    due = table.next_due_ms()
                    if due is None:  # pragma: no cover - a rules bug: nobody can act
                        raise RuntimeError(f"nobody can act at {d!r}")
                    self.tell(table.advance_to(due))
                elif isinstance(d, Turn) and not d.claimants:
                    self.turn(d.player)
                elif isinstance(d, Simultaneous) and not d.claimants and any(s in self.humans for s in d.players):
                    self.simultaneous(d)
                else:
                    self.racing(d)
        except Quit:
            self.out("You left the table.")
            return None
        result = self.state.result()
        self.show_table(self.reader)  # the person's own table ("you"); several people: a spectator's
        scores = ", ".join(f"{self.who(s)} {score:g}" for s, score in enumerate(result.scores))
        winners = " and ".join(self.who(w) for w in result.winners) or "nobody"
        if len(result.scores) == 1:  # a game played alone (Patience): won or lost
            self.out(
                f"Game over. Score: {result.scores[0]:g}. "
                + (
                    f"{'You' if self.reader == 0 else 'Seat 0'} won!"
                    if result.winners
                    else f"{'You' if self.reader == 0 else 'Seat 0'} lost."
                )
            )
        else:
            self.out(f"Game over. Scores: {scores}. Winner: {winners}.")
        return result


def run_plain(
    # the same parameters as PlainGame.__init__ above on purpose: this passes them through
    game: Game,
    players: int,
    seat_specs: Sequence[str],
    seat: int,
    seed: int | str,
    options: Mapping[str, Any] | None,
    log_path: str | None = None,
    **io,
) -> Result | None:
    """Play ``game`` at a text prompt; ``seat_specs`` has one spec per seat (``human``
    for people; ``seat`` is always a person). ``log_path``: write the game's log there
    when it ends or the person leaves."""
    table = PlainGame(game, players, seat_specs, seat, seed, options, **io)
    try:
        return table.run()
    finally:
        if log_path is not None:
            GameLog.of(table.state, seed, table.actions).write(log_path)
