"""Gymnasium adapter: check_env for every game, one seat against bots."""

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from fliptable.adapters.gymnasium import make
from fliptable.core.registry import all_game_ids


@pytest.mark.parametrize("game", all_game_ids())
def test_check_env(game):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(make(game, ["random"]))
    # the checker reports problems as warnings: only the one about a registry spec may remain
    problems = [str(w.message) for w in caught if "not having a spec" not in str(w.message)]
    assert problems == []


def _episode(env, seed, rng):
    obs, _info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        mask = obs["action_mask"]
        assert mask.any()
        obs, reward, terminated, truncated, _info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps


def test_flip7_against_threshold_bots_ends_with_the_seats_return():
    env = make("flip7", ["threshold:25"], players=3, seat=1)
    assert set(env.opponent_specs) == {0, 2}
    total, steps = _episode(env, 3, np.random.default_rng(0))
    assert steps > 0
    assert total == pytest.approx(env.state.result().returns()[1])
    assert env.state.is_over()


def test_same_seed_same_episode():
    a = _episode(make("authors", ["random"], players=3), 9, np.random.default_rng(1))
    b = _episode(make("authors", ["random"], players=3), 9, np.random.default_rng(1))
    assert a == b


def test_illegal_action_loses_or_raises():
    env = make("flip7", ["random"], players=2)
    obs, _ = env.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, _truncated, info = env.step(bad)
    assert (reward, terminated, info.get("illegal_action")) == (-1.0, True, True)
    with pytest.raises(RuntimeError):
        env.step(0)
    env = make("flip7", ["random"], players=2, illegal="raise")
    obs, _ = env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(bad)


def test_a_bad_bot_spec_fails_at_make():
    with pytest.raises(Exception, match="unknown bot"):
        make("flip7", ["no-such-bot"])


def test_racing_game_plays_to_the_end_against_bots():
    env = make("flyswatter", ["random"], players=3)
    total, _steps = _episode(env, 1, np.random.default_rng(2))
    assert total == pytest.approx(env.state.result().returns()[0])


def test_registered_with_gymnasium_make():
    import gymnasium

    env = gymnasium.make("fliptable/flip7-v3", opponents=["threshold:25"], players=2, render_mode="ansi")
    assert env.spec.id == "fliptable/flip7-v3"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []  # with a spec, render modes are checked too
    _obs, _info = env.reset(seed=1)
    assert "fliptable/go-to-the-store-v3" in gymnasium.registry
    assert isinstance(env.render(), str)


def test_the_learning_seat_is_an_int_of_the_table():
    for bad in (True, 1.0, -1, 3):
        with pytest.raises(ValueError, match="seats are the integers 0 to 2"):
            make("flip7", ["random"], players=3, seat=bad)


def solo_reward(result, options) -> float:
    """docs/rl.md "Rewards for one seat": Flip 7's how soon 200 was reached (1 in the
    first round, evenly to -1 at the round limit; -1 if the limit ended it), else a win
    (1) or a loss (-1)."""
    if "round_limit" in options:  # Flip 7
        if result.details["ended"] != "score":
            return -1.0
        return 1 - 2 * (result.details["rounds"] - 1) / (options["round_limit"] - 1)
    return 1.0 if result.winners == (0,) else -1.0


@pytest.mark.parametrize("game,options", [("flinch", {}), ("patience", {}), ("flip7", {"round_limit": 30})])
def test_one_seat_reward_is_the_games_own_outcome(game, options):
    """Issue 24: a one-seat table (no opponents) always rewarded 0."""
    env = make(game, players=1, **options)
    rng = np.random.default_rng(0)
    seen = set()
    for seed in range(6):
        obs, _ = env.reset(seed=seed)
        terminated = False
        while not terminated:
            obs, reward, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        want = solo_reward(env.state.result(), env.spec_.options)
        assert reward == pytest.approx(want) and -1.0 <= reward <= 1.0
        seen.add(want)
    if game == "flinch":  # random play wins some deals alone and loses others
        assert seen == {1.0, -1.0}


def test_reset_never_returns_a_finished_episode():
    """Issue 24: in Authors with 2 players the default bot at seat 0 asks for every card
    it lacks (the learner holds them all) and wins before seat 1 is asked, so reset()
    returned a finished episode and check_env failed. Now the episode is one step: only
    PASS is legal, and it ends the episode with the learner's reward, flagged in info."""
    env = make("authors", players=2, seat=1)
    pass_id = env.action_space.n - 1
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        assert info["over_at_reset"] is True and env.state.is_over()
        assert np.flatnonzero(obs["action_mask"]).tolist() == [pass_id]
        obs, reward, terminated, truncated, info = env.step(pass_id)
        assert terminated and not truncated and info == {"over_at_reset": True}
        assert reward == env.state.result().returns()[1] == -1.0
        assert not obs["action_mask"].any()
        with pytest.raises(RuntimeError, match="the episode is over"):
            env.step(pass_id)
    # another id is an illegal one there as anywhere: the episode ends with -1, or
    # (illegal="raise") it is refused and the one-step episode still waits for PASS
    env.reset(seed=0)
    obs, reward, terminated, _, info = env.step(10**9)
    assert terminated and reward == -1.0 and info == {"over_at_reset": True, "illegal_action": True}
    strict = make("authors", players=2, seat=1, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError, match=rf"action 0 is not legal now \(legal ids: \[{pass_id}\]\)"):
        strict.step(0)
    assert strict.step(pass_id)[1] == -1.0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(make("authors", players=2, seat=1))
    assert [str(w.message) for w in caught if "not having a spec" not in str(w.message)] == []
    obs, info = make("authors", ["random"], players=2, seat=1).reset(seed=0)
    assert "over_at_reset" not in info and obs["action_mask"][:-1].any()
