"""Bad input from a fuzzing run (issue 8, "Command and files"): every one is one line on
stderr and exit 2 (1 for a log that replays to an illegal action or to another result),
never a traceback, and nothing is changed."""

import json

import pytest

from fliptable.bots.base import make_agent
from fliptable.core.registry import all_game_ids, get_game
from fliptable.sim.match import play_match
from fliptable.tui.plain import run_plain

from .helpers import one_line_error, run

#: an error message quotes at most a short prefix of the input: well under this
SHORT = 600


@pytest.fixture(scope="module")
def muggins_log():
    game = get_game("muggins")
    match = play_match(game, [make_agent(game, "random") for _ in range(3)], None, 5, record=True)
    return match.log.to_json()


def _copy(log):
    return json.loads(json.dumps(log))


def _replay(capsys, tmp_path, text, *flags):
    """Replay ``text`` (a log as JSON text); the file is unchanged afterwards."""
    path = tmp_path / "log.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path), *flags)
    assert path.read_text(encoding="utf-8") == text
    assert len(err) < SHORT, err[:200]
    return code, out, err


# -- logs that are not logs: exit 2 ---------------------------------------------------
@pytest.mark.parametrize("result", [5, [1, 2], "over", True, {"over": "yes", "scores": [1]}])
def test_a_result_that_is_not_an_object_exits_2(capsys, tmp_path, flip7_log, result):
    code, out, err = _replay(capsys, tmp_path, json.dumps(dict(_copy(flip7_log), result=result)))
    one_line_error(code, err)
    assert "result must be null or an object" in err and out == ""


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 5000 + "1" + "}" * 5000])
def test_json_nested_too_deeply_exits_2(capsys, tmp_path, text):
    code, _, err = _replay(capsys, tmp_path, text)
    one_line_error(code, err)
    assert "nested too deeply" in err


@pytest.mark.parametrize("key", ["seed", "players"])
def test_an_integer_over_the_digit_limit_exits_2(capsys, tmp_path, flip7_log, key):
    text = json.dumps(_copy(flip7_log)).replace(f'"{key}": {flip7_log[key]}', f'"{key}": ' + "9" * 5000, 1)
    code, _, err = _replay(capsys, tmp_path, text)
    one_line_error(code, err)
    assert "integer string conversion" in err


def test_a_huge_player_count_is_quoted_briefly(capsys, tmp_path, flip7_log):
    text = json.dumps(_copy(flip7_log)).replace('"players": 3', '"players": ' + "9" * 4000, 1)
    code, _, err = _replay(capsys, tmp_path, text)
    one_line_error(code, err)
    assert "players must be a player count" in err and "digits" in err


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_are_not_json(capsys, tmp_path, flip7_log, number):
    log = dict(_copy(flip7_log), options={"rules": "rulebook"})
    text = json.dumps(log).replace('"players": 3', f'"players": 3, "x": {number}', 1)
    code, _, err = _replay(capsys, tmp_path, text)
    one_line_error(code, err)
    assert "not valid JSON" in err


def test_a_non_finite_option_in_a_log_exits_2(capsys, tmp_path):
    game = get_game("flyswatter")
    match = play_match(game, [make_agent(game, "swatter") for _ in range(2)], None, 3, record=True)
    log = match.log.to_json()
    log["options"]["window_ms"] = 1e308
    code, _, err = _replay(capsys, tmp_path, json.dumps(log))
    one_line_error(code, err)
    assert "window_ms" in err and "accepted: a number in 1.." in err


def test_a_seed_with_a_lone_surrogate_exits_2(capsys, tmp_path, flip7_log):
    text = json.dumps(dict(_copy(flip7_log), seed="x")).replace('"seed": "x"', '"seed": "a\\ud800b"', 1)
    code, out, err = _replay(capsys, tmp_path, text)
    one_line_error(code, err)
    assert "seed" in err and "surrogate" in err and out == ""


def test_a_one_megabyte_game_id_is_quoted_briefly(capsys, tmp_path, flip7_log):
    code, _, err = _replay(capsys, tmp_path, json.dumps(dict(_copy(flip7_log), game="g" * 1_000_000)))
    one_line_error(code, err)
    assert "unknown game" in err or "game" in err


# -- actions that do not replay: exit 1 -----------------------------------------------
@pytest.mark.parametrize(
    "action", ["centre:²", "stock:" + "9" * 5000, "centre:" + "9" * 5000, "x" * 1_000_000, "\ud800"]
)
def test_a_muggins_action_the_game_cannot_read_exits_1(capsys, tmp_path, muggins_log, action):
    log = _copy(muggins_log)
    log["actions"][0][1] = action
    code, out, err = _replay(capsys, tmp_path, json.dumps(log))
    one_line_error(code, err, 1)
    assert err.startswith("fliptable: error: action 0: ") and "is illegal" in err and out == ""


@pytest.mark.parametrize("game_id", all_game_ids())
def test_unreadable_actions_in_every_game_exit_1(capsys, tmp_path, game_id):
    game = get_game(game_id)
    agents = [make_agent(game, "random") for _ in range(game.default_players)]
    log = play_match(game, agents, None, 1, record=True).log.to_json()
    for action in ("²", "centre:²", "stock:" + "9" * 5000, "9" * 5000, "x" * 100_000):
        bad = _copy(log)
        bad["actions"][0][1] = action
        code, _, err = _replay(capsys, tmp_path, json.dumps(bad))
        one_line_error(code, err, 1)


def test_a_finished_log_cut_short_exits_1_and_says_so(capsys, tmp_path, flip7_log):
    cut = dict(_copy(flip7_log), actions=flip7_log["actions"][:10])
    code, out, err = _replay(capsys, tmp_path, json.dumps(cut))
    one_line_error(code, err, 1)
    assert "records a finished game" in err and "cut short" in err and "10 actions" in err
    assert str(flip7_log["result"]["scores"]) in err and out == ""


def test_an_unfinished_result_on_a_finished_game_exits_1(capsys, tmp_path, flip7_log):
    log = _copy(flip7_log)
    log["result"]["over"] = False
    code, _, err = _replay(capsys, tmp_path, json.dumps(log))
    one_line_error(code, err, 1)
    assert "records an unfinished game" in err


def test_an_unfinished_log_with_its_unfinished_result_replays(capsys, tmp_path):
    game = get_game("flip7")
    match = play_match(game, [make_agent(game, "ev") for _ in range(3)], None, 8, record=True)
    state = game.new_state(3, None, 8)
    for player, action in match.log.actions[:7]:
        state.apply(player, action)
    log = dict(match.log.to_json(), actions=match.log.actions[:7], result=state.result().to_json())
    code, out, err = _replay(capsys, tmp_path, json.dumps(log), "--json")
    assert code == 0, err
    assert json.loads(out)["over"] is False


# -- the plain prompt -----------------------------------------------------------------
@pytest.mark.parametrize("game_id", all_game_ids())
def test_odd_answers_at_the_plain_prompt_never_end_the_game(game_id):
    """'²' passes str.isdigit() but not int(); games parse numbers inside actions."""
    game = get_game(game_id)
    answers = iter(["²", "1²", "centre:²", "stock:²", "stock:" + "9" * 5000, "9" * 5000, "x" * 100_000, "\ud800", "q"])
    lines = []
    result = run_plain(
        game,
        game.default_players,
        ["human"] + ["random"] * (game.default_players - 1),
        0,
        4,
        None,
        input_fn=lambda _p: next(answers),
        print_fn=lines.append,
    )
    assert result is None and lines[-1] == "You left the table."
    assert all("x" * 100 not in line and "9" * 100 not in line for line in lines)
