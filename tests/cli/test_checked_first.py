"""What the command checks before a game is played or anything is measured: a file it
will write (``--log``, ``--plot``), a bot spec that gives a parameter twice, and the
``rl`` extra that ``bench --envs`` needs."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fliptable.bots.base import make_agent, parse_bot_spec
from fliptable.core.errors import BotSpecError
from fliptable.core.registry import get_game
from tests.cli.helpers import one_line_error, run

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc (Linux)")
@pytest.mark.parametrize(
    "args",
    [
        ["play", "flip7", "--plain", "--log", "/proc/x.json"],
        ["simulate", "flip7", "--games", "2", "--plot", "/proc/x.png"],
        ["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "2", "--plot", "/proc/x.svg"],
    ],
)
def test_a_file_that_cannot_be_written_is_refused_before_playing(capsys, monkeypatch, args):
    """/proc takes no new file, though ``os.access`` says yes to root: the file is tried."""
    played = []
    monkeypatch.setattr("fliptable.tui.plain.run_plain", lambda *a, **k: played.append(a))
    monkeypatch.setattr("fliptable.sim.simulate.simulate", lambda *a, **k: played.append(a))
    monkeypatch.setattr("fliptable.sim.tournament.tournament", lambda *a, **k: played.append(a))
    code, out, err = run(capsys, *args)
    assert "cannot write a file there" in one_line_error(code, err) and out == ""
    assert played == []


def test_a_folder_given_as_the_log_is_refused(capsys, tmp_path):
    code, _out, err = run(capsys, "play", "flip7", "--plain", "--log", tmp_path)
    assert "it is a folder" in one_line_error(code, err)


def test_trying_the_log_file_leaves_no_file_and_changes_none(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("fliptable.tui.plain.run_plain", lambda *a, **k: None)
    fresh = tmp_path / "fresh.json"
    code, _, err = run(capsys, "play", "flip7", "--plain", "--log", fresh)
    assert code == 0, err
    assert not fresh.exists()  # the game writes it; the check leaves nothing behind
    kept = tmp_path / "kept.json"
    kept.write_text("an earlier game")
    code, _, err = run(capsys, "play", "flip7", "--plain", "--log", kept)
    assert code == 0, err
    assert kept.read_text() == "an earlier game"


@pytest.mark.parametrize("spec", ["ismcts:iterations=5,iterations=6", "ismcts:iterations=5, iterations =5"])
def test_a_parameter_given_twice_is_refused(spec):
    with pytest.raises(BotSpecError, match="gives 'iterations' twice; give each parameter once"):
        parse_bot_spec(spec)


def test_a_parameter_given_twice_is_one_line_in_every_command(capsys):
    for args in (
        ["play", "flip7", "--plain", "--bot", "ismcts:iterations=5,iterations=6"],
        ["simulate", "flip7", "--games", "2", "--bot", "threshold:value=5,value=6"],
    ):
        code, out, err = run(capsys, *args)
        assert "twice" in one_line_error(code, err) and out == ""


def test_different_parameters_still_combine():
    agent = make_agent(get_game("flip7"), "ismcts:iterations=5,depth=3")
    assert agent.iterations == 5


def test_bench_envs_without_the_rl_extra_is_one_line_naming_it():
    """A Python where gymnasium and pettingzoo cannot be imported (as without the extra)."""
    code = (
        "import sys\n"
        "for m in ('pettingzoo', 'gymnasium'): sys.modules[m] = None\n"
        "from fliptable.cli import main\n"
        "main(['bench', '--envs', '--seconds', '0.1', '-g', 'flip7'])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 2 and proc.stdout == ""  # nothing measured first
    assert proc.stderr == (
        "fliptable: error: --envs needs the 'rl' extra (pip install 'fliptable[rl]'); gymnasium is not installed\n"
    )
