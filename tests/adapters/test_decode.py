"""``decode(agent, vector)`` reads an observation back: every key holds what
``state.view(seat)`` holds (absolute seats), checked on every observation of random
games at every table size of every game. Two things the vector cannot hold are
compared as it holds them: a pile in order of play (its faces, hidden count and last
card) and a window's entries beyond its size (its last ones)."""

from collections import Counter

import numpy as np
import pytest

from fliptable.adapters.pettingzoo import raw_env
from fliptable.core.registry import all_game_ids, get_game

TABLES = [(g, n) for g in all_game_ids() for n in range(get_game(g).min_players, get_game(g).max_players + 1)]


def same(node, got, want, path="view"):
    """Whether ``got`` (decoded) is what the vector can hold of ``want`` (the view's)."""
    t = (
        "null"
        if want is None
        else (
            "bool"
            if isinstance(want, bool)
            else "num"
            if isinstance(want, (int, float))
            else "str"
            if isinstance(want, str)
            else "dict"
            if isinstance(want, dict)
            else "list"
        )
    )
    if t == "null":
        assert got is None, path
        return
    kind = next(
        k
        for k in node.kinds
        if {"bool": "bool", "num": "num", "seat": "num", "card": "str", "word": "str", "dict": "dict"}.get(k, "list")
        == t
    )
    if kind == "dict":
        assert set(got) == set(want), (path, set(got) ^ set(want))
        for k in want:
            same(node.children[k], got[k], want[k], f"{path}.{k}")
    elif kind == "cards" and node.order == "play":
        assert Counter(got) == Counter(want), path
        if want and want[-1] is not None:
            assert got[-1] == want[-1], path
    elif kind == "perseat":
        assert len(got) == len(want), path
        for i, (a, b) in enumerate(zip(got, want, strict=True)):
            same(node.item, a, b, f"{path}[{i}]")
    elif kind == "seq":
        tail = want[-node.window :]
        assert len(got) == len(tail), path
        for i, (a, b) in enumerate(zip(got, tail, strict=True)):
            same(node.item, a, b, f"{path}[-{len(tail) - i}]")
    elif kind == "fixed":
        assert len(got) == len(want), path
        for i, (a, b) in enumerate(zip(got, want, strict=True)):
            same(node.index_items[i], a, b, f"{path}[{i}]")
    else:
        assert (got == want and type(got) is type(want)) or (kind == "num" and got == want), (path, got, want)


@pytest.mark.parametrize("game,players", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_every_observation_decodes_to_its_view(game, players):
    options = {"packs": 2} if game == "flaps" and players > 8 else {}
    env = raw_env(game, players, **options)
    env.reset(seed=players)
    root = env.spec_.observer.root
    rng = np.random.default_rng(players)
    checked = 0
    while True:  # the whole game, every seat's observation after every step and at the end
        for a in env.possible_agents:
            got = env.decode(a, env.observe(a))
            same(root, got, env.state.view(env.agent_name_mapping[a]))
            checked += 1
        if not env.agents or env.terminations[env.agent_selection]:
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert env.state.is_over() and checked > players


def test_decode_gives_the_views_values_and_absolute_seats():
    env = raw_env("flip7", 3)
    env.reset(seed=4)
    for _ in range(6):
        env.step(0)  # hit
    view = env.state.view(2)
    got = env.decode("player_2", env.observe("player_2"))
    for k in ("round", "dealer", "turn", "scores", "draw_count", "over", "winners", "options", "players", "seat"):
        assert got[k] == view[k], k
    assert [s["status"] for s in got["seats"]] == [s["status"] for s in view["seats"]]
