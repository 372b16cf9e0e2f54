"""Logs that were accepted silently though they should not be (issue 22, "Records and
saved states"): each is one line and exit 2 from ``fliptable replay`` (1 for a result
the replay contradicts), and the same refusal from the library's log loading."""

import json
import re

import pytest

from fliptable.bots.base import make_agent
from fliptable.core import LogError, OptionError, ReplayError, SeedError, get_game, parse_log
from fliptable.core.log import check_result, replay
from fliptable.sim.match import play_match

from .helpers import one_line_error, run


@pytest.fixture(scope="module")
def flinch_log():
    game = get_game("flinch")
    match = play_match(game, [make_agent(game, "greedy") for _ in range(2)], None, 3, record=True)
    return match.log.to_json()


def _replay(capsys, tmp_path, log):
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    return run(capsys, "replay", str(path))


def _unfinished(log, n=12):
    """The log cut after ``n`` actions, with the result the game had then."""
    cut = dict(json.loads(json.dumps(log)), actions=log["actions"][:n], result=None)
    cut["result"] = replay(parse_log(cut)).result().to_json()
    return cut


# -- an unfinished log's recorded result ------------------------------------------------
def test_an_unfinished_log_records_its_result_and_replays(capsys, tmp_path, flip7_log):
    log = _unfinished(flip7_log)
    assert log["result"]["over"] is False
    code, out, err = _replay(capsys, tmp_path, log)
    assert code == 0, err
    assert "12 actions replayed, all legal; game not finished" in out


def test_an_unfinished_log_whose_recorded_scores_differ_exits_1(capsys, tmp_path, flip7_log):
    log = _unfinished(flip7_log)
    log["result"]["scores"] = [999] * 3
    code, out, err = _replay(capsys, tmp_path, log)
    one_line_error(code, err, 1)
    assert "but the log records [999, 999, 999]" in err and "(scores differ)" in err and out == ""
    with pytest.raises(ReplayError, match="scores differ"):
        check_result(parse_log(log), replay(parse_log(log)))


def test_an_unfinished_log_naming_winners_exits_1(capsys, tmp_path, flip7_log):
    # no one has won before the end; earlier versions that named the leaders there wrote
    # what details.leading holds now, and only that is read as the leaders
    log = _unfinished(flip7_log)
    log["result"]["winners"] = [2]
    leading = log["result"]["details"]["leading"]
    assert leading != [2]
    code, _, err = _replay(capsys, tmp_path, log)
    one_line_error(code, err, 1)
    assert "(winners differ)" in err
    log["result"]["winners"] = leading
    code, _, err = _replay(capsys, tmp_path, log)
    assert code == 0, err


def test_a_recorded_detail_the_replay_contradicts_exits_1(capsys, tmp_path, flip7_log):
    log = json.loads(json.dumps(flip7_log))
    log["result"]["details"]["rounds"] += 1
    code, _, err = _replay(capsys, tmp_path, log)
    one_line_error(code, err, 1)
    assert "(details.rounds differ)" in err


def test_a_recorded_detail_the_replay_does_not_have_exits_1(capsys, tmp_path, flip7_log):
    log = json.loads(json.dumps(flip7_log))
    log["result"]["details"]["bonus"] = 15
    code, _, err = _replay(capsys, tmp_path, log)
    one_line_error(code, err, 1)
    assert "(details.bonus differ)" in err


def test_a_result_recording_fewer_keys_is_checked_on_those(capsys, tmp_path, flip7_log):
    # results gain keys over time (details.leading, ended): a log written before holds
    # fewer, and is checked on what it records
    log = json.loads(json.dumps(flip7_log))
    del log["result"]["details"]["leading"], log["result"]["ranks"]
    code, _, err = _replay(capsys, tmp_path, log)
    assert code == 0, err


# -- options ----------------------------------------------------------------------------
@pytest.mark.parametrize("options", [[], "", 0, False, None, [1], "rules=official"])
def test_options_that_are_not_an_object_exit_2(capsys, tmp_path, flip7_log, options):
    log = dict(json.loads(json.dumps(flip7_log)), options=options)
    code, out, err = _replay(capsys, tmp_path, log)
    one_line_error(code, err)
    assert "the log's options must be an object ({} or no key for the defaults)" in err and out == ""
    with pytest.raises(LogError, match="options must be an object"):
        parse_log(log)


def test_a_log_without_options_plays_the_defaults(capsys, tmp_path, flip7_log):
    log = json.loads(json.dumps(flip7_log))
    assert log["options"] == get_game("flip7").resolve_options({})
    del log["options"]
    code, _, err = _replay(capsys, tmp_path, log)
    assert code == 0, err


@pytest.mark.parametrize("value", [True, False])
def test_true_for_an_integer_option_exits_2(capsys, tmp_path, flinch_log, value):
    # FLINCH's packs is auto|1|2: true is not 1 (True == 1 in Python)
    log = json.loads(json.dumps(flinch_log))
    log["options"]["packs"] = value
    code, _, err = _replay(capsys, tmp_path, log)
    one_line_error(code, err)
    assert f"option packs={value!s} is invalid; accepted: auto|1|2" in err
    with pytest.raises(OptionError, match=re.escape("accepted: auto|1|2")):
        get_game("flinch").resolve_options({"packs": value})
    for game_id in ("flinch", "muggins"):
        assert get_game(game_id).resolve_options({"packs": 1})["packs"] == 1
        assert get_game(game_id).resolve_options({"packs": "1"})["packs"] == 1


# -- seeds ------------------------------------------------------------------------------
def test_a_negative_seed_exits_2(capsys, tmp_path, flip7_log):
    # random.Random(-77) deals the game of 77: a log with seed -77 would replay seed 77's
    log = dict(json.loads(json.dumps(flip7_log)), seed=-77)
    code, out, err = _replay(capsys, tmp_path, log)
    one_line_error(code, err)
    assert "the log's seed must be a non-negative integer or a string, got -77" in err and out == ""
    with pytest.raises(LogError, match="non-negative"):
        parse_log(log)


def test_a_negative_seed_deals_no_game(capsys):
    with pytest.raises(SeedError, match="a seed is a non-negative integer or text, got -5"):
        get_game("flip7").new_state(3, {}, -5)
    for seed in (True, 1.5, None):
        with pytest.raises(SeedError, match="a seed is a non-negative integer or text"):
            get_game("flip7").new_state(3, {}, seed)
    code, _, err = run(capsys, "play", "flip7", "--seed", "-5", "--bot", "random", "--bot", "random")
    one_line_error(code, err)
    assert "non-negative" in err
