"""issue 23 "No option reads the server's files": over HTTP a deck is data only (the
spec object itself, at most 64 KiB, validated like a file's), never a path; an option
that may name a local file declares it (``Option.local_file``) and the server refuses
every such value whatever the game, without opening anything. ``-o deck=PATH.json``
stays for the command line, reading only a regular file of at most 64 KiB."""

from __future__ import annotations

import json
import os

import pytest

from fliptable.core import OptionError
from fliptable.core.options import Option, resolve_options
from fliptable.core.registry import all_games
from fliptable.games.flush import deckspec
from fliptable.games.flush.deckspec import DEFAULT_PATH, MAX_SPEC_BYTES, SpecError, resolve_deck
from fliptable.server.setup import table_spec

from .helpers import client, create

RAW = json.loads(DEFAULT_PATH.read_text())


def _mine(name="our pack", big_points=25) -> dict:
    mine = json.loads(json.dumps(RAW))
    mine["name"] = name
    for entry in mine["cards"]:
        if entry.get("flush") == "big":
            entry["points"] = big_points
    return mine


@pytest.fixture
def no_file_opened(monkeypatch):
    """Any attempt by the deck option to open or stat a path fails the test. Only the
    deck module's own ``os`` is replaced: patching the ``os`` module itself also failed
    whatever else in the process called ``os.fstat`` meanwhile (a database's thread)."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"the deck option touched a file: {args[:1]}")

    class NoFiles:
        open = fstat = staticmethod(refuse)

        def __getattr__(self, name):
            return getattr(os, name)

    monkeypatch.setattr(deckspec, "os", NoFiles())
    return refuse


def test_a_path_as_a_deck_over_http_is_refused_without_opening_it(sqlite_settings, tmp_path, no_file_opened):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_mine()))
    paths = [
        "/etc/shadow",
        "/etc/passwd",
        "/dev/zero",
        str(fifo),
        str(good),
        "~/deck.json",
        "deck.json",
        "../../etc/hostname",
    ]
    with client(sqlite_settings) as c:
        for path in paths:
            r = c.post("/api/tables", json={"game": "flush", "options": {"deck": path}})
            assert r.status_code == 400, (path, r.text)
            message = r.json()["error"]
            assert message.startswith("option deck: ") and "never reads its own files" in message, message
            assert "JSON object" in message and "64 KiB" in message
            assert "root:" not in message and "for a log" not in message  # /etc/passwd begins "root:x:0:0"
        assert c.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize("as_text", [False, True])
def test_a_deck_given_as_data_is_played_and_travels_whole(db_settings, as_text):
    mine = _mine()
    with client(db_settings) as c:
        made = create(
            c, game="flush", seats=["human", "random"], options={"deck": json.dumps(mine) if as_text else mine}
        )
        facts = c.get(f"/api/tables/{made['table']}").json()
    stored = json.loads(facts["options"]["deck"])
    assert stored["name"] == "our pack" and "notes" not in stored
    assert [e["points"] for e in stored["cards"] if e.get("flush") == "big"] == [25]
    with client(db_settings, resume=False) as c:  # read back from the database
        again = c.get(f"/api/tables/{made['table']}").json()
    assert again["options"]["deck"] == facts["options"]["deck"]


@pytest.mark.parametrize(
    "deck,words",
    [
        ({"format": "flush-deck/1", "name": "x", "cards": []}, "option deck: cards must be a non-empty list"),
        ({**RAW, "format": "flush-deck/2"}, "option deck: format must be 'flush-deck/1'"),
        ({**_mine(), "cards": _mine()["cards"][:-1]}, "option deck: the pack must hold 10 Flush cards"),
        ("{not json", "option deck: the deck spec is not valid JSON"),
        # over HTTP a path is never accepted, so the message does not offer one
        (
            7,
            (
                "option deck: give default or a deck spec (a JSON object; on the command line also a JSON "
                "file's path), not 7"
            ),
        ),
        ([RAW], "option deck: give default or a deck spec (a JSON object; "),
    ],
)
def test_a_bad_deck_spec_is_one_line_about_the_deck(sqlite_settings, deck, words):
    with client(sqlite_settings) as c:
        r = c.post("/api/tables", json={"game": "flush", "options": {"deck": deck}})
    message = r.json()["error"]
    assert r.status_code == 400 and words in message, message
    assert "for a log" not in message and "\n" not in message


def test_a_request_body_with_a_bad_number_is_not_called_a_log(sqlite_settings):
    body = b'{"game": "flush", "options": {"deck": {"format": "flush-deck/1", "cards": [{"points": NaN}]}}}'
    with client(sqlite_settings) as c:
        r = c.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error"] == "the request body is not valid JSON: NaN is not a JSON number"


def test_a_deck_spec_is_at_most_64_kib_as_data_or_as_a_file(tmp_path):
    big = _mine()
    big["notes"] = "x" * MAX_SPEC_BYTES
    with pytest.raises(SpecError, match=r"the deck spec is 6\d,\d{3} bytes; a deck spec is at most 65,536 bytes"):
        resolve_deck(big)
    with pytest.raises(SpecError, match="at most 65,536 bytes"):
        resolve_deck(json.dumps(big))
    path = tmp_path / "big.json"
    path.write_text(json.dumps(big))
    with pytest.raises(SpecError, match=r"big.json' is 6\d,\d{3} bytes"):
        resolve_deck(str(path))
    big["notes"] = "x" * (MAX_SPEC_BYTES - 5000)  # under the limit: accepted
    assert json.loads(resolve_deck(big))["name"] == "our pack"


def test_the_command_line_reads_a_regular_file_only_and_never_blocks(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(_mine("from a file")))
    assert json.loads(resolve_deck(str(path)))["name"] == "from a file"
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # opening a named pipe to read would block until a writer came
    for special in (str(fifo), "/dev/zero", str(tmp_path)):
        with pytest.raises(SpecError, match="is not a regular file"):
            resolve_deck(special)
    with pytest.raises(SpecError, match=r"cannot read '.*nothing\.json': No such file"):
        resolve_deck(str(tmp_path / "nothing.json"))


def test_every_option_that_may_name_a_file_is_refused_by_the_server_whatever_the_game(tmp_path):
    """The kernel's rule, not Flush's: any option declaring ``local_file`` is refused a
    path when files are off, and every game's such options are refused by the server."""
    seen = 0
    for game in all_games():
        for option in game.options:
            if not option.local_file:
                continue
            seen += 1
            with pytest.raises(OptionError, match="never reads its own files"):
                table_spec({"game": game.id, "options": {option.name: str(tmp_path / "x.json")}}, 0.0)
    assert seen >= 1  # Flush's deck
    # a made-up game's option: the same refusal, before its value is even looked at
    opened = []

    class FileOption(Option):
        __slots__ = ()

        def coerce(self, value):
            opened.append(value)
            return value

    schema = [FileOption("rules", "choice", "standard", choices=("standard",), local_file=True)]
    with pytest.raises(OptionError, match=r'option rules: "/srv/secret.json" would name a file'):
        resolve_options(schema, {"rules": "/srv/secret.json"}, "madeup", files=False)
    assert opened == []
    assert resolve_options(schema, {"rules": "/srv/secret.json"}, "madeup")["rules"] == "/srv/secret.json"
    assert resolve_options(schema, {"rules": "Standard"}, "madeup", files=False)["rules"] == "Standard"
    plain = [Option("mode", "choice", "a", choices=("a", "b"))]
    assert not plain[0].local_file and not plain[0].names_file("/etc/shadow")


def test_the_lobby_is_told_which_options_may_name_a_file(sqlite_settings):
    with client(sqlite_settings) as c:
        games = {g["id"]: g for g in c.get("/api/games").json()["games"]}
    deck = {o["name"]: o for o in games["flush"]["options"]}["deck"]
    assert deck["local_file"] is True
    assert not any(o.get("local_file") for g in games.values() for o in g["options"] if o["name"] != "deck")
