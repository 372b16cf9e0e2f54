"""What a Flip 7 balance report counts (``games/flip7/balance.py``): every card reaches a
player by a flip (noted by the rules as it is flipped; the "flip" events say the same); a
game lasts rounds; the round limit is its safety cap."""

from fliptable.core import get_game
from fliptable.core.events import Event

GAME = get_game("flip7")


def test_a_card_is_dealt_to_the_player_it_is_flipped_to():
    b = GAME.balance
    assert not b.reads_events(GAME.resolve_options({})) and b.dealt_events == frozenset({"flip"})
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


def test_the_flips_noted_in_play_are_the_flips_told(monkeypatch):
    """A report notes the flips as the rules make them (watch) instead of reading events:
    the same cards to the same seats as the "flip" events, whatever the table, and a
    searching bot's clones note nothing."""
    from fliptable.games.flip7.balance import Flip7Balance
    from fliptable.sim.balance import Combination, run_chunk

    class Told(Flip7Balance):  # the events' reading
        def reads_events(self, options):
            return True

        def watch(self, state):
            return None

    for players, rules, bots in ((2, "rulebook", ["ismcts:iterations=8"]), (4, "official", ["ev", "random"])):
        options = GAME.resolve_options({"rules": rules})
        kinds = {name: i for i, name in enumerate(GAME.balance.kinds(GAME, players, options))}
        lineup = (bots * players)[:players]
        job = (0, GAME, Combination(players, (), options), lineup, kinds, 5, 0, 4)
        _, noted = run_chunk(job)
        monkeypatch.setattr(type(GAME), "balance", Told())
        _, told = run_chunk(job)
        monkeypatch.undo()
        assert noted.dealt_n == told.dealt_n and noted.dealt_w == told.dealt_w and sum(noted.dealt_n) > 20


def test_only_the_watched_state_notes_its_flips():
    from fliptable.games.flip7.balance import watch_flips

    s = GAME.new_state(3, None, 2)
    seen = watch_flips(s)
    other = s.clone()
    p = other.decision().actors[0]
    other.apply(p, "hit")
    assert seen == [set(), set(), set()]
    s.apply(p, "hit")
    assert sum(map(len, seen)) >= 1
    watch_flips(None)
    before = [set(cards) for cards in seen]
    s.apply(s.decision().actors[0], "hit")
    assert seen == before
