"""PettingZoo AEC environments for every fliptable game (``docs/rl.md``).

    from fliptable.adapters.pettingzoo import env
    e = env(game_id, players=4)          # any registered game id (fliptable games)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else pick(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (seat order). Actions are the kernel's fixed
action space (``Game.action_space``: id i is that tuple's i-th action) plus one last id,
``PASS`` = ``num_actions``: "not now", legal only where a seat may decline to act out
of turn (see ``Moments``). Rewards: 0 until the end, then ``Spec.returns`` (``Result.returns()``;
a one-seat table's own outcome: a win or a loss, Flip 7's scaled by the rounds taken).

Races, claims and simultaneous steps are serialised deterministically (``Moments``):
after every kernel action the env asks, one at a time,
  1. the decision's claimants and, in a race, its players — every one of them, public
     facts of the decision, whether it has a legal action or not (then ``PASS`` is its
     only legal action: who holds a claim can depend on a hidden hand, and who is asked
     is seen by everyone) — in seat order starting at seat ``k mod n`` (``k`` counts the
     decision points of the game so far, so no seat is always first); each may act
     (the action lands at once and a new decision point begins) or ``PASS``;
  2. then, for a turn, the player whose turn it is (no ``PASS``), and for a
     simultaneous step each player still to commit, in seat order (no ``PASS``; a
     commit is secret: the others' observations do not show it until the step resolves).
If every seat of a race passes, the race's clock runs out: its ``default`` is applied.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

from fliptable.core.game import Game, State

from .episode import History, Moments, Spec
from .observation import OBSERVATION_VERSION

#: what an env says when asked about a game before ``reset``
NOT_RESET = "no game: call reset()"


class raw_env(AECEnv):
    """A fliptable game as a PettingZoo AEC environment (see the module's docstring)."""

    #: AECEnv's attribute, which ``__init__`` replaces by the table's own (so not a ClassVar)
    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": f"fliptable_v{OBSERVATION_VERSION}",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        render_mode: str | None = None,
        info_state: bool = False,
        **options: Any,
    ):
        super().__init__()
        self.spec_ = Spec(game, players, options, info_state)
        spec = self.spec_
        self.metadata = {
            **self.metadata,
            "name": f"fliptable_{spec.game.id}_v{OBSERVATION_VERSION}",
            # only a one-seat table acts in a fixed cycle (aec_to_parallel's assumption)
            "is_parallelizable": spec.players == 1,
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(spec.players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        size = spec.observer.size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (spec.num_actions + 1,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(spec.num_actions + 1) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        #: the game in play (None until ``reset``)
        self.state: State | None = None
        self.moments: Moments | None = None
        self.history: History | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- the game -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        spec = self.spec_
        self.game_seed = int(self._seeds.integers(0, 2**62))
        self.state = state = spec.game.new_state(spec.players, spec.options, seed=self.game_seed)
        self.history = history = History(spec, self.history)
        # the events are kept only for the information state's counters; without it the
        # rules make none (a fifth of a Flush step) and ``event_history`` replays the game
        self.moments = moments = Moments(state, history if spec.info_state else None)
        self.played: list[str | None] = []  # the kernel actions taken (None: PASS), in order
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[moments.current]
        if moments.over:  # cannot happen for a dealt game, but stay consistent
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        state, moments, history = self.state, self.moments, self.history
        if state is None or moments is None or history is None:
            raise RuntimeError(NOT_RESET)
        return {
            "observation": history.observation(state, seat),
            "action_mask": self.spec_.mask(moments, seat),
        }

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        spec, moments = self.spec_, self.moments
        if moments is None:
            raise RuntimeError(NOT_RESET)
        action = int(action)
        if action == spec.PASS:
            moments.pass_()
            self.played.append(None)
        else:
            if not 0 <= action < spec.num_actions:
                raise ValueError(f"action {action} is outside 0..{spec.PASS}")
            moments.act(spec.actions[action])
            self.played.append(spec.actions[action])
        self._cumulative_rewards[agent] = 0.0
        queue = moments.queue
        if not queue:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._finish()
            self._accumulate_rewards()
        else:
            # rewards are 0 until the end: nothing to clear or accumulate
            self.agent_selection = self.possible_agents[queue[moments.pos][0]]
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        returns = self.spec_.returns(self.state)
        for a in self.agents:
            self.rewards[a] = float(returns[self.agent_name_mapping[a]])
            self.terminations[a] = True

    def render(self):
        if self.render_mode is None:
            return None
        text = self.spec_.game.render(self.state.view(None), None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- extras for search and debugging ----------------------------------------------
    def event_history(self, agent: str) -> list[dict]:
        """Every event as ``agent``'s seat saw it, starting with the deal (kept with
        ``info_state=True``; else the game replayed from its seed and actions)."""
        if self.history is None or self.moments is None:
            raise RuntimeError(NOT_RESET)
        seat = self.agent_name_mapping[agent]
        if self.moments.listener is not None:
            return self.history.seat_events(seat)
        spec = self.spec_
        events: list = []
        replay = Moments(spec.game.new_state(spec.players, spec.options, seed=self.game_seed), events.extend)
        for action in self.played:
            if action is None:
                replay.pass_()
            else:
                replay.act(action)
        return [e.for_player(seat) for e in events]

    def decode(self, agent: str, vector) -> dict[str, Any]:
        """An observation of ``agent`` (its ``observation`` array, or ``observe``'s dict)
        read back: what ``state.view(seat)`` holds (``Observer.decode``: the view's values,
        absolute seats; a pile in order of play as its faces and last card)."""
        if isinstance(vector, Mapping):
            vector = vector["observation"]
        return self.spec_.observer.decode(np.asarray(vector, dtype=np.float32), self.agent_name_mapping[agent])

    def legal_actions(self, agent: str) -> list[str]:
        """The selected agent's legal actions in notation (plus ``"pass"`` when it may)."""
        seat = self.agent_name_mapping[agent]
        if self.moments is None:
            raise RuntimeError(NOT_RESET)
        m = self.spec_.mask(self.moments, seat)
        return [self.spec_.actions[i] if i < self.spec_.PASS else "pass" for i in np.flatnonzero(m)]


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order wrapper, with ``last`` and ``step`` going straight to the env
    once it was reset (the inherited ones read every attribute through ``__getattr__``:
    a tenth of a step here). The same checks and errors before ``reset``."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            return super().last(observe)
        return self.env.last(observe)

    def step(self, action) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63):
        if not self._has_reset:
            return super().agent_iter(max_iter)  # PettingZoo's error
        return _AgentIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


def _after_reset(name: str) -> property:
    """The env's ``name`` read directly, with the order wrapper's error before ``reset``
    (``pettingzoo.test.performance_benchmark`` reads ``terminations`` and ``truncations``
    after every step: through the wrapper's ``__getattr__`` they cost about 5 us)."""

    def get(self):
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(get)


for _name in ("rewards", "terminations", "truncations", "infos", "agents", "num_agents"):
    setattr(_OrderEnforcing, _name, _after_reset(_name))


class _AgentIterable(AECOrderEnforcingIterable):
    def __iter__(self):
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):
    """PettingZoo's order-enforcing iterator reading the env's attributes directly."""

    def __next__(self):
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return env.agent_selection


def env(game: Game | str, players: int | None = None, **options: Any) -> AECEnv:
    """The wrapped AEC environment of ``game`` (``render_mode`` and ``info_state`` are
    keyword arguments; every other keyword is a game option)."""
    # raw_env refuses ids outside the space itself (ValueError), so only the order wrapper
    return _OrderEnforcing(raw_env(game, players, **options))
