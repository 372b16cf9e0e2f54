"""The deck as data: the default spec agrees with every example of the rulebook; a
user's own spec (-o deck=PATH.json) is validated with one-line errors and travels whole
in the options, so a log replays after the file is gone."""

import json

import pytest

from fliptable.core import OptionError, get_game, replay
from fliptable.core.log import GameLog
from fliptable.games.flush.deckspec import DEFAULT_PATH, default_spec, spec_of
from tests.games.flush.helpers import FLUSH, ID, play, table

RAW = json.loads(DEFAULT_PATH.read_text())


def count(spec, name):
    return spec.counts[ID[name]]


def test_the_default_pack_is_the_rulebooks_90_cards():
    spec = default_spec()
    deck = spec.deck()
    assert len(deck) == 90
    for v in range(1, 11):
        assert sum(1 for c in deck if FLUSH.cards[c].rank == v) == 8
    assert count(spec, "f") + count(spec, "bf") == 10 and count(spec, "bf") == 2


def test_the_default_pack_fits_the_rulebooks_examples():
    spec = default_spec()
    # "plays 2 x 4's (with one card being the 4 Deduction card) ... they deduct 5 points"
    assert count(spec, "4d") == 1 and spec.deduction[ID["4d"]] == 5
    # "the current value is 3x6's with two Link cards"
    assert count(spec, "6l") >= 2
    # "6 x Link cards = Super Link Flush"
    assert spec.link_cards() >= 6
    # every value has Skip cards ("Multiple Skip cards played in the same turn")
    assert all(count(spec, f"{v}s") for v in range(1, 11))


def test_a_users_spec_file_is_read_once_and_its_spec_travels_in_the_options(tmp_path):
    mine = json.loads(json.dumps(RAW))
    mine["name"] = "my pack"
    for entry in mine["cards"]:
        if entry.get("flush") == "big":
            entry["points"] = 25
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(mine))
    options = FLUSH.resolve_options({"deck": str(path)})
    assert options["deck"].startswith("{") and json.loads(options["deck"])["name"] == "my pack"
    assert FLUSH.resolve_options({"deck": options["deck"]}) == options  # resolving is idempotent
    state = table(2, hands={0: ["2"], 1: ["bf", "3"]}, turn=0, options={"deck": str(path)})
    play(state, (0, "1x2"))
    assert state.last_round["scores"] == [0, 28]
    # a game played with it replays from its log with the file gone
    game = FLUSH.new_state(2, {"deck": str(path)}, 5)
    actions = []
    import random

    rng = random.Random(5)
    while not game.is_over() and len(actions) < 200:
        p = game.decision().player
        a = rng.choice(game.legal_actions(p))
        game.apply(p, a)
        actions.append([p, a])
    log = json.loads(
        json.dumps(GameLog("flush", dict(game.options), 2, 5, actions, rules_version=FLUSH.rules_version).to_json())
    )
    path.unlink()
    again = replay(GameLog("flush", log["options"], 2, 5, log["actions"], rules_version=log["rules_version"]))
    assert again.to_json() == game.to_json()


def test_the_default_spec_given_as_a_file_plays_as_the_default(tmp_path):
    path = tmp_path / "copy.json"
    path.write_text(DEFAULT_PATH.read_text())
    a = FLUSH.new_state(3, {"deck": str(path)}, 9)
    b = FLUSH.new_state(3, {}, 9)
    assert a.to_json()["state"] == b.to_json()["state"]
    assert spec_of(a.options["deck"]).points == default_spec().points


def _spec_with(change):
    data = json.loads(json.dumps(RAW))
    change(data)
    return json.dumps(data)


def _set(index, key, value):
    def change(data):
        data["cards"][index][key] = value

    return change


@pytest.mark.parametrize(
    "text, says",
    [
        ("nofile.json", "cannot read 'nofile.json': No such file or directory"),
        ("{not json", "the deck spec is not valid JSON (column 2: Expecting property name enclosed in double quotes)"),
        ("{}", "format must be 'flush-deck/1', got null"),
        ('{"format": "flush-deck/2"}', "format must be 'flush-deck/1', got \"flush-deck/2\""),
        (_spec_with(_set(0, "points", "x")), 'cards[0]: points must be an integer 0..100, got "x"'),
        (
            _spec_with(_set(0, "count", 6)),
            (
                'the pack must hold 8 cards of each value (flush.md "Each deck consists of '
                'card values from 1-10 (8 cards for each value)"); value 1 has 9'
            ),
        ),
        (_spec_with(_set(0, "value", 11)), "cards[0]: value must be an integer 1..10, got 11"),
        (_spec_with(_set(3, "deduction", 0)), "cards[3]: deduction must be an integer 1..100, got 0"),
        (_spec_with(_set(1, "skip", "yes")), 'cards[1]: skip must be true or false, got "yes"'),
        (
            _spec_with(_set(1, "colour", "red")),
            ("cards[1]: unknown key 'colour'; accepted: count, deduction, flush, link, points, skip, value"),
        ),
        (_spec_with(_set(40, "count", 9)), "the pack must hold 10 Flush cards, plain and Big together; it has 11"),
        (_spec_with(_set(40, "link", True)), "cards[40]: a Flush card carries no Skip, Link or Deduction marking"),
        (_spec_with(_set(40, "skip", True)), "cards[40]: a Flush card carries no Skip, Link or Deduction marking"),
        (_spec_with(_set(40, "deduction", 5)), "cards[40]: a Flush card carries no Skip, Link or Deduction marking"),
        (_spec_with(_set(40, "flush", "giant")), 'cards[40]: flush must be "plain" or "big", got "giant"'),
        (_spec_with(_set(0, "flush", "plain")), 'cards[0]: give either value (1..10) or flush ("plain" or "big")'),
        (_spec_with(lambda d: d["cards"][0].pop("count")), "cards[0]: count is missing"),
        (_spec_with(lambda d: d["cards"][0].pop("points")), "cards[0]: points is missing"),
        (_spec_with(_set(0, "count", 0)), "cards[0]: count must be an integer 1..90, got 0"),
        (_spec_with(_set(0, "points", 101)), "cards[0]: points must be an integer 0..100, got 101"),
        (_spec_with(_set(3, "deduction", 101)), "cards[3]: deduction must be an integer 1..100, got 101"),
        (_spec_with(_set(0, "value", 0)), "cards[0]: value must be an integer 1..10, got 0"),
        (_spec_with(_set(0, "value", True)), "cards[0]: value must be an integer 1..10, got true"),
        (_spec_with(lambda d: d.update(extra=1)), "unknown key 'extra'; a deck spec has format, name, notes, cards"),
        (_spec_with(lambda d: d.update(name="")), "name must be text of 1 to 80 characters"),
        (_spec_with(lambda d: d.update(name="n" * 81)), "name must be text of 1 to 80 characters"),
        (_spec_with(lambda d: d.update(notes=["a", 1])), "notes must be text or a list of texts"),
        (_spec_with(lambda d: d.update(cards=[])), "cards must be a non-empty list of card entries"),
        (
            _spec_with(lambda d: d["cards"].__setitem__(0, 5)),
            'cards[0]: each card entry must be an object like {"value": 6, "count": 2, "points": 6}',
        ),
        (
            _spec_with(lambda d: d["cards"].append(dict(d["cards"][0]))),
            "cards[42]: face '1' is listed twice; give each face once with its count",
        ),
    ],
)
def test_a_spec_that_is_not_valid_is_one_line_naming_the_problem(text, says):
    with pytest.raises(OptionError) as info:
        FLUSH.resolve_options({"deck": text})
    assert str(info.value) == f"option deck: {says}"  # the whole line a person reads


def test_a_spec_file_with_a_problem_names_the_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(_spec_with(_set(0, "points", -1)))
    with pytest.raises(OptionError, match=r"option deck: '.*bad.json': cards\[0\]: points"):
        FLUSH.resolve_options({"deck": str(path)})


def test_the_deck_option_is_listed_with_what_it_accepts():
    described = {o["name"]: o for o in get_game("flush").describe()["options"]}
    assert described["deck"]["default"] == "default"
    assert "PATH.json" in described["deck"]["accepted"]


def test_a_spec_at_every_bound_is_accepted():
    def change(data):
        data["name"], data["notes"] = "n" * 80, ["one", "two"]
        data["cards"][0]["points"], data["cards"][1]["points"] = 0, 100
        data["cards"][3]["deduction"] = 100

    text = FLUSH.resolve_options({"deck": _spec_with(change)})["deck"]
    spec = json.loads(text)
    assert spec["name"] == "n" * 80
    assert [c["points"] for c in spec["cards"][:2]] == [0, 100]
    assert spec["cards"][3]["deduction"] == 100


def test_reading_a_spec_file_names_what_is_wrong_with_it(tmp_path):
    from fliptable.games.flush.deckspec import MAX_SPEC_BYTES, SpecError, read_spec_file

    missing = str(tmp_path / "none.json")
    with pytest.raises(SpecError) as info:
        read_spec_file(missing)
    assert str(info.value) == f"cannot read {missing!r}: No such file or directory"
    with pytest.raises(SpecError) as info:
        read_spec_file(str(tmp_path))
    assert str(info.value) == f"{str(tmp_path)!r} is not a regular file; a deck spec is a JSON file"
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_SPEC_BYTES + 1))
    with pytest.raises(SpecError) as info:
        read_spec_file(str(big))
    assert str(info.value) == f"{str(big)!r} is 65,537 bytes; a deck spec is at most 65,536 bytes (64 KiB)"
    latin = tmp_path / "latin.json"
    latin.write_bytes(b"\xe9")
    with pytest.raises(SpecError) as info:
        read_spec_file(str(latin))
    assert str(info.value) == f"{str(latin)!r} is not UTF-8 text"
    exact = tmp_path / "exact.json"
    exact.write_bytes(b" " * MAX_SPEC_BYTES)
    assert read_spec_file(str(exact)) == " " * MAX_SPEC_BYTES
