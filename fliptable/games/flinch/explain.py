"""FLINCH: why an action is illegal (naming the rulebook rule), and typed-notation aliases."""

from __future__ import annotations

import re

from ..flinch_pack.cards import a_card
from .layout import RESERVES, pile_takes
from .notation import DECODE

_TOKEN = re.compile(r"^(?:(game|g)|(?:hand|h)(\d+)|(?:res|r)(\d+))(?:@(\d+))?$")


def _norm_source(tok: str) -> str:
    m = _TOKEN.match(tok)
    if not m:
        return tok
    game, hand, res, seat = m.groups()
    base = "game" if game else (f"hand{hand}" if hand else f"res{res}")
    return base + (f"@{seat}" if seat is not None else "")


def normalise(text: str) -> str:
    """Canonical notation for typed text: ``h3>2`` -> ``play:hand3>c2``, ``d:h1>r2`` -> discard."""
    if text in ("p", "pass"):
        return "pass"
    if text in ("c", "ch", "challenge"):
        return "challenge"
    if text in ("decline", "no"):
        return "decline"
    verb, sep, rest = text.partition(":")
    if not sep:
        verb, rest = ("play", text) if ">" in text else (verb, "")
    verb = {"p": "play", "pl": "play", "d": "discard", "dis": "discard"}.get(verb, verb)
    src, sep, tgt = rest.partition(">")
    if not sep or verb not in ("play", "discard"):
        return text
    src = _norm_source(src)
    if verb == "play":
        if tgt.isdigit():
            tgt = f"c{tgt}"
        elif tgt in ("n", "new"):
            tgt = "new"
        else:
            tgt = _norm_source(tgt) if _TOKEN.match(tgt) else tgt
    else:
        tgt = _norm_source(tgt)
    return f"{verb}:{src}>{tgt}"


def _must_reason(state) -> str:
    must = state._must
    head = must[0] if must else ""
    cfg = state.cfg
    starters = "/".join(str(v) for v in cfg.starters)
    if head.startswith("play:game@"):
        return (
            "Partnership Game: a player \"plays from his partner's Game Pile exactly as he would from "
            f'his own" -- it is playable, so play it first ({head})'
        )
    if head.startswith("play:game"):
        return (
            f'Challenge: "On each turn players must play first from their Game Pile if possible" -- '
            f"your game pile's {state.game_piles[state.turn][-1]} is playable ({head})"
        )
    return (
        f'The Play: "All 1 cards must be played" -- play your {starters} first ({head}); '
        'The Reserve: reserves are played from only "after he has played all of his 1 cards"'
    )


def _challenge_reason(state, player) -> str:
    cfg = state.cfg
    if not cfg.table:
        return (
            "Challenge: with enforce=strict the engine already forbids the plays a challenge "
            "punishes, so there is nothing to challenge (option enforce=table)"
        )
    off = state.offender
    if off < 0:
        return (
            'Challenge: "Challenge" is called on an opponent right after a play, pass or discard of '
            "his that could break a rule (not a game-pile card or a 1), before the next action"
        )
    if off == player:
        return "Challenge: you cannot challenge your own play"
    return f"Challenge: only seat {off}'s opponents may challenge him" + (
        " (Partnership Game: the other team)" if cfg.partnership else ""
    )


def explain(state, player, action: str) -> str | None:
    """The rule forbidding ``action`` for ``player`` now (``action`` is not legal), or None
    when no rule's words apply. Only asked about actions that are not legal."""
    if state.over:
        return "the game is over"
    code = DECODE.get(action)
    if code is None:
        if re.search(r"res([6-9]|\d\d)", action):
            return 'The Layout d): "no more than five" Reserve Piles for each player -- reserve piles are res1 to res5'
        if re.search(r"hand([6-9]|\d\d|0)", action):
            return "The Layout b): a hand holds at most five cards -- hand1 to hand5"
        if re.match(r"play:res\d(@\d)?>res\d", action):
            return 'The Reserve: "Cards, once played, cannot be moved from one Reserve Pile to another"'
        if re.match(r"play:.*>res\d", action):
            return "The Reserve: cards reach a reserve pile only as the turn's discard (discard:handN>resM)"
        return (
            "not FLINCH notation; write play:SRC>TGT (SRC game|handN|resN|game@S|resN@S, TGT cK|new), "
            "discard:handN>resM, pass or challenge"
        )
    kind = code[0]
    # same shape as muggins/explain.py on purpose: each game explains its window in its rulebook's words
    if state.racing:
        if kind in ("challenge", "decline"):
            return "you are not an opponent waiting to answer this challenge window"
        return f"a challenge window is open after seat {state.offender}'s play: opponents answer first"
    if kind == "decline":
        return "decline answers a challenge window (challenge=window); none is open"
    if kind == "challenge":
        return _challenge_reason(state, player)
    p = state.actor()
    if player != p:
        return f"it is seat {p}'s turn: you may only challenge now (when his opponent's play may be called out)"
    cfg = state.cfg
    hand = state.hands[p]
    if state._legal is None:
        state._gen()
    must = state._must
    if state.laying >= 0:
        if kind != "discard":
            return (
                'The Play: no player could play a 1, so "players again place their entire hands in '
                'their Reserve Piles" -- discard:handN>resM until your hand is down'
            )
        i, j = code[1], code[2]
        if i >= len(hand):
            return _hand_reason(hand)
        return _slot_reason(state, p, j)
    if kind == "pass":
        if not state.started:
            return _must_reason(state) if must else None
        if hand:
            return (
                'The Play: "After the first 1 card has been played each player must end his turn by '
                'playing a card from his hand to one of his Reserve Piles" (discard:handN>resM)'
            )
        if must and not cfg.table:
            return _must_reason(state)
        return _blocked_reason()
    if kind == "discard":
        i, j = code[1], code[2]
        if not state.started:
            return (
                'The Play: before the first 1 card is played a player who cannot play "simply passes '
                'and does not play a card to his Reserve Pile" (pass)'
            )
        if i >= len(hand):
            return _hand_reason(hand)
        v = hand[i]
        if cfg.starter[v]:
            what = "1 cards" if v == 1 else f"{v}s (they start centre piles in centre={cfg.centre_kind})"
            return (
                f'The Reserve: "1 cards may never be played to a Reserve Pile" -- nor {what}'
                if v != 1
                else 'The Reserve: "1 cards may never be played to a Reserve Pile"'
            )
        if must and not cfg.table:  # the plays the rules require come first
            return _must_reason(state)
        if state.must_release(p) and state.can_play(p):
            return _blocked_reason()
        return _slot_reason(state, p, j) or _blocked_reason()
    # a play
    src, tgt = code[1], code[2]
    if src == 0:
        pile = state.game_piles[p]
        if not pile:
            return "your game pile is played out"
        v = pile[-1]
    elif src <= 5:
        if src - 1 >= len(hand):
            return _hand_reason(hand)
        v = hand[src - 1]
    elif src <= 10:
        r = state.reserves[p * RESERVES + src - 6]
        if not r:
            return f"your reserve pile {src - 5} is empty"
        v = r[-1]
    else:
        owner, k = divmod(src - 11, 6)
        if not cfg.partnership:
            return (
                "Partnership Game: only partners play from each other's piles "
                "(option partnership=true); write game / resN for your own"
            )
        if owner == p:
            return "write game / resN for your own piles (game@S / resN@S name a partner's)"
        if owner not in cfg.partners[p]:
            return f"Partnership Game: seat {owner} is not your partner (partners: {list(cfg.partners[p])})"
        pile = state.game_piles[owner] if k == 0 else state.reserves[owner * RESERVES + k - 1]
        if not pile:
            return f"partner {owner}'s {'game pile' if k == 0 else f'reserve pile {k}'} is empty"
        v = pile[-1]
    if tgt == 0:
        if not cfg.starter[v]:
            starters = " or ".join(str(x) for x in cfg.starters)
            return f"The Play: only a {starters} starts a Playing Pile, not {a_card(str(v))}"
    else:
        piles = len(state.pile_low)
        if tgt > piles:
            if not piles:
                return "there are no centre piles yet; a starter card starts one (TGT new)"
            return f"there is no centre pile {tgt}; the centre piles are " + ("c1" if piles == 1 else f"c1..c{piles}")
        lo, hi, d = state.pile_low[tgt - 1], state.pile_high[tgt - 1], state.pile_build[tgt - 1]
        nxt = pile_takes(lo, hi, d, cfg.top)
        if v not in nxt:
            return (
                f"The Play: piles are built in sequence -- centre pile {tgt} takes "
                f"{' or '.join(map(str, nxt)) or 'nothing more'} next, not {a_card(str(v))}"
            )
    if must and not cfg.table:
        return _must_reason(state)
    return None


def _slot_reason(state, p: int, j: int) -> str | None:
    rs = state.reserves[p * RESERVES : (p + 1) * RESERVES]
    empty = [k + 1 for k in range(RESERVES) if not rs[k]]
    if empty and j + 1 != empty[0]:
        first = empty[0]
        if any(rs[k] for k in range(first, RESERVES)):
            # a later pile holds cards, so the open space is a pile that was exhausted
            return (
                'The Reserve: "When a Reserve Pile is exhausted it must be re-started by placing the '
                f'next discard in the open space" -- reserve pile {first} is exhausted: discard to '
                f"reserve pile {first}"
            )
        return (
            'The Layout d): reserve piles are started in order, "alongside each other until he has '
            f'started five piles" -- the next discard starts reserve pile {first}, the first open space'
        )
    return None


def _hand_reason(hand) -> str:
    if not hand:
        return "your hand is empty"
    return f"you hold only {len(hand)} card{'s' if len(hand) > 1 else ''}: hand1" + (
        f" to hand{len(hand)}" if len(hand) > 1 else ""
    )


def _blocked_reason() -> str:
    return (
        "Additional Notes: the game is blocked (the stack is exhausted and a whole round went by with no "
        'card to the centre) -- "the player holding the releasing card must play it ... the first player '
        "with a releasing card, beginning with the player on the dealer's left, must play it\": going "
        "round from the dealer's left you are the first to hold one; play a card to the centre before "
        "ending your turn"
    )
