"""The plain prompt (``play --plain``) on the table: people's answers are timed and
race the bots' reactions on a virtual clock; a late answer is told it was too slow."""

from __future__ import annotations

import re

from fliptable.core.agent import Agent
from fliptable.core.decision import Turn
from fliptable.tui.plain import PlainGame
from tests.core.claimtoy import LAST_CARD

DECK = ["1", "1", "2", "3", "4", "5", "2", "3", "4", "5", "1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]


def ticking(step_s: float):
    """A timer for the person's answers: each reading is ``step_s`` later."""
    t = [0.0]

    def now():
        t[0] += step_s
        return t[0]

    return now


def plain(game, specs, answers, step_s=0.0, options=None, seed=3, **kw):
    lines: list[str] = []
    answers = iter(answers)
    g = PlainGame(
        game,
        len(specs),
        specs,
        0,
        seed,
        options,
        input_fn=lambda _p: next(answers),
        print_fn=lines.append,
        clock=ticking(step_s),
        **kw,
    )
    return g, lines


def test_races_at_the_prompt_go_to_the_fastest(snap):
    """The person answers at once (0 ms): every window is theirs."""
    game, lines = plain(snap, ["human", "random"], ["1"] * 1000)
    assert game.run().over
    snaps = [line for line in lines if line.strip().startswith("snap:")]  # Game.narrate's plain line
    assert snaps and all("player=0" in line for line in snaps)
    assert not any("too slow" in line for line in lines)


def test_a_slow_answer_loses_the_race_and_is_told_so(snap):
    """The person takes 10 s to answer; the window (1 s) closes first."""
    game, lines = plain(snap, ["human", "random"], ["1"] * 1000, step_s=5.0)
    game.run()
    assert any(line.strip() == "too slow: the window closed" for line in lines)
    assert not any(line.strip().startswith("snap:") and "player=0" in line for line in lines)
    assert [None, "close"] in game.actions or any(a == [1, "snap"] for a in game.actions)


def test_an_empty_answer_lets_the_race_go(snap):
    lines: list[str] = []

    def answer(_prompt):  # flip on turns, Enter in races
        return "" if "race!" in lines[-1] else "1"

    game = PlainGame(
        snap, 2, ["human", "human"], 0, 3, None, input_fn=answer, print_fn=lines.append, clock=ticking(0.1)
    )
    game.run()
    assert [None, "close"] in game.actions and not any(a[1] == "snap" for a in game.actions)
    assert "People at seat 0, seat 1." in lines[0]
    assert "[seat 1]" in "\n".join(lines) and "[you]" not in "\n".join(lines)


class Catcher(Agent):
    """Never announces its last card; catches an exposed player after ``delay`` ms."""

    name = "catcher"
    needs_view = False

    def __init__(self, delay):
        self.delay = delay

    def act(self, view, legal):
        return "play"

    def claim(self, view, legal):
        return "catch", self.delay


def test_claims_race_the_person_by_time(monkeypatch):
    """Last Card. The person answers in 50 ms: a claim of theirs beats the bot whose
    turn it is (its reaction is at least 100 ms), and on their own turn they play
    before a bot's claim at 150 ms."""
    import fliptable.tui.plain as plain_mod

    monkeypatch.setattr(plain_mod, "make_agent", lambda game, spec: Catcher(float(spec)))
    game, lines = plain(LAST_CARD, ["human", "150", "150"], ["1"] * 200, step_s=0.05, seed=5)
    game.run()
    state = LAST_CARD.new_state(3, None, 5)
    caught = played_first = 0
    for i, (seat, action) in enumerate(game.actions):
        state.apply(seat, action)
        d = state.decision()
        if isinstance(d, Turn) and d.claimants and i + 1 < len(game.actions):
            if 0 in d.claimants:
                assert game.actions[i + 1] == [0, "catch"]
                caught += 1
            elif d.player == 0:
                assert game.actions[i + 1] == [0, "play"]
                played_first += 1
    assert caught and played_first
    assert "(you may act out of turn; Enter lets play go on)" in "\n".join(lines)


def test_odd_answers_are_one_line_and_ask_again(snap):
    answers = ["²", "9" * 5000, "centre:²", "x" * 10_000, "q"]
    game, lines = plain(snap, ["human", "random"], answers)
    assert game.run() is None and lines[-1] == "You left the table."
    assert all(len(line) < 300 for line in lines)


def test_flip7_round_one_deal_is_narrated_like_every_later_round():
    """flip7.md "Setup": the dealer gives each player one card face up before anyone
    acts; the prompt tells that first deal, card by card, before the first question."""
    from fliptable.core.registry import get_game

    flip7 = get_game("flip7")
    game, lines = plain(flip7, ["human", "threshold:10", "threshold:10"], ["q"], seed=7)
    tableau = [seat["cards"] for seat in game.state.view(0)["seats"]]
    game.run()
    first_question = next(i for i, line in enumerate(lines) if line.startswith("[you]"))
    told = [line.strip() for line in lines[:first_question] if " flip" in line]
    assert "— round 1, dealer seat 2 —" in "\n".join(lines[:first_question])
    # one line per card dealt, in the order dealt from the dealer's left; the person at
    # this keyboard (seat 0) is "you"
    expected = [f"you flip {tableau[0][0]}", *[f"seat {p} flips {cards[0]}" for p, cards in enumerate(tableau)][1:]]
    assert told == expected[: len(told)]
    assert len(told) >= 3


def test_the_table_history_starts_with_the_deal():
    from fliptable.core.registry import get_game
    from fliptable.core.table import Table

    flip7 = get_game("flip7")
    state = flip7.new_state(3, None, 7)
    assert state.opening and state.opening[0].type == "round_start"
    table = Table(state, [None] * 3)
    for seat in (0, 1, 2, None):
        assert table.history(seat) == [e.for_player(seat) for e in state.opening]
    # a loaded state has no deal to tell: it is not a new game
    again = flip7.state_from_json(state.to_json())
    assert again.opening == () and Table(again, [None] * 3).history(0) == []


def test_hotseat_passes_the_keyboard_before_each_persons_table():
    """Plain hotseat (issue 25): the next person's hand is not printed under the last
    person's moves; the last table scrolls away and the keyboard is passed with Enter."""
    from fliptable.core.registry import get_game
    from fliptable.tui.plain import PASS_LINES

    lines: list[str] = []
    passes = []

    def answer(_prompt):
        if lines[-1].startswith("Pass the keyboard"):
            passes.append(len(lines))
            return ""
        return "1"

    game = PlainGame(
        get_game("flush"), 2, ["human", "human"], 0, 5, None, input_fn=answer, print_fn=lines.append, clock=ticking(0.1)
    )
    assert game.run().over
    assert len(passes) > 5
    holder = 0
    for i, line in enumerate(lines):
        if line.startswith("Pass the keyboard to seat "):
            assert lines[i - 1] == "\n" * PASS_LINES  # the last table scrolls away first
            holder = int(line.split()[5].rstrip("."))
            assert line == f"Pass the keyboard to seat {holder}. Seat {holder}: press Enter when you are ready."
        elif line.startswith("[seat "):  # a question: to the person holding it
            assert line.startswith(f"[seat {holder}]")
    assert {0, 1} <= {int(lines[p - 1].split()[5].rstrip(".")) for p in passes}


def test_flyswatter_numbers_are_the_flies_numbers():
    """flyswatter.md: "a bare number n = swat:<n>": the prompt numbers flies by their place
    in the middle, so a number keeps its fly after the person's first hand is down."""
    from fliptable.core.registry import get_game

    fly = get_game("flyswatter")
    game = PlainGame(
        fly, 3, ["human", "random", "random"], 0, 2, None, input_fn=lambda _p: "", print_fn=lambda _l: None
    )
    line, answers, _ = game.menu(["swat:2", "swat:3", "swat:5", "done"])
    assert line == "2) swat:2  3) swat:3  5) swat:5  done"
    assert answers == {"2": "swat:2", "3": "swat:3", "5": "swat:5"}
    # a whole game: the person always answers the highest fly listed; every swat told is that fly
    lines: list[str] = []
    asked: list[str] = []

    def answer(_prompt):
        numbers = re.findall(r"(\d+)\) swat:\1", lines[-1])
        if numbers:
            asked.append(numbers[-1])
        return numbers[-1] if numbers else "1"

    game = PlainGame(
        fly, 3, ["human", "random", "random"], 0, 2, None, input_fn=answer, print_fn=lines.append, clock=lambda: 0.0
    )
    assert game.run().over
    said = "\n".join(lines)
    assert "a bare number n = swat:<n>" in said and "This prompt is turn-based" in said
    swats = re.findall(r"^  you swat fly (\d+)", said, re.MULTILINE)
    assert len(swats) > 3 and swats == asked  # the person answers at once: every swat lands
    assert not any("is not a number listed" in line for line in lines)


def test_a_refusal_is_one_sentence_to_you():
    """Not "'foo' is not legal now: 'foo' is not among player 0's legal actions now"."""
    from fliptable.core.registry import get_game

    answers = iter(["give:1", "hit!", "q"])
    lines: list[str] = []
    PlainGame(
        get_game("flip7"),
        3,
        ["human", "random", "random"],
        0,
        3,
        None,
        input_fn=lambda _p: next(answers),
        print_fn=lines.append,
    ).run()
    refusals = [line.strip() for line in lines if "is not" in line]
    assert refusals and not any("among" in r or "player 0" in r or r.count("is not") > 1 for r in refusals)
    assert any(r.startswith("'give:1' is not legal now") and r.endswith("legal: hit, stay") for r in refusals)
