"""A plain line-based terminal game (``fliptable play --plain``): the table as text,
one line per event, actions typed at a prompt. Works on any terminal or pipe.

Races are real here too: every bot's reaction delay is compared with how long the
person took to answer, and the fastest action lands (an empty answer lets it go).
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable, Mapping, Sequence

from ..bots.base import make_agent
from ..core.decision import Over, Race, Simultaneous, Turn
from ..core.errors import IllegalAction, shorten
from ..core.game import Game, State
from ..core.log import GameLog
from ..core.registry import GAME_MODULES
from ..core.result import Result
from ..core.rng import derive_seed

HUMAN = "human"
QUIT = {"q", "quit", "exit"}


class Quit(Exception):
    """The person asked to leave (or input ended)."""


def game_module(game: Game) -> str:
    """The module that defines ``game`` (``fliptable.games.muggins.game``)."""
    return GAME_MODULES.get(game.id) or type(game).__module__


def game_family(game: Game) -> str:
    """The game's package under ``fliptable.games`` (``go-to-the-store`` ->
    ``go_to_the_store``), which names its rules document ``docs/rules/<package>.md``."""
    parts = game_module(game).split(".")
    if len(parts) >= 3 and parts[:2] == ["fliptable", "games"]:
        return parts[2]
    return game.id


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
    """One game at a text prompt: people at ``humans`` seats, bots elsewhere."""

    def __init__(self, game: Game, players: int, seat_specs: Sequence[str], seat: int,
                 seed: int | str, options: Mapping[str, Any] | None,
                 input_fn: Callable[[str], str] = input, print_fn: Callable[[str], None] = print,
                 clock: Callable[[], float] = time.monotonic):
        self.game, self.players, self.seat, self.seed = game, players, seat, seed
        self.state: State = game.new_state(players, options, seed)
        self.humans = {s for s, spec in enumerate(seat_specs) if spec.strip().lower() == HUMAN}
        self.humans.add(seat)
        self.agents: dict[int, Any] = {}
        for s, spec in enumerate(seat_specs):
            if s in self.humans:
                continue
            agent = make_agent(game, spec)
            agent.reset(game, s, players, self.state.options, random.Random(derive_seed(seed, "agent", s)))
            self.agents[s] = agent
        self.rng = random.Random(derive_seed(seed, "driver"))
        self.render, self.narrate = game.render, game.narrate
        self.input, self.out, self.clock = input_fn, print_fn, clock
        self.specs = list(seat_specs)
        self.actions: list[list] = []    # every applied action, for --log

    # -- output ---------------------------------------------------------------------
    def show_table(self, seat: int | None) -> None:
        self.out(_strip_markup(self.render(self.state.view(seat), seat)))

    def tell(self, events) -> None:
        for event in events:
            self.out("  " + _strip_markup(self.narrate(event.for_player(self.seat))))

    def who(self, s: int) -> str:
        return "you" if s == self.seat and len(self.humans) == 1 else f"seat {s}"

    # -- input ----------------------------------------------------------------------
    def ask(self, s: int, legal: Sequence[str], prompt_extra: str = "") -> str | None:
        """Read an action from the person at seat ``s``: a number from the list, or
        the action in notation. ``None`` is an empty answer (used to let a race go)."""
        menu = "  ".join(f"{i + 1}) {a}" for i, a in enumerate(legal))
        while True:
            self.out(f"[seat {s}] {menu}{prompt_extra}")
            try:
                text = self.input("> ")
            except EOFError:
                raise Quit from None
            text = text.strip()
            if text.lower() in QUIT:
                raise Quit
            if text in ("?", "help"):
                self.out(self.game.notation or "actions are listed above")
                continue
            if not text:
                return None
            if text.isascii() and text.isdigit() and len(text) < 7 and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            try:
                action = self.game.parse_action(text)
            except IllegalAction as exc:
                self.out(f"  {exc}")
                continue
            except (ArithmeticError, LookupError, TypeError, ValueError):  # a game's parser choked on it
                self.out(f"  {shorten(text)!r} is not an action; legal: {', '.join(legal)}")
                continue
            if action in legal:
                return action
            try:
                reason = self.state.why_illegal(s, action)
            except Exception:  # noqa: BLE001 - an explanation must never end the game
                reason = None
            self.out(f"  {shorten(action)!r} is not legal now" + (f": {reason}" if reason else "")
                     + f"; legal: {', '.join(legal)}")

    def apply(self, s: int | None, action: str) -> None:
        self.tell(self.state.apply(s, action))
        self.actions.append([s, action])

    # -- the loop -------------------------------------------------------------------
    def turn(self, s: int) -> None:
        legal = self.state.legal_actions(s)
        if s in self.humans:
            self.show_table(s)
            action = None
            while action is None:
                action = self.ask(s, legal)
        else:
            agent = self.agents[s]
            action = agent.act(self.state.view(s) if agent.needs_view else None, legal)
        self.apply(s, action)

    def race(self, decision: Race) -> None:
        offers: list[tuple[float, float, int, str]] = []
        for s in decision.players:
            legal = self.state.legal_actions(s)
            if not legal:
                continue
            if s in self.humans:
                self.show_table(s)
                started = self.clock()
                action = self.ask(s, legal, "   (race! Enter lets it go)")
                if action is not None:
                    offers.append(((self.clock() - started) * 1000.0, self.rng.random(), s, action))
            else:
                agent = self.agents[s]
                action, delay = agent.react(self.state.view(s) if agent.needs_view else None, legal)
                offers.append((max(0.0, float(delay)), self.rng.random(), s, action))
        if not offers or (decision.timeout_ms is not None and min(offers)[0] > decision.timeout_ms):
            self.apply(None, decision.default)
            return
        _, _, s, action = min(offers)
        self.apply(s, action)

    def simultaneous(self, decision: Simultaneous) -> None:
        for s in decision.players:
            legal = self.state.legal_actions(s)
            if s in self.humans:
                self.show_table(s)
                action = None
                while action is None:
                    action = self.ask(s, legal, "   (secret)")
            else:
                agent = self.agents[s]
                action = agent.act(self.state.view(s) if agent.needs_view else None, legal)
            self.apply(s, action)

    def run(self) -> Result | None:
        """Play to the end; ``None`` when the person quit."""
        people = ", ".join(f"seat {s}" for s in sorted(self.humans))
        bots = ", ".join(f"seat {s}: {spec}" for s, spec in enumerate(self.specs) if s not in self.humans)
        self.out(f"{self.game.title}: {self.players} players, seed {self.seed}. People at {people}"
                 + (f"; bots {bots}" if bots else "") + ".")
        self.out("Answer with the number or the action; ? shows the notation, q quits.")
        try:
            while True:
                decision = self.state.decision()
                if isinstance(decision, Turn):
                    self.turn(decision.player)
                elif isinstance(decision, Race):
                    self.race(decision)
                elif isinstance(decision, Simultaneous):
                    self.simultaneous(decision)
                elif isinstance(decision, Over):
                    break
                else:  # pragma: no cover - the kernel has no other decisions
                    raise TypeError(f"unknown decision {decision!r}")
        except Quit:
            self.out("You left the table.")
            return None
        result = self.state.result()
        self.show_table(None)
        scores = ", ".join(f"{self.who(s)} {score:g}" for s, score in enumerate(result.scores))
        winners = " and ".join(self.who(w) for w in result.winners) or "nobody"
        self.out(f"Game over. Scores: {scores}. Winner: {winners}.")
        return result


def run_plain(game: Game, players: int, seat_specs: Sequence[str], seat: int, seed: int | str,
              options: Mapping[str, Any] | None, log_path: str | None = None, **io) -> Result | None:
    """Play ``game`` at a text prompt; ``seat_specs`` has one spec per seat (``human``
    for people; ``seat`` is always a person). ``log_path``: write the game's log there
    when it ends or the person leaves."""
    table = PlainGame(game, players, seat_specs, seat, seed, options, **io)
    try:
        return table.run()
    finally:
        if log_path is not None:
            GameLog.of(table.state, seed, table.actions).write(log_path)
