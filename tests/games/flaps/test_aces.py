"""flaps.md "ACE, ACE'N'END and ACE'N'LAY" and "JACKS, UP-JACKS and ACE-JACKS" (the
ACE-JACK's ACE half)."""

from fliptable.core import Turn

from .helpers import dealt, hand, play, rejected, validated

P0 = ["ac", "aed", "alh", "als", "aj", "qd", "kd"]


def _two_left(cards, first="9c", pack=("qs", "ks")):
    """Seat 0 holds exactly ``cards``; the rest of its deal goes under the pack."""
    s = dealt(
        2,
        {0: list(cards) + ["5h", "5d", "qh", "kh", "jd", "10d", "8d"][: 7 - len(cards)]},
        first=first,
        pack=list(pack),
    )
    rest = s.hands[0][len(cards) :]
    del s.hands[0][len(cards) :]
    s.pack[:0] = rest
    return validated(s)


def test_ace_any_type_of_ace_on_any_suit_and_on_any_ace():
    s = dealt(2, {0: P0, 1: ["ah", "5c", "5s", "qs", "ks", "qc", "kc"]}, first="9d")
    legal = set(s.legal_actions(0))
    assert {"ac:h", "aed:s", "alh:d", "als:c", "aj:h"} <= legal
    play(s, (0, "ac:s"))
    assert "ah:d" in s.legal_actions(1)


def test_ace_choose_the_suit_to_be_played():
    s = dealt(2, {0: P0, 1: ["5h", "5c", "5s", "qs", "ks", "qc", "kc"]}, first="9d")
    play(s, (0, "ac:s"))
    legal = s.legal_actions(1)
    assert "5s" in legal and "qs" in legal and "5h" not in legal


def test_ace_you_cant_finish_on_it_call_the_suit_first_and_pick_up_second():
    s = _two_left(["ac"], pack=("qs",))
    play(s, (0, "ac:d"))
    assert not s.is_over() and hand(s, 0) == ["qs"]
    assert s.view(None)["lead"]["suit"] == "d" and s.decision() == Turn(1)


def test_ace_n_end_works_the_same_way_except_you_can_finish_on_it():
    s = _two_left(["aed"])
    play(s, (0, "aed:h"))
    assert s.is_over() and s.result().winners == (0,)


def test_ace_n_lay_red_call_diamonds_or_hearts_then_lay_a_red_card_or_any_ace():
    s = dealt(2, {0: ["alh", "5d", "2h", "ac", "5c", "qs", "aj"]}, first="9c")
    assert {"alh:d", "alh:h"} <= set(s.legal_actions(0))
    rejected(s, 0, "alh:c", "not FLAPS notation (see `fliptable rules flaps`)")
    play(s, (0, "alh:d"))
    assert s.decision() == Turn(0)  # the same player lays again
    legal = set(s.legal_actions(0))
    assert {"5d", "2h", "ac:c", "aj:s", "draw"} <= legal and "5c" not in legal and "qs" not in legal
    rejected(
        s,
        0,
        "5c",
        "after an ACE'N'LAY lay a card of its colour or any ACE, or call the suit First and pick up "
        "Second: draw (FLAPS rules, \"ACE, ACE'N'END and ACE'N'LAY\")",
    )
    play(s, (0, "2h"))  # a red card of the other red suit
    assert s.view(None)["phase"] == "attacked" and s.decision() == Turn(1)


def test_ace_n_lay_black_any_black_card():
    s = dealt(2, {0: ["als", "5c", "qs", "5d", "kh", "qh", "kd"]}, first="9d")
    play(s, (0, "als:c"))
    legal = set(s.legal_actions(0))
    assert {"5c", "qs"} <= legal and "5d" not in legal


def test_ace_n_lay_no_playable_card_or_just_dont_want_to_go_call_first_pick_up_second():
    s = dealt(2, {0: ["alh", "5d", "5c", "qs", "kc", "qc", "kd"]}, first="9c", pack=["ks"])
    play(s, (0, "alh:h"), (0, "draw"))
    assert "ks" in hand(s, 0) and s.decision() == Turn(1)
    assert s.view(None)["lead"]["suit"] == "h"


def test_ace_n_lay_as_last_but_one_say_last_card_and_follow_you_must_pick_up():
    s = _two_left(["alh", "5d"], pack=("qs",))
    play(s, (0, "alh:d!"), (0, "5d"))
    assert not s.is_over() and hand(s, 0) == ["qs"]
    assert s.view(None)["top"] == "5d" and s.decision() == Turn(1)


def test_ace_n_lay_as_last_card_call_a_suit_first_pick_up_second():
    s = _two_left(["alh"], pack=("qs",))
    play(s, (0, "alh:h"))
    assert not s.is_over() and hand(s, 0) == ["qs"] and s.decision() == Turn(1)


def test_ace_jack_on_any_suit_reverses_and_calls_a_suit():
    s = dealt(3, {0: ["aj", "5d", "5c", "qs", "kc", "qc", "kd"]}, first="9h")
    play(s, (0, "aj:s"))
    v = s.view(None)
    assert v["direction"] == -1 and v["lead"]["suit"] == "s" and s.decision() == Turn(2)


def test_ace_jack_you_can_lay_a_jack_or_up_jacks_of_any_suit_on_it():
    s = dealt(
        2, {0: ["aj", "5d", "5c", "qs", "kc", "qc", "kd"], 1: ["jh", "ujd", "5h", "qh", "kh", "2c", "3c"]}, first="9h"
    )
    play(s, (0, "aj:s"))
    assert {"jh", "ujd"} <= set(s.legal_actions(1))


def test_ace_jack_you_cant_finish_on_it():
    s = _two_left(["aj"], pack=("qs",))
    play(s, (0, "aj:c"))
    assert not s.is_over() and hand(s, 0) == ["qs"]
