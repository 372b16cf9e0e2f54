"""Muggins: why an action is not legal now, in the rulebook's words. Only asked about
actions that are not legal (``State.why_illegal`` derives legality from
``legal_actions``), so it can never contradict the rules code."""

from __future__ import annotations

from ..flinch_pack.cards import a_card

_PLAY = 'Muggins, "The Play"'


def explain(state, player: int, action: str) -> str | None:
    if state.ended is not None:
        return "the game is over"
    # same shape as flinch/explain.py on purpose: each game explains its window in its rulebook's words
    if state.racing:
        if action in ("muggins", "decline"):
            return "you may not answer this Muggins window (the offender, or you answered already)"
        return f"a Muggins window is open after seat {state.offender}'s deviation: only 'muggins' or 'decline' now"
    if action == "decline":
        return "decline answers a Muggins window (muggins=window); none is open"
    if action == "muggins":
        if state.strict:
            return (
                'in enforce=strict nobody can deviate from "The Play", so there is never a Muggins to '
                "call (use enforce=table)"
            )
        if state.offender < 0:
            return '"Muggins" may be called only right after an opponent deviates, before the next action'
        if player == state.offender:
            return "you cannot call Muggins on yourself"
        return (
            '"he is obliged to take a card from the top of the hand of the player who calls": your hand is '
            "empty, so you have no card to give"
        )
    if player != state.turn:
        return f"it is seat {state.turn}'s turn" + (
            ": you may only call 'muggins' now" if state._may_call(player) else ""
        )
    card = state.current
    kind, _, arg = action.partition(":")
    best = state.best(card)
    if action == "new":
        return (
            'only a 1 starts a new Playing Pile ("Any time that a player draws a 1 he starts a new table '
            f'pile"); the card is {a_card(str(card))}'
        )
    if kind == "centre":
        if not arg.isdecimal() or len(arg) > 3:
            return "write centre:N with N a centre slot number"
        slot = int(arg)
        if not 1 <= slot <= len(state.centre):
            return f"there are centre slots 1 to {len(state.centre)} only"
        top = state.centre[slot - 1]
        if top == 0:
            return f"centre slot {slot} holds no Playing Pile; a 1 starts one with 'new'"
        return (
            f"{a_card(str(card)).capitalize()} does not go on centre pile {slot} (top {top}): Playing "
            f"Piles build up in sequence, one at a time ({_PLAY})"
        )
    if kind == "stock":
        if not arg.isdecimal() or len(arg) > 3:
            return "write stock:K with K a seat number"
        seat = int(arg)
        if seat >= state.players:
            return f"there is no seat {seat}; seats are 0 to {state.players - 1}"
        if seat == player:
            return (
                "you cannot play onto your own Stock Pile; 'keep' puts a card drawn from the hand there "
                "and ends your turn"
            )
        stock = state.stocks[seat]
        if not stock:
            return f"seat {seat} has no Stock Pile yet"
        if abs(stock[-1] - card) != 1:
            return (
                f"{a_card(str(card)).capitalize()} goes on an opponent's Stock Pile only next in sequence, "
                f"one up or one down (seat {seat}'s top is {stock[-1]})"
            )
        if best == 2 and state.strict:
            return (
                '"he must play it on one of the Playing Piles in preference to playing it on an '
                f"opponent's Stock Pile\" ({_PLAY}; enforce=strict)"
            )
        if best == 2 and state.last_card():
            return (
                "your last card must go where the rules send it: nobody goes out by a deviation, which "
                "could no longer be called"
            )
        return None
    if action == "keep":
        if state.source != 1:
            return "the card in play is your Stock Pile's top; 'keep' is for a card drawn from the hand"
        if best:
            return (
                'a card that can be played must be played: "should he have an opportunity to play and '
                f'does not do so" ({_PLAY}; enforce=strict)'
            )
        return None
    if action == "hand":
        if state.source == 1:
            return "you are already playing a card drawn from your hand"
        if state.strict:
            return (
                '"Once a player has started a Stock Pile he must always play from it in preference to '
                f'playing from his hand" ({_PLAY}; enforce=strict)'
            )
        return "your hand is empty; the Stock Pile's top must be played"
    return "unknown action; Muggins actions: new, centre:N, stock:K, keep, hand, muggins (decline)"
