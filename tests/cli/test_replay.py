"""`fliptable replay`: good logs, malformed logs (exit 2) and illegal actions (exit 1)."""

import json

import pytest

from fliptable.bots.base import make_agent
from fliptable.core.registry import get_game
from fliptable.sim.match import play_match

from .helpers import one_line_error, run


def _write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_replay_json(capsys, tmp_path, flip7_log):
    code, out, err = run(capsys, "replay", _write(tmp_path, flip7_log), "--json")
    assert code == 0, err
    assert json.loads(out) == {
        "over": True,
        "scores": flip7_log["result"]["scores"],
        "winners": flip7_log["result"]["winners"],
        "actions_applied": len(flip7_log["actions"]),
    }


def test_replay_summary(capsys, tmp_path, flip7_log):
    code, out, _ = run(capsys, "replay", _write(tmp_path, flip7_log))
    assert code == 0
    assert f"{len(flip7_log['actions'])} actions replayed, all legal; game over" in out
    assert "winners: seat" in out


def test_a_partial_log_replays_to_a_game_in_progress(capsys, tmp_path, flip7_log):
    partial = dict(flip7_log, actions=flip7_log["actions"][:5], result=None)
    code, out, _ = run(capsys, "replay", _write(tmp_path, partial), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["over"] is False and data["actions_applied"] == 5


def test_a_log_with_an_explicit_deck_replays(capsys, tmp_path):
    game = get_game("flip7")
    deck = game.cards.format_deck(game.deck(2, {}))  # unshuffled: table order, top card first
    match = play_match(game, [make_agent(game, "ev") for _ in range(2)], None, 5, deck=deck, record=True)
    code, out, err = run(capsys, "replay", _write(tmp_path, match.log.to_json()), "--json")
    assert code == 0, err
    assert json.loads(out)["scores"] == list(match.state.result().scores)


def test_an_illegal_action_exits_1_naming_its_index(capsys, tmp_path, flip7_log):
    bad = json.loads(json.dumps(flip7_log))
    bad["actions"][6][1] = "swat"
    code, _, err = run(capsys, "replay", _write(tmp_path, bad))
    one_line_error(code, err, 1)
    assert "action 6" in err and "'swat'" in err and "legal now" in err


def test_an_action_by_the_wrong_player_exits_1(capsys, tmp_path, flip7_log):
    bad = json.loads(json.dumps(flip7_log))
    seat, action = bad["actions"][3]
    bad["actions"][3] = [(seat + 1) % 3, action]
    code, _, err = run(capsys, "replay", _write(tmp_path, bad), "--json")
    one_line_error(code, err, 1)
    assert "action 3" in err and "may not act now" in err


def test_a_recorded_result_that_the_replay_contradicts_exits_1(capsys, tmp_path, flip7_log):
    bad = json.loads(json.dumps(flip7_log))
    bad["result"]["scores"] = [0, 0, 0]
    code, _, err = run(capsys, "replay", _write(tmp_path, bad))
    one_line_error(code, err, 1)
    assert "the log records [0, 0, 0]" in err


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda d: d.update(deck=["0"] * 94), "the deck must be exactly the game's 94 cards"),
        (lambda d: d.update(deck=["7"]), "the deck must be exactly the game's 94 cards (got 1)"),
        (lambda d: d.update(deck=["joker"] * 94), "unknown card 'joker'"),
        (lambda d: d.update(deck="7 8 9"), "deck must be null or a list"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.update(players=13), "1 to 12 players"),
        (lambda d: d.update(players="four"), "players must be an integer"),
        (lambda d: d.update(options={"rules": "house"}), "accepted: rulebook|official"),
        (lambda d: d.update(options={"speed": 1}), "no option 'speed'"),
        (lambda d: d.update(format="fliptable-log/9"), "unknown log format"),
        (lambda d: d.pop("actions"), "no 'actions'"),
        (lambda d: d.update(actions=[["0", "hit"]]), 'action 0 must be [player, "action"]'),
        (lambda d: d.update(rules_version="0"), "rules version"),
    ],
)
def test_malformed_logs_exit_2_with_one_line(capsys, tmp_path, flip7_log, change, says):
    bad = json.loads(json.dumps(flip7_log))
    change(bad)
    code, out, err = run(capsys, "replay", _write(tmp_path, bad), "--json")
    one_line_error(code, err)
    assert says in err and out == ""


@pytest.mark.parametrize(
    "text, says",
    [
        ("{not json", "is not valid JSON"),
        ("[1, 2]", "a log must be a JSON object"),
        ("", "is not valid JSON"),
    ],
)
def test_files_that_are_not_logs_exit_2(capsys, tmp_path, text, says):
    code, _, err = run(capsys, "replay", _write(tmp_path, text))
    one_line_error(code, err)
    assert says in err


def test_a_binary_file_exits_2(capsys, tmp_path):
    path = tmp_path / "log.json"
    path.write_bytes(b"\xff\xfe\x00 not text")
    code, _, err = run(capsys, "replay", str(path))
    one_line_error(code, err)
    assert "not UTF-8 text" in err


def test_a_folder_is_not_a_log(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path))
    one_line_error(code, err)
    assert "cannot read log" in err


def test_a_missing_log_file_exits_2(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    one_line_error(code, err)
    assert "cannot read log" in err
