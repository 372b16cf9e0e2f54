"""FLAPS action notation and the fixed action space.

=================  ==============================================================
``7h``             lay the 7 of Hearts (cards: see ``cards.py``; ``fliptable rules
                   flaps`` lists them all)
``7h!``            lay it and say "Last Card" (only when it leaves you one card)
``ah:s``           lay an ACE (any Ace type, the ACE-JACK) calling Spades; ``ktc:h``
                   lay a K - TRUMPS calling Hearts trumps
``10h>2``          lay a 10 (or a HOOFERS-DOOFERS) choosing seat 2 to pick up one
``draw``           pick up one card from the pack (also: after an ACE'N'LAY,
                   "call the suit First and pick up Second")
``take``           pick up the attack's sum, or the one card a 10 / HOOFERS-DOOFERS
                   gave you
``knock``          miss a go after an 8
``done``           end a MEGA-FLAP, DUMP THOSE FIVES or King'N'Lay run
``last``           say "Last Card" after the play that left you one card, until another
                   player lays a card (out of turn too)
``catch:1``        catch seat 1, who forgot "Last Card": they pick up one
``t:7h``           TRUMPS or SPOOF: lay the 7 of Hearts face down
``call:33``        SPOOF (Level 4): call 33 for the sum of the cards laid
``5share>2``       SHARE A SECRET (Level 5) with seat 2
``s:7h``           PICK A SECRET: put the 7 of Hearts on the Solve the Mystery pile
``guess:7h``       START GUESSING - DO NOT LOOK: guess the 7 of Hearts
``1up>2``          1 - UP (Level 6): seat 2 picks up the top card of its 1-DOWN pile
``down>2``         1 - DOWN: put the card you took in front of seat 2
``over:2.0``       1 - OVER: turn up seat 2's 1-DOWN card 0 (0 = the bottom)
``peek:2.0``       1 - LOOK: look at it (it goes back on top); ``peek>2``: with no
                   1-DOWN cards, look at a card of seat 2's hand
``swap:2.0``       1 - SWAP: take seat 2's 1-DOWN card 0; then ``give:7h``: your 7h
                   goes in its place
``fm>2``           FULL MONTY (Level 7) with seat 2; then ``fm:7h`` three times: lay
                   three cards face down
``point:1``        FULL MONTY: the chosen player indicates face-down card 1 (0-2)
``show:2``         FULL MONTY: its player shows everyone card 2
``keep:1``         FULL MONTY: the chosen player takes card 1 (the one indicated, or
                   the other face-down one)
=================  ==============================================================
"""

from __future__ import annotations

from .cards import (
    CALLS,
    COLOUR,
    FACES,
    HOOFERS,
    KIND,
    LEVEL,
    NAMES,
    NCARDS,
    SELF_TARGET,
    SPOOF_VALUE,
    SUITS,
    TARGETS,
    TRUMPS,
)

(
    LAY,
    DRAW,
    TAKE,
    KNOCK,
    DONE,
    CATCH,
    COMMIT,
    CALL,
    SECRET,
    GUESSING,
    PLACE,
    TURN_UP,
    PEEK_AT,
    PEEK_HAND,
    SWAP_AT,
    GIVE,
    MONTY_LAY,
    POINT,
    SHOW,
    KEEP,
    SAY,
) = range(21)
#: the most 1-DOWN cards one pile can hold per pack (eight 1-DOWN cards, each laid once)
DOWNS_PER_PACK = 8
#: ... with two packs ("order another pack and combine two packs!")
MAX_PACKS = 2
MAX_DOWNS = DOWNS_PER_PACK * MAX_PACKS
DRAW_ACTION, TAKE_ACTION, KNOCK_ACTION, DONE_ACTION = "draw", "take", "knock", "done"
#: say "Last Card" after the play that left you one card, before another player lays a card
SAY_ACTION = "last"
#: eight players a pack; two packs seat sixteen
SEATS_PER_PACK = 8
MAX_SEATS = SEATS_PER_PACK * MAX_PACKS
#: the highest SPOOF sum: every seat lays an OL' MAID (20)
MAX_CALL = 20 * MAX_SEATS
#: the event each answer makes
INFO_NAMES = {1: "draw_turn", 2: "take", 3: "knock", 4: "done"}


def _call_suits(card: int) -> tuple[int, ...]:
    """The suits laying ``card`` may call: an ACE'N'LAY its colour's, other calls any."""
    return COLOUR[card] or tuple(range(4))


#: PLAIN_LAY[card][declare]: the action laying a card that calls nothing and targets nobody
PLAIN_LAY = tuple((NAMES[c], NAMES[c] + "!") for c in range(NCARDS))
#: CALL_LAY[card][declare]: the actions laying it with each suit it may call
CALL_LAY = tuple(
    tuple(tuple(f"{NAMES[c]}:{SUITS[s]}{'!' if d else ''}" for s in _call_suits(c)) for d in (0, 1))
    if CALLS[c] or KIND[c] == TRUMPS
    else ((), ())
    for c in range(NCARDS)
)
#: TARGET_LAY[card][declare][seat]
TARGET_LAY = tuple(
    tuple(tuple(f"{NAMES[c]}>{p}{'!' if d else ''}" for p in range(MAX_SEATS)) for d in (0, 1))
    if TARGETS[c]
    else ((), ())
    for c in range(NCARDS)
)
CATCHES = tuple(f"catch:{p}" for p in range(MAX_SEATS))
COMMITS = tuple(f"t:{NAMES[c]}" for c in range(NCARDS))
SPOOF_CALLS = tuple(f"call:{n}" for n in range(MAX_CALL + 1))
SECRET_PUTS = tuple(f"s:{NAMES[c]}" for c in range(NCARDS))
GUESSES = tuple(f"guess:{NAMES[c]}" for c in range(NCARDS))
PLACES = tuple(f"down>{p}" for p in range(MAX_SEATS))
TURN_UPS = tuple(tuple(f"over:{p}.{i}" for i in range(MAX_DOWNS)) for p in range(MAX_SEATS))
PEEKS = tuple(tuple(f"peek:{p}.{i}" for i in range(MAX_DOWNS)) for p in range(MAX_SEATS))
PEEK_HANDS = tuple(f"peek>{p}" for p in range(MAX_SEATS))
SWAPS = tuple(tuple(f"swap:{p}.{i}" for i in range(MAX_DOWNS)) for p in range(MAX_SEATS))
GIVES = tuple(f"give:{NAMES[c]}" for c in range(NCARDS))
MONTY_LAYS = tuple(f"fm:{NAMES[c]}" for c in range(NCARDS))
POINTS = tuple(f"point:{i}" for i in range(3))
SHOWS = tuple(f"show:{i}" for i in range(3))
KEEPS = tuple(f"keep:{i}" for i in range(3))

#: every action -> (type, card, argument: suit / seat / -1, declares Last Card)
INFO: dict[str, tuple[int, int, int, bool]] = {
    DRAW_ACTION: (DRAW, -1, -1, False),
    TAKE_ACTION: (TAKE, -1, -1, False),
    KNOCK_ACTION: (KNOCK, -1, -1, False),
    DONE_ACTION: (DONE, -1, -1, False),
    SAY_ACTION: (SAY, -1, -1, False),
}
for _c in range(NCARDS):
    for _d in (0, 1):
        if CALL_LAY[_c][0]:
            for _s, _a in zip(_call_suits(_c), CALL_LAY[_c][_d], strict=True):
                INFO[_a] = (LAY, _c, _s, bool(_d))
        elif TARGET_LAY[_c][0]:
            for _p, _a in enumerate(TARGET_LAY[_c][_d]):
                INFO[_a] = (LAY, _c, _p, bool(_d))
            if KIND[_c] == HOOFERS:  # option hoofers=plain: an ordinary Queen in play
                INFO[PLAIN_LAY[_c][_d]] = (LAY, _c, -1, bool(_d))
        else:
            INFO[PLAIN_LAY[_c][_d]] = (LAY, _c, -1, bool(_d))
    INFO[COMMITS[_c]] = (COMMIT, _c, -1, False)
    INFO[SECRET_PUTS[_c]] = (SECRET, _c, -1, False)
    INFO[GUESSES[_c]] = (GUESSING, _c, -1, False)
    INFO[GIVES[_c]] = (GIVE, _c, -1, False)
    INFO[MONTY_LAYS[_c]] = (MONTY_LAY, _c, -1, False)
for _i in range(3):
    INFO[POINTS[_i]] = (POINT, -1, _i, False)
    INFO[SHOWS[_i]] = (SHOW, -1, _i, False)
    INFO[KEEPS[_i]] = (KEEP, -1, _i, False)
for _p in range(MAX_SEATS):
    INFO[CATCHES[_p]] = (CATCH, -1, _p, False)
for _n, _a in enumerate(SPOOF_CALLS):
    INFO[_a] = (CALL, -1, _n, False)
for _p in range(MAX_SEATS):
    INFO[PLACES[_p]] = (PLACE, -1, _p, False)
    INFO[PEEK_HANDS[_p]] = (PEEK_HAND, -1, _p, False)
    for _i in range(MAX_DOWNS):
        # the argument: seat * MAX_DOWNS + index
        INFO[TURN_UPS[_p][_i]] = (TURN_UP, -1, _p * MAX_DOWNS + _i, False)
        INFO[PEEKS[_p][_i]] = (PEEK_AT, -1, _p * MAX_DOWNS + _i, False)
        INFO[SWAPS[_p][_i]] = (SWAP_AT, -1, _p * MAX_DOWNS + _i, False)


def max_spoof(players: int) -> int:
    """The highest SPOOF sum at such a table: every seat lays a card worth the most."""
    return max(SPOOF_VALUE) * players


def lay_actions(card: int, declare: int, players: int, me: int, plain: bool = False) -> tuple[str, ...]:
    """Every way of laying ``card`` (its calls or targets), ``declare`` 1 with "Last Card";
    ``plain``: a card that could target is laid without (a HOOFERS-DOOFERS, hoofers=plain)."""
    calls = CALL_LAY[card][declare]
    if calls:
        return calls
    targets = TARGET_LAY[card][declare]
    if targets and not (plain and KIND[card] == HOOFERS):
        return tuple(targets[p] for p in range(players) if p != me or SELF_TARGET[card])
    return (PLAIN_LAY[card][declare],)


def action_space(players: int, level: int, packs: int = 1) -> tuple[str, ...]:
    """Every action that can ever be legal at such a table, in a fixed order (actions added
    later come last, so every earlier action keeps its id)."""
    out: list[str] = []
    faces = [c for c in range(NCARDS) if LEVEL[c] <= level]
    for c in faces:
        for d in (0, 1):
            calls = CALL_LAY[c][d]
            if calls:
                out.extend(calls)
            elif TARGET_LAY[c][0]:
                out.extend(TARGET_LAY[c][d][:players])
                if KIND[c] == HOOFERS:
                    out.append(PLAIN_LAY[c][d])
            else:
                out.append(PLAIN_LAY[c][d])
    out += [DRAW_ACTION, TAKE_ACTION, KNOCK_ACTION, DONE_ACTION]
    out += CATCHES[:players]
    out += [COMMITS[c] for c in faces]
    if level >= 4:
        out += SPOOF_CALLS[: max_spoof(players) + 1]
    if level >= 5:
        out += [SECRET_PUTS[c] for c in faces]
        out += [GUESSES[c] for c in faces]
    if level >= 6:
        out += PLACES[:players] + PEEK_HANDS[:players]
        downs = DOWNS_PER_PACK * packs
        for p in range(players):
            out += TURN_UPS[p][:downs] + PEEKS[p][:downs] + SWAPS[p][:downs]
        out += [GIVES[c] for c in faces]
    if level >= 7:
        out += [MONTY_LAYS[c] for c in faces]
        out += POINTS + SHOWS + KEEPS
    out.append(SAY_ACTION)
    return tuple(out)


_SYMBOLS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"})
_WORDS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
_ALIASES = {
    "d": DRAW_ACTION,
    "pick": DRAW_ACTION,
    "pickup": DRAW_ACTION,
    "k": KNOCK_ACTION,
    "quack": "0",
    "lastcard": SAY_ACTION,
    "!": SAY_ACTION,
}


def parse(text: str) -> str:
    """What a person typed (case, spaces and suit symbols forgiven) as notation."""
    text = text.translate(_SYMBOLS)
    for word, letter in _WORDS.items():
        text = text.replace(":" + word, ":" + letter)
    text = text.replace("lastcard", "!")
    return _ALIASES.get(text, text)


def card_list() -> str:
    """Every card with its notation, for ``fliptable rules flaps``."""
    return "\n".join(f"  {x.name:<5} {x.title} ×{x.count} (level {x.level})" for x in FACES)
