"""The kernel contract, proved on the small Snap game: turns, races, simultaneous
commits, checked apply, views, events, JSON round trip, logs and replay."""

import json
import re

import pytest

from fliptable.bots.base import Agent, RandomAgent, make_agent, parse_bot_spec
from fliptable.core import (
    BotSpecError,
    DeckError,
    IllegalAction,
    LogError,
    OptionError,
    Over,
    PlayerCountError,
    Race,
    ReplayError,
    Simultaneous,
    Turn,
    UnknownGame,
    get_game,
    parse_log,
    parse_option_pairs,
    replay,
)
from fliptable.core.log import GameLog, Recorder
from fliptable.core.registry import load_state
from fliptable.sim.match import BotError, play_match

# 1 1 → a match on seat 1's flip opens a race
DECK = ["1", "1", "2", "3", "4", "5", "2", "3", "4", "5", "1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]


def test_turns_go_round_and_flip_reveals_in_deck_order(snap):
    s = snap.new_state(2, deck=DECK)
    assert s.decision() == Turn(0)
    events = s.apply(0, "flip")
    assert [e.full() for e in events] == [{"type": "flip", "player": 0, "card": "1"}]
    assert s.decision() == Turn(1)


def test_race_first_action_wins_and_default_closes(snap):
    s = snap.new_state(3, deck=DECK)
    s.apply(0, "flip")
    s.apply(1, "flip")
    d = s.decision()
    assert isinstance(d, Race) and d.players == (0, 1, 2) and d.default == "close"
    s.apply(2, "snap")
    assert s.result().scores == (0, 0, 2)
    assert s.decision() == Turn(2)
    # a second window, closed by the clock
    t = snap.new_state(3, deck=DECK)
    t.apply(0, "flip")
    t.apply(1, "flip")
    t.apply(0, "pass")
    assert t.decision().players == (1, 2)
    t.apply(None, "close")
    assert t.decision() == Turn(2) and t.result().scores == (0, 0, 0)


def test_race_closes_itself_when_every_player_declines(snap):
    s = snap.new_state(2, deck=DECK)
    s.apply(0, "flip")
    s.apply(1, "flip")
    s.apply(1, "pass")
    s.apply(0, "pass")
    assert s.decision() == Turn(0)


def test_simultaneous_commits_are_secret_until_all_have_committed(snap):
    s = snap.new_state(2, deck=DECK)
    for p in (0, 1, 0, 1, 0):
        s.apply(p, "flip")
        if isinstance(s.decision(), Race):
            s.apply(None, "close")
    d = s.decision()
    assert isinstance(d, Simultaneous) and d.players == (0, 1)
    events = s.apply(0, "odd")
    assert events[0].for_player(1) == {"type": "guess", "player": 0}
    assert events[0].for_player(0)["guess"] == "odd"
    assert events[0].for_player(None) == {"type": "guess", "player": 0}
    assert s.view(1)["my_guess"] is None and s.view(0)["my_guess"] == "odd"
    assert s.decision() == Simultaneous((1,))
    with pytest.raises(IllegalAction, match="may not act now"):
        s.apply(0, "even")
    s.apply(1, "even")  # next card is "5": odd
    assert s.result().scores == (1, 0)


def test_illegal_actions_are_rejected_with_a_reason_and_change_nothing(snap):
    s = snap.new_state(2, deck=DECK)
    before = json.dumps(s.to_json())
    cases = [
        ((1, "flip"), "player 1 may not act now"),
        ((0, "snap"), "snap only when the flipped card matches"),
        ((0, "dance"), "legal now: flip"),
        ((5, "flip"), "no player 5"),
        ((None, "flip"), "no race is open now"),
        ((0, 3), "must be text"),
    ]
    for (player, action), message in cases:
        with pytest.raises(IllegalAction, match=message):
            s.apply(player, action)
        assert json.dumps(s.to_json()) == before


def test_game_over_accepts_nothing(snap):
    s = snap.new_state(1, deck=DECK)
    while not s.is_over():
        d = s.decision()
        s.apply(
            None if isinstance(d, Race) else d.players[0],
            "close" if isinstance(d, Race) else s.legal_actions(d.players[0])[0],
        )
    assert s.decision() == Over()
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply(0, "flip")


def test_json_round_trip_is_exact_including_the_rng(snap):
    s = snap.new_state(3, seed=7)
    s.apply(0, "flip")
    data = json.loads(json.dumps(s.to_json()))
    t = snap.state_from_json(data)
    assert t.to_json() == s.to_json()
    assert t.rng.random() == s.rng.random()
    assert load_state(data).to_json() == data


def test_options_schema_defaults_and_errors(snap):
    assert snap.resolve_options({}) == {"window_ms": 1000.0}
    assert snap.resolve_options({"window_ms": "250"}) == {"window_ms": 250.0}
    with pytest.raises(OptionError, match="snap has no option 'speed'; its options: window_ms="):
        snap.new_state(2, {"speed": "1"})
    with pytest.raises(OptionError, match=re.escape("accepted: a number in 1..")):
        snap.new_state(2, {"window_ms": "0"})
    with pytest.raises(OptionError, match="write key=value"):
        parse_option_pairs(["window_ms"])


def test_player_count_and_unknown_game_errors(snap):
    with pytest.raises(PlayerCountError, match="snap takes 1 to 4 players, not 5"):
        snap.new_state(5)
    with pytest.raises(UnknownGame, match=r"unknown game 'nope'; games: .*flip7"):
        get_game("nope")


def test_explicit_deck_must_be_exactly_the_games_deck(snap):
    with pytest.raises(DeckError, match="missing 5×1; extra 1×1"):
        snap.new_state(2, deck=[*DECK[:-1], "1"])
    with pytest.raises(DeckError, match="unknown card 'joker'"):
        snap.new_state(2, deck=[*DECK[:-1], "joker"])
    with pytest.raises(DeckError, match="got 19"):
        snap.new_state(2, deck=DECK[:-1])


def test_seed_decides_the_shuffle(snap):
    assert snap.new_state(2, seed=1).to_json() == snap.new_state(2, seed=1).to_json()
    assert snap.new_state(2, seed=1).to_json() != snap.new_state(2, seed=2).to_json()


def test_action_ids_and_masks(snap):
    s = snap.new_state(2, deck=DECK)
    assert snap.action_index(2, s.options) == {"flip": 0, "snap": 1, "pass": 2, "odd": 3, "even": 4}
    assert s.action_mask(0) == [True, False, False, False, False]
    assert s.action_mask(1) == [False] * 5


def test_log_records_and_replays_to_the_identical_state(snap):
    rec = Recorder(snap, 3, seed=11)
    agent_rng = __import__("random").Random(0)
    while not rec.state.is_over():
        d = rec.state.decision()
        p = d.players[int(agent_rng.random() * len(d.players))]
        rec.apply(p, agent_rng.choice(rec.state.legal_actions(p)))
    log = rec.finish()
    again = replay(parse_log(json.loads(log.dumps())))
    assert again.to_json() == rec.state.to_json()
    assert log.result["scores"] == list(again.result().scores)


def test_replay_names_the_index_of_an_illegal_action(snap):
    log = GameLog("snap", {}, 2, 0, [[0, "flip"], [0, "flip"]], deck=DECK)
    with pytest.raises(ReplayError, match=r"action 1: .*may not act now") as info:
        replay(log)
    assert info.value.index == 1


@pytest.mark.parametrize(
    "data, message",
    [
        ([], "must be a JSON object"),
        ({"format": "x", "game": "snap", "players": 2, "seed": 0, "actions": []}, "unknown log format"),
        ({"game": "snap", "seed": 0, "actions": []}, "no 'players'"),
        ({"game": "snap", "players": 2, "seed": 0, "actions": [[0]]}, "action 0 must be"),
        ({"game": "snap", "players": 2, "seed": 0, "actions": [], "deck": "1 2"}, "deck must be"),
    ],
)
def test_malformed_logs_are_rejected(snap, data, message):
    with pytest.raises(LogError, match=message):
        parse_log(data)


def test_a_log_with_a_wrong_deck_is_rejected(snap):
    log = GameLog("snap", {}, 2, 0, [], deck=["1"] * 20)
    with pytest.raises(LogError, match="set-up is invalid: the deck must be exactly"):
        replay(log)


class Fast(Agent):
    """Snaps after ``ms`` milliseconds, flips on its turn."""

    def __init__(self, ms):
        self.ms = ms

    def act(self, view, legal):
        return legal[0]

    def react(self, view, legal):
        return "snap", self.ms


def test_driver_gives_a_race_to_the_fastest_reaction(snap):
    for seed in range(5):
        r = play_match(snap, [Fast(300), Fast(100), Fast(200)], seed=seed, record=True)
        snaps = [p for p, a in r.log.actions if a == "snap"]
        assert snaps and set(snaps) == {1}


def test_driver_applies_the_default_when_nobody_beats_the_clock(snap):
    r = play_match(snap, [Fast(5000), Fast(7000)], options={"window_ms": 1000}, seed=1, record=True)
    assert [None, "close"] in r.log.actions
    assert not any(a == "snap" for _, a in r.log.actions)


def test_driver_breaks_exact_ties_with_the_seeded_rng(snap):
    winners = set()
    for seed in range(30):
        r = play_match(snap, [Fast(100), Fast(100)], seed=seed, record=True)
        winners |= {p for p, a in r.log.actions if a == "snap"}
        again = play_match(snap, [Fast(100), Fast(100)], seed=seed, record=True)
        assert again.log.actions == r.log.actions
    assert winners == {0, 1}


def test_driver_rejects_a_bot_that_plays_illegally(snap):
    class Bad(Agent):
        def act(self, view, legal):
            return "dance"

    with pytest.raises(BotError, match="chose illegal 'dance'"):
        play_match(snap, [Bad(), RandomAgent()], seed=0)


def test_bot_specs(snap):
    assert parse_bot_spec("threshold:25") == ("threshold", {"value": "25"})
    assert parse_bot_spec("swatter:rt=250,err=0.05") == ("swatter", {"rt": "250", "err": "0.05"})
    assert make_agent(snap, "random").name == "random"
    with pytest.raises(BotSpecError, match="unknown bot 'wizard' for snap; bots: ismcts, random"):
        make_agent(snap, "wizard")
    with pytest.raises(BotSpecError, match="is not key=value"):
        parse_bot_spec("x:a=1,b")
    with pytest.raises(BotSpecError, match="empty"):
        parse_bot_spec(" ")
    with pytest.raises(BotSpecError, match="nothing after ':'"):
        parse_bot_spec("threshold:")


def test_an_events_copies_for_each_seat_share_nothing():
    # Event.for_player and Event.full copy nested data too: editing what one seat was
    # told never changes what another is told, nor the event itself
    from fliptable.core.events import Event

    event = Event("deal", {"counts": [3, 3], "piles": {"0": [1, 2]}}, {"hand": [["5", "6"]]}, (0,))
    told = [event.for_player(0), event.for_player(1), event.for_player(None), event.full()]
    for copy in told:
        copy["counts"].append(9)
        copy["piles"]["0"].append(9)
        for row in copy.get("hand", ()):
            row.append("9")
    assert event.for_player(1) == {"type": "deal", "counts": [3, 3], "piles": {"0": [1, 2]}}
    assert event.for_player(0)["hand"] == [["5", "6"]] and event.full()["hand"] == [["5", "6"]]
    assert event.data == {"counts": [3, 3], "piles": {"0": [1, 2]}} and event.secret == {"hand": [["5", "6"]]}
    # read(): the same filter, without the copies (for readers that neither edit nor keep)
    assert [event.read(p) for p in (0, 1, None)] == [event.for_player(p) for p in (0, 1, None)]
    assert "hand" not in event.read(1)


def test_a_game_defines_its_legality_behind_the_kernels_seat_check():
    # State.legal_actions checks the seat (an int of the table: not True, not 1.0) once
    # for every game, then asks the game's _legal_actions; a game cannot bypass it
    from fliptable.core import SeatError, State
    from fliptable.core.game import check_seat

    with pytest.raises(TypeError, match="define _legal_actions"):
        type("Bypass", (State,), {"legal_actions": lambda self, player: ()})
    assert check_seat(2, 3) == 2
    for bad in (True, False, 1.0, -1, 3, None, "1"):
        with pytest.raises(SeatError, match="seats are the integers 0 to 2"):
            check_seat(bad, 3)
