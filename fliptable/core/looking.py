"""Looking at the table (docs/table.md, "Timing model"): each time the state has moved,
the seats' intents are brought up to date with its decision: a new moment drops the old
one's intents, a continuing one asks its waiting bots again ("Looking again"), and every
bot with a part in the decision is asked for its answer, checked and floored. A mixin of
``core.table.Table``, which calls ``_look`` from ``_sync``; ``core.remote`` uses its
``_checked`` and ``_intent`` for remote bots' answers."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .clock import ACT, CLAIM, PERSON, REACT, Dropped, IntentTuple, continues
from .decision import Decision, Over, Race, Simultaneous
from .errors import AgentError, FliptableError, shorten
from .rng import derive_seed

if TYPE_CHECKING:
    from .agent import Agent
    from .game import State


class Looking:
    """``Table``'s looking half: ``_look`` and the bots' answers (``_ask``, ``_checked``,
    ``_intent``). Intents are tuples (at, tie, action, role, seat): they compare by time,
    then tie-break."""

    # the table's own, set by ``Table.__init__``
    state: State
    agents: list[Agent | None]
    seed: int | str
    rng: random.Random
    notes: list[str]
    dropped: list[Dropped]
    strict_agents: bool
    bot_turn_ms: float
    reaction_floor_ms: float
    _timing: random.Random | None
    _remote: list[bool]
    _pending: dict[int, IntentTuple]
    _decision: Decision | None
    _looked_ply: int
    _landed_ply: int
    _last_seat: int | None
    _break: bool
    _last_kind_race: bool
    _start: float
    _landed_at: float
    _now: float
    _moment_ply: int

    if TYPE_CHECKING:  # the table's own method (``core.remote``'s), which ``_look`` calls

        def _request(self, seat: int, d: Decision, kind: type) -> None: ...

    def _look(self, d: Decision | None = None) -> Decision:
        """Bring the intents up to date with the state, which changed since the last look."""
        state = self.state
        if d is None:
            d = state.decision()
        ply = state.ply
        prev = self._decision
        kind = type(d)
        if self._landed_ply == ply and self._looked_ply == ply - 1 and not self._break and prev is not None:
            if type(d) is Race:
                cont = type(prev) is Race and prev.window == d.window
            else:
                cont = continues(prev, self._last_seat, d)
        else:
            cont = False
        pending = self._pending
        if not cont:
            if pending:
                why = "the window closed" if type(prev) is Race else "that moment passed"
                self.dropped += [Dropped(it[4], it[2], why) for it in pending.values() if it[3] is PERSON]
                pending.clear()
            self._last_kind_race = type(prev) is Race
            self._start = self._landed_at
            self._now = 0.0
            self._moment_ply = ply
        self._decision = d
        self._looked_ply = ply
        self._break = False
        if kind is Over:
            return d
        claimants = d.claimants
        actors = d.players + claimants if claimants else d.players
        agents = self.agents
        if pending:
            for seat in list(pending):
                it = pending[seat]
                role = it[3]
                if seat not in actors:
                    del pending[seat]
                    if role is PERSON:
                        self.dropped.append(
                            Dropped(
                                seat,
                                it[2],
                                "you may no longer act in this window" if kind is Race else "you may no longer act now",
                            )
                        )
                elif cont:
                    if role is PERSON or (role is ACT and kind is Simultaneous) or agents[seat] is None:
                        continue  # a person's answer is checked when it lands; a commit is final
                    if self._remote[seat]:  # its intent stands until the new answer, if still legal
                        if it[2] in state.legal_actions(seat):
                            self._request(seat, d, kind)
                        else:
                            del pending[seat]  # and asked below, once
                        continue
                    answer = self._ask(seat, d, kind)
                    if answer is None:
                        del pending[seat]
                    elif answer[0] != it[2]:  # a new mind costs a fresh reaction
                        if kind is Race:
                            pending[seat] = (self._now + answer[1], self.rng.random(), answer[0], role, seat)
                        else:
                            pending[seat] = self._intent(seat, answer, d, kind)
                elif role is not PERSON and it[2] not in state.legal_actions(seat):
                    del pending[seat]
        for seat in actors:
            if seat in pending or agents[seat] is None:
                continue
            if self._remote[seat]:
                self._request(seat, d, kind)
                continue
            answer = self._ask(seat, d, kind)
            if answer is not None:
                if kind is Race and not claimants:
                    pending[seat] = (self._now + answer[1], self.rng.random(), answer[0], REACT, seat)
                else:
                    pending[seat] = self._intent(seat, answer, d, kind)
        return d

    def _ask(self, seat: int, d: Decision, kind: type) -> tuple[str, float] | None:
        """The seat's bot's answer (action, delay ms) for its part in ``d``, or None."""
        agent = self.agents[seat]
        assert agent is not None, f"seat {seat} has no bot to ask"
        state = self.state
        legal = state.legal_actions(seat)
        if not legal:
            return None
        role = (REACT if kind is Race else ACT) if seat in d.players else CLAIM
        view = state.view(seat) if agent.needs_view else None
        try:
            if role is REACT:
                action, delay = agent.react(view, legal)
            elif role is ACT:
                action, delay = agent.act(view, legal), self.bot_turn_ms
            else:
                answer = agent.claim(view, legal)
                if answer is None:
                    return None
                action, delay = answer
        except FliptableError:
            raise
        except Exception as exc:
            if self.strict_agents:
                raise
            self.notes.append(
                f"bot at seat {seat} failed ({shorten(repr(exc), 80)})"
                + (f"; it plays {legal[0]}" if role is ACT else "; it sits this one out")
            )
            return (legal[0], self.bot_turn_ms) if role is ACT else None
        return self._checked(seat, d, role, agent, legal, action, delay)

    def _checked(
        self, seat: int, d: Decision, role: str, agent: Agent, legal: Sequence[str], action: str, delay: float
    ) -> tuple[str, float] | None:
        """A bot's answer made legal (or None: it sits out) and its delay floored."""
        if action not in legal:
            where = {REACT: " in a race", CLAIM: " as a claim"}.get(role, "")
            message = (
                f"bot {agent.describe()} at seat {seat} chose illegal {shorten(action)!r}{where}; legal: {list(legal)}"
            )
            if self.strict_agents:
                raise AgentError(message)
            if role is not ACT:
                self.notes.append(message + "; it sits this one out")
                return None
            self.notes.append(message + f"; it plays {legal[0]}")
            action = legal[0]
        floor = self.reaction_floor_ms
        if role is ACT:
            if d.claimants:  # the turn races the claims: a reaction from the timing RNG
                if self._timing is None:
                    self._timing = random.Random(derive_seed(self.seed, "timing"))
                reaction = self._timing.expovariate(1.0 / float(getattr(agent, "reaction_ms", 500.0)))
                delay += reaction if reaction >= floor else floor
            return action, delay
        delay = float(delay)
        return action, (delay if delay >= floor else floor)  # NaN too gets the floor

    def _intent(
        self, seat: int, answer: tuple[str, float], d: Decision, kind: type, since: float | None = None
    ) -> IntentTuple:
        action, delay = answer
        at = (self._now if since is None else since) + delay
        if type(d) is Race:
            return at, self.rng.random(), action, (REACT if seat in d.players else CLAIM), seat
        if seat in d.players:  # a turn or a commit; with claimants it races them
            return at, (self.rng.random() if d.claimants else float(d.players.index(seat))), action, ACT, seat
        return at, self.rng.random(), action, CLAIM, seat
