"""FLINCH action notation: the tables of every action text (built once; actions are
interned strings), their decoding, and their public form. Logs depend on these texts."""

from __future__ import annotations

import re

from .layout import MAX_SEATS

MAX_PILES = 64  # notation tables cover any table; action_space uses the real bound

#: source codes: 0 own game pile, 1-5 hand cards, 6-10 own reserves, 11+6*S+k partner S
#: (k=0 game pile, k=1..5 reserve k)
SRC_NAMES: list[str] = ["game"] + [f"hand{i}" for i in range(1, 6)] + [f"res{j}" for j in range(1, 6)]
for _s in range(MAX_SEATS):
    SRC_NAMES += [f"game@{_s}"] + [f"res{j}@{_s}" for j in range(1, 6)]
TGT_NAMES = ["new"] + [f"c{k}" for k in range(1, MAX_PILES + 1)]
PLAY = tuple(tuple(f"play:{s}>{t}" for t in TGT_NAMES) for s in SRC_NAMES)
DISCARD = tuple(tuple(f"discard:hand{i}>res{j}" for j in range(1, 6)) for i in range(1, 6))
PASS, CHALLENGE, DECLINE = "pass", "challenge", "decline"
#: DISCARD_ROWS[mask][i]: discards of hand card i to the reserve piles allowed by ``mask``
DISCARD_ROWS = tuple(
    tuple(tuple(DISCARD[i][j] for j in range(5) if mask >> j & 1) for i in range(5)) for mask in range(32)
)
#: DISCARDS[hand size][mask]: every discard of a hand of that size (no starters in it)
DISCARDS = tuple(
    tuple(tuple(a for i in range(h) for a in DISCARD_ROWS[mask][i]) for mask in range(32)) for h in range(6)
)
#: action -> ("play", src, tgt) | ("discard", i, j) | ("pass",) | ("challenge",) | ("decline",)
DECODE: dict[str, tuple] = {PASS: ("pass",), CHALLENGE: ("challenge",), DECLINE: ("decline",)}
for _c, _row in enumerate(PLAY):
    for _t, _a in enumerate(_row):
        DECODE[_a] = ("play", _c, _t)
for _i, _row in enumerate(DISCARD):
    for _j, _a in enumerate(_row):
        DECODE[_a] = ("discard", _i, _j)

#: action -> what the table sees of it: a hand card's place in the (sorted) hand would tell
#: opponents about the other cards, so ``handN`` shows as ``hand``
PUBLIC = {a: re.sub(r"hand\d", "hand", a) for a in DECODE}


NOTATION = """\
play:SRC>TGT         play a card to the centre. SRC is game (your game pile's top),
                     hand1..hand5 (your hand, in the order shown: ascending), res1..res5
                     (the top of your reserve pile), or in the partnership game game@S /
                     res1@S..res5@S (partner S's game pile / reserve pile). TGT is c1, c2, ...
                     (centre pile by its place on the table, left to right) or new (start a
                     pile with a 1; with centre=ones-and-tens also a 10 (15); with centre=fives a 5).
discard:handN>resM   end your turn: hand card N onto reserve pile M (1-5). While a reserve
                     pile is empty the discard must go to the first empty one.
pass                 the opening pass (nobody has started a pile yet and you cannot play),
                     or end a turn with an empty hand when nothing can be drawn.
challenge            enforce=table: call "Challenge!" on the opponent who just played,
                     passed or discarded, before he (or the next player) acts again.
decline              challenge=window: let the play go in the window after it.
Aliases accepted when typing: h3 = hand3, r2 = res2, g = game, a bare number = centre pile."""
