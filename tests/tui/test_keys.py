"""Keys for legal actions: derived from the legal list alone (fliptable.tui.keys)."""

from __future__ import annotations

from fliptable.core.registry import get_game
from fliptable.tui.keys import aliases, menu


def keys_of(choices):
    return {c.key: (c.action or c.prefix) for c in choices}


def test_one_word_actions_get_their_first_letter():
    assert keys_of(menu(["hit", "stay"])[1]) == {"h": "hit", "s": "stay"}


def test_seat_and_fly_numbers_get_their_digit():
    assert keys_of(menu(["give:1", "give:3"])[1]) == {"1": "give:1", "3": "give:3"}
    swats = [f"swat:{n}" for n in range(1, 13)] + ["done"]
    keys = keys_of(menu(swats, flat=True)[1])
    assert keys["1"] == "swat:1" and keys["9"] == "swat:9" and keys["0"] == "swat:10"
    assert keys["d"] == "done"
    assert sorted(keys.values()) == sorted(swats)  # every action has a key, none twice


def test_collisions_fall_back_to_free_keys():
    keys = keys_of(menu(["pass", "play", "pick"])[1])
    assert keys["p"] == "pass" and set(keys.values()) == {"pass", "play", "pick"}
    assert len(keys) == 3


def test_long_lists_become_a_tree_over_the_notation():
    acts = [f"play:hand{h}>c{c}" for h in range(1, 6) for c in range(1, 4)] + [
        f"discard:hand{h}>res{r}" for h in range(1, 6) for r in range(1, 6)
    ]
    prefix, top = menu(acts)
    assert prefix == "" and keys_of(top) == {"p": "play:", "d": "discard:"}
    prefix, level = menu(acts, "play:")
    # a single continuation is skipped: play: -> play:hand
    assert prefix == "play:hand" and keys_of(level)["2"] == "play:hand2>"
    prefix, leaves = menu(acts, "play:hand2>")
    assert keys_of(leaves) == {"1": "play:hand2>c1", "2": "play:hand2>c2", "3": "play:hand2>c3"}
    # every action is reachable by keys
    reached = set()

    def walk(p):
        _, choices = menu(acts, p)
        for c in choices:
            if c.action:
                reached.add(c.action)
            else:
                walk(c.prefix)

    walk("")
    assert reached == set(acts)


def test_enter_aliases():
    swatter = get_game("flyswatter").key_aliases
    assert aliases(swatter, ["swat:1", "done"]) == {"enter": "done"}
    assert aliases(swatter, ["flip"]) == {"enter": "flip"}  # a lone action
    assert aliases(swatter, ["swat:1", "swat:2"]) == {}  # done not legal: no Enter
    assert aliases(get_game("flip7").key_aliases, ["hit", "stay"]) == {}
