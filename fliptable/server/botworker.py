"""A bot worker: a process of the server's pool (``botpool.py``) where bots think, away
from the server's event loop.

It keeps a *mirror* of every table it has been asked about: the game's state, replayed
from the table's actions as the server sends them, and that table's bots, seeded and fed
their seat's events exactly as the table's driver would (``core/table.py``). Asked for a
seat's answer at the mirror's ply, it calls the bot there with a hard deadline (the
server's ``--max-bot-ms``; a search honours it and plays the best move it has by then)
and sends the answer back. It runs at a lower priority than the server, so that a busy
pool leaves the event loop its share of the CPU.

Messages in (tuples, pickled by ``multiprocessing``):
``("sync", table, setup | None, first, actions)`` — ``setup``: start the table's mirror
afresh (``Mirror``'s fields), then apply ``actions`` from index ``first``;
``("drop", table)``; ``("ask", request, table, seat, role, seconds)``.
Out: ``("ready",)`` once every game is loaded (a decision's time never includes the
worker's start), then ``("answer", request, action | None, delay_ms | None, error | None)``.
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections.abc import Sequence
from typing import Any

from ..bots.base import make_agent
from ..core.agent import Agent, InformationSet
from ..core.log import GameLog, start_state
from ..core.registry import all_games, get_game
from ..core.rng import derive_seed

#: how much lower than the server's a worker's priority is (``os.nice``)
NICE = 5


class Mirror:
    """One table as a worker sees it: its state and its bots."""

    def __init__(
        self,
        game_id: str,
        options: dict,
        players: int,
        seed: Any,
        rules_version: str,
        specs: Sequence[str | None],
        allowed_bots: Sequence[str] = (),
    ):
        game = get_game(game_id)
        self.state = state = start_state(GameLog(game_id, dict(options), players, seed, [], None, rules_version))
        self.agents: dict[int, Agent] = {}
        for s, spec in enumerate(specs):
            if spec is None:
                continue
            agent = make_agent(game, spec, allow=tuple(allowed_bots))  # the server's --allow-bot only
            agent.reset(game, s, players, state.options, random.Random(derive_seed(seed, "agent", s)))
            if agent.wants_determinizations:
                agent.determinizations = InformationSet(state, s)
            self.agents[s] = agent
        self.observers = [(s, a) for s, a in self.agents.items() if type(a).observe is not Agent.observe]
        self.count = 0
        self._tell(state.opening)

    def _tell(self, events) -> None:
        for s, agent in self.observers:
            for e in events:
                agent.observe(e.for_player(s))

    def extend(self, first: int, actions: Sequence[Sequence[Any]]) -> None:
        if first != self.count:
            raise RuntimeError(f"actions from {first} sent to a mirror at {self.count}")
        for seat, action in actions:
            events = self.state.apply(seat, action)
            if self.observers:
                self._tell(events)
            self.count += 1

    def decide(self, seat: int, role: str, deadline: float) -> tuple[str | None, float | None]:
        """The bot's answer at the current ply: (action, delay ms; None for a turn) —
        (None, None) when it does not claim."""
        agent = self.agents[seat]
        state = self.state
        legal = state.legal_actions(seat)
        view = state.view(seat) if agent.needs_view else None
        agent.deadline = deadline  # read by searches (ismcts); others ignore it
        if role == "act":
            return agent.act(view, legal), None
        if role == "react":
            action, delay = agent.react(view, legal)
            return action, float(delay)
        answer = agent.claim(view, legal)
        return (None, None) if answer is None else (answer[0], float(answer[1]))


def main(conn) -> None:  # pragma: no cover - run in the worker process (tests/server/test_bots.py)
    with contextlib.suppress(OSError):
        os.nice(NICE)
    all_games()  # every game's rules loaded before the first question
    try:
        conn.send(("ready",))
    except (OSError, EOFError):
        return
    mirrors: dict[str, Mirror] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        kind = message[0]
        if kind == "sync":
            _, table, setup, first, actions = message
            try:
                if setup is not None:
                    mirrors[table] = Mirror(*setup)
                mirror = mirrors.get(table)
                if mirror is not None:
                    mirror.extend(first, actions)
            except Exception:  # the next ask says so; the server sends the table afresh
                mirrors.pop(table, None)
        elif kind == "drop":
            mirrors.pop(message[1], None)
        elif kind == "ask":
            _, request, table, seat, role, seconds = message
            reply: tuple[str, int, str | None, float | None, str | None]
            try:
                mirror = mirrors.get(table)
                if mirror is None:
                    raise RuntimeError("the worker lost this table's state")
                action, delay = mirror.decide(seat, role, time.perf_counter() + seconds)
                reply = ("answer", request, action, delay, None)
            except Exception as exc:
                reply = ("answer", request, None, None, f"{type(exc).__name__}: {exc}"[:200])
            try:
                conn.send(reply)
            except (OSError, EOFError):
                return
