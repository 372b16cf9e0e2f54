"""`fliptable balance` at the command line: the JSON's schema, the self-contained HTML
page, and one clear line for every bad input."""

import json
import re
import shlex

import jsonschema  # in dev through ray
import pytest

from .helpers import one_line_error, run

RATE = {
    "type": "object",
    "required": ["n", "successes", "rate", "ci95"],
    "properties": {
        "n": {"type": "integer", "minimum": 0},
        "successes": {"type": "number"},
        "rate": {"type": ["number", "null"]},
        "ci95": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/pair"}]},
    },
}
DIFF = {
    "anyOf": [
        {"type": "null"},
        {
            "type": "object",
            "required": ["diff", "ci95"],
            "properties": {"diff": {"type": "number"}, "ci95": {"$ref": "#/$defs/pair"}},
        },
    ]
}
LENGTH = {"type": "object", "required": ["n", "mean", "sd", "ci95", "q1", "median", "q3", "p99", "max", "counts"]}
SCHEMA = {
    "$defs": {"pair": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}},
    "type": "object",
    "required": [
        "game",
        "seed",
        "games",
        "games_requested",
        "players",
        "vary",
        "options",
        "bots",
        "interrupted",
        "methods",
        "combinations",
        "differences",
        "summary",
        "elapsed_seconds",
        "games_per_second",
    ],
    "properties": {
        "summary": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "methods": {"type": "object", "required": ["seat_test", "card_effect", "alpha"]},
        "combinations": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["label", "players", "varied", "games", "seats", "bots", "length", "cap", "stats", "cards"],
                "properties": {
                    "seats": {
                        "type": "object",
                        "required": ["wins", "win_rate", "ci95", "even", "test"],
                        "properties": {
                            "ci95": {"type": "array", "items": {"$ref": "#/$defs/pair"}},
                            "test": {
                                "anyOf": [
                                    {"type": "null"},
                                    {
                                        "type": "object",
                                        "required": [
                                            "chi2",
                                            "df",
                                            "p",
                                            "p_holm",
                                            "significant",
                                            "seat_p",
                                            "seat_p_holm",
                                        ],
                                    },
                                ]
                            },
                        },
                    },
                    "length": {"type": "object", "required": ["decisions"], "additionalProperties": LENGTH},
                    "cap": {"anyOf": [{"type": "null"}, RATE]},
                    "cards": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["kind", "dealt", "not_dealt", "effect"],
                            "properties": {
                                "kind": {"type": "string"},
                                "dealt": RATE,
                                "not_dealt": RATE,
                                "effect": DIFF,
                            },
                        },
                    },
                },
            },
        },
        "differences": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["option", "value", "base", "players", "seat_win_rate", "length", "cap", "stats"],
                "properties": {"seat_win_rate": {"type": "array", "items": DIFF}},
            },
        },
    },
}


def test_json_follows_the_schema_and_varies_what_was_asked(capsys):
    code, out, err = run(
        capsys, *shlex.split("balance flip7 --players 2..3 --vary rules=rulebook,official --games 6 --workers 1 --json")
    )
    assert code == 0, err
    report = json.loads(out)
    jsonschema.validate(report, SCHEMA)
    assert [c["label"] for c in report["combinations"]] == [
        "2 players, rules=rulebook",
        "2 players, rules=official",
        "3 players, rules=rulebook",
        "3 players, rules=official",
    ]
    assert [(d["base"], d["value"], d["players"]) for d in report["differences"]] == [
        ("rulebook", "official", 2),
        ("rulebook", "official", 3),
    ]
    assert report["combinations"][0]["length"].keys() == {"decisions", "rounds"}
    kinds = {c["kind"] for c in report["combinations"][0]["cards"]}
    assert {"freeze", "flip3", "second", "x2", "12"} <= kinds


def test_different_bots_round_the_games_up_to_whole_rotations_and_say_so(capsys):
    args = ["balance", "flip7", "--players", "2..4", "--bot", "ev", "--bot", "threshold:10", "--games", "4"]
    code, out, err = run(capsys, *args, "--workers", "1", "--json")
    assert code == 0, err
    report = json.loads(out)  # the note goes to stderr: stdout stays one JSON object
    assert [c["games"] for c in report["combinations"]] == [4, 6, 4] and report["rounded_up"] == [3]
    assert err == (
        "fliptable: note: --games 4 was rounded up to whole rotations of the bots at 3 players "
        "(each bot at each seat equally often)\n"
    )


def test_the_html_report_is_one_self_contained_page(capsys, tmp_path):
    page = tmp_path / "flush.html"
    code, out, err = run(
        capsys,
        *shlex.split("balance flush --players 3 --vary mode=rounds,elimination --games 4 --workers 1 --report"),
        page,
    )
    assert code == 0, err
    text = page.read_text()
    assert "http://" not in text and "https://" not in text
    assert not re.search(r"<(script|link|iframe)\b", text)
    sources = re.findall(r'src="([^"]*)"', text)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)
    summary = text.index("<h2>Summary</h2>")
    assert summary < text.index("<h2>Seats</h2>") < text.index("<h2>Card impact</h2>")
    assert "Mimic" in text and "Big Flush" in text
    assert "Balance of Flush" in out or "flush" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--vary", "colour=1,2"], "flaps has no option 'colour'"),
        (["--vary", "level=1,9"], "option level='9' is invalid; accepted: an integer in 1..7"),
        (["--vary", "level"], "--vary 'level' is malformed; write OPTION=V1,V2,..."),
        (["--vary", "level=1,,3"], "has an empty value"),
        (["--vary", "level=1", "--vary", "level=2"], "--vary level is given twice"),
        (["--players", "8..2"], "the range runs backwards"),
        (["--players", "two"], "--players 'two' is not a count or a range"),
        (["--players", "1..3"], "flaps takes 2 to 16 players, not 1"),
        (["--players", "8..9"], "9 players need two packs"),
        (["--games", "0"], "--games must be a whole number from 1 to 1,000,000,000, not 0"),
        (["--workers", "0"], "--workers must be a whole number from 1 to 256, not 0"),
        (["--report", "/nonexistent/x.html"], "there is no folder '/nonexistent'"),
        (["--backend", "cloud"], "unknown backend 'cloud'"),
        (["--report", "out.png"], "give a file ending in .html"),
        (["-o", "level=3", "--vary", "level=1,2"], "both set (-o) and varied (--vary)"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, args, message):
    code, out, err = run(capsys, "balance", "flaps", "--games", "2", "--workers", "1", *args)
    assert message in one_line_error(code, err)
    assert out == ""


def test_flush_decks_are_varied_by_their_files(capsys, tmp_path, monkeypatch):
    from pathlib import Path

    import fliptable.games.flush as flush_package

    spec = json.loads((Path(flush_package.__file__).parent / "decks" / "default.json").read_text())
    (tmp_path / "ours.json").write_text(json.dumps(spec))
    cheap = dict(
        spec, name="cheap ones", cards=[dict(c, points=0) if c.get("value") == 1 else c for c in spec["cards"]]
    )
    (tmp_path / "cheap.json").write_text(json.dumps(cheap))
    monkeypatch.chdir(tmp_path)
    code, out, err = run(
        capsys, *shlex.split("balance flush --players 3 --vary deck=ours.json,cheap.json --games 3 --workers 1 --json")
    )
    assert code == 0, err
    report = json.loads(out)
    assert [c["label"] for c in report["combinations"]] == ["3 players, deck=ours.json", "3 players, deck=cheap.json"]
    assert report["differences"][0]["value"] == "cheap.json" and report["differences"][0]["base"] == "ours.json"
    code, out, err = run(capsys, "balance", "flush", "--vary", "deck=ours.json,missing.json", "--games", "2")
    assert "missing.json" in one_line_error(code, err)
