"""Helpers shared by the game tests."""

import json

import pytest

from fliptable.core import IllegalAction, Race, StateError

#: the games fliptable ships, written out: a test that covers every game checks it holds these
#: (a game dropped from the registry by mistake fails it; a new one is added here)
SHIPPED_GAMES = frozenset(
    {"flip7", "flyswatter", "flinch", "muggins", "authors", "patience", "go-to-the-store", "flush", "flaps"}
)


def assert_rejected(state, player, action, *phrases):
    """``action`` by ``player`` raises IllegalAction whose message holds every phrase,
    and the state is unchanged (its JSON is identical). Returns the message."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        state.apply(player, action)
    message = str(info.value)
    for phrase in phrases:
        assert phrase in message, message
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return message


def assert_load_refused(game, data, says):
    """``game.state_from_json(data)`` refuses the saved state naming exactly ``says``: the
    message is what a person reads, so it is compared whole (a test per loading check)."""
    with pytest.raises(StateError) as info:
        game.state_from_json(data)
    assert str(info.value) == f"invalid {game.id} state: {says}"


def draw_table(draw, game):
    """Hypothesis: a random table of ``game`` — players up to the game's maximum and a
    value for every option (choices, booleans, and numbers across their range, the
    ends included)."""
    from hypothesis import strategies as st

    players = draw(st.integers(game.min_players, game.max_players))
    options = {}
    for opt in game.options:
        if opt.kind == "choice":
            options[opt.name] = draw(st.sampled_from(opt.choices))
        elif opt.kind == "bool":
            options[opt.name] = draw(st.booleans())
        elif opt.kind in ("int", "float") and opt.min is not None and opt.max is not None:
            lo, hi = opt.min, opt.max
            if opt.kind == "int":
                value = draw(st.one_of(st.sampled_from([int(lo), int(hi), opt.default]), st.integers(int(lo), int(hi))))
            else:
                value = draw(
                    st.one_of(
                        st.sampled_from([lo, hi, opt.default]), st.floats(lo, hi, allow_nan=False, allow_infinity=False)
                    )
                )
            options[opt.name] = value
    return players, options


def new_random_state(game, draw):
    """A new game at a random table (``draw_table``). Option combinations a player count
    does not allow are drawn again, never silently replaced by the default game."""
    from hypothesis import reject
    from hypothesis import strategies as st

    from fliptable.core import FliptableError

    for _ in range(30):
        players, options = draw_table(draw, game)
        seed = draw(st.integers(0, 2**64))
        try:
            return game.new_state(players, options, seed), players, options, seed
        except FliptableError:
            continue
    return reject()  # no state in 30 draws: hypothesis rejects the example (reject() never returns)


def play_randomly(state, rng, steps: int = 3000, until=None) -> list:
    """Random legal actions, by any seat that may act now (claimants too), until the game
    is over, ``steps`` actions were played, or ``until(state, events)`` holds after one;
    every event in order, the deal's first."""
    seen = list(state.opening)
    for _ in range(steps):
        d = state.frame(None)["decision"]
        if d["kind"] == "over":
            break
        actors = [p for p in d["players"] + d.get("claimants", []) if state.legal_actions(p)]
        if not actors:
            break
        p = rng.choice(actors)
        events = state.apply(p, rng.choice(state.legal_actions(p)))
        seen += events
        if until is not None and until(state, events):
            break
    return seen


def assert_views_fit_observation(game, steps: int = 60, options=None, tables=None, seed=None) -> set:
    """Every seat's view of one random game at every table size ``game`` allows (its first
    ``steps`` actions) fits the view ``game`` declares (its ``observation.py``), and every
    event is of a declared type. The event types seen, for a test to say more.
    ``tables``: (players, options) pairs to play instead of every table size; ``seed``:
    the games' seed (default: the player count)."""
    import random

    from fliptable.core.schema import check, declared

    types = set()
    for players, opts in tables or [(n, options) for n in range(game.min_players, game.max_players + 1)]:
        start = players if seed is None else seed
        state, rng = game.new_state(players, opts, start), random.Random(start)
        schema = game.observation_schema(players, state.options)
        types.update(e.type for e in state.opening)
        for _ in range(steps):
            for p in range(players):
                wrong = check(schema, state.view(p), players, game.cards.names)
                assert not wrong, (players, opts, p, wrong[:5])
            if state.is_over():
                break
            events = play_randomly(state, rng, steps=1)
            types.update(e.type for e in events)
    assert types <= set(declared(game).EVENTS), types - set(declared(game).EVENTS)
    return types


def hand(state, seat) -> list[int]:
    """A seat's hand as numbers, for games whose cards are numbers (the view writes them in notation)."""
    return [int(c) for c in state.view(seat)["hand"]]


def play_turns(state, rng, steps: int | None = None):
    """Random legal actions by the player whose turn it is (a turn-based game), until the
    game is over or ``steps`` were played (None: no limit); the state."""
    n = 0
    while not state.is_over() and (steps is None or n < steps):
        p = state.decision().player
        state.apply(p, rng.choice(state.legal_actions(p)))
        n += 1
    return state


def random_step(state, rng):
    """One random legal step (clock defaults included): (player, action)."""
    d = state.decision()
    if isinstance(d, Race) and rng.random() < 0.05:
        return None, d.default
    actors = [p for p in d.actors if state.legal_actions(p)]
    assert actors, f"nobody listed in {d} has a legal action"
    p = actors[int(rng.random() * len(actors))]
    legal = state.legal_actions(p)
    return p, legal[int(rng.random() * len(legal))]


def play(state, *moves):
    """Apply ``(player, action)`` moves through the validated path (``State.apply``); the
    events of the last."""
    events = []
    for player, action in moves:
        events = state.apply(player, action)
    return events
