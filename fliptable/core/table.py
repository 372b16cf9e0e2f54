"""The table: the one driver of time. Everything about *when* actions land (turns,
races, claims out of turn, simultaneous commits, clocks) is decided here, for every
caller: the simulator, ``bench``, the terminal, the server and the RL adapters.

A ``Table`` wraps one ``State``. Seats hold an ``Agent`` (a bot: the table asks it and
schedules its answer) or ``None`` (a person, a remote client or a learner: their actions
come in through ``submit``). The table reads the time only through its clock: a
``VirtualClock`` (tests, simulation, replays) or a ``RealClock`` (terminal, server).

The timing model (moments, intents and the reaction floor, arbitration, looking again,
clocks, remote bots, stale actions) is written out once, in docs/table.md. Two mixins
of ``Table`` hold its halves: ``core/looking.py`` (intents brought up to date, bots
asked and their answers checked) and ``core/remote.py`` (remote bots).

The simulator's loop is ``Table.run``: a discrete-event loop on the virtual clock, with
a fast path for a turn without claimants (asked and applied at once, unchecked).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .agent import Agent, InformationSet
from .clock import PERSON, Dropped, Intent, IntentTuple, Landed, RealClock, VirtualClock
from .decision import Decision, Over, Race, Simultaneous, Turn
from .errors import AgentError, FliptableError, IllegalAction, StaleAction, quoted, shorten
from .events import Event
from .fields import deep_copy
from .game import State
from .log import GameLog
from .looking import Looking
from .remote import RemoteAnswers
from .rng import derive_seed

__all__ = [
    "REACTION_FLOOR_MS",
    "AgentError",
    "Dropped",
    "Intent",
    "Landed",
    "RealClock",
    "Table",
    "TableStalled",
    "VirtualClock",
]

#: the shortest reaction the table lets a bot claim, in ms: athletics counts a start
#: within 100 ms of the gun as a false start, as no person reacts that fast
REACTION_FLOOR_MS = 100.0


class TableStalled(FliptableError):
    """``Table.run`` cannot go on: the decision waits for a seat without an agent and
    no clock runs."""


class Table(Looking, RemoteAnswers):
    """One game in progress and its time (see the module's timing model).

    ``agents[s]`` is the bot at seat ``s``, or ``None`` for a person (``submit``).
    ``seed`` is the game's seed: each agent's RNG, the tie-break RNG and the timing RNG
    derive from it, as ``simulate`` always did. ``record`` keeps the action log
    (``actions``, ``log()``); ``histories`` keeps each seat's events as that seat saw
    them (``history``). ``strict_agents``: an agent's illegal answer raises
    ``AgentError`` (simulation); otherwise it is noted in ``notes`` and the bot plays its
    first legal action (a race or a claim: it sits this one out). ``collect``, when given,
    is a list that gets the events of every landed action, on the fast path too (what a
    balance report counts, without the cost of per-seat histories)."""

    def __init__(
        self,
        state: State,
        agents: Sequence[Agent | None] | None = None,
        *,
        seed: int | str = 0,
        clock: VirtualClock | RealClock | None = None,
        reaction_floor_ms: float = REACTION_FLOOR_MS,
        turn_limit_ms: float | None = None,
        bot_turn_ms: float = 0.0,
        record: bool = True,
        histories: bool = True,
        deck: Sequence[str] | None = None,
        strict_agents: bool = True,
        reset_agents: bool = True,
        collect: list[Event] | None = None,
    ):
        self.state = state
        self._collect = collect
        self.players = n = state.players
        self.agents: list[Agent | None] = list(agents) if agents is not None else [None] * n
        if len(self.agents) != n:
            raise ValueError(f"{len(self.agents)} agents for a {n}-player table")
        self.seed = seed
        self.deck = list(deck) if deck is not None else None
        self.clock = clock if clock is not None else VirtualClock()
        self.reaction_floor_ms = float(reaction_floor_ms)
        self.turn_limit_ms = turn_limit_ms
        #: how long a bot takes over a turn or a commit, ms (the terminal's pace)
        self.bot_turn_ms = float(bot_turn_ms)
        self.strict_agents = strict_agents
        if reset_agents:
            for s, agent in enumerate(self.agents):
                if agent is not None:
                    agent.reset(state.game, s, n, state.options, random.Random(derive_seed(seed, "agent", s)))
        for s, agent in enumerate(self.agents):  # search agents: their seat's information set
            if agent is not None and getattr(agent, "wants_determinizations", False):
                agent.determinizations = InformationSet(state, s)
        #: tie-breaks between intents (the simulator's "driver" RNG, seeded as always)
        self.rng = random.Random(derive_seed(seed, "driver"))
        self._timing: random.Random | None = None
        #: [seat, action] in the order applied (seat None: a race's clock), or None
        self.actions: list[list[Any]] | None = [] if record else None
        self._observers = [
            (s, a) for s, a in enumerate(self.agents) if a is not None and type(a).observe is not Agent.observe
        ]
        self._hist: list[list[dict[str, Any]]] | None = [[] for _ in range(n + 1)] if histories else None
        self._events = histories or bool(self._observers)
        #: what misbehaving agents did (when not ``strict_agents``)
        self.notes: list[str] = []
        #: people's scheduled answers that never landed, until ``take_dropped``
        self.dropped: list[Dropped] = []
        self._pending: dict[int, IntentTuple] = {}  # seat -> (at, tie, action, role, seat)
        self._decision: Decision | None = None
        self._looked_ply = -1  # the ply the intents were brought up to date at
        self._landed_ply = -1  # the state's ply right after the table's last landing
        self._last_seat: int | None = None
        self._break = False  # the last landing ended its moment, whatever follows
        self._start = self.clock.now_ms()  # the current moment's start, on the clock
        self._landed_at = self._start  # when the last action landed, on the clock
        self._now = 0.0  # "now" as an offset into the current moment
        self._moment_ply = state.ply  # the ply the current moment started at
        self._acted: dict[int, int] = {}  # seat -> the state's ply right after its last action
        self._out: list[Landed] | None = None  # where landings are reported (None: not asked)
        #: called with every ``Landed``, whichever call landed it (a client's narration)
        self.listeners: list[Callable[[Landed], None]] = []
        self._last_kind_race = False  # whether the moment before the current one was a race
        #: remote agents' questions not yet taken: (seat, role, ply), see "Remote bots"
        self.requests: list[tuple[int, str, int]] = []
        self._remote = [bool(getattr(a, "remote", False)) for a in self.agents]
        self._asked: dict[int, tuple[int, str, float]] = {}  # seat -> (ply, role, now) of its question
        if state.ply == 0 and state.opening:  # the deal: the first thing every seat saw
            self._tell(state.opening)

    # -- what is happening ------------------------------------------------------------
    @property
    def decision(self) -> Decision:
        """The current decision (with the intents brought up to date with it)."""
        return self._sync()

    @property
    def pending(self) -> dict[int, Intent]:
        """Each seat's intent that has not landed yet (a copy)."""
        self._sync()
        return {seat: Intent._make(it) for seat, it in self._pending.items()}

    def history(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """Every event so far as ``seat`` saw it (``None``: a spectator), in order; from
        the ``start``-th on (a client sent the earlier ones: only the new are copied)."""
        if self._hist is None:
            raise ValueError("this table keeps no histories (histories=False)")
        if seat is not None:
            self.state._check_seat(seat)
        copied: list[dict[str, Any]] = deep_copy(self._hist[self.players if seat is None else seat][start:])
        return copied

    def log(self) -> GameLog:
        """The replayable log of the actions applied so far, with the state's result."""
        if self.actions is None:
            raise ValueError("this table keeps no log (record=False)")
        return GameLog.of(self.state, self.seed, self.actions, self.deck)

    def deadline_ms(self) -> float | None:
        """When the current moment's clock runs out, on the table's clock (None: no clock)."""
        off = self._deadline(self._sync())
        return None if off is None else self._start + off

    def clock_fields(self) -> dict[str, float] | None:
        """The clock as a frame shows it — ``{"deadline_ms", "remaining_ms", "limit_ms"}``
        on the table's clock — or None when no clock runs."""
        off = self._deadline(self._sync())
        if off is None:
            return None
        deadline = self._start + off
        return {"deadline_ms": deadline, "remaining_ms": max(0.0, deadline - self.clock.now_ms()), "limit_ms": off}

    def frame(self, seat: int | None) -> dict[str, Any]:
        """``State.frame(seat)`` plus the table's ``clock`` (or null): what a client gets."""
        out = self.state.frame(seat)
        out["clock"] = self.clock_fields()
        return out

    def next_due_ms(self) -> float | None:
        """When the next intent or clock is due, on the table's clock (None: nothing
        happens until someone submits)."""
        ev = self._pick(self._sync())
        return None if ev is None else self._start + ev[0]

    def take_dropped(self) -> list[Dropped]:
        """People's answers dropped since last asked (and forget them)."""
        out, self.dropped = self.dropped, []
        return out

    # -- input -----------------------------------------------------------------------------
    def submit(self, seat: int, action: str, ply: int | None = None) -> Landed:
        """A person's (or a client's) action, arriving now. Whatever was due up to now
        lands first; then ``action`` is validated by ``State.apply``. ``ply``: the ply
        its sender saw (see "Stale actions"). ``IllegalAction`` and ``StaleAction``
        change nothing. ``seat`` None — the clock — is never accepted from outside."""
        if seat is None:
            raise IllegalAction("an action needs a seat: only the table's own clock applies a race's default")
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(f"no seat {quoted(seat)}; seats are 0 to {self.players - 1}")
        self.advance()
        d = self._sync()
        state = self.state
        if (
            ply is not None
            and ply != state.ply
            and not (type(ply) is int and self._moment_ply <= ply < state.ply and self._acted.get(seat, -1) <= ply)
        ):
            race = type(self._decision) is Race or self._last_kind_race
            what = (
                "that ply is not yet reached"
                if type(ply) is int and ply > state.ply
                else "the window closed"
                if race
                else "that moment has passed"
            )
            raise StaleAction(
                f"{shorten(action)!r} was meant for ply {quoted(ply)}, but {what} "
                f"(the game is at ply {state.ply}); nothing changed"
            )
        now = max(self._now, self.clock.now_ms() - self._start)
        events = state.apply(seat, action)
        self._pending.pop(seat, None)
        self._now = now
        self._landed_at = self._start + now
        out: list[Landed] = []
        self._out = out
        try:
            self._landed(seat, action, d, "person", events)
        finally:
            self._out = None
        return out[0]

    def schedule(self, seat: int, action: str, delay_ms: float, *, person: bool = False) -> Intent:
        """An intent of ``seat`` from outside the table (a remote bot, a person's timed
        answer), landing ``delay_ms`` from now and replacing the seat's pending one. Its
        delay is floored at ``reaction_floor_ms`` unless ``person`` (a person's measured
        time). It is validated by ``State.apply`` when it lands; one that cannot land any
        more is dropped and reported (``take_dropped``)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(f"no seat {quoted(seat)}; seats are 0 to {self.players - 1}")
        self._sync()
        delay = float(delay_ms)
        delay = max(0.0, delay) if person else max(self.reaction_floor_ms, delay)
        now = max(self._now, self.clock.now_ms() - self._start)
        intent = (now + delay, self.rng.random(), action, PERSON, seat)
        self._pending[seat] = intent
        return Intent._make(intent)

    def cancel(self, seat: int) -> None:
        """Withdraw ``seat``'s pending intent, if any."""
        self._pending.pop(seat, None)

    # -- time passing ----------------------------------------------------------------------
    def step(self) -> list[Landed]:
        """Land the next intent or clock if it is due by the clock's now: one action (or
        the few a turn limit applies to a simultaneous step); [] when nothing is due."""
        d = self._sync()
        ev = self._pick(d)
        if ev is None or self._start + ev[0] > self.clock.now_ms():
            return []
        out: list[Landed] = []
        self._out = out
        try:
            self._fire(d, ev)
        finally:
            self._out = None
        return out

    def advance(self) -> list[Landed]:
        """Land everything due by the clock's now, in order."""
        out: list[Landed] = []
        while True:
            landed = self.step()
            if not landed:
                return out
            out += landed

    def advance_to(self, ms: float) -> list[Landed]:
        """(Virtual clock.) Land everything due up to ``ms`` in order, moving the clock
        event by event, and leave it at ``ms``."""
        out: list[Landed] = []
        while True:
            d = self._sync()
            ev = self._pick(d)
            if ev is None or self._start + ev[0] > ms:
                break
            self.clock.set(self._start + ev[0])
            self._out = out
            try:
                self._fire(d, ev)
            finally:
                self._out = None
        self.clock.set(ms)
        return out

    def resolve(self, d: Decision | None = None) -> int:
        """(Virtual clock.) Jump the clock to the next intent or clock and land it: the
        simulator's step. The number of actions applied (0: nothing happens until
        someone submits). ``d``: the state's current decision, when already asked."""
        d = self._sync(d)
        ev = self._pick(d)
        if ev is None:
            return 0
        self.clock.set(self._start + ev[0])
        return self._fire(d, ev)

    def run(self, max_decisions: int = 10_000_000) -> int:
        """(Virtual clock.) Play to the end of the game; the number of actions applied.
        Fast path: a turn without claimants (and a simultaneous step without claimants,
        all bots) is asked and applied at once. ``TableStalled`` when a seat without an
        agent is awaited and no clock runs; ``AgentError`` past ``max_decisions``."""
        state = self.state
        agents = self.agents
        decision = state.decision
        legal_actions = state._legal_actions  # seats named by the decision: no seat check
        view = state.view
        quick = self.bot_turn_ms == 0 and self.turn_limit_ms is None
        fast = quick and not self._events
        apply = state.apply_unchecked
        told = self._collect
        actions = self.actions
        n = 0
        while n < max_decisions:
            d = decision()
            if type(d) is Turn:  # type(d) in each test, not kept: mypy narrows d; a turn asks once
                if quick and not d.claimants:
                    # a bot's move, inline: written again below for a simultaneous step (a
                    # shared closure measured 3-8% slower on random-play simulations of flip7)
                    seat = d.player
                    agent = agents[seat]
                    if agent is not None:
                        # same steps as the simultaneous loop below on purpose: the hot loop, inlined
                        legal = legal_actions(seat)
                        action = agent.act(view(seat) if agent.needs_view else None, legal)
                        if action not in legal:
                            raise AgentError(
                                f"bot {agent.describe()} at seat {seat} chose illegal "
                                f"{shorten(action)!r}; legal: {list(legal)}"
                            )
                        if fast:
                            apply(seat, action, told)
                            if actions is not None:
                                actions.append([seat, action])
                        else:
                            self._landed(seat, action, d, "bot", state.apply(seat, action))
                        n += 1
                        continue
            elif type(d) is Over:
                self.clock.set(self._landed_at)
                return n
            elif type(d) is Simultaneous and quick and not d.claimants and None not in [agents[s] for s in d.players]:
                # the turn's bot move again, per seat: kept inline, as above (a shared closure
                # measured 3-8% slower on random-play simulations of flip7)
                for seat in d.players:
                    agent = agents[seat]
                    assert agent is not None  # every seat's agent, tested above
                    # same steps as the turn loop above on purpose: the hot loop, inlined
                    legal = legal_actions(seat)
                    action = agent.act(view(seat) if agent.needs_view else None, legal)
                    if action not in legal:
                        raise AgentError(
                            f"bot {agent.describe()} at seat {seat} chose illegal "
                            f"{shorten(action)!r}; legal: {list(legal)}"
                        )
                    if fast:
                        apply(seat, action, told)
                        if actions is not None:
                            actions.append([seat, action])
                    else:
                        self._landed(seat, action, d, "bot", state.apply(seat, action))
                    n += 1
                continue
            d = self._sync(d)  # the general path: resolve(), inline
            ev = self._pick(d)
            if ev is None:
                waiting = [s for s in d.actors if agents[s] is None]
                raise TableStalled(f"{state.game.id}: the table waits for seat(s) {waiting} and no clock runs")
            n += self._fire(d, ev)
        raise AgentError(f"{state.game.id}: no end after {max_decisions} decisions (seed {self.seed!r})")

    # -- the machinery (looking and asking: ``core.looking``) -----------------------------
    # Intents are tuples (at, tie, action, role, seat): they compare by time, then tie-break.
    def _sync(self, d: Decision | None = None) -> Decision:
        """The current decision (``d``: already asked of the state), intents up to date."""
        if self.state.ply != self._looked_ply:
            return self._look(d)
        return self._decision  # type: ignore[return-value]  # set by _look at this ply: not None

    def _deadline(self, d: Decision) -> float | None:
        if type(d) is Race:
            return d.timeout_ms if d.timeout_ms is not None else self.turn_limit_ms
        if type(d) is Over:
            return None
        return self.turn_limit_ms

    def _pick(self, d: Decision) -> tuple[float, IntentTuple | None] | None:
        """The next event: (offset, intent), or (deadline, None) when the clock comes first."""
        pending = self._pending
        best = min(pending.values()) if pending else None
        deadline = d.timeout_ms if type(d) is Race and d.timeout_ms is not None else self._deadline(d)
        if deadline is not None and (best is None or best[0] > deadline):
            return deadline, None
        return None if best is None else (best[0], best)

    def _fire(self, d: Decision, ev: tuple[float, IntentTuple | None]) -> int:
        """Land ``ev``; the number of actions applied (their records go to ``_out``)."""
        at, it = ev
        state = self.state
        self._now = at
        self._landed_at = self._start + at
        if it is None:  # the clock
            self._break = True
            if type(d) is Race:
                if self._events:
                    self._landed(None, d.default, d, "clock", state.apply(None, d.default))
                else:
                    state.apply_unchecked(None, d.default, self._collect)
                    self._landed(None, d.default, d, "clock", None)
                return 1
            for seat in d.players:  # each player still to act gets the game's timeout action
                action = state.timeout_action(seat)
                self._landed(seat, action, d, "timeout", state.apply(seat, action))
            return len(d.players)
        action, seat = it[2], it[4]
        del self._pending[seat]
        if it[3] is PERSON:
            try:
                events = state.apply(seat, action)
            except IllegalAction as exc:
                self.dropped.append(Dropped(seat, action, str(exc)))
                return 0
            self._landed(seat, action, d, "intent", events)
        elif self._events:
            self._landed(seat, action, d, "bot", state.apply(seat, action))
        else:
            state.apply_unchecked(seat, action, self._collect)
            if self._out is None and not self.listeners:  # the simulator's path: record, and on
                if self.actions is not None:
                    self.actions.append([seat, action])
                ply = state.ply
                self._last_seat, self._landed_ply, self._acted[seat] = seat, ply, ply
            else:
                self._landed(seat, action, d, "bot", None)
        return 1

    def _tell(self, events: Sequence[Event]) -> None:
        """Every seat's history and every observing agent get ``events`` as they see them."""
        hist = self._hist
        if hist is not None:
            for s in range(self.players):
                hist[s].extend(e.for_player(s) for e in events)
            hist[self.players].extend(e.for_player(None) for e in events)
        for s, agent in self._observers:
            for e in events:
                agent.observe(e.for_player(s))

    def _landed(self, seat: int | None, action: str, d: Decision, by: str, events: list[Event] | None) -> Landed | None:
        ply = self.state.ply
        if self.actions is not None:
            self.actions.append([seat, action])
        self._last_seat = seat
        self._landed_ply = ply
        if seat is not None:
            self._acted[seat] = ply
        if events:
            self._tell(events)
            if self._collect is not None:
                self._collect.extend(events)
        if self._out is None and not self.listeners:
            return None
        landed = Landed(seat, action, self._landed_at, ply - 1, d, by, events or [])
        if self._out is not None:
            self._out.append(landed)
        for listener in self.listeners:
            listener(landed)
        return landed
