"""Muggins' fixed facts: the pack's numbers, where a card in play comes from, the kinds
of deviation, and the action notation (logs depend on these texts)."""

from __future__ import annotations

#: the highest number; a Playing Pile that reaches it leaves the table (as in FLINCH)
TOP = 10
SERIES = 11
MAX_PLAYERS = 6
MUGGINS = "muggins"

# Where the card in play came from.
NONE, HAND, STOCK = 0, 1, 2
SOURCE_NAMES = {NONE: None, HAND: "hand", STOCK: "stock"}

# Kinds of offence (deviations from "The Play" in enforce=table).
KEEP, WRONG, SKIP = "keep", "wrong-play", "skip-stock"

CENTRE_ACTIONS = tuple(f"centre:{i}" for i in range(1, SERIES * 2 + 1))
STOCK_ACTIONS = tuple(f"stock:{k}" for k in range(MAX_PLAYERS))

NOTATION = """\
Muggins actions (lowercase; the card in play is the one the engine revealed):
  new        start a new centre Playing Pile with a 1 (it takes the lowest free slot)
  centre:N   play the card on centre Playing Pile N (slots numbered from 1)
  stock:K    play the card on seat K's Stock Pile (an opponent's; one up or one down)
  keep       put the card drawn from the hand on your own Stock Pile; your turn ends
  hand       (enforce=table) leave your playable Stock Pile top and draw from your hand
  muggins    (enforce=table) call "Muggins" on the player who just deviated, before the
             next action (anyone but the offender, with a card in hand)
  decline    (muggins=window) let the deviation go, in the window after it
Aliases: center -> centre, "centre 2" -> centre:2, "stock 3" -> stock:3."""
