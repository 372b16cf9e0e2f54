"""Each FLAPS golden log with options plays differently without them (so the log really
checks the option), and there is one for every level and option."""

import json
from pathlib import Path

import pytest

from fliptable.core import FliptableError, get_game, parse_log, replay
from tests.golden.regenerate import digest

# each game's test module opens alike on purpose: it stands alone in its game's folder
GOLDEN = Path(__file__).resolve().parents[2] / "golden"
LOGS = sorted(GOLDEN.glob("flaps-*.json"))
DEFAULTS = get_game("flaps").resolve_options({})


def variant(path):
    return json.loads(path.read_text())["options"] != DEFAULTS


def test_there_is_a_golden_log_for_every_level_and_option():
    options = [json.loads(p.read_text())["options"] for p in LOGS]
    assert {o["level"] for o in options} == {1, 2, 3, 4, 5, 6, 7}
    assert any(o["after_flapping"] == "last" for o in options)
    assert any(o["hoofers"] == "plain" for o in options) and any(o["games"] > 1 for o in options)
    assert any(o["king_n_lay"] == "next" for o in options) and any(o["pack_out"] == "draw" for o in options)
    assert any(o["trumps_ties"] == "any" for o in options) and any(o["packs"] == 2 for o in options)


def test_the_logs_catch_forgetful_players_after_another_player_lays():
    actions = [a for p in LOGS for _, a in json.loads(p.read_text())["actions"]]
    assert any(a.startswith("catch:") for a in actions)


@pytest.mark.parametrize("path", [p for p in LOGS if variant(p)], ids=lambda p: p.stem)
def test_a_variants_log_plays_differently_without_its_options(path):
    data = json.loads(path.read_text())
    recorded = replay(parse_log(data))
    assert digest(recorded) == data["digest"]
    try:
        state = replay(parse_log({**data, "options": {}}))
    except FliptableError:
        return
    # the game itself, not only the options it records, comes out otherwise
    assert state.to_json()["state"] != recorded.to_json()["state"]


def test_the_default_log_has_flaps_laid_out_of_turn():
    data = json.loads((GOLDEN / "flaps-4p-1.json").read_text())
    game = get_game("flaps")
    state = game.new_state(data["players"], data["options"], data["seed"])
    out_of_turn = 0
    for seat, action in data["actions"]:
        d = state.decision()
        if seat in getattr(d, "claimants", ()):
            out_of_turn += 1
        state.apply(seat, action)
    assert out_of_turn > 0


def test_the_level_4_log_has_a_spoof_game_and_low_ol_maids_laid():
    data = json.loads((GOLDEN / "flaps-4p-16-level4.json").read_text())
    actions = [a for _, a in data["actions"]]
    assert any(a.startswith("call:") for a in actions) and any(a in ("ksc", "kss", "ksc!", "kss!") for a in actions)
    assert any(a.startswith("lom") for a in actions)


def test_the_level_5_logs_solve_the_mystery_with_secrets_picked_lost_shared_and_guessed():
    actions = []
    for seed in (23, 44):
        data = json.loads((GOLDEN / f"flaps-4p-{seed}-level5.json").read_text())
        actions += [a for _, a in data["actions"]]
    for start in ("5solve", "s:", "guess:", "5lose", "5share>"):
        assert any(a.startswith(start) for a in actions), start


def test_the_level_6_log_places_looks_swaps_moves_and_picks_up_1_down_cards():
    data = json.loads((GOLDEN / "flaps-4p-32-level6.json").read_text())
    actions = [a for _, a in data["actions"]]
    for start in ("down>", "peek", "swap:", "give:", "1up", "1right"):
        assert any(a.startswith(start) for a in actions), start


def test_the_level_7_log_plays_full_montys_among_every_level_s_cards():
    data = json.loads((GOLDEN / "flaps-4p-45-level7.json").read_text())
    actions = [a for _, a in data["actions"]]
    for start in ("fm>", "fm:", "point:", "show:", "keep:", "down>", "5solve", "call:"):
        assert any(a.startswith(start) for a in actions), start
