"""Gymnasium single-agent environments: one learning seat against fliptable bots.

    from fliptable.adapters.gymnasium import make
    env = make(game_id, opponents=[bot_spec], players=2)    # a game id, bot specs
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(action)

The learner sits at ``seat`` (0 unless given); ``opponents`` are bot specs (as for
``fliptable play --bot``) given in seat order for the other seats, the last one filling
the rest (default: the game's ``default_bot``). Observations and actions are those of the
PettingZoo env (``Dict(observation=Box, action_mask=Box(int8))``, ``Discrete(num_actions
+ 1)``, the last id ``PASS``); the decisions are serialised the same way
(``episode.Moments``). The learner's reward is 0 until the end, then its
``Result.returns()``. Opponents answer turns and commits with ``act``, races with
``react`` (they always act when asked) and claims with ``claim`` (``None``: pass), and
see their seat's events through ``observe``. An illegal id ends the episode with reward
-1 and ``info["illegal_action"]`` (``illegal="raise"`` raises ``ValueError`` instead).
When the other seats end the game before the learner is first asked, ``reset`` does not
return a finished episode: it returns the final observation with only ``PASS`` legal and
``info["over_at_reset"] = True``, and the next ``step`` ends the episode: ``PASS`` with the
learner's reward, any other id as an illegal one (reward -1, or ``ValueError``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from fliptable.bots.base import make_agent
from fliptable.core.agent import Agent
from fliptable.core.decision import Race
from fliptable.core.game import Game, State, check_seat

from .episode import History, Moments, Spec
from .observation import OBSERVATION_VERSION


class FliptableEnv(gym.Env):
    """One seat of a fliptable game; the other seats are bots."""

    #: gym.Env's attribute (typed there as one an instance may replace, so not a ClassVar;
    #: gym.make reads it off the class)
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        opponents: Sequence[str] | None = None,
        *,
        players: int | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        info_state: bool = False,
        illegal: str = "lose",
        **options: Any,
    ):
        self.spec_ = spec = Spec(game, players, options, info_state)
        check_seat(seat, spec.players, ValueError)  # an int of the table: not True, not 1.0
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.seat, self.render_mode, self.illegal = seat, render_mode, illegal
        specs = list(opponents) if opponents else [spec.game.default_bot]
        others = [s for s in range(spec.players) if s != seat]
        self.opponent_specs = {s: specs[min(i, len(specs) - 1)] for i, s in enumerate(others)}
        for s in self.opponent_specs.values():  # a bad spec fails here, not at reset
            make_agent(spec.game, s)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (spec.observer.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (spec.num_actions + 1,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(spec.num_actions + 1)
        #: the episode in play (None until ``reset``): the game, its moments, the bots
        self.state: State | None = None
        self.moments: Moments | None = None
        self.history: History | None = None
        self.agents: dict[int, Agent] = {}
        #: the opponents ended the game before the learner was asked (see ``reset``)
        self.over_at_reset = False

    # -- helpers ----------------------------------------------------------------------
    def _episode(self) -> tuple[State, Moments, History]:
        if self.state is None or self.moments is None or self.history is None:
            raise RuntimeError("no episode: call reset()")
        return self.state, self.moments, self.history

    def _obs(self) -> dict[str, np.ndarray]:
        state, m, history = self._episode()
        return {
            "observation": history.observation(state, self.seat),
            "action_mask": self.spec_.mask(m, self.seat),
        }

    def _listen(self, events) -> None:
        history = self.history
        assert history is not None  # made by reset before the moments that call this
        history(events)
        for s, agent in self.agents.items():
            for e in events:
                agent.observe(e.for_player(s))

    def _run_opponents(self) -> None:
        state, m, _ = self._episode()
        action: str | None
        while not m.over and m.current != self.seat:
            s = m.current
            agent = self.agents[s]
            legal = state.legal_actions(s)
            view = state.view(s) if agent.needs_view else None
            if m.may_pass:
                if not legal:  # asked for fairness (``Moments``), nothing to claim
                    m.pass_()
                    continue
                if isinstance(state.decision(), Race) and s in state.decision().players:
                    action, _ = agent.react(view, legal)
                else:
                    claim = agent.claim(view, legal)
                    action = None if claim is None else claim[0]
                if action is None:
                    m.pass_()
                    continue
            else:
                action = agent.act(view, legal)
            m.act(action)

    def _reward(self) -> float:
        state, m, _ = self._episode()
        return float(self.spec_.returns(state)[self.seat]) if m.over else 0.0

    # -- gymnasium API ----------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        spec = self.spec_
        game_seed = int(self.np_random.integers(0, 2**62))
        self.state = state = spec.game.new_state(spec.players, spec.options, seed=game_seed)
        bot_rng = random.Random(game_seed ^ 0x5EED)
        self.agents = {}
        for s, bot in self.opponent_specs.items():
            agent = make_agent(spec.game, bot)
            agent.reset(spec.game, s, spec.players, spec.options, random.Random(bot_rng.getrandbits(64)))
            if getattr(agent, "wants_determinizations", False):
                from fliptable.core import agent as agent_module

                info_set = getattr(agent_module, "InformationSet", None)
                if info_set is not None:
                    agent.determinizations = info_set(state, s)
            self.agents[s] = agent
        self.history = history = History(spec, self.history)
        self.moments = moments = Moments(state, self._listen)
        self._run_opponents()
        self.over_at_reset = moments.over
        if self.over_at_reset:
            # the other seats finished the game before the learner's first turn (Authors
            # with 2 players, learner at seat 1, against the default bot: every deal, since
            # the two hands hold the whole deck and seat 0 never asks in vain). An episode
            # cannot start finished, so it is one step long: only PASS is legal, and it
            # ends the episode with the learner's reward
            obs = {
                "observation": history.observation(state, self.seat),
                "action_mask": np.zeros(spec.num_actions + 1, dtype=np.int8),
            }
            obs["action_mask"][spec.PASS] = 1
            return obs, {"game_seed": game_seed, "over_at_reset": True}
        return self._obs(), {"game_seed": game_seed}

    def step(self, action):
        if self.over_at_reset:  # reset's one-step episode (see there): PASS ends it
            action = int(action)
            pass_id = self.spec_.PASS
            if action != pass_id and self.illegal == "raise":
                raise ValueError(f"action {action} is not legal now (legal ids: [{pass_id}])")
            self.over_at_reset = False
            if action != pass_id:
                return self._obs(), -1.0, True, False, {"over_at_reset": True, "illegal_action": True}
            return self._obs(), self._reward(), True, False, {"over_at_reset": True}
        state, m, history = self._episode()
        if m.over:
            raise RuntimeError("the episode is over: call reset()")
        spec = self.spec_
        mask = spec.mask(m, self.seat)
        action = int(action)
        if not (0 <= action < len(mask)) or not mask[action]:
            if self.illegal == "raise":
                raise ValueError(f"action {action} is not legal now (legal ids: {np.flatnonzero(mask).tolist()})")
            obs = {
                "observation": history.observation(state, self.seat),
                "action_mask": np.zeros(spec.num_actions + 1, dtype=np.int8),
            }
            m.queue = []  # the episode ends here
            return obs, -1.0, True, False, {"illegal_action": True}
        if action == spec.PASS:
            m.pass_()
        else:
            m.act(spec.actions[action])
        self._run_opponents()
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._reward(), m.over, False, {}

    def render(self):
        if self.render_mode is None or self.state is None:
            return None
        text = self.spec_.game.render(self.state.view(self.seat), self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make(game: Game | str, opponents: Sequence[str] | None = None, **kwargs: Any) -> FliptableEnv:
    """A single-agent env of ``game``: keywords ``players``, ``seat``, ``render_mode``,
    ``info_state``, ``illegal``; every other keyword is a game option."""
    return FliptableEnv(game, opponents, **kwargs)


def register_envs() -> list[str]:
    """Register every game with Gymnasium as ``fliptable/<game>-v<N>``, N the observation's
    version (``observation.OBSERVATION_VERSION``; ``gymnasium.make("fliptable/flip7-v3",
    opponents=["threshold:25"])``); returns the ids. Done on import of this module."""
    from fliptable.core.registry import all_game_ids

    ids = []
    for gid in all_game_ids():
        env_id = f"fliptable/{gid}-v{OBSERVATION_VERSION}"
        if env_id not in gym.registry:
            gym.register(
                id=env_id,
                entry_point="fliptable.adapters.gymnasium:FliptableEnv",
                kwargs={"game": gid},
                disable_env_checker=True,
            )
        ids.append(env_id)
    return ids


register_envs()
