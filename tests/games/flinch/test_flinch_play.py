"""FLINCH over whole games: random-play properties for every variant (every card
accounted for, legal-only transitions inside the fixed action space, views hiding what
the rules hide, JSON round trip, clone, replay), termination, bots, stats and rendering."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fliptable.bots.base import RandomAgent, make_agent
from fliptable.core import Turn, get_game, replay
from fliptable.core.log import Recorder
from fliptable.games.flinch.render import narrate, render
from fliptable.sim.match import play_match

G = get_game("flinch")

TABLES = [
    (2, {}),
    (1, {}),
    (3, {"enforce": "table"}),
    (4, {}),
    (6, {"packs": 1}),
    (4, {"partnership": True, "enforce": "table"}),
    (6, {"partnership": True}),
    (2, {"centre": "ones-and-tens", "enforce": "table"}),
    (3, {"centre": "fives"}),
    (2, {"edition": 150, "reserve_memory": "off"}),
    (5, {"centre": "fives", "edition": 150, "enforce": "table"}),
]


def _check_view(state, seat):
    v = state.view(seat)
    json.dumps(v)
    assert all(set(g) == {"top", "count"} for g in v["game_piles"])
    for q, row in enumerate(v["reserves"]):
        for r in row:
            allowed = {"top", "count"} | ({"cards"} if q == seat and not state.cfg.memory else set())
            assert set(r) <= allowed
    assert v.get("hand") == ([str(c) for c in state.hands[seat]] if seat is not None else None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_random_games_keep_every_card_stay_legal_hide_secrets_and_round_trip(table, seed):
    players, options = table
    rec = Recorder(G, players, options, seed)
    state = rec.state
    deck = Counter(G.deck(players, state.options))
    space = set(G.action_space(players, state.options))
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        d = state.decision()
        assert isinstance(d, Turn)  # claims never stop play: no races
        seat = rng.choice(list(d.actors))
        legal = list(state.legal_actions(seat))
        assert legal and set(legal) <= space and len(set(legal)) == len(legal)
        for other in range(players):
            if other not in d.actors:
                assert state.legal_actions(other) == ()
            elif other in d.claimants:
                assert state.legal_actions(other) == ("challenge",)
        if steps % 11 == 0:
            data = state.to_json()
            assert json.loads(json.dumps(data)) == data
            assert G.state_from_json(data).to_json() == data
            twin = state.clone()
            assert twin.to_json() == data and list(twin.legal_actions(seat)) == legal
            for viewer in [*range(players), None]:
                _check_view(state, viewer)
        action = rng.choice(legal)
        for e in rec.apply(seat, action):
            json.dumps(e.full())
            assert isinstance(narrate(e.for_player(seat)), str)
        assert Counter(state.all_cards()) == deck
        steps += 1
        assert steps < 200_000
    log = rec.finish()
    assert replay(log).to_json() == state.to_json()
    assert state.result().over


def test_random_play_terminates_for_every_table():
    for players, options in TABLES:
        for seed in range(20):
            match = play_match(G, [RandomAgent() for _ in range(players)], options, seed)
            assert match.state.is_over()
            assert match.state.end in ("won", "blocked")


def test_action_space_is_fixed_and_sized_by_the_starters():
    opts = G.resolve_options({})
    space = G.action_space(2, opts)
    assert space == G.action_space(2, opts) and len(set(space)) == len(space)
    assert space[:2] == ("pass", "challenge") and "decline" not in space
    assert "play:hand1>c11" in space and "play:hand1>c12" not in space  # 11 ones in one pack
    tens = G.action_space(4, G.resolve_options({"centre": "ones-and-tens"}))
    assert "play:game>c44" in tens and "play:res1>new" not in tens
    part = G.action_space(4, G.resolve_options({"partnership": True}))
    assert "play:res5@3>c22" in part and "play:game@2>new" in part


# spelled out on purpose: the rule's scenario, step by step
def test_greedy_beats_random_and_never_deviates_in_table_mode():
    wins = 0
    for seed in range(30):
        m = play_match(G, [make_agent(G, "greedy"), RandomAgent()], {}, seed)
        wins += 0 in m.state.winners
    assert wins >= 22
    for seed in range(10):
        m = play_match(G, [make_agent(G, "greedy") for _ in range(3)], {"enforce": "table"}, seed)
        assert m.state.right_challenges == m.state.challenges == 0  # nobody deviates, nobody guesses


def test_greedy_challenges_only_when_sure_and_is_always_right():
    # greedy claims a challenge when a game-pile card was visibly left; random players
    # (seat 1) leave them often; every greedy call is right
    calls = 0
    for seed in range(6):
        agents = [make_agent(G, "greedy"), RandomAgent(), make_agent(G, "greedy:rt=200")]
        state = G.new_state(3, {"enforce": "table"}, seed)
        for k, agent in enumerate(agents):
            agent.reset(G, k, 3, state.options, random.Random(seed * 10 + k))
        while not state.is_over():
            d = state.decision()
            claimed = False
            for seat in d.claimants:
                if seat != 1:
                    answer = agents[seat].claim(state.view(seat), state.legal_actions(seat))
                    if answer is not None:
                        assert answer[0] == "challenge" and answer[1] > 0
                        assert state.deviated()  # a greedy challenge is never a guess
                        calls += 1
                        state.apply(seat, "challenge")
                        claimed = True
                        break
            if claimed:
                continue
            seat = d.player
            action = agents[seat].act(state.view(seat), state.legal_actions(seat))
            if action == "challenge" and seat != 1:
                assert state.deviated()
                calls += 1
            state.apply(seat, action)
    assert calls > 0


def test_greedy_claims_a_visible_neglect_on_the_table():
    # on the table driver, greedy's claim races the random offender's next action
    from fliptable.sim.match import play_match

    rights = calls = 0
    for seed in range(10):
        m = play_match(G, [RandomAgent(), make_agent(G, "greedy:rt=150")], {"enforce": "table"}, seed)
        rights += m.state.right_challenges
        calls += m.state.challenges
    assert rights > 0


def test_greedy_plays_partnership_and_variants():
    for options in ({"partnership": True}, {"centre": "fives"}, {"centre": "ones-and-tens"}, {"edition": 150}):
        players = 4 if options.get("partnership") else 2
        m = play_match(G, [make_agent(G, "greedy") for _ in range(players)], options, 5)
        assert m.state.is_over()


def test_stats_turns_draws_and_challenges_in_table_mode():
    totals: dict[str, float] = {}
    games = 8
    for seed in range(games):
        m = play_match(G, [RandomAgent() for _ in range(3)], {"enforce": "table"}, seed)
        for k, v in G.stats(m.state).items():
            totals[k] = totals.get(k, 0.0) + v
    out = G.summarize_stats(totals, games, 3)
    assert out["mean_turns"] > 0 and 0 <= out["draw_rate"] <= 1 and out["cap_rate"] == 0
    assert "win_rate_by_seat" not in out and "team_win_rate" not in out  # simulate's win_rate says it
    assert out["challenges_per_game"] > 0
    strict = G.summarize_stats(G.stats(play_match(G, [RandomAgent()] * 2, {}, 1).state), 1, 2)
    assert "challenges_per_game" not in strict


def test_stats_partnership_team_win_rate_is_per_team_and_win_rate_per_seat():
    # simulate's win_rate: per seat, a win shared by the k winners counts 1/k to each;
    # stats.team_win_rate: per team, the share of games the team won
    from fliptable.sim.simulate import simulate

    out = simulate("flinch", 40, players=4, options={"partnership": True}, seed=3)
    team = out["stats"]["team_win_rate"]
    assert len(team) == 2 and abs(sum(team) + out["stats"]["draw_rate"] + out["stats"]["cap_rate"] - 1) < 1e-9
    assert abs(out["win_rate"][0] + out["win_rate"][2] - team[0]) < 1e-9
    assert abs(out["win_rate"][0] - out["win_rate"][2]) < 1e-9  # partners share every win
    assert "win_rate_by_seat" not in out["stats"]


def test_render_shows_the_whole_layout_for_the_seat():
    s = G.new_state(4, {"partnership": True, "reserve_memory": "off", "enforce": "table"}, 3)
    rng = random.Random(3)
    for _ in range(40):
        d = s.decision()
        seat = d.players[0]
        s.apply(seat, rng.choice(list(s.legal_actions(seat))))
    text = render(s.view(0), 0)
    assert "Centre:" in text and "Stack:" in text and "game pile" in text and "(partner)" in text
    assert ("Your hand:" in text) and "Your hand:" not in render(s.view(None), None)
    while not s.is_over():
        d = s.decision()
        seat = d.players[0]
        s.apply(seat, rng.choice(list(s.legal_actions(seat))))
    assert "Game over" in render(s.view(1), 1)


def test_render_and_narrate_a_challenge():
    from .test_flinch_rules import skipped_five

    s = skipped_five(enforce="table")
    events = s.apply(1, "play:hand1>c2")
    assert 'may call "Challenge!"' in render(s.view(2), 2) and "game-pile card was playable" in render(s.view(0), 0)
    window = next(e for e in events if e.type == "window")
    assert narrate(window.for_player(2)) == (
        "Seat 1 may be challenged for play:hand>c2 — the game-pile card was playable."
    )
    events = s.apply(0, "challenge")
    done = next(e.for_player(None) for e in events if e.type == "challenge_resolved")
    assert narrate(done).startswith('Seat 0 calls "Challenge!" on seat 1: right;')
    assert "Challenge" not in render(s.view(2), 2)
