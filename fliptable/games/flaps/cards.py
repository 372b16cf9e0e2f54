"""The FLAPS pack as data: one table of card faces with every property the rules read.

flaps.md lists the pack level by level; each row below is one face: its notation (what
players type and read), its printed name, rank, suit, the level that adds it, how many
copies the pack holds, and its properties:

* ``kind`` — which paragraph of the rulebook gives it its effect;
* ``wild`` — "You can lay any type of ACE on any suit" (ACE, ACE'N'END, ACE'N'LAY, and
  the ACE-JACK, which "has the function of a JACK and an ACE");
* ``finish`` — whether laying it as your last card wins ("you can't finish on it");
* ``trumps`` — its TRUMPS rank before the trump suit's bonus (docs/rules/flaps.md
  "TRUMPS ranking"); ``spoof`` — its SPOOF value (Level 4, issue 11; provisional);
* ``colour`` — the ACE'N'LAY's "ANY RED CARD" / "ANY BLACK CARD".

Ranks: A = 1, 2..10, J = 11 (JACK, UP-JACKS, ACE-JACK), Q = 12 (Queens, HOOFERS-DOOFERS),
K = 13 (Kings, K-TRUMPS, King'N'Lay), QUACK 0; OL' MAIDS have none. Suits: c d h s.
A card is a small int indexing ``FACES``; Levels 4–7 (issue 11) add rows at the end, so
every card int keeps its meaning.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import CardTable, CardType

SUITS = "cdhs"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
RED = (1, 2)  # diamonds, hearts
BLACK = (0, 3)  # clubs, spades
NO_SUIT = -1
NO_RANK = -1

# kinds: what the rules do with a card (flaps.md headings)
PLAIN = "plain"  # 5s, Queens, Kings, the 7 and 9 outside an attack, ...
ACE = "ace"  # ACE: call a suit, can't finish
ACE_END = "ace_end"  # ACE'N'END: call a suit, can finish
ACE_LAY = "ace_lay"  # ACE'N'LAY: call a suit of its colour, then lay again
ATTACK = "attack"  # 2s and 3s: the next player picks up the sum
SEVEN = "seven"  # reverses an attack
NINE = "nine"  # cancels an attack
FLAPS = "flaps"  # 4 - FLAPS
MEGA = "mega"  # MEGA-FLAP
EIGHT = "eight"  # miss a go
TEN = "ten"  # choose a player to pick up one
HOOFERS = "hoofers"  # HOOFERS-DOOFERS Queen
JACK = "jack"  # reverse
UP_JACKS = "up_jacks"  # reverse, everyone else picks up one
ACE_JACK = "ace_jack"  # reverse and call a suit, can't finish
TRUMPS = "trumps"  # K - TRUMPS (Level 2)
OL_MAID = "ol_maid"  # OL' MAID (Level 2)
QUACK = "quack"  # 0 - QUACK (Level 3)
STOP = "stop"  # 4 - STOP THAT FLAPPING (Level 3)
DUMP = "dump"  # 5 - DUMP THOSE FIVES (Level 3)
SIX = "six"  # 6 - SIX OF THE BEST (Level 3)
KING_LAY = "king_lay"  # King'N'Lay (Level 3)
SPOOF = "spoof"  # K - SPOOF (Level 4)
LOW_MAID = "low_maid"  # LOW OL' MAID's family (Level 4); its kind is OL_MAID
LOSE = "lose"  # 5 - LOSE A SECRET (Level 5)
PICK = "pick"  # 5 - PICK A SECRET
GUESS = "guess"  # 5 - START GUESSING - DO NOT LOOK
LOOK = "look"  # 5 - START GUESSING - LOOK
SHARE = "share"  # 5 - SHARE A SECRET
SOLVE = "solve"  # 5 - SOLVE THE MYSTERY
SECRETS = (LOSE, PICK, GUESS, LOOK, SHARE, SOLVE)
DOWN = "down"  # 1 - DOWN (Level 6)
RIGHT = "right"  # 1 - RIGHT
LEFT = "left"  # 1 - LEFT
OVER = "over"  # 1 - OVER
PEEK = "peek"  # 1 - LOOK
SWAP = "swap"  # 1 - SWAP
UP = "up"  # 1 - UP
ONES = (DOWN, RIGHT, LEFT, OVER, PEEK, SWAP, UP)
MONTY = "monty"  # FULL MONTY (Level 7)

#: cards an OL' MAID may be laid on (flaps.md "OL' MAID": "JACK, UP-JACKS, ACE-JACK, QUEEN,
#: HOOFERS-DOOFERS, KING but not TRUMPS"); a King'N'Lay is a King
OL_MAID_ON = frozenset({JACK, UP_JACKS, ACE_JACK, HOOFERS, KING_LAY, "queen", "king"})


@dataclass(frozen=True, slots=True)
class Face:
    """One FLAPS card face and the properties the rules read."""

    name: str  # notation
    title: str  # as printed
    rank: int  # NO_RANK for none
    suit: int  # NO_SUIT for a suitless card
    level: int
    count: int
    kind: str
    wild: bool = False
    finish: bool = True
    trumps: int = 0
    spoof: int = 0
    colour: tuple[int, ...] = ()
    #: what it counts as for OL_MAID_ON ("queen", "king", or its kind)
    family: str = ""


def _suited(
    rank_name: str, rank: int, title: str, kind: str, per_suit: int, level: int = 1, suits: str = SUITS, **kw
) -> list[Face]:
    out = []
    for s in suits:
        si = SUITS.index(s)
        out.append(
            Face(
                f"{rank_name}{s}",
                f"{title} of {SUIT_NAMES[si].capitalize()}",
                rank,
                si,
                level,
                per_suit,
                kind,
                trumps=rank,
                spoof=rank,
                **kw,
            )
        )
    return out


def _faces() -> list[Face]:
    f: list[Face] = []
    # -- Level 1 (103 cards) -------------------------------------------------------------
    # "There are three ACEs; the ACE of Diamonds is missing"
    f += _suited("a", 1, "ACE", ACE, 1, suits="chs", wild=True, finish=False, family=ACE)
    # "There are two ACE'N'ENDs; one Diamonds, one Spades"
    f += _suited("ae", 1, "ACE'N'END", ACE_END, 1, suits="ds", wild=True, family=ACE_END)
    # "There are four ACE'N'LAYS one of each suit" (red: ANY RED CARD, black: ANY BLACK CARD)
    for s in SUITS:
        si = SUITS.index(s)
        colour = RED if si in RED else BLACK
        f.append(
            Face(
                f"al{s}",
                f"ACE'N'LAY ({'ANY RED CARD' if si in RED else 'ANY BLACK CARD'}) of {SUIT_NAMES[si].capitalize()}",
                1,
                si,
                1,
                1,
                ACE_LAY,
                wild=True,
                finish=False,
                trumps=1,
                spoof=1,
                colour=colour,
                family=ACE_LAY,
            )
        )
    # "There are eight 2s, eight 3s, eight 7s and eight 9s; two of each suit."
    f += _suited("2", 2, "2", ATTACK, 2, family=ATTACK)
    f += _suited("3", 3, "3", ATTACK, 2, family=ATTACK)
    f += _suited("7", 7, "7", SEVEN, 2, family=SEVEN)
    f += _suited("9", 9, "9", NINE, 2, family=NINE)
    # "There are sixteen FLAPS cards; four of each suit. There is only one MEGA-FLAP card; hearts."
    f += _suited("4", 4, "4 - FLAPS", FLAPS, 4, family=FLAPS)
    f.append(Face("mf", "MF - MEGA-FLAP (Hearts)", 4, SUITS.index("h"), 1, 1, MEGA, trumps=4, spoof=4, family=MEGA))
    f += _suited("8", 8, "8", EIGHT, 2, family=EIGHT)
    f += _suited("10", 10, "10", TEN, 2, family=TEN)
    f += _suited("hd", 12, "HOOFERS-DOOFERS Q", HOOFERS, 1, family=HOOFERS)
    f += _suited("j", 11, "JACK", JACK, 1, family=JACK)
    # "There are three UP-JACKS; don't ask why the UP-JACKS of Hearts is missing."
    f += _suited("uj", 11, "UP-JACKS", UP_JACKS, 1, suits="cds", family=UP_JACKS)
    # "There are two ACE-JACKS and they are suit-less." "ACE-JACKS are lowest of the low."
    f.append(
        Face("aj", "ACE-JACK", 11, NO_SUIT, 1, 2, ACE_JACK, wild=True, finish=False, trumps=0, spoof=1, family=ACE_JACK)
    )
    f += _suited("5", 5, "5", PLAIN, 2, family="five")
    f += _suited("q", 12, "QUEEN", PLAIN, 1, family="queen")
    f += _suited("k", 13, "KING", PLAIN, 1, family="king")
    # -- Level 2 (+8) ---------------------------------------------------------------------
    f += _suited("kt", 13, "K - TRUMPS", TRUMPS, 1, level=2, family=TRUMPS)
    for n in range(1, 5):
        # "The highest card in TRUMPS is OL' MAID 1, then OL' MAIDS 2, 3 and 4."
        f.append(
            Face(
                f"om{n}",
                f"OL' MAID {n}",
                NO_RANK,
                NO_SUIT,
                2,
                1,
                OL_MAID,
                finish=False,
                trumps=100 - n,
                spoof=20,
                family=OL_MAID,
            )
        )
    # -- Level 3 (+5) ---------------------------------------------------------------------
    f.append(Face("0", "0 - QUACK", 0, NO_SUIT, 3, 1, QUACK, trumps=-1, spoof=0, family=QUACK))
    f.append(Face("stf", "4 - STOP THAT FLAPPING", 4, NO_SUIT, 3, 1, STOP, trumps=4, spoof=4, family=STOP))
    f.append(Face("dtf", "5 - DUMP THOSE FIVES", 5, NO_SUIT, 3, 1, DUMP, finish=False, trumps=5, spoof=5, family=DUMP))
    f.append(Face("6s", "6 - SIX OF THE BEST (Spades)", 6, SUITS.index("s"), 3, 1, SIX, trumps=6, spoof=6, family=SIX))
    f.append(
        Face(
            "klc",
            "King'N'Lay (King of Clubs)",
            13,
            SUITS.index("c"),
            3,
            1,
            KING_LAY,
            trumps=13,
            spoof=13,
            family=KING_LAY,
        )
    )
    # -- Level 4 (+4) ---------------------------------------------------------------------
    # "There are two SPOOF cards; clubs and spades." A King (K - SPOOF), like K - TRUMPS.
    f += _suited("ks", 13, "K - SPOOF", SPOOF, 1, level=4, suits="cs", family=SPOOF)
    # "There are two LOW OL' MAIDS." An OL' MAID (docs/rules/flaps.md "LOW OL' MAID"): laid
    # as one, worth 20 in SPOOF ("All OL' MAIDS are worth 20"), lowest of all in TRUMPS.
    f.append(
        Face("lom", "LOW OL' MAID", NO_RANK, NO_SUIT, 4, 2, OL_MAID, finish=False, trumps=-2, spoof=20, family=LOW_MAID)
    )
    # -- Level 5 (+7) ---------------------------------------------------------------------
    # "Level 5 contains seven cards": five secrets and "two SOLVE THE MYSTERY cards"; each is
    # printed "5 - ..." and no suit is given: suitless 5s, like DUMP THOSE FIVES
    # one table per rulebook level, as the rulebook prints it (the levels read alike on purpose)
    for name, title, kind, count in (
        ("5lose", "5 - LOSE A SECRET", LOSE, 1),
        ("5pick", "5 - PICK A SECRET", PICK, 1),
        ("5guess", "5 - START GUESSING - DO NOT LOOK", GUESS, 1),
        ("5look", "5 - START GUESSING - LOOK", LOOK, 1),
        ("5share", "5 - SHARE A SECRET", SHARE, 1),
        ("5solve", "5 - SOLVE THE MYSTERY", SOLVE, 2),
    ):
        f.append(Face(name, title, 5, NO_SUIT, 5, count, kind, trumps=5, spoof=5, family="secret"))
    # -- Level 6 (+20) --------------------------------------------------------------------
    # "1 - DOWN" ... "There are eight 1-DOWN cards", two 1-RIGHT, two 1-LEFT, one 1-OVER, one
    # 1-LOOK, one 1-SWAP, "five 1 - UP cards": printed "1 - ...", no suit: suitless 1s
    # one table per rulebook level, as the rulebook prints it (the levels read alike on purpose)
    for name, title, kind, count in (
        ("1down", "1 - DOWN", DOWN, 8),
        ("1right", "1 - RIGHT", RIGHT, 2),
        ("1left", "1 - LEFT", LEFT, 2),
        ("1over", "1 - OVER", OVER, 1),
        ("1look", "1 - LOOK", PEEK, 1),
        ("1swap", "1 - SWAP", SWAP, 1),
        ("1up", "1 - UP", UP, 5),
    ):
        f.append(Face(name, title, 1, NO_SUIT, 6, count, kind, trumps=1, spoof=1, family="one"))
    # -- Level 7 (+2) ---------------------------------------------------------------------
    # "Level 7 contains two cards": FULL MONTY, with neither suit nor number given
    # (docs/rules/flaps.md "FULL MONTY": laid on anything, worth 0, ranks with the ACE-JACKS)
    f.append(Face("fm", "FULL MONTY", NO_RANK, NO_SUIT, 7, 2, MONTY, trumps=0, spoof=0, family=MONTY))
    return f


FACES: tuple[Face, ...] = tuple(_faces())
CARDS = CardTable(
    [
        CardType(
            x.name,
            x.kind,
            x.rank if x.rank != NO_RANK else None,
            SUITS[x.suit] if x.suit != NO_SUIT else None,
            frozenset({"wild"} if x.wild else ()) | frozenset({"no_finish"} if not x.finish else ()),
        )
        for x in FACES
    ]
)
NAMES = CARDS.names
ID = CARDS.by_name
NCARDS = len(FACES)

# per card int, flat tuples for the rules' fast path
RANK = tuple(x.rank for x in FACES)
SUIT = tuple(x.suit for x in FACES)
KIND = tuple(x.kind for x in FACES)
WILD = tuple(x.wild for x in FACES)
FINISH = tuple(x.finish for x in FACES)
TRUMPS_BASE = tuple(x.trumps for x in FACES)
FAMILY = tuple(x.family for x in FACES)
LEVEL = tuple(x.level for x in FACES)
#: an OL' MAID may be laid on it
OM_ON = tuple(x.family in OL_MAID_ON for x in FACES)
#: a FLAPS-type card, laid while flapping (FLAPS, MEGA-FLAP, STOP THAT FLAPPING)
FLAPPER = tuple(x.kind in (FLAPS, MEGA, STOP) for x in FACES)
#: answers an attack: 2, 3, 7, 9 (QUACK is checked apart)
ATTACKER = tuple(x.kind in (ATTACK, SEVEN, NINE) for x in FACES)
#: its value in SPOOF (docs/rules/flaps.md "K - SPOOF")
SPOOF_VALUE = tuple(x.spoof for x in FACES)
#: the ACE'N'LAY's colour suits (empty for other cards)
COLOUR = tuple(x.colour for x in FACES)
#: a suit to call when laying it
CALLS = tuple(x.kind in (ACE, ACE_END, ACE_LAY, ACE_JACK) for x in FACES)
#: a player to target when laying it
TARGETS = tuple(x.kind in (TEN, HOOFERS, SHARE, UP, MONTY) for x in FACES)
#: a target that may be yourself ("Choose any player, including yourself")
SELF_TARGET = tuple(x.kind == UP for x in FACES)

MAX_LEVEL = 7
#: levels built so far (issue 10: 1-3; issue 11: 4-7)
BUILT_LEVELS = (1, 2, 3, 4, 5, 6, 7)


def deck(level: int) -> list[int]:
    """The pack of ``level`` (every face of that level or below), in table order."""
    out: list[int] = []
    for c, x in enumerate(FACES):
        if x.level <= level:
            out.extend([c] * x.count)
    return out


def trumps_value(card: int, trump: int) -> int:
    """A card's TRUMPS rank when ``trump`` is trumps (flaps.md "K - TRUMPS"): OL' MAIDS 1-4
    highest, then the trump suit K down to A, then the other suits K down to A (equal
    cards of two non-trump suits are "the same"), ACE-JACKS, then the QUACK."""
    base = TRUMPS_BASE[card]
    return base + 50 if SUIT[card] == trump and SUIT[card] != NO_SUIT else base


def describe(card: int) -> str:
    """The card's printed name."""
    return FACES[card].title
