"""Remote bots at the table (docs/table.md, "Remote bots"): an agent with
``remote = True`` (the server's bots, which think in worker processes) is never called;
the table notes its questions and takes its answers whenever they come. A mixin of
``core.table.Table``, which calls ``_request`` where it would ask such an agent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .clock import ACT, CLAIM, REACT, IntentTuple
from .decision import Decision, Race
from .errors import shorten

if TYPE_CHECKING:
    from .agent import Agent
    from .game import State


class RemoteAnswers:
    """``Table``'s remote-bot half: ``take_requests``, ``asks`` and ``answer``."""

    # the table's own, set by ``Table.__init__``
    state: State
    agents: list[Agent | None]
    clock: Any
    notes: list[str]
    bot_turn_ms: float
    reaction_floor_ms: float
    requests: list[tuple[int, str, int]]
    _asked: dict[int, tuple[int, str, float]]
    _pending: dict[int, IntentTuple]
    _now: float
    _start: float

    if TYPE_CHECKING:  # the table's own methods, which these call

        def _sync(self, d: Decision | None = None) -> Decision: ...

        def _checked(
            self, seat: int, d: Decision, role: str, agent: Agent, legal: Sequence[str], action: str, delay: float
        ) -> tuple[str, float] | None: ...

        def _intent(
            self, seat: int, answer: tuple[str, float], d: Decision, kind: type, since: float | None = None
        ) -> IntentTuple: ...

    def _request(self, seat: int, d: Decision, kind: type) -> None:
        """A remote agent's question: noted in ``requests`` (see "Remote bots")."""
        if not self.state.legal_actions(seat):
            return
        role = (REACT if kind is Race else ACT) if seat in d.players else CLAIM
        ply = self.state.ply
        self._asked[seat] = (ply, role, self._now)
        self.requests.append((seat, role, ply))

    def take_requests(self) -> list[tuple[int, str, int]]:
        """Remote agents' questions since last asked that still stand (the game is still at
        their ply), and forget them: ``(seat, role, ply)``."""
        self._sync()
        ply = self.state.ply
        out = [r for r in self.requests if r[2] == ply and self._asked.get(r[0], (None,))[0] == ply]
        self.requests = []
        return out

    def asks(self, seat: int, ply: int) -> bool:
        """Whether the remote agent at ``seat`` still waits to be answered at ``ply``."""
        asked = self._asked.get(seat)
        return asked is not None and asked[0] == ply == self.state.ply

    def answer(
        self, seat: int, ply: int, action: str | None, delay_ms: float | None = None, failed: str | None = None
    ) -> bool:
        """A remote agent's answer to its question at ``ply``: ``action`` (None: a claim or
        a race it sits out) and, in a race or a claim, its delay in ms. ``failed``: it gave
        no answer (why, for ``notes``): a turn gets the game's ``timeout_action``, a race
        or a claim is sat out. False when the game has left ``ply`` (ignored)."""
        asked = self._asked.get(seat)
        d = self._sync()
        if asked is None or asked[0] != ply or self.state.ply != ply:
            return False
        del self._asked[seat]
        _, role, asked_now = asked
        legal = self.state.legal_actions(seat)
        kind = type(d)
        if failed is not None:
            self.notes.append(
                f"bot at seat {seat} gave no answer ({shorten(failed, 80)})"
                + ("; the game's default action is played" if role is ACT else "; it sits this one out")
            )
            if role is not ACT:
                return True
            action, delay_ms = self.state.timeout_action(seat), None
        if action is None:
            if role is ACT:
                action = legal[0]
            else:
                self._pending.pop(seat, None)  # it no longer claims
                return True
        if role is ACT:
            delay_ms = self.bot_turn_ms
        elif delay_ms is None:
            delay_ms = self.reaction_floor_ms
        agent = self.agents[seat]
        assert agent is not None, f"seat {seat}: a remote bot's question, but no bot"
        checked = self._checked(seat, d, role, agent, legal, action, delay_ms)
        if checked is None:
            self._pending.pop(seat, None)
            return True
        old = self._pending.get(seat)
        if old is not None and old[2] == checked[0]:
            return True  # the same mind: it keeps its time
        now = max(self._now, self.clock.now_ms() - self._start)
        intent = self._intent(seat, checked, d, kind, asked_now)
        if intent[0] < now:
            intent = (now, *intent[1:])
        self._pending[seat] = intent
        return True
