"""core/words.py: "you" for the reader's seat, "seat N" for the others, with agreeing verbs."""

from __future__ import annotations

from fliptable.core.words import Words, cap, third_person


def test_the_reader_is_you_and_every_other_seat_is_seat_n():
    w = Words(1)
    assert (w.who(1), w.who(0)) == ("you", "seat 0")
    assert (w.whom(1), w.whom(2)) == ("you", "seat 2")
    assert (w.whose(1), w.whose(0)) == ("your", "seat 0's")
    assert (w.their(1), w.their(0)) == ("your", "their")
    assert (w.does(1, "flip"), w.does(0, "flip")) == ("you flip", "seat 0 flips")


def test_a_spectator_reads_third_person_everywhere():
    w = Words(None)
    assert [w.who(p) for p in range(3)] == ["seat 0", "seat 1", "seat 2"]
    assert w.does(0, "have") == "seat 0 has" and w.whose(0) == "seat 0's"


def test_verbs_agree_with_the_subject():
    you, other = Words(0), Words(None)
    assert [you.does(0, v) for v in ("be", "have", "go", "pass", "carry", "stay", "turn up")] == [
        "you are",
        "you have",
        "you go",
        "you pass",
        "you carry",
        "you stay",
        "you turn up",
    ]
    assert [other.does(0, v) for v in ("be", "have", "go", "pass", "carry", "stay", "turn up")] == [
        "seat 0 is",
        "seat 0 has",
        "seat 0 goes",
        "seat 0 passes",
        "seat 0 carries",
        "seat 0 stays",
        "seat 0 turns up",
    ]
    assert [third_person(v) for v in ("catch", "push", "fix", "do", "say")] == [
        "catches",
        "pushes",
        "fixes",
        "does",
        "says",
    ]


def test_several_seats_take_the_plural_verb():
    w = Words(2)
    assert w.all([0, 2]) == "seat 0 and you"
    assert w.all([0, 1, 2]) == "seat 0, seat 1 and you"
    assert w.does([0, 2], "win") == "seat 0 and you win"
    assert w.does([2], "win") == "you win" and w.does([1], "win") == "seat 1 wins"
    assert w.does([], "win") == "nobody wins" and w.all([]) == "nobody"


def test_cap_keeps_the_rest_of_the_line():
    assert cap("seat 1 plays the Q") == "Seat 1 plays the Q"
    assert cap("you") == "You" and cap("") == ""
