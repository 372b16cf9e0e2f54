"""OpenSpiel adapter: pyspiel.random_sim_test for every game, and what the adapter adds."""

import json
import pickle

import numpy as np
import pyspiel  # the dev extra installs open-spiel (tests here never skip)
import pytest

from fliptable.adapters.openspiel import register, short_name
from fliptable.core.registry import all_game_ids, get_game

#: the fewest decisions a small table's declared bound is cut down to (a short game, still a game)
SHORT = 100


def small_table(game_id):
    """A small table of a registered game, from the game's own facts (so a new game needs no
    entry here): two seats (one for a solo game), and each int option at the value that
    makes the game's declared bound (``max_decisions``) smallest while at least SHORT
    decisions, where that is below the default's (Flip 7's ``round_limit``, Flush's
    ``rounds``, FLAPS' ``level``, the cards Fly-swatter removes)."""
    game = get_game(game_id)
    players = min(max(2, game.min_players), game.max_players)
    params = {"players": players}
    for o in game.options:
        if o.kind != "int":
            continue

        def bound(value, name=o.name):
            return game.max_decisions(players, game.resolve_options({name: value}))

        if bound(o.min) == bound(o.max):
            continue
        values = range(o.min, o.max + 1) if bound(o.min) < bound(o.max) else range(o.max, o.min - 1, -1)
        value = next((v for v in values if bound(v) >= SHORT), o.default)
        if bound(value) < bound(o.default):
            params[o.name] = value
    return params


#: small tables keep random_sim_test fast; every game is covered
SMALL = {game: small_table(game) for game in all_game_ids()}


@pytest.fixture(scope="module", autouse=True)
def registered():
    return register()


def test_every_game_is_registered(registered):
    assert sorted(registered) == sorted(short_name(g) for g in all_game_ids())
    assert "python_fliptable_go_to_the_store" in pyspiel.registered_names()
    game = pyspiel.load_game("python_fliptable_flip7")
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == game.spec_.num_actions + 1


@pytest.mark.parametrize("game", sorted(SMALL))
def test_random_sim_test(game):
    g = pyspiel.load_game(short_name(game), SMALL[game])
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)
    # and the game really was played: some moves, and returns summing to zero
    s = g.new_initial_state(7)
    rng = np.random.default_rng(0)
    while not s.is_terminal():
        s.apply_action(int(rng.choice(s.legal_actions())))
    assert len(s.history()) > 1
    if g.num_players() > 1:  # one seat: the game's own outcome (general-sum)
        assert sum(s.returns()) == pytest.approx(0.0)
    else:
        assert s.returns() in ([1.0], [-1.0])


def test_flinch_partnership_plays_with_information_states():
    """Issue 24: a play from a partner's reserve (play:resK@S>cN) crashed the
    information-state encoder, so every FLINCH partnership game failed."""
    g = pyspiel.load_game("python_fliptable_flinch", {"players": 4, "partnership": True})
    pyspiel.random_sim_test(g, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game", sorted(SMALL))
def test_random_sim_test_serialized_with_explicit_chance(game):
    """chance=explicit: OpenSpiel's serialize_game_and_state / deserialize_game_and_state
    round trip (checked by random_sim_test at every early and power-of-two step)."""
    g = pyspiel.load_game(short_name(game), {**SMALL[game], "chance": "explicit", "deals": 64})
    assert g.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_explicit_chance_is_one_opening_node_choosing_the_deal():
    sampled = pyspiel.load_game("python_fliptable_authors", {"players": 3, "seed": 9})
    g = pyspiel.load_game("python_fliptable_authors", {"players": 3, "seed": 9, "chance": "explicit", "deals": 8})
    assert g.max_chance_outcomes() == 8
    s = g.new_initial_state()
    assert s.is_chance_node() and s.current_player() == pyspiel.PlayerId.CHANCE
    assert s.chance_outcomes() == [(k, 1 / 8) for k in range(8)]
    assert s.observation_tensor(0) == [0.0] * g.observation_tensor_size()
    s.apply_action(3)
    assert not s.is_chance_node() and s.history() == [3]
    # deal k is the game the sampled mode deals k-th from the same seed
    # (a sampled state is dealt when first used, and the Python bridge makes states of
    # its own: deal until the 4th, deal 3)
    dealt = []
    while sampled.dealer.dealt < 4:
        dealt.append(sampled.new_initial_state())
        assert dealt[-1].current_player() != pyspiel.PlayerId.CHANCE
    same = dealt[-1]
    assert json.dumps(s.play.fstate.to_json()) == json.dumps(same.play.fstate.to_json())
    assert json.dumps(s.play.fstate.to_json()) != json.dumps(dealt[2].play.fstate.to_json())
    other = g.new_initial_state()
    other.apply_action(4)
    assert other.observation_string(0) != s.observation_string(0)


def test_serialize_game_and_state_round_trips_with_the_same_future():
    g = pyspiel.load_game("python_fliptable_flush", {"players": 3, "rounds": 1, "chance": "explicit"})
    s = g.new_initial_state()
    s.apply_action(17)
    rng = np.random.default_rng(4)
    for _ in range(40):
        s.apply_action(int(rng.choice(s.legal_actions())))
    text = pyspiel.serialize_game_and_state(g, s)
    g2, d = pyspiel.deserialize_game_and_state(text)
    assert str(g2) == str(g) and d.history() == s.history() and str(d) == str(s)
    # spelled out on purpose: each adapter test's own scenario, step by step
    for p in range(3):
        assert d.information_state_tensor(p) == s.information_state_tensor(p)
    while not s.is_terminal():
        a = int(rng.choice(s.legal_actions()))
        s.apply_action(a)
        d.apply_action(a)
        assert str(d) == str(s)
    assert d.returns() == s.returns()


def test_a_bad_chance_parameter_says_what_is_accepted():
    with pytest.raises(Exception, match="chance='dice': accepted values are explicit and sampled"):
        pyspiel.load_game("python_fliptable_flip7", {"chance": "dice"})
    with pytest.raises(Exception, match="deals=0"):
        pyspiel.load_game("python_fliptable_flip7", {"chance": "explicit", "deals": 0})
    with pytest.raises(Exception, match="deals=1000000000: the number of deals must be 1 to 1048576"):
        pyspiel.load_game("python_fliptable_flip7", {"chance": "explicit", "deals": 10**9})
    with pytest.raises(Exception, match="deals=8 applies only with chance=explicit"):
        pyspiel.load_game("python_fliptable_flip7", {"deals": 8})


def test_clone_is_independent_and_has_the_same_future():
    g = pyspiel.load_game("python_fliptable_flip7", {"players": 3})
    s = g.new_initial_state(5)
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert s.history() == [] and len(c.history()) == 1
    s.apply_action(s.legal_actions()[0])
    assert str(s) == str(c)  # same action, same chance
    assert s.observation_tensor(0) == c.observation_tensor(0)


def test_states_are_dealt_differently_and_exact_seeds_repeat():
    g = pyspiel.load_game("python_fliptable_authors", {"players": 3})

    def deal(s):
        return json.dumps(s.play.fstate.to_json()["state"])

    assert deal(g.new_initial_state()) != deal(g.new_initial_state())
    assert deal(g.new_initial_state(11)) == deal(g.new_initial_state(11))


def test_serialise_and_pickle_round_trip():
    g = pyspiel.load_game("python_fliptable_flush", {"players": 3, "rounds": 1})
    s = g.new_initial_state(3)
    rng = np.random.default_rng(1)
    for _ in range(25):
        s.apply_action(int(rng.choice(s.legal_actions())))
    d = g.deserialize_state(s.serialize())
    assert str(d) == str(s) and d.history() == s.history()
    for p in range(3):
        assert d.information_state_string(p) == s.information_state_string(p)
        assert d.information_state_tensor(p) == s.information_state_tensor(p)
    # the same future: both continue identically
    a = int(rng.choice(s.legal_actions()))
    s.apply_action(a)
    d.apply_action(a)
    assert str(d) == str(s)
    u = pickle.loads(pickle.dumps(s.play))
    assert json.dumps(u.fstate.to_json()) == json.dumps(s.play.fstate.to_json())


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
@pytest.mark.parametrize("game", sorted(SMALL))
def test_states_pickle_in_both_chance_modes_with_the_same_future(game, chance):
    """pyspiel's own State pickling needs serialize_game_and_state, which fails for a
    sampled-stochastic Python game (issue 24); the state pickles by its game's name,
    parameters and serialisation instead: mid-game (after the deal's chance node in the
    explicit mode) it comes back with the same history, strings and future."""
    g = pyspiel.load_game(short_name(game), {**SMALL[game], "chance": chance})
    s = g.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(12):
        if s.is_terminal():
            break
        s.apply_action(int(rng.choice(s.legal_actions())))
    u = pickle.loads(pickle.dumps(s))
    assert type(u) is type(s) and u.history() == s.history()
    assert str(u.get_game()) == str(g)
    # spelled out on purpose: each adapter test's own scenario, step by step
    for p in range(g.num_players()):
        assert u.information_state_string(p) == s.information_state_string(p)
    while not s.is_terminal():
        a = int(rng.choice(s.legal_actions()))
        s.apply_action(a)
        u.apply_action(a)
        assert str(u) == str(s)
    assert u.returns() == s.returns()
    fresh = pickle.loads(pickle.dumps(g.new_initial_state()))  # not dealt yet (or a chance node)
    assert fresh.history() == [] and fresh.is_chance_node() == (chance == "explicit")


def test_each_loaded_game_owns_its_deal_counter():
    """Two games loaded with the same parameters deal the same sequence, each from its
    own count (issue 24: they shared one, so one game's deals moved the other's)."""
    params = {"players": 3, "seed": 4}
    a = pyspiel.load_game("python_fliptable_authors", params)
    first = [a.new_initial_state().observation_string(0) for _ in range(3)]
    b = pyspiel.load_game("python_fliptable_authors", params)
    assert [b.new_initial_state().observation_string(0) for _ in range(3)] == first
    assert len(set(first)) == 3


def test_tensors_and_strings_per_seat():
    g = pyspiel.load_game("python_fliptable_go_to_the_store", {"players": 3})
    s = g.new_initial_state(2)
    assert len(s.observation_tensor(0)) == g.observation_tensor_size()
    assert len(s.information_state_tensor(0)) == g.information_state_tensor_size()
    assert g.information_state_tensor_size() > g.observation_tensor_size()
    # a seat sees its own hand, not another's
    v0, v1 = json.loads(s.observation_string(0)), json.loads(s.observation_string(1))
    assert v0["hand"] != v1["hand"] or v0["seat"] != v1["seat"]
    assert s.observation_tensor(0) != s.observation_tensor(1)
    info = json.loads(s.information_state_string(1))
    assert info["seat"] == 1 and info["moves"] == []


def test_resample_gives_every_seat_a_history_consistent_with_the_new_deal():
    """Issue 24: the other seats kept their real event histories, so their information
    state strings showed the real deal. Now: the resampling seat's history is kept, and
    every other seat's restarts from the public events plus its view of the new deal."""
    g = pyspiel.load_game("python_fliptable_go_to_the_store", {"players": 3})
    s = g.new_initial_state(4)
    rng = np.random.default_rng(2)
    for _ in range(20):
        s.apply_action(int(rng.choice(s.legal_actions())))
    seat = s.current_player()
    other = (seat + 1) % 3
    public = s.play.history.public
    real = json.loads(s.information_state_string(other))
    assert real["events"] != public and real["moves"]  # it saw private events, and moved
    r = s.resample_from_infostate(seat, lambda: 0.25)
    assert r.information_state_string(seat) == s.information_state_string(seat)
    assert r.information_state_tensor(seat) == s.information_state_tensor(seat)
    redealt = json.loads(r.information_state_string(other))
    assert redealt["events"] == public and redealt["moves"] == []
    assert redealt["redealt"] == json.loads(r.observation_string(other))  # its hand in the new deal
    assert redealt["redealt"]["hand"] != json.loads(s.observation_string(other))["hand"]
    # the history goes on from there as that seat sees the new deal
    while not r.is_terminal():
        r.apply_action(int(rng.choice(r.legal_actions())))
    after = json.loads(r.information_state_string(other))
    assert after["events"][: len(public)] == public and after["redealt"] == redealt["redealt"]
    later, later_public = after["events"][len(public) :], r.play.history.public[len(public) :]
    assert len(later) == len(later_public) > 0
    assert all(seen.items() >= pub.items() for seen, pub in zip(later, later_public, strict=True))


#: tables where SMALL's two seats hid the ISMCTS crash, or leave seat 0 no choice (Muggins' one round)
BIGGER = {
    "muggins": {"players": 3, "round_limit": 3},
    "go-to-the-store": {"players": 3},
    "flush": {"players": 3},
    "flaps": {"players": 3},
}

#: every game's table for resampling and search, and FLINCH's Partnership Game
TABLES = [(game, {**SMALL[game], **BIGGER.get(game, {})}) for game in sorted(SMALL)]
TABLES.append(("flinch", {"players": 4, "partnership": True}))


@pytest.mark.parametrize("game,params", TABLES, ids=[f"{g}-{p['players']}" for g, p in TABLES])
def test_resample_gives_every_seat_of_every_game_a_history_of_the_new_deal(game, params):
    """Issue 24, in every game: after resample_from_infostate the resampling seat's
    information state is unchanged, and every other seat's is the public events plus its
    own view of the new deal (``redealt``); the resampled game plays on to its end."""
    g = pyspiel.load_game(short_name(game), params)
    checked = 0
    for seed in range(6):
        s = g.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(2 + 3 * seed):
            if s.is_terminal():
                break
            s.apply_action(int(rng.choice(s.legal_actions())))
        if s.is_terminal():
            continue
        seat = s.current_player()
        r = s.resample_from_infostate(seat, lambda: 0.7)
        assert r.information_state_string(seat) == s.information_state_string(seat)
        assert r.information_state_tensor(seat) == s.information_state_tensor(seat)
        for q in range(g.num_players()):
            if q != seat:
                info = json.loads(r.information_state_string(q))
                assert info["redealt"] == json.loads(r.observation_string(q)), (seed, q)
                assert info["events"] == r.play.history.public and info["moves"] == [], (seed, q)
        while not r.is_terminal():
            r.apply_action(int(rng.choice(r.legal_actions())))
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game,params", TABLES[:-1], ids=sorted(SMALL))
def test_openspiels_own_ismcts_plays_every_game_to_the_end_with_its_default_settings(game, params):
    """Issue 24: OpenSpiel's ISMCTSBot with its default settings (information-state keys,
    consistent action sets, unlimited world samples) and its default evaluator (random
    rollouts) crashed with KeyError on FLINCH, Authors, Go to the Store, Flush and FLAPS,
    the other seats' real histories making one key's legal actions differ between
    resamples. Every seat now searches every decision with a choice, to the end of a game
    of each (a few simulations a decision keep this short)."""
    from open_spiel.python.algorithms import ismcts, mcts

    g = pyspiel.load_game(short_name(game), params)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(random_state=rng)
    bots = [
        ismcts.ISMCTSBot(g, evaluator, uct_c=2.0, max_simulations=8, random_state=rng) for _ in range(g.num_players())
    ]
    s = g.new_initial_state(0)
    searched = [0] * g.num_players()
    while not s.is_terminal():
        legal = s.legal_actions()
        seat = s.current_player()
        if len(legal) > 1:
            action = bots[seat].step(s)
            assert action in legal
            searched[seat] += 1
        else:
            action = legal[0]
        s.apply_action(action)
    # a seat may never have had a choice in a short game (Muggins: seen once), so no
    # seat-by-seat count: the searches ran, and none crashed
    assert sum(searched) >= 2, searched
    assert len(s.returns()) == g.num_players()


def test_resample_keeps_what_the_seat_sees():
    g = pyspiel.load_game("python_fliptable_authors", {"players": 3})
    s = g.new_initial_state(4)
    rng = np.random.default_rng(2)
    for _ in range(10):
        s.apply_action(int(rng.choice(s.legal_actions())))
    seat = s.current_player()
    r = s.resample_from_infostate(seat, None)
    assert r.observation_string(seat) == s.observation_string(seat)
    assert r.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("game,params", [("flinch", {}), ("patience", {}), ("flip7", {"round_limit": 30})])
def test_one_seat_returns_are_the_games_own_outcome(game, params):
    """Issue 24: one seat was always returned 0; now the game's own outcome (a win 1 or
    a loss -1; Flip 7 alone: how soon 200 was reached), and the game is general-sum
    (OpenSpiel checks a zero-sum game's returns)."""
    from tests.adapters.test_gymnasium import solo_reward

    g = pyspiel.load_game(short_name(game), {"players": 1, **params})
    assert g.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    if get_game(game).max_players > 1:
        two = pyspiel.load_game(short_name(game), {"players": 2})
        assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    seen = set()
    for seed in range(6):
        s = g.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal():
            s.apply_action(int(rng.choice(s.legal_actions())))
        want = solo_reward(s.play.fstate.result(), s.play.fstate.options)
        assert s.returns() == [pytest.approx(want)]
        seen.add(want)
    if game == "flinch":
        assert seen == {1.0, -1.0}
