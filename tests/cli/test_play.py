"""`fliptable play`: seats and bot specs, errors, and whole games at the plain prompt."""

import io
import json
import re
import shlex
import sys
import types

import pytest

from fliptable.core.registry import all_game_ids, get_game
from fliptable.tui.plain import run_plain

from .helpers import one_line_error, run


def _stdin(monkeypatch, text):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def test_play_flip7_whole_game_at_the_plain_prompt(capsys, monkeypatch):
    _stdin(monkeypatch, "s\n" * 1000)  # always stay
    code, out, err = run(capsys, "play", "flip7", "--bot", "ev", "--seed", "5", "--plain")
    assert code == 0, err
    assert "seed 5" in out and "bots seat 1: ev, seat 2: ev, seat 3: ev" in out
    assert "you" in out and "1) hit  2) stay" in out
    assert "Game over." in out and "Winner:" in out


def test_play_hotseat_two_people(capsys, monkeypatch):
    _stdin(monkeypatch, "stay\n" * 1000)
    code, out, err = run(capsys, "play", "flip7", "--players", "2", "--bot", "human", "--seed", "1")
    assert code == 0, err
    assert "People at seat 0, seat 1." in out and "Game over." in out


def test_play_at_another_seat_with_mixed_bots(capsys, monkeypatch):
    _stdin(monkeypatch, "2\n" * 1000)  # answer by number: 2) stay
    code, out, err = run(
        capsys, *shlex.split("play flip7 --players 3 --seat 2 --bot threshold:15 --bot random --seed 9")
    )
    assert code == 0, err
    assert "You are seat 2; bots seat 0: threshold:15, seat 1: random." in out
    assert "[you]" in out and "Game over." in out


def test_more_bots_than_the_default_table_add_seats(capsys, monkeypatch):
    _stdin(monkeypatch, "q\n")
    code, out, _ = run(capsys, "play", "flip7", *["--bot", "random"] * 5, "--seed", "1")
    assert code == 0 and "Flip 7: 6 players" in out


def test_quitting_and_end_of_input_leave_the_table(capsys, monkeypatch):
    _stdin(monkeypatch, "q\n")
    code, out, _ = run(capsys, "play", "flip7", "--seed", "2")
    assert code == 0 and "You left the table." in out
    _stdin(monkeypatch, "")
    code, out, _ = run(capsys, "play", "flip7", "--seed", "2")
    assert code == 0 and "You left the table." in out


def test_play_rejects_bad_typed_actions_and_keeps_asking(capsys, monkeypatch):
    _stdin(monkeypatch, "give:7\nfly\n9\nq\n")
    code, out, _ = run(capsys, "play", "flip7", "--seed", "3")
    assert code == 0
    assert "'give:7' is not legal now" in out and "'fly' is not legal now" in out
    # a number not listed is told as such, with what may be answered (one sentence)
    assert "9 is not a number listed; answer 1 or 2 or an action (hit, stay)" in out
    assert "is not among" not in out and out.count("'fly' is not") == 1


def test_play_calls_the_terminal_ui_when_there_is_a_terminal(capsys, monkeypatch):
    calls = []
    fake = types.ModuleType("fliptable.tui.app")
    fake.run_play = lambda *args, **kwargs: calls.append((args, kwargs)) or 0
    monkeypatch.setitem(sys.modules, "fliptable.tui.app", fake)
    import fliptable.tui

    monkeypatch.setattr(fliptable.tui, "app", fake, raising=False)
    tty = io.StringIO()
    tty.isatty = lambda: True
    monkeypatch.setattr(sys, "stdin", tty)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, _, err = run(
        capsys, "play", "flip7", "--players", "3", "--seat", "1", "--bot", "ev", "--seed", "4", "-o", "rules=official"
    )
    assert code == 0, err
    (game_id, players, specs, seat, seed, options), kwargs = calls[0]
    assert (game_id, players, specs, seat, seed) == ("flip7", 3, ["ev"], 1, 4)
    assert options == get_game("flip7").resolve_options({"rules": "official"}) and kwargs == {"log_path": None}


def test_play_falls_back_to_the_plain_prompt_without_the_terminal_ui(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "fliptable.tui.app", None)  # as if not installed
    tty = io.StringIO("q\n")
    tty.isatty = lambda: True
    monkeypatch.setattr(sys, "stdin", tty)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, out, err = run(capsys, "play", "flip7", "--seed", "4")
    assert code == 0, err
    assert "Answer with the number or the action" in out and "You left the table." in out


@pytest.mark.parametrize(
    "args, says",
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "flip7", "--players", "13"], "1 to 12 players"),
        (["play", "flip7", "-o", "rules=house"], "accepted: rulebook|official"),
        (["play", "flip7", "-o", "speed=fast"], "no option 'speed'"),
        (["play", "flip7", "-o", "rules"], "key=value"),
        (["play", "flip7", "--bot", "genius"], "unknown bot 'genius'"),
        (["play", "flip7", "--bot", "threshold:lots"], "threshold"),
        (["play", "flip7", "--bot", "ev:x=1"], "ev"),
        (["play", "flip7", "--players", "2", "--bot", "ev", "--bot", "ev"], "2 --bot specs given for 1 other seat;"),
        (["play", "flip7"] + ["--bot", "ev"] * 12, "12 --bot specs given for 11 other seats"),
        (["play", "patience", "--bot", "random"], "no seat for --bot"),
        (["play", "flip7", "--seat", "4"], "seats are 0 to 3"),
    ],
)
def test_play_errors_are_one_line(capsys, monkeypatch, args, says):
    _stdin(monkeypatch, "")
    code, out, err = run(capsys, *args)
    one_line_error(code, err)
    assert says in err and out == ""


@pytest.mark.parametrize("game_id", all_game_ids())
def test_every_game_plays_to_the_end_at_the_prompt(game_id):
    """A person who always picks the first action listed, by its key (the numbers are the
    list's, or the game's own: Fly-swatter's fly numbers)."""
    game = get_game(game_id)
    lines = []
    players = game.default_players
    specs = ["human"] + ["random"] * (players - 1)

    def first_listed(_prompt):
        assert len(lines) < 200_000
        key = re.match(r"\[[^]]*\] (\S+?)\) ", lines[-1])
        return key.group(1) if key else "1"

    result = run_plain(
        game, players, specs, 0, 11, None, input_fn=first_listed, print_fn=lines.append, clock=lambda: 0.0
    )
    assert result is not None and result.over
    assert any("Game over." in line for line in lines)


def test_every_game_has_a_text_renderer():
    for gid in all_game_ids():
        game = get_game(gid)
        state = game.new_state(None, None, 0)
        assert isinstance(game.render(state.view(0), 0), str)


def test_play_log_writes_a_log_that_replays_to_the_same_result(capsys, monkeypatch, tmp_path):
    _stdin(monkeypatch, "s\n" * 1000)
    path = tmp_path / "game.json"
    code, out, err = run(capsys, "play", "flip7", "--bot", "threshold:20", "--seed", "5", "--plain", "--log", path)
    assert code == 0, err
    code, out, err = run(capsys, "replay", path, "--json")
    assert code == 0, err
    replayed = json.loads(out)
    logged = json.loads(path.read_text())
    assert replayed["over"] and replayed["scores"] == logged["result"]["scores"]
    assert replayed["actions_applied"] == len(logged["actions"]) > 0


def test_play_log_of_a_game_left_early_replays_to_where_it_stopped(capsys, monkeypatch, tmp_path):
    _stdin(monkeypatch, "h\nh\nq\n")
    path = tmp_path / "left.json"
    code, _, err = run(capsys, "play", "flip7", "--bot", "threshold:20", "--seed", "5", "--plain", "--log", path)
    assert code == 0, err
    code, out, err = run(capsys, "replay", path, "--json")
    assert code == 0, err
    assert json.loads(out)["over"] is False and json.loads(out)["actions_applied"] >= 2


def test_play_log_in_a_missing_folder_is_refused_before_the_game(capsys, tmp_path):
    code, out, err = run(capsys, "play", "flip7", "--plain", "--log", tmp_path / "no" / "x.json")
    assert "cannot write a file there" in one_line_error(code, err) and out == ""


@pytest.mark.parametrize("spelling", ["go_to_the_store", "Go-To-The-Store", "go-to-the-store"])
def test_a_game_answers_to_its_rules_files_spelling(capsys, monkeypatch, spelling):
    """docs/rules/go_to_the_store.md spells the id with underscores: every command takes it
    (the lookup is the registry's), and the game is the registered one."""
    assert get_game(spelling) is get_game("go-to-the-store")
    _stdin(monkeypatch, "q\n")
    code, out, err = run(capsys, "play", spelling, "--plain", "--seed", "3")
    assert code == 0, err
    assert out.startswith("Go to the Store: ") and "You left the table." in out
    code, out, err = run(capsys, "rules", spelling)
    assert code == 0 and "Go to the Store" in out
