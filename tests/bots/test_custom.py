"""Bots of one's own: ``--bot module:Class`` and an installed package's ``fliptable.bots``
entry point play in ``play``, ``simulate`` and ``tournament``; the server seats them only
when its operator allows them, and never imports a module a player names."""

import json
import shlex
import sys

import pytest

from fliptable.bots.base import bot_names, make_agent
from fliptable.core.errors import BotSpecError
from fliptable.core.registry import get_game
from fliptable.sim.simulate import simulate
from fliptable.sim.tournament import tournament
from tests.cli.helpers import one_line_error, run

BOT = '''
from fliptable.core.agent import Agent

class {cls}(Agent):
    """Always the last legal action: a weak bot, but a bot of one's own."""
    name = "{name}"
    needs_view = False

    def __init__(self, value=None, pick="last"):
        self.pick = pick

    def act(self, view, legal):
        return legal[-1] if self.pick == "last" else legal[0]
'''


@pytest.fixture
def own_bot(tmp_path, monkeypatch):
    """A module ``ownbot_<n>`` in a folder on sys.path, with a class ``Last``; a second
    module that records its import in a file (to prove it was never imported); and an
    installed distribution declaring the entry point ``lastbot``."""
    name = f"ownbot_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(BOT.format(cls="Last", name="last"))
    marker = tmp_path / "imported"
    (tmp_path / f"{name}_spy.py").write_text(
        f"open({str(marker)!r}, 'w').close()\n" + BOT.format(cls="Spy", name="spy")
    )
    dist = tmp_path / "lastbot-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: lastbot\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[fliptable.bots]\nlastbot = {name}:Last\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name, marker
    for module in (name, f"{name}_spy"):
        sys.modules.pop(module, None)


def test_module_class_is_a_bot_with_parameters(own_bot):
    name, _ = own_bot
    agent = make_agent(get_game("flip7"), f"{name}:Last:pick=first")
    assert type(agent).__name__ == "Last" and agent.pick == "first" and agent.spec == f"{name}:Last:pick=first"


def test_an_entry_point_is_a_bot_by_its_name(own_bot):
    assert "lastbot" in bot_names(get_game("flip7"), True)
    assert "lastbot" not in bot_names(get_game("flip7"))  # listed only where allowed
    assert type(make_agent(get_game("flip7"), "lastbot")).__name__ == "Last"


def test_own_bots_play_in_simulate_on_two_workers_and_in_a_tournament(own_bot):
    name, _ = own_bot
    one = simulate("flip7", 8, 2, [f"{name}:Last", "ev"], seed=3, workers=1)
    two = simulate("flip7", 8, 2, [f"{name}:Last", "ev"], seed=3, workers=2)
    assert one["bots"] == [f"{name}:Last", "ev"] and one["wins"] == two["wins"]
    report = tournament("flip7", ["lastbot", "ev"], 4, seed=1)
    assert [b["spec"] for b in report["bots"]] == ["lastbot", "ev"] and report["games"] == 4


def test_own_bots_in_the_commands(own_bot, capsys, monkeypatch):
    name, _ = own_bot
    code, out, err = run(capsys, "simulate", "flip7", "--games", "3", "--bot", f"{name}:Last", "--json")
    assert code == 0, err
    assert json.loads(out)["bots"] == [f"{name}:Last"] * 4
    seated = []
    monkeypatch.setattr("fliptable.tui.plain.run_plain", lambda game, n, specs, *a, **k: seated.append(specs))
    code, out, err = run(capsys, "play", "flip7", "--plain", "--bot", "lastbot", "--bot", f"{name}:Last")
    assert code == 0, err
    assert seated == [["human", "lastbot", f"{name}:Last", f"{name}:Last"]]


@pytest.mark.parametrize(
    "spec,phrase",
    [
        ("no_such_module_xyz:Bot", "there is no module 'no_such_module_xyz'"),
        ("{name}:Missing", "has no 'Missing'"),
        ("json:JSONDecoder", "is not an agent class"),
        ("{name}:Last:depth=3", "has no parameter 'depth'"),
    ],
)
def test_a_bad_own_bot_is_one_line(own_bot, capsys, spec, phrase):
    name, _ = own_bot
    spec = spec.format(name=name)
    code, out, err = run(capsys, "simulate", "flip7", "--games", "2", "--bot", spec)
    assert phrase in one_line_error(code, err) and out == ""


def test_a_known_bot_keeps_its_value_form():
    """``threshold:25`` is the threshold bot, not a module ``threshold``."""
    assert make_agent(get_game("flip7"), "threshold:25").describe().startswith("threshold")


def test_the_server_never_imports_a_module_a_player_names(own_bot):
    from fliptable.server.setup import game_entry, table_spec

    name, marker = own_bot
    body = {"game": "flip7", "seats": ["human", f"{name}_spy:Spy"]}
    with pytest.raises(BotSpecError, match=r"not offered here.*--allow-bot"):
        table_spec(body, 800.0)
    with pytest.raises(BotSpecError, match="not offered here"):
        table_spec({"game": "flip7", "seats": ["human", "lastbot"]}, 800.0)
    assert not marker.exists() and f"{name}_spy" not in sys.modules
    assert "lastbot" not in game_entry(get_game("flip7"))["bots"]
    # allowed by the operator: seated
    spec = table_spec(body, 800.0, allowed_bots=(f"{name}_spy:Spy", "lastbot"))
    assert spec.seats[1] == f"{name}_spy:Spy" and marker.exists()
    assert table_spec({"game": "flip7", "seats": ["human", "lastbot"]}, 800.0, allowed_bots=("lastbot",))
    assert {"lastbot", f"{name}_spy:Spy"} <= set(game_entry(get_game("flip7"), (f"{name}_spy:Spy", "lastbot"))["bots"])


def test_serve_checks_each_allowed_bot_before_starting(own_bot, capsys, monkeypatch):
    name, _ = own_bot
    started = []
    monkeypatch.setattr("fliptable.server.serve.run_server", lambda *a, **k: started.append(k["allowed_bots"]))
    code, _out, err = run(capsys, "serve", "--allow-bot", "nope_nope:Bot")
    assert "no module 'nope_nope'" in one_line_error(code, err) and started == []
    code, _out, err = run(capsys, "serve", "--allow-bot", "not a bot")
    assert "give module:Class" in one_line_error(code, err) and started == []
    code, _out, err = run(capsys, "serve", "--allow-bot", f"{name}:Last", "--allow-bot", "LastBot")
    assert code == 0, err
    assert started == [(f"{name}:Last", "lastbot")]


def test_the_how_to_s_bot_plays_as_docs_bots_md_says(tmp_path, monkeypatch, capsys):
    """docs/bots.md's example, as written there, in the folder it is run from."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()
    code = doc.split("## How to write a bot", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    (tmp_path / "mybot.py").write_text(code)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    try:
        code_, out, err = run(
            capsys, "simulate", "flip7", "--games", "20", "--bot", "mybot:Careful:25", "--bot", "ev", "--json"
        )
        assert code_ == 0, err
        assert json.loads(out)["bots"][0] == "mybot:Careful:25"
        code_, out, err = run(capsys, "simulate", "flip7", "--games", "2", "--bot", "mybot:Careful:abc")
        assert "careful: N='abc' is invalid" in one_line_error(code_, err)
    finally:
        sys.modules.pop("mybot", None)


def test_games_lists_installed_bots(own_bot, capsys):
    code, out, err = run(capsys, "games", "--json")
    assert code == 0, err
    assert all("lastbot" in g["bots"] for g in json.loads(out)["games"])


def test_a_whole_game_at_the_plain_prompt_against_bots_of_ones_own(own_bot, capsys, monkeypatch, tmp_path):
    import io

    name, _ = own_bot
    monkeypatch.setattr(sys, "stdin", io.StringIO("s\n" * 1000))  # always stay
    log = tmp_path / "game.json"
    code, out, err = run(
        capsys,
        *shlex.split("play flip7 --plain --seed 4 --bot lastbot --bot"),
        f"{name}:Last:pick=first",
        "--log",
        log,
    )
    assert code == 0, err
    assert f"bots seat 1: lastbot, seat 2: {name}:Last:pick=first" in out and "Game over." in out
    code, out, err = run(capsys, "replay", log, "--json")
    assert code == 0, err
    assert json.loads(out)["over"] is True
