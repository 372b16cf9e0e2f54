"""Helpers shared by the game tests."""
import json

import pytest

from fliptable.core import IllegalAction


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
