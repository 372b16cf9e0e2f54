"""What a Flip 7 balance report counts (``games/flip7/balance.py``): every card reaches a
player by a flip (read from the "flip" events); a game lasts rounds; the round limit is
its safety cap."""

from fliptable.core import get_game
from fliptable.core.events import Event

GAME = get_game("flip7")


def test_a_card_is_dealt_to_the_player_it_is_flipped_to():
    b = GAME.balance
    assert b.reads_events(GAME.resolve_options({})) and b.dealt_events == frozenset({"flip"})
    assert b.dealt_by(Event("flip", {"player": 2, "card": "12"})) == (2, ("12",))
    assert b.dealt_by(Event("stay", {"player": 2})) is None


def test_a_game_lasts_rounds_and_the_round_limit_is_its_cap():
    s = GAME.new_state(3, None, 4)
    while not s.is_over():
        p = s.decision().actors[0]
        s.apply(p, s.legal_actions(p)[0])
    assert GAME.balance.lengths(s) == {"rounds": s.round_no} and s.round_no >= 1
    assert GAME.balance.capped(s) is (s.ended == "round_limit")
    s.ended = "round_limit"
    assert GAME.balance.capped(s) is True


def test_its_own_reading_of_the_flips_deals_what_dealt_by_reads():
    """Flip 7 reads its flip events itself (for speed): the same cards to the same seats
    as the kernel's reading through dealt_by, in played games with every kind of event."""
    from fliptable.core.balance import Balance

    b = GAME.balance
    kinds = {name: i for i, name in enumerate(b.kinds(GAME, 4, GAME.resolve_options({})))}
    for seed in range(6):
        s, told = GAME.new_state(4, None, seed), []
        while not s.is_over():
            p = s.decision().actors[0]
            legal = s.legal_actions(p)
            told += s.apply(p, legal[seed % len(legal)])
        events = list(s.opening) + told
        own, kernels = [set() for _ in range(4)], [set() for _ in range(4)]
        b.add_dealt(own, events, kinds)
        Balance.add_dealt(b, kernels, events, kinds)
        assert own == kernels and sum(map(len, own)) > 5
        assert {e.type for e in events} - {"flip"}  # other events were passed over
