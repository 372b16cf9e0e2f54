"""Options take finite numbers in a finite range; error messages quote a short prefix of
the input; logs are strict JSON (issue 8, "Command and files")."""

import json
import math
import re

import pytest

from fliptable.bots.base import number_param
from fliptable.core.errors import BotSpecError, LogError, OptionError, shorten
from fliptable.core.log import GameLog, loads_strict, parse_log
from fliptable.core.options import Option
from fliptable.core.registry import all_game_ids, get_game

NON_FINITE = [
    "nan",
    "NaN",
    "inf",
    "-inf",
    "Infinity",
    "1e999",
    "-1e999",
    float("nan"),
    float("inf"),
    -float("inf"),
    10**400,
]


@pytest.mark.parametrize("kind", ["int", "float"])
@pytest.mark.parametrize("value", [*NON_FINITE, "²", "", "1.5.2", [1], None, True])
def test_numeric_options_refuse_non_finite_and_non_numbers(kind, value):
    opt = Option("n", kind, 5, min=0, max=10)
    with pytest.raises(OptionError, match=r"option n=.* is invalid; accepted: (an integer|a number) in 0\.\.10"):
        opt.coerce(value)


@pytest.mark.parametrize(
    "kind, value, expected",
    [
        ("int", "7", 7),
        ("int", 7.0, 7),
        ("int", " 10 ", 10),
        ("int", 0, 0),
        ("float", "2.5", 2.5),
        ("float", 3, 3.0),
        ("float", "1e1", 10.0),
    ],
)
def test_numeric_options_accept_finite_numbers_in_range(kind, value, expected):
    got = Option("n", kind, 5, min=0, max=10).coerce(value)
    assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize(
    "kind, value", [("int", "2.5"), ("int", 2.5), ("int", "11"), ("float", -0.1), ("float", "10.000001")]
)
def test_numeric_options_refuse_values_outside_the_type_or_range(kind, value):
    with pytest.raises(OptionError):
        Option("n", kind, 5, min=0, max=10).coerce(value)


@pytest.mark.parametrize("bounds", [{"min": 1}, {"max": 5000}, {}])
def test_a_numeric_option_must_declare_both_bounds(bounds):
    with pytest.raises(ValueError, match="declares both min and max"):
        Option("n", "float", 3000.0, **bounds)


def test_a_numeric_option_names_its_range_and_refuses_values_past_it():
    opt = Option("n", "float", 3000.0, min=1, max=600_000)
    assert opt.accepted() == "a number in 1..600000"
    assert Option("k", "int", 0, min=-3, max=3).accepted() == "an integer in -3..3"
    with pytest.raises(OptionError, match=re.escape("1..600000")):
        opt.coerce("600001")


@pytest.mark.parametrize("bad", [{"min": 10, "max": 0}, {"min": 0, "max": math.inf}, {"min": 6, "max": 10}])
def test_a_declaration_needs_a_finite_range_holding_its_default(bad):
    with pytest.raises(ValueError):
        Option("n", "int", 5, **bad)


@pytest.mark.parametrize("game_id", all_game_ids())
def test_every_numeric_option_of_every_game_has_a_finite_range(game_id):
    for opt in get_game(game_id).options:
        if opt.kind in ("int", "float"):
            assert math.isfinite(opt.min) and math.isfinite(opt.max) and opt.min <= opt.default <= opt.max
            for value in ("nan", "inf", "1e999"):
                with pytest.raises(OptionError):
                    opt.coerce(value)


def test_option_errors_quote_a_short_prefix():
    with pytest.raises(OptionError) as exc:
        Option("n", "int", 5, min=0, max=10).coerce("7" * 1_000_000)
    assert len(str(exc.value)) < 200 and "…" in str(exc.value)


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999", float("nan"), "²", "9" * 5000])
def test_bot_number_parameters_refuse_non_finite(value):
    for kind in (int, float):
        with pytest.raises(BotSpecError) as exc:
            number_param("b", "rt", value, kind, 0, 100)
        assert len(str(exc.value)) < 200


def test_shorten():
    assert shorten("abc") == "abc"
    assert shorten("x" * 61) == "x" * 60 + "…"
    assert shorten("x" * 1_000_000, 10) == "x" * 10 + "…"
    assert shorten(12) == "12" and shorten(None) == "None" and shorten([1, 2]) == "[1, 2]"
    assert shorten(10**5000) == "(an integer of about 5001 digits)"
    assert len(shorten(list(range(10_000)))) == 61
    deep = []
    for _ in range(100_000):
        deep = [deep]
    assert len(shorten(deep)) <= 61


@pytest.mark.parametrize(
    "text, says",
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"n": ' + "1" * 5000 + "}", "integer string conversion"),
        ('{"n": NaN}', "NaN is not a JSON number"),
        ('{"n": -Infinity}', "-Infinity is not a JSON number"),
        ('{"n": 1e999}', "too large"),
        ("{", "is not valid JSON"),
    ],
)
def test_logs_are_strict_json(text, says):
    with pytest.raises(LogError, match=says):
        loads_strict(text)


def _log(**changes):
    data = {
        "format": "fliptable-log/1",
        "game": "flip7",
        "options": {},
        "players": 2,
        "seed": 1,
        "actions": [],
        "result": None,
    }
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "changes, says",
    [
        ({"result": 5}, "result must be null or an object"),
        ({"result": []}, "result must be null or an object"),
        ({"result": {"over": 1}}, "result must be null or an object"),
        ({"seed": "a\ud800"}, "lone surrogate"),
        ({"players": -1}, "must be a player count"),
        ({"players": 10**4000}, "must be a player count, got (an integer of about"),
        ({"game": ["x"] * 10_000}, "game must be a game id"),
    ],
)
def test_parse_log_refuses_with_a_short_message(changes, says):
    with pytest.raises(LogError) as exc:
        parse_log(_log(**changes))
    assert says in str(exc.value) and len(str(exc.value)) < 300


def test_a_log_is_never_written_with_nan(tmp_path):
    log = GameLog("flip7", {}, 2, 1, [], result={"over": True, "scores": [float("nan"), 1.0]})
    with pytest.raises(LogError, match="cannot be written as JSON"):
        log.write(tmp_path / "log.json")
    assert not (tmp_path / "log.json").exists()
    with pytest.raises(LogError):
        log.dumps()
    ok = GameLog("flip7", {}, 2, 1, [[0, "hit"]])
    assert json.loads(ok.dumps()) == ok.to_json()
