"""Flush in the terminal (issue 9): played by a person at the plain prompt (scripted
answers, as tests/tui/test_plain.py does) and in the full-screen Textual UI (Textual's
``run_test`` pilot on the table's virtual clock, as tests/tui does), with every
declaration shown before its cards are laid."""

import random
import re

from fliptable.bots import make_agent
from fliptable.core.clock import VirtualClock
from fliptable.core.log import GameLog, parse_log, replay
from fliptable.tui.app import TableApp, build_table
from fliptable.tui.plain import PlainGame
from tests.games.flush.helpers import FLUSH, NAMES, table
from tests.tui.drive import SIZE, drive

MENU = re.compile(r"^\[(you|seat \d)\] (.*)$", re.S)  # a long menu is wrapped between items
#: the person's own lines: "you declare" where the screen tells the narrator who reads
#: (Game.narrate's seat), "seat 0 declares" where it does not
DECLARED = re.compile(r"^(you declare|seat 0 declares) “2 Sixes”$")
LAID = re.compile(r"^(you lay|seat 0 lays) 6d \(base 1\), 6l$")


def _menu(line):
    """The actions of a plain prompt's menu line: ``[you] 1) 1x4  2) 2x6`` -> [1x4, 2x6]."""
    m = MENU.match(line)
    assert m, line
    return re.findall(r"\d+\) (\S+)", m.group(2))


# -- the plain prompt ------------------------------------------------------------------------
def test_plain_a_person_plays_flush_to_the_end_by_numbers_and_the_log_replays():
    lines: list[str] = []
    rng = random.Random(2)

    def answer(_prompt):
        return str(1 + rng.randrange(len(_menu(lines[-1]))))

    game = PlainGame(
        FLUSH,
        3,
        ["human", "greedy", "random"],
        0,
        8,
        {"rounds": "2"},
        input_fn=answer,
        print_fn=lines.append,
        clock=lambda: 0.0,
    )
    result = game.run()
    assert result is not None and result.over and game.state.round_no == 2
    assert lines[-1].startswith("Game over. Scores: you ")
    assert not any("not legal" in line or "Traceback" in line for line in lines)
    # the deal is told: round 1's start and the person's own hand, in order of value
    told = [line.strip() for line in lines[:6]]
    assert any(re.match(r"— round 1: (seat \d starts|you start); (the Mimic is|a Flush card) ", line) for line in told)
    hand = next(line for line in told if line.startswith("your hand: ")).split(": ")[1].split()
    values = [int(h.rstrip("sld")) if h[0].isdigit() else 11 for h in hand]
    assert len(hand) == 8 and values == sorted(values)
    log = parse_log(GameLog.of(game.state, 8, game.actions).to_json())
    assert replay(log).result() == result


def test_plain_a_declaration_is_shown_before_its_cards_are_laid_and_a_void_one_is_refused():
    """Seat 0 holds 6 6l 9 and base tops 6d; the pile is a 7. The person types a void
    declaration (refused with the reason, the same person asked again), then "2 sixes":
    it is announced and shown on the table as declared — nothing laid yet — and the
    cards are asked for; only then do they reach the pile."""
    state = table(
        2, hands={0: ["6", "6l", "9"], 1: ["2", "3"]}, tops={0: ["6d"]}, blinds={0: ["1"]}, pile=["7"], turn=0
    )
    answers = iter(["4 sixes", "2 sixes", "b1", "6l"])
    lines: list[str] = []
    game = PlainGame(
        FLUSH,
        2,
        ["human", "random"],
        0,
        1,
        None,
        input_fn=lambda _p: next(answers),
        print_fn=lines.append,
        clock=lambda: 0.0,
    )
    game.state = state  # the story's table, at the prompt's own Table
    game.table = type(game.table)(
        state, [None, make_agent(FLUSH, "random")], seed=1, clock=VirtualClock(), strict_agents=False
    )
    game.turn(0)  # declares: "4 sixes" refused, "2 sixes" made
    text = "\n".join(lines)
    assert "void declaration" in text and "4 Sixes cannot be fulfilled" in text
    refusal = next(i for i, line in enumerate(lines) if "void declaration" in line)
    assert lines[refusal + 1].startswith("[you] ")  # asked again, the same person
    declared = next(i for i, line in enumerate(lines) if DECLARED.match(line.strip()))
    assert refusal < declared
    assert NAMES[state.pile[-1]] == "7" and state.view(0)["phase"] == "pick"  # nothing laid yet
    lines.clear()
    game.turn(0)  # the table shows the declaration; b1 is chosen
    assert any("you declared 2 Sixes; laid so far: -" in line for line in lines)
    assert set(_menu(next(line for line in lines if line.startswith("[you]")))) == {"6", "6l", "b1"}
    lines.clear()
    game.turn(0)  # the last card: the play is complete
    assert any("you declared 2 Sixes; laid so far: 6d" in line for line in lines)
    assert sum(1 for line in lines if LAID.match(line.strip())) == 1
    assert [NAMES[c] for c in state.pile] == ["7", "6d", "6l"]


# -- the full-screen UI ------------------------------------------------------------------------
def _app(state, bots=("random",)):
    agents = [None] + [make_agent(FLUSH, b) for b in bots]
    return TableApp(FLUSH, state, agents, seed=0, delay=0, outcome_delay=0, clock=VirtualClock())


def _keys(app):
    return {c.key: c.action or c.prefix for c in app._menu}


async def test_full_screen_a_person_plays_flush_to_the_end_by_keys_and_the_log_replays():
    app = build_table(
        "flush", 3, ["greedy", "random"], 0, 4, {"rounds": "2"}, delay=0, outcome_delay=0, clock=VirtualClock()
    )
    rng = random.Random(5)
    counted = []

    def choose(a, menu):
        if a.state.view(0)["phase"] == "play" and not a._prefix:
            counted.extend(c for c in menu if c.prefix and c.prefix[:1].isdigit())
        return rng.choice(menu).key

    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, choose)
        assert app.standings is not None
        assert "Game over" in app.result_text
    bad = [m for m in app.messages if "could not" in m or "illegal" in m or "not legal" in m]
    assert not bad, bad
    # declarations were offered count first: the key of "3x…" is 3
    assert counted and all(c.key == c.prefix.rstrip("x")[-1:] for c in counted if len(c.prefix) == 2)
    assert any(s == 0 for s, _ in app.actions)
    log = parse_log(GameLog.of(app.state, 4, app.actions).to_json())
    assert replay(log).result() == app.state.result()
    assert any(line.startswith("— round 2: ") for line in app._logs[0])


async def test_full_screen_the_declaration_is_shown_before_its_cards_are_laid():
    state = table(
        2, hands={0: ["6", "6l", "9", "3", "3"], 1: ["2", "3"]}, tops={0: ["6d"]}, blinds={0: ["1"]}, pile=["7"], turn=0
    )
    app = _app(state)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.01)
        assert _keys(app)["2"] == "2x"  # counts first: 1x…, 2x…, 3x…
        await pilot.press("2")
        await pilot.pause(0.01)
        assert app._prefix == "2x" and _keys(app) == {"3": "2x3", "6": "2x6"}  # then the value
        await pilot.press("6")
        await pilot.pause(0.01)
        # declared, shown, and nothing laid yet: the person now chooses the cards
        assert any(DECLARED.match(line) for line in app._logs[0])
        assert not any(LAID.match(line) for line in app._logs[0])
        assert "you declared 2 Sixes; laid so far: -" in app.table_text
        assert [NAMES[c] for c in app.state.pile] == ["7"]
        assert set(_keys(app).values()) == {"6", "6l", "b1"}
        key = next(k for k, a in _keys(app).items() if a == "b1")
        await pilot.press(key)
        await pilot.pause(0.01)
        assert "you declared 2 Sixes; laid so far: 6d" in app.table_text
        key = next(k for k, a in _keys(app).items() if a == "6l")
        await pilot.press(key)
        await pilot.pause(0.01)
        assert [NAMES[c] for c in app.state.pile][:3] == ["7", "6d", "6l"]  # seat 1 may follow at once
        assert any(LAID.match(line) for line in app._logs[0])
    assert app.actions[:3] == [[0, "2x6"], [0, "b1"], [0, "6l"]]


async def test_full_screen_every_declaration_of_a_big_hand_has_keys():
    """A hand of 28 cards after pick-ups declares far more plays than there are keys:
    offered as counts, then values, every one is reachable."""
    hand = [str(v) for v in range(1, 11) for _ in range(2)] + ["4", "4", "6", "6", "8", "8", "10", "10"]
    state = table(2, hands={0: hand, 1: ["2", "3"]}, indicator="1s", turn=0)
    legal = set(state.legal_actions(0))
    assert len(legal) > 40
    app = _app(state)
    reached = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.01)
        top = _keys(app)
        for key, target in top.items():
            if target in legal:
                reached.add(target)
                continue
            await pilot.press(key)
            await pilot.pause(0.01)
            reached |= {a for a in _keys(app).values() if a in legal}
            await pilot.press("escape")
            await pilot.pause(0.01)
        assert app.state.ply == 0  # looking around played nothing
    assert reached == legal


def test_plain_alone_at_seat_0_every_line_says_you_never_seat_0():
    lines: list[str] = []
    given = iter(["1"] * 2000 + ["q"])
    PlainGame(
        FLUSH,
        3,
        ["human", "random", "random"],
        0,
        5,
        {"rounds": "2"},
        input_fn=lambda _p: next(given),
        print_fn=lines.append,
        clock=lambda: 0.0,
    ).run()
    assert "You are seat 0" in lines[0] and lines[-1].startswith("Game over.")
    assert not [line for line in lines[1:] if re.search(r"\bseat 0\b", line)]
    told = [line.strip() for line in lines if line.startswith("  ")]
    assert any(line.startswith("you declare “") for line in told)
    assert any(line.startswith(("you lay ", "you start a new pile")) for line in told)
