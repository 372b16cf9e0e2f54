"""The narrator words every event of every game: whole random games played by the
engine, each event as seat 0 and as a spectator saw it, narrated in the browser — no
line may fail, say "undefined", "NaN" or "[object Object]", and every card an event
names is drawn as a card."""
from __future__ import annotations

import json
import random

import pytest


def _events(game_id: str, limit: int = 400) -> list[dict]:
    from fliptable.core.registry import get_game
    game = get_game(game_id)
    players = max(game.min_players, min(3, game.max_players))
    state = game.new_state(players, game.resolve_options({}), 17)
    rng = random.Random(3)
    seen = [e for e in state.opening]
    for _ in range(3000):
        d = state.frame(None)["decision"]
        if d["kind"] == "over":
            break
        actors = [p for p in d["players"] + d.get("claimants", []) if state.legal_actions(p)]
        if not actors:
            break
        p = rng.choice(actors)
        seen += state.apply(p, rng.choice(state.legal_actions(p)))
    out, kinds = [], {}
    for e in seen:  # every kind of event, a few of each
        if kinds.get(e.type, 0) < 8:
            kinds[e.type] = kinds.get(e.type, 0) + 1
            out += [e.for_player(0), e.for_player(None)]
    return out[:limit]


def _games():
    # the built-in games the server plays (never the kernel tests' toy games)
    from fliptable.core.registry import GAME_MODULES, all_game_ids
    return [g for g in all_game_ids() if g in GAME_MODULES]


@pytest.mark.parametrize("game", _games())
def test_every_event_is_narrated(server, context, game):
    events = _events(game)
    assert events
    page = context().new_page()
    page.goto(server.url + "/?narration-test")
    lines = page.evaluate("""async ([game, events]) => {
        const {narrate, makeNames} = await import("/narrate.js");
        const names = makeNames([{seat: 0, kind: "human", name: "Ana"}, {seat: 1, kind: "bot", bot: "greedy"},
                                 {seat: 2, kind: "human", name: null}], 0);
        return events.map((e, i) => {
            const li = narrate(game, e, names, i % 2 ? null : 0);
            return {text: li.textContent, cards: [...li.querySelectorAll(".card[data-card]")].map(c => c.dataset.card)};
        });
    }""", [game, events])
    from fliptable.core.registry import get_game
    names = set(get_game(game).cards.names)
    for event, line in zip(events, lines):
        text = line["text"]
        assert text.strip(), event
        for bad in ("undefined", "NaN", "[object Object]"):
            assert bad not in text, (event, text)
        for key in ("card", "number", "first", "indicator"):
            value = event.get(key)
            if isinstance(value, str) and value in names and key in ("card",):
                assert value in line["cards"], (event, text, line["cards"])
