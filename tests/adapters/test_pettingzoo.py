"""PettingZoo adapter: the library's own conformance tests for every game, and the
serialisation of races and claims (docs/rl.md)."""

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel

from fliptable.adapters.pettingzoo import env, raw_env
from fliptable.core.registry import all_game_ids
from tests.helpers import SHIPPED_GAMES

GAMES = all_game_ids()


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        # PettingZoo warns for every Dict observation space (its classic card games too)
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


def test_every_registered_game_is_covered():
    assert set(GAMES) >= SHIPPED_GAMES


@pytest.mark.parametrize("game", GAMES)
def test_api_and_seed(game):
    api_test(env(game), num_cycles=30)
    seed_test(lambda: env(game), num_cycles=30)


@pytest.mark.parametrize("game,players", [("patience", 1), ("flip7", 1)])
def test_parallel_conversion_of_one_seat_tables(game, players):
    par = aec_to_parallel(raw_env(game, players))
    parallel_api_test(par, num_cycles=40)


def test_turn_tables_are_not_offered_to_the_parallel_conversion():
    assert raw_env("flip7", 4).metadata["is_parallelizable"] is False
    assert raw_env("flip7", 1).metadata["is_parallelizable"] is True


def _play(e, rng, prefer_pass=False):
    """Play one whole game with random legal ids; return (steps, final rewards)."""
    e.reset(seed=int(rng.integers(1 << 30)))
    steps = 0
    u = e.unwrapped
    final = {}
    for agent in e.agent_iter(max_iter=200_000):
        obs, reward, term, trunc, _info = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        seat = u.agent_name_mapping[agent]
        # the mask is exactly the kernel's legal actions (plus PASS where optional)
        legal = {u.spec_.index[a] for a in u.state.legal_actions(seat)}
        assert set(np.flatnonzero(mask[:-1])) == legal
        # nobody else is offered anything meanwhile
        for other in u.possible_agents:
            if other != agent:
                assert not u.observe(other)["action_mask"].any()
        ids = np.flatnonzero(mask)
        a = len(mask) - 1 if prefer_pass and mask[-1] else int(rng.choice(ids))
        e.step(a)
        steps += 1
    assert u.state.is_over() and not e.agents
    return steps, final


@pytest.mark.parametrize("game", ["flip7", "flyswatter", "authors", "patience", "go-to-the-store"])
def test_whole_games_end_with_the_returns(game):
    e = env(game)
    rng = np.random.default_rng(5)
    steps, rewards = _play(e, rng)
    u = e.unwrapped
    assert steps > 0
    want = u.state.result().returns() if u.spec_.players > 1 else u.spec_.returns(u.state)  # one seat: below
    assert [rewards[a] for a in u.possible_agents] == pytest.approx(list(want))


def test_a_race_where_everyone_passes_runs_its_clock():
    """Fly-swatter: a swat window is a race; if every seat passes, the window closes
    ('close', the race's default) and play goes on."""
    e = raw_env("flyswatter", 2)
    e.reset(seed=3)
    m = e.moments
    seen_race = False
    for _ in range(400):
        if m.over:
            break
        d = m.state.decision()
        if type(d).__name__ == "Race":
            seen_race = True
            window = d.window
            ply = m.state.ply
            asked = []
            while m.state.ply == ply:
                asked.append(m.current)
                assert m.may_pass
                e.step(e.spec_.PASS)
            assert sorted(asked) == sorted(p for p in d.actors)
            assert m.state.decision() != d or m.state.decision().window != window
            # the clock, not a seat, applied the default
            break
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert seen_race


def test_race_order_rotates_between_decision_points():
    e = raw_env("flyswatter", 3)
    e.reset(seed=11)
    firsts = set()
    rng = np.random.default_rng(0)
    for _ in range(600):
        if e.moments.over:
            break
        d = e.moments.state.decision()
        if type(d).__name__ == "Race" and e.moments.pos == 0:
            firsts.add(e.moments.current)
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert len(firsts) >= 2


def test_a_turn_player_may_not_pass():
    e = raw_env("flip7", 3)
    e.reset(seed=1)
    assert not e.observe(e.agent_selection)["action_mask"][-1]
    with pytest.raises(ValueError):
        e.step(e.spec_.PASS)


def test_asked_before_reset_it_says_to_reset():
    e = raw_env("flip7", 2)  # the raw env, without PettingZoo's order wrapper
    for ask in (
        lambda: e.observe("player_0"),
        lambda: e.legal_actions("player_0"),
        lambda: e.event_history("player_0"),
    ):
        with pytest.raises(RuntimeError, match=r"^no game: call reset\(\)$"):
            ask()


def test_same_seed_same_game_and_different_seeds_differ():
    def trace(seed):
        e = raw_env("flip7", 3)
        e.reset(seed=seed)
        out = []
        for _ in range(30):
            if e.moments.over:
                break
            o = e.observe(e.agent_selection)
            out.append(o["observation"].tobytes())
            e.step(int(np.flatnonzero(o["action_mask"])[0]))
        return out

    assert trace(4) == trace(4)
    assert trace(4) != trace(5)


def test_event_history_per_seat_hides_secrets():
    e = raw_env("authors", 3)
    e.reset(seed=2)
    h0 = e.event_history("player_0")
    h1 = e.event_history("player_1")
    assert len(h0) == len(h1)
    assert e.legal_actions(e.agent_selection)


def test_claimants_are_asked_before_the_turn_player_and_may_pass():
    """Muggins (muggins=claim): while a seat's turn is open, others may call 'muggins'
    out of turn. At such a decision point the claimants with a legal claim are asked
    first, in rotating seat order, each with PASS (every claimant: one without a legal
    claim has PASS alone); the turn player last, without."""
    e = raw_env("muggins", 3)
    rng = np.random.default_rng(4)
    seen = 0
    # spelled out on purpose: each adapter test's own scenario, step by step
    for seed in range(6):
        e.reset(seed=seed)
        m = e.moments
        for _ in range(3000):
            if m.over:
                break
            d = m.state.decision()
            if d.claimants and m.pos == 0:
                with_claims = [p for p in d.claimants if m.state.legal_actions(p)]
                if with_claims:
                    queue = list(m.queue)
                    assert [p for p, _ in queue[:-1]] == sorted(d.claimants, key=lambda p: (p - queue[0][0]) % 3)
                    assert all(may for _, may in queue[:-1])
                    for p, _ in queue[:-1]:
                        legal = {e.spec_.index[a] for a in m.state.legal_actions(p)} | {e.spec_.PASS}
                        assert (
                            set(np.flatnonzero(e.spec_.mask(m, p) if m.current == p else _mask_if_asked(e, m, p)))
                            == legal
                        )
                    assert queue[-1] == (d.player, False)
                    # everyone passes: the turn player is then asked, and the ply has not moved
                    ply = m.state.ply
                    for _ in queue[:-1]:
                        e.step(e.spec_.PASS)
                    assert m.state.ply == ply and m.current == d.player and not m.may_pass
                    seen += 1
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
        if seen >= 3:
            break
    assert seen >= 3


def _mask_if_asked(e, m, p):
    pos = m.pos
    m.pos = [q for q, _ in m.queue].index(p)
    try:
        return e.spec_.mask(m, p)
    finally:
        m.pos = pos


def test_who_is_asked_out_of_turn_reveals_no_hidden_hand():
    """Issue 24: in FLAPS, while flapping, whether a seat holds a FLAPS card (hidden)
    decided whether it was asked. Two states that differ only in hidden cards (a
    determinization for the seat asked) now ask the same seats, in the same order, each
    allowed to PASS; only their masks differ."""
    import random

    from fliptable.adapters.episode import Moments

    env = raw_env("flaps", 4)
    rng = np.random.default_rng(0)
    compared = differed = 0
    # spelled out on purpose: each adapter test's own scenario, step by step
    for seed in range(40):
        env.reset(seed=seed)
        m = env.moments
        for _ in range(400):
            if m.over:
                break
            state = m.state
            d = state.decision()
            if d.claimants and m.pos == 0:
                for viewer in range(4):
                    twin = state.determinize(viewer, random.Random(seed))
                    a, b = Moments(state.clone()), Moments(twin)
                    assert a.queue == b.queue
                    differed += any(bool(state.legal_actions(p)) != bool(twin.legal_actions(p)) for p in d.claimants)
                    compared += 1
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        if compared >= 200 and differed >= 5:
            break
    assert compared >= 200 and differed >= 5  # the hidden hands did change who holds a claim


@pytest.mark.parametrize("game", ["flinch", "authors"])
def test_information_state_env_passes_the_api_test(game):
    e = env(game, info_state=True)
    api_test(e, num_cycles=30)
    u = e.unwrapped
    assert u.observation_space("player_0")["observation"].shape == (u.spec_.observer.size,)
    assert u.spec_.observer.size > raw_env(game).spec_.observer.size


@pytest.mark.parametrize("game", GAMES)
def test_ansi_render_is_the_games_table(game):
    e = env(game, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and text.strip()
    with pytest.raises(ValueError):
        raw_env(game, render_mode="rgb_array")


def test_a_mask_is_asked_for_a_seat_not_for_true_or_one_point_oh():
    # True == 1 and 1.0 == 1 in Python: the mask of "seat True" was seat 1's
    from fliptable.core import SeatError

    e = raw_env("flip7", 3)
    e.reset(seed=1)
    seat = e.agent_name_mapping[e.agent_selection]
    assert e.spec_.mask(e.moments, seat).any()
    for bad in (True, float(seat), -1, 3, "1"):
        with pytest.raises(SeatError, match="seats are the integers 0 to 2"):
            e.spec_.mask(e.moments, bad)


def _random_episode(e, seed):
    """One random game through the AEC env: the final rewards and the kernel's result."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return final, e.unwrapped.state.result()


def test_one_seat_rewards_are_the_games_own_outcome():
    """Issue 24: a one-seat table always gave reward 0 (Result.returns() ranks seats).
    FLINCH alone: 1 for a win, -1 for a loss; Flip 7 alone: 1 for 200 in the first
    round, falling evenly to -1 at the round limit (docs/rl.md)."""
    outcomes = set()
    for seed in range(6):
        final, result = _random_episode(env("flinch", 1), seed)
        want = 1.0 if result.winners == (0,) else -1.0
        assert final == {"player_0": want}
        outcomes.add(want)
    assert outcomes == {1.0, -1.0}
    e = env("flip7", 1, round_limit=30)
    for seed in range(3):
        final, result = _random_episode(e, seed)
        assert result.details["ended"] == "score"
        assert final == {"player_0": pytest.approx(1 - 2 * (result.details["rounds"] - 1) / 29)}
        assert -1.0 < final["player_0"] < 1.0


def test_one_seat_patience_reward_is_a_win_or_a_loss():
    import random

    from fliptable.adapters.episode import Spec
    from fliptable.bots.base import make_agent
    from fliptable.core.registry import get_game

    g = get_game("patience")
    spec = Spec(g, 1, {})
    for seed, won in ((0, False), (3, True)):  # the lookahead bot wins deal 3, not deal 0
        s = g.new_state(1, None, seed=seed)
        bot = make_agent(g, "lookahead")
        bot.reset(g, 0, 1, spec.options, random.Random(seed))
        assert spec.returns(s) == (0.0,)  # not over yet
        while not s.is_over():
            s.apply(0, bot.act(s.view(0), s.legal_actions(0)))
        assert bool(s.result().winners) is won
        assert spec.returns(s) == ((1.0,) if won else (-1.0,))
    for seed in range(2):  # through the env too (rewarded 0 before)
        final, result = _random_episode(env("patience"), seed)
        assert final == {"player_0": 1.0 if result.winners else -1.0}


def test_flaps_with_two_packs_seats_sixteen_agents():
    e = env("flaps", 16, packs=2)
    api_test(e, num_cycles=30)
    assert len(e.possible_agents) == 16


def test_the_order_wrapper_reads_the_envs_dicts_directly_and_refuses_them_before_reset():
    e = env("flip7", 2)
    for name in ("rewards", "terminations", "truncations", "infos", "agents", "num_agents"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(e, name)
    e.reset(seed=0)
    for name in ("rewards", "terminations", "truncations", "infos", "agents", "num_agents"):
        assert getattr(e, name) is getattr(e.unwrapped, name)


@pytest.mark.parametrize("game,players", [("flush", 4), ("flyswatter", 3), ("muggins", 3), ("flinch", 2)])
def test_without_the_information_state_no_events_are_made_and_the_history_is_replayed(game, players):
    """Without ``info_state`` the env keeps no events (the rules make none); its
    observations are those of an env that keeps them, and ``event_history`` (the game
    replayed from its seed and actions) is the kept one, passes and race clocks included."""
    lean, full = raw_env(game, players), raw_env(game, players, info_state=True)
    assert lean.moments is None
    lean.reset(seed=11)
    full.reset(seed=11)
    assert lean.moments.listener is None and full.moments.listener is not None
    size = lean.spec_.observer.view_size
    rng = random.Random(11)
    for step in range(400):
        agent = lean.agent_selection
        assert agent == full.agent_selection
        a, b = lean.observe(agent), full.observe(agent)
        np.testing.assert_array_equal(a["observation"], b["observation"][:size])
        np.testing.assert_array_equal(a["action_mask"], b["action_mask"])
        if step % 97 == 0 or lean.terminations[agent]:
            for who in lean.possible_agents:
                assert lean.event_history(who) == full.event_history(who)
        if lean.terminations[agent]:
            break
        action = rng.choice(np.flatnonzero(a["action_mask"]).tolist())
        lean.step(action)
        full.step(action)
    if game in ("flyswatter", "muggins"):  # races and claims: passes were replayed too
        assert None in lean.played
