"""One naming on the person's screen (issue 8, "Words"): "you" for the person at this
keyboard, "seat N" for the others — the table, the narration of events and the prompt
alike; with several people at one keyboard everyone is "seat N"."""

from __future__ import annotations

import re

import pytest

from fliptable.core.game import Game
from fliptable.core.registry import get_game
from fliptable.tui.plain import PlainGame
from fliptable.tui.texts import safe_narrate, takes_seat

SEAT0 = re.compile(r"\bseat 0\b", re.IGNORECASE)

GAMES = [
    ("flip7", 3),
    ("flyswatter", 3),
    ("flinch", 3),
    ("muggins", 3),
    ("authors", 3),
    ("go-to-the-store", 3),
    ("patience", 1),
]


def run_plain(game_id, players, specs, answers=300, seed=4):
    game = get_game(game_id)
    lines: list[str] = []
    given = iter(["1"] * answers + ["q"])
    PlainGame(
        game, players, specs, 0, seed, None, input_fn=lambda _p: next(given), print_fn=lines.append, clock=lambda: 0.0
    ).run()
    return lines


@pytest.mark.parametrize("game_id,players", GAMES)
def test_alone_at_seat_0_no_line_says_seat_0(game_id, players):
    lines = run_plain(game_id, players, ["human"] + ["random"] * (players - 1))
    assert lines[0].startswith(get_game(game_id).title) and "You are seat 0" in lines[0]
    told = [line for line in lines[1:] if line.startswith("  ")]
    assert len(told) >= 5  # the game went on for a while
    said = [line for line in lines[1:] if SEAT0.search(line)]
    assert said == []  # only the first line names the seat
    assert any(re.search(r"\byou\b", line, re.IGNORECASE) for line in told)


def test_several_people_at_one_keyboard_are_all_seat_n():
    """Hotseat: "you" would be ambiguous, so the narration is third person (as ``Names``)."""
    lines = run_plain("flip7", 3, ["human", "human", "random"], answers=20, seed=7)
    told = [line.strip() for line in lines if line.startswith("  ")]
    assert "seat 0 flips" in "\n".join(told) and "seat 1 flips" in "\n".join(told)
    assert not any(re.search(r"\byou\b", line, re.IGNORECASE) for line in told)


class OldNarrator(Game):
    """A game written before the reader's seat: ``narrate(self, event)``."""

    id = "old-narrator"

    def narrate(self, event):
        return f"seat {event['player']} moves"


class NewNarrator(Game):
    id = "new-narrator"

    def narrate(self, event, seat=None):
        return "you move" if event["player"] == seat else f"seat {event['player']} moves"


def test_safe_narrate_passes_the_reader_to_games_that_take_it():
    old, new = OldNarrator(), NewNarrator()
    assert not takes_seat(old) and takes_seat(new) and takes_seat(get_game("flip7"))
    assert safe_narrate(old, {"player": 0}, 0) == "seat 0 moves"  # transition: third person
    assert safe_narrate(new, {"player": 0}, 0) == "you move"
    assert safe_narrate(new, {"player": 0}, 1) == "seat 0 moves"
    assert safe_narrate(new, {"player": 0}) == "seat 0 moves"


#: what a person must never read: a count that disagrees with its noun, a Python list,
#: "(s)", a verb that disagrees with "you", the kernel's doubled refusal
BAD = re.compile(
    r"\b1 (cards|flies|points|triggers|cuts|groups|players|books|rounds|piles|seats)\b"
    r"|\[\d+, \d+|\['|\(s\)|is not among|player \d+'s"
    r"|\byou (is|has|was|wins|loses|flips|swats|lays|draws|asks|takes|plays|gets|be|knocks|picks"
    r"|turns|says|stays|busts)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize(
    ("game_id", "hotseat"),
    [
        (g, h)
        for g in [g for g, _ in GAMES] + ["flush", "flaps"]
        for h in (False, True)
        if not (h and get_game(g).max_players == 1)
    ],
)  # one seat: no hotseat
def test_no_line_of_a_whole_game_reads_wrong(game_id, hotseat):
    """Issue 25 "Words": the family, not only the examples ("(1 cards)", "you wins game 1",
    "1 cards (LAST CARD)", raw lists) — every line at the prompt of whole games, alone
    ("you") and hotseat (everyone "seat N"), answering with numbers good and bad."""
    import random

    game = get_game(game_id)
    players = 1 if game.max_players == 1 else game.default_players
    specs = (["human", "human"] if hotseat else ["human"]) + ["random"] * players
    for seed in (1, 2):
        rng = random.Random(seed)
        lines: list[str] = []
        count = iter(range(4000))

        def answer(_prompt, count=count, rng=rng):
            return "q" if next(count, None) is None else str(rng.randint(1, 3))

        PlainGame(
            game, players, specs[:players], 0, seed, None, input_fn=answer, print_fn=lines.append, clock=lambda: 0.0
        ).run()
        bad = [line for line in lines if BAD.search(line)]
        assert not bad, bad[:5]
