"""FLAPS as text: the table one seat sees, and one line per event."""

from __future__ import annotations

from typing import Any

from ...core.words import Words, cap, count_of
from .cards import FACES, ID, NO_SUIT

SUIT_WORDS = {"c": "Clubs", "d": "Diamonds", "h": "Hearts", "s": "Spades", "any": "any suit"}


def _seat(p, seat) -> str:
    return "you" if p == seat else f"seat {p}"


def _title(name: str) -> str:
    return f"{name} ({FACES[ID[name]].title})" if name in ID else str(name)


def sorted_hand(cards) -> list[str]:
    """A hand as a person holds it: by suit (clubs, diamonds, hearts, spades; suitless
    cards last), then by number; the notation is unchanged."""

    def key(name):
        face = FACES[ID[name]] if name in ID else None
        if face is None:
            return (9, 99, str(name))
        return (face.suit if face.suit != NO_SUIT else 8, face.rank, name)

    return sorted(cards, key=key)


def _points(scores, seat) -> str:
    w = Words(seat)
    return ", ".join(f"{w.who(p)} {x}" for p, x in enumerate(scores))


def legend(view: dict, seat: int | None) -> str | None:
    """What the card codes on the table mean: the top card and every card in your hand,
    with its printed name (``klc`` = KING'N'LAY of Clubs); what the seat lines say."""
    names = [view["top"], *sorted_hand(view.get("hand") or [])] if view.get("top") else []
    lines = [f"- `{name}`: {FACES[ID[name]].title}" for name in dict.fromkeys(names) if name in ID]
    head = (
        "A card is written by its number or letters and its suit: c Clubs, d Diamonds, h Hearts, "
        "s Spades (`9c` = 9 of Clubs). The cards on the table now:"
    )
    return "\n".join(
        [
            head,
            "",
            *lines,
            "",
            (
                "`>` marks the seat to act; each seat shows how many cards it holds and what "
                'everybody has seen of them ("known"); `LAST CARD` means one card, said.'
            ),
        ]
    )


def render(view: dict, seat: int | None) -> str:
    """The table: the top card and what follows it, every seat's card count, your hand."""
    lead = view["lead"]
    follow = []
    if lead["suit"]:
        follow.append(SUIT_WORDS.get(lead["suit"], lead["suit"]))
    if lead["rank"] is not None:
        follow.append(f"number {lead['rank']}")
    way = "clockwise" if view["direction"] == 1 else "anticlockwise"
    match = (
        f" — game {view['game']} of {view['games']}, points: {_points(view['scores'], seat)}"
        if view["games"] > 1
        else ""
    )
    lines = [
        (
            f"FLAPS level {view['level']}{match} — pack {view['draw_count']}   top: {_title(view['top'])}"
            f"   follow: {' or '.join(follow) or 'anything'}   play goes {way}"
        )
    ]
    if view["attack"]:
        lines.append(f"[b]ATTACK[/b]: {view['attack']['sum']} to pick up (last attack card {view['attack']['card']})")
    if view["flapping"]:
        lines.append(
            f"[b]FLAPPING![/b] anyone may lay FLAPS (not seat {view['last_flapper']} on their own)"
            if view["last_flapper"] is not None
            else "[b]FLAPPING![/b]"
        )
    if view["mega"]:
        m = view["mega"]
        lines.append(f"MEGA-FLAP run: {Words(seat).does(m['seat'], 'have')} laid {m['laid']} of up to {m['cap']} FLAPS")
    if view["dump_left"] is not None:
        lines.append(f"DUMP THOSE FIVES: up to {view['dump_left']} more fives")
    if view["scuffle"]:
        target = view["scuffle"]["target"]
        w = Words(seat)
        lines.append(f"Scuffle: {w.does(target, 'pick')} up one or {w.verb(target, 'fight')} back")
    if view["follow"]:
        lines.append(f"Follow-on: {view['follow']} (or any ACE), or draw")
    if view["trumps"]:
        t = view["trumps"]
        laid = [_seat(p, seat) for p, c in enumerate(t["committed"]) if c]
        lines.append(
            f"[b]TRUMPS[/b] ({SUIT_WORDS[t['suit']]} trumps, called by {_seat(t['caller'], seat)}): "
            f"laid face down by {', '.join(laid) or 'nobody yet'}" + (f"; yours: {t['mine']}" if t.get("mine") else "")
        )
    if view.get("spoof"):
        t = view["spoof"]
        laid = [_seat(p, seat) for p, c in enumerate(t["committed"]) if c]
        calls = [f"{_seat(p, seat)} {k}" for p, k in enumerate(t["calls"]) if k is not None]
        lines.append(
            f"[b]SPOOF[/b] (called by {_seat(t['caller'], seat)}): laid face down by "
            f"{', '.join(laid) or 'nobody yet'}"
            + (f"; calls: {', '.join(calls)}" if calls else "")
            + (f"; yours: {t['mine']}" if t.get("mine") else "")
        )
    if view.get("mystery"):
        known = [c for c in view["mystery"] if c is not None]
        lines.append(
            f"Solve the Mystery pile: {count_of(len(view['mystery']), 'card')}"
            + (f"; you know: {' '.join(known)}" if known else "")
            + "".join(f"; {_seat(g['player'], seat)} guessed {g['card']}" for g in view["guesses"])
        )
    if view.get("monty"):
        m = view["monty"]
        cards = " ".join(
            f"{j}:{c or '?'}"
            + (" (indicated)" if m["indicated"] == j else "")
            + (" (shown)" if m["shown"] == j else "")
            for j, c in enumerate(m["cards"])
        )
        lines.append(
            f"[b]FULL MONTY[/b] by {_seat(m['player'], seat)} for {_seat(m['chosen'], seat)}: "
            f"{cards or 'laying three cards face down'}"
        )
    if view.get("taken"):
        lines.append(f"1 - DOWN: you took {view['taken']}; put it before a player (down>N)")
    for p in range(view["players"]):
        mark = ">" if view["acting"] == p else " "
        count = view["hand_counts"][p]
        notes = []
        if count == 1:
            notes.append(
                "one card, did not say Last Card!"
                if p in view["forgot"]
                else "one card, Last Card not said yet"
                if p in view.get("unsaid", ())
                else "LAST CARD"
            )
        if view["shown"][p]:
            notes.append("known: " + " ".join(view["shown"][p]))
        if view.get("you_know") and view["you_know"][p]:
            notes.append("you know they hold: " + " ".join(view["you_know"][p]))
        if view.get("downs") and view["downs"][p]:
            notes.append(
                "1-DOWN pile: "
                + " ".join(
                    f"{i}:{(d['card'] or '?') + ('↑' if d['up'] else '')}" for i, d in enumerate(view["downs"][p])
                )
            )
        lines.append(
            f"{mark} {_seat(p, seat):<8} {count:>2} {'card ' if count == 1 else 'cards'}"
            + (f"   ({'; '.join(notes)})" if notes else "")
        )
    if seat is not None and "hand" in view:
        lines.append("Your hand: " + " ".join(sorted_hand(view["hand"])))
    if view["forgot"]:
        lines.append("Catch them: " + ", ".join(f"catch:{p}" for p in view["forgot"] if p != seat))
    if view["over"]:
        who = ", ".join(_seat(p, seat) for p in view["winners"])
        lines.append(
            f"[b]Game over[/b]: {who} {'win' if len(view['winners']) > 1 or who == 'you' else 'wins'}"
            + (" — a DOUBLE WIN (SIX OF THE BEST)" if view["double_win"] else "")
            + (" (the pack ran out)" if view["ended"] == "pack" else "")
        )
    return "\n".join(lines)


def narrate(event: dict, seat: int | None = None) -> str | None:
    """One line for an event as ``seat``'s person reads it ("you" for that seat)."""
    w = Words(seat)
    t = event.get("type")
    p: Any = event.get("player")  # a seat (JSON), in the events that name one
    # a face-down card is named only in the events of the seats that may see it
    in_brackets = f" ({event['card']})" if "card" in event else ""
    after_colon = f": {event['card']}" if "card" in event else ""
    # one branch per event type below, each its own sentence: alike in shape, not copies
    if t == "lay":
        text = f"{w.does(p, 'lay')} {_title(event['card'])}"
        if "call" in event:
            text += f", calling {SUIT_WORDS[event['call']]}"
        if "target" in event:
            text += f" at {w.who(event['target'])}"
        if event.get("out_of_turn"):
            text += " (out of turn)"
        if event.get("last_card"):
            text += ' — "Last Card!"'
        return cap(text)
    if t == "draw":
        cards = f": {' '.join(event['cards'])}" if "cards" in event else ""
        why = {
            "attack": " (the attack)",
            "caught": " (caught without Last Card)",
            "cannot finish": " (cannot finish on it)",
            "hoofers": " (10 / HOOFERS-DOOFERS)",
            "up-jacks": " (UP-JACKS)",
            "secret": " (their last card went to the Solve the Mystery pile)",
        }.get(event["why"], "")
        return cap(f"{w.does(p, 'pick')} up {event['count']}{why}{cards}")
    if t == "knock":
        return cap(f"{w.does(p, 'knock')} (misses a go)" if not w.you(p) else "you knock (miss a go)")
    if t == "done":
        return cap(f"{w.does(p, 'end')} the run")
    if t == "last_card":
        return cap(f'{w.does(p, "say")} "Last Card!"')
    if t == "catch":
        return cap(f'{w.does(p, "catch")} {w.who(event["caught"])}: no "Last Card"!')
    if t == "commit":
        what = "SPOOF" if event.get("spoof") else "TRUMPS"
        return cap(f"{w.does(p, 'lay')} a {what} card face down" + in_brackets)
    if t == "lost":
        card = in_brackets
        return cap(
            f"{w.who(event['by'])} {w.verb(event['by'], 'take')} a card of {w.who(p)}{card} for the Solve the "
            "Mystery pile, unseen"
        )
    if t == "secret":
        card = after_colon
        if event["from"] == "pack":
            how = "looking" if event["look"] else "without looking"
            return cap(f"{w.does(p, 'put')} the top card of the pack on the Solve the Mystery pile, {how}{card}")
        if event["of"] == p:
            whose = "your" if w.you(p) else "their"
            return cap(f"{w.does(p, 'put')} a secret from {whose} hand on the Solve the Mystery pile{card}")
        return cap(f"{w.does(p, 'share')} a secret of {w.who(event['of'])} on the Solve the Mystery pile{card}")
    if t == "guess":
        return cap(f"{w.does(p, 'guess')} {_title(event['card'])}")
    if t == "solve":
        cards = f": {' '.join(event['cards'])}" if "cards" in event else ""
        return cap(f"{w.does(p, 'pick')} up the Solve the Mystery pile ({count_of(event['count'], 'card')}){cards}")
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "monty_lay":
        card = in_brackets
        return cap(f"{w.does(p, 'lay')} a FULL MONTY card face down ({event['count']} of 3){card}")
    if t == "monty_point":
        return cap(f"{w.does(p, 'indicate')} card {event['index']}")
    if t == "monty_show":
        return cap(f"{w.does(p, 'show')} card {event['index']} to everyone: {event['card']}")
    if t == "monty_take":
        card = after_colon
        return cap(f"{w.does(p, 'take')} card {event['index']} of {w.who(event['from'])}'s FULL MONTY{card}")
    if t == "down_take":
        card = in_brackets
        return cap(f"{w.does(p, 'take')} the top card of the pack for a 1 - DOWN{card}")
    if t == "down":
        card = in_brackets
        return cap(f"{w.does(p, 'put')} a card face down before {w.who(event['to'])}{card}")
    # one branch per event type, alike on purpose: each event's sentence is its own
    if t == "downs_move":
        return cap(f"{w.does(p, 'move')} every 1-DOWN pile to the {event['to']}")
    if t == "down_over":
        return cap(f"{w.does(p, 'turn')} up {w.who(event['of'])}'s 1-DOWN card {event['index']}: {event['card']}")
    if t == "down_peek":
        card = after_colon
        return cap(f"{w.does(p, 'look')} at {w.who(event['of'])}'s 1-DOWN card {event['index']}{card}")
    if t == "hand_peek":
        card = after_colon
        return cap(f"{w.does(p, 'look')} at a card of {w.who(event['of'])}'s hand{card}")
    if t == "down_swap":
        took = f" ({event['took']} for {event['gave']})" if "took" in event else ""
        return cap(f"{w.does(p, 'swap')} a card for {w.who(event['of'])}'s 1-DOWN card {event['index']}{took}")
    if t == "down_up":
        card = after_colon
        return cap(f"{w.does(p, 'pick')} up the top 1-DOWN card{card}")
    if t == "call":
        return cap(f"{w.does(p, 'call')} {event['call']} for the SPOOF sum")
    if t == "spoof":
        cards = ", ".join(f"{w.who(int(q))}: {c}" for q, c in event["cards"].items())
        cut = f" after {count_of(event['cuts'], 'cut')}" if event["cuts"] else ""
        return f"SPOOF: {cards} — sum {event['total']}; furthest out, {w.does(event['loser'], 'pick')} them up{cut}"
    if t == "trumps":
        cards = ", ".join(f"{w.who(int(q))}: {c}" for q, c in event["cards"].items())
        cut = f" after {count_of(event['cuts'], 'cut')}" if event["cuts"] else ""
        return f"TRUMPS ({SUIT_WORDS[event['trump']]}): {cards} — {w.does(event['loser'], 'pick')} them up{cut}"
    if t == "deal":
        return (
            f"Game {event['game']}: {w.does(event['dealer'], 'deal')} seven each and {w.verb(event['dealer'], 'turn')} "
            f"up {_title(event['first'])}; {w.who(event['turn'])} {w.verb(event['turn'], 'start')}"
        )
    if t == "hand":
        return cap(f"{w.does(p, 'be')} dealt {' '.join(sorted_hand(event['cards']))}") if "cards" in event else None
    if t == "win":
        how = {
            "pack": " (fewest cards when the pack ran out)",
            "trumps": " (after TRUMPS)",
            "spoof": " (after SPOOF)",
        }.get(event["how"], "")
        return (
            cap(f"{w.does(event['winners'], 'win')} game {event['game']}{how}")
            + (" — DOUBLE WIN" if event["double"] else "")
            + f"; points: {_points(event['points'], seat)}"
        )
    return None


def round_summary(view: dict, seat: int | None) -> str | None:
    """The game of a match just finished (``games`` > 1): who won it, how, the points."""
    last = view.get("last_game")
    if not last or view["games"] <= 1:
        return None
    w = Words(seat)
    how = {"pack": " (fewest cards when the pack ran out)", "trumps": " (after TRUMPS)", "spoof": " (after SPOOF)"}.get(
        last["how"], ""
    )
    points = ", ".join(f"{w.who(p)} {x}" for p, x in enumerate(view["scores"]))
    return (
        cap(f"{w.does(last['winners'], 'win')} game {last['game']} of {view['games']}{how}")
        + (" — a DOUBLE WIN" if last["double"] else "")
        + f". Points: {points}."
    )
