"""FLAPS text for people: the table from views, one line per event."""

from fliptable.bots import make_agent
from fliptable.core.table import Table, VirtualClock

from .helpers import FLAPS, dealt, play


def test_render_shows_the_top_card_what_follows_and_your_hand():
    s = dealt(3, {0: ["4h", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
    text = FLAPS.render(s.view(0), 0)
    assert "top: 9h" in text and "follow: Hearts or number 9" in text and "Your hand: 5c qc kc 5d qd kd 4h" in text
    # sorted as a person holds them: by suit, then by number (issue 25); the deal too
    assert s.view(0)["hand"][:2] == ["4h", "5c"]
    play(s, (0, "4h"))
    assert "FLAPPING!" in FLAPS.render(s.view(1), 1)


def test_render_and_narrate_every_moment_of_whole_games():
    for seed, level in ((1, 3), (2, 2), (3, 1)):
        s = FLAPS.new_state(4, {"level": level, "games": 2}, seed)
        agents = [make_agent(FLAPS, spec) for spec in ("greedy:forget=0.5", "random", "greedy", "random")]
        table = Table(s, agents, seed=seed, clock=VirtualClock())
        lines = []
        while not s.is_over():
            table.resolve()
            for seat in (None, 0):
                assert FLAPS.render(s.view(seat), seat)
        for event in table.history(0):
            line = FLAPS.narrate(event)
            if line:
                lines.append(line)
        assert any("lays" in x for x in lines) and any("win" in x for x in lines)
        assert "Game over" in FLAPS.render(s.view(0), 0)


def test_narrate_says_what_happened_you_for_the_reader():
    lay = {"type": "lay", "player": 2, "card": "ah", "call": "s", "last_card": True}
    assert FLAPS.narrate(lay) == 'Seat 2 lays ah (ACE of Hearts), calling Spades — "Last Card!"'
    assert FLAPS.narrate(lay, 2) == 'You lay ah (ACE of Hearts), calling Spades — "Last Card!"'
    catch = {"type": "catch", "player": 1, "caught": 0}
    assert FLAPS.narrate(catch) == 'Seat 1 catches seat 0: no "Last Card"!'
    assert FLAPS.narrate(catch, 0) == 'Seat 1 catches you: no "Last Card"!'
    assert "picks up 2 (the attack)" in FLAPS.narrate({"type": "draw", "player": 1, "count": 2, "why": "attack"})


def test_the_table_says_you_with_the_verb_agreeing_in_a_scuffle():
    """HOOFERS-DOOFERS: the table tells the target "you pick up one or fight back", and
    everyone else "seat N picks up one or fights back"."""
    import random

    from fliptable.core.registry import get_game
    from fliptable.games.flaps.render import render

    game = get_game("flaps")
    for seed in range(200):
        state, rng = game.new_state(4, {"level": 1}, seed), random.Random(seed)
        while not state.is_over() and not state.view(None)["scuffle"]:
            d = state.decision()
            p = rng.choice([q for q in d.actors if state.legal_actions(q)])
            state.apply(p, rng.choice(state.legal_actions(p)))
        if state.view(None)["scuffle"]:
            break
    target = state.view(None)["scuffle"]["target"]
    other = (target + 1) % 4
    assert "Scuffle: you pick up one or fight back" in render(state.view(target), target)
    assert f"Scuffle: seat {target} picks up one or fights back" in render(state.view(other), other)
