"""FLAPS' fast path for the RL adapters (``ENCODER``, found by ``core.schema.game_module``;
only the adapters import it, and it needs NumPy): a seat's observation written from the
state's fields without building the JSON view, equal to the generic encoding of the view
(``tests/adapters/test_direct.py``). Kept because it measured at least 1.3x the generic
path on the same replayed games (issue 24, ``bench/fast_paths.py``: 1.56-1.65x with the
pure-Python writers, 1.05-1.11x with the compiled ones).

Three earlier designs handed every key to ``DirectEncoder.put`` and measured at most 1.19x:
most of FLAPS' ~35 keys change at every step, and ``put`` compared and encoded each one
through a dictionary of writers. Here the keys that change during a game are compared by
their sources in the state (ints and tuples, one list compare each) and only a changed
one is put in words and written; the big card lists (the discard pile, the hand, the
shown cards: most of the generic encoding's time) are counted from the card ints, a pile
that grew counting only its new cards."""

from __future__ import annotations

from fliptable.adapters.direct.base import (
    _NONE,
    DirectEncoder,
    faces_are_ints,
    nums_writer,
    pile_bringer,
    plain,
)
from fliptable.core.fields import _json_copy

from .cards import COLOUR, NAMES, NO_RANK, SUIT_NAMES, SUITS
from .tables import (
    ATTACKED,
    DUMP_RUN,
    FACE_DOWN,
    FOLLOW,
    KING_RUN,
    MEGA_RUN,
    PHASES,
    SCUFFLE,
    SPOOF_CALL,
    SPOOFING,
    TRUMPS_GAME,
)
from .view import suit_text


def _lead(source):
    suit, rank = source
    return {"suit": suit_text(suit), "rank": None if rank == NO_RANK else rank}


def _follow(source):
    """``COLOUR[top]`` in FOLLOW, else whether the phase is KING_RUN."""
    if source is True:
        return "king'n'lay"
    return "/".join(SUIT_NAMES[s] for s in source) if source else None


def _trumps(source):
    if source is None:
        return None
    trump, caller, committed, mine = source
    v = {"suit": SUITS[trump], "caller": caller, "committed": [c >= 0 for c in committed]}
    if mine >= 0:
        v["mine"] = NAMES[mine]
    return v


def _spoof(source):
    if source is None:
        return None
    caller, committed, calls, mine = source
    v = {"caller": caller, "committed": [c >= 0 for c in committed], "calls": [None if k < 0 else k for k in calls]}
    if mine >= 0:
        v["mine"] = NAMES[mine]
    return v


#: the keys that change during a game, in the order of ``FlapsDirect.write``'s sources, each
#: with the function putting its source in the view's words (None: the source is the value)
SMALL = (
    ("turn", None),
    ("acting", None),
    ("phase", PHASES.__getitem__),
    ("direction", None),
    ("draw_count", None),
    ("top", NAMES.__getitem__),
    ("lead", _lead),
    ("attack", lambda s: None if s is None else {"sum": s[0], "card": NAMES[s[1]]}),
    ("flapping", None),
    ("last_flapper", lambda s: None if s < 0 else s),
    ("mega", lambda s: None if s is None else {"seat": s[0], "laid": s[1], "cap": s[2]}),
    ("dump_left", None),
    ("scuffle", lambda s: None if s is None else {"target": s[0], "from": s[1]}),
    ("follow", _follow),
    ("trumps", _trumps),
    ("spoof", _spoof),
    ("forgot", list),
    ("unsaid", list),
)


class FlapsDirect(DirectEncoder):
    """FLAPS Levels 1-4 (``View._view`` without the Level 5-7 keys): the hand, the discard
    pile and every seat's shown cards counted from the state's card ints (a pile that grew
    counts only its new cards); every other key built as the view builds it and handed to
    its encoder, which skips a value equal to the one written last. A layout with a Level
    5-7 key is not fit: the generic path."""

    KEYS = frozenset(
        {
            "players",
            "seat",
            "level",
            "dealer",
            "game",
            "games",
            "scores",
            "last_game",
            "turn",
            "acting",
            "phase",
            "direction",
            "hand_counts",
            "shown",
            "draw_count",
            "discard",
            "top",
            "lead",
            "attack",
            "flapping",
            "last_flapper",
            "mega",
            "dump_left",
            "scuffle",
            "follow",
            "trumps",
            "spoof",
            "forgot",
            "unsaid",
            "over",
            "winners",
            "double_win",
            "ended",
            "hand",
        }
    )

    # each fast observer's fit() opens alike on purpose: one per game, checked by its own layout
    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        if not (plain(ch.get("hand"), "cards") and plain(ch.get("discard"), "cards")):
            return None
        shown = ch.get("shown")
        if not (plain(shown, "perseat") and plain(shown.item, "cards")):
            return None
        if nums_writer(ch.get("hand_counts")) is None:
            return None
        if not faces_are_ints(observer, NAMES):
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        ch = observer.root.children
        self.hand_at, self.discard_at = ch["hand"].offset, ch["discard"].offset
        self.shown_at, self.shown_w = ch["shown"].offset, ch["shown"].item.width
        # the discard pile's and the shown cards' too: one card-list encoding of one width
        self.bring = pile_bringer(ch["hand"], observer.copies, observer.decksize)
        self.hand_count = nums_writer(ch["hand_counts"])
        #: per key of ``SMALL``: its builder, encoder, offset and a zero region of its width
        self.small = []
        for key, build in SMALL:
            fn, _, lo, hi = self.fns[key]
            self.small.append((build, fn, lo, self.zeros(hi - lo)))

    def write(self, state, seat, out, memo):
        put = self.put
        n = self.players
        if "players" not in memo:  # the same all game long
            put("players", n, out, seat, memo)
            put("seat", seat, out, seat, memo)
            put("level", state.level, out, seat, memo)
            put("games", state.games, out, seat, memo)
        over = state.over
        phase = state.phase
        # what changes only between games
        last_game = state.last_game
        games = (state.game_no, state.points, last_game)
        if memo.get("g:games", _NONE) != games:
            memo["g:games"] = (state.game_no, state.points[:], _json_copy(last_game))
            put("dealer", (n - 2 + state.game_no) % n, out, seat, memo)
            put("game", state.game_no, out, seat, memo)
            put("scores", state.points[:], out, seat, memo)
            put(
                "last_game",
                {**last_game, "winners": list(last_game["winners"])} if last_game else None,
                out,
                seat,
                memo,
            )
        # what changes only at the end
        ending = (over, state.double, state.ended, state.winners if over else None)
        if memo.get("g:ending", _NONE) != ending:
            memo["g:ending"] = (over, state.double, state.ended, list(state.winners) if over else None)
            put("over", over, out, seat, memo)
            put("winners", list(state.winners) if over else [], out, seat, memo)
            put("double_win", state.double, out, seat, memo)
            put("ended", state.ended, out, seat, memo)
        # the keys that change during a game: each one's source in the state (``SMALL``'s
        # order) compared with the one written last; a key whose source changed is put in
        # words (its builder) and written whole
        simultaneous = over or phase in FACE_DOWN
        pile = state.pile
        top = pile[-1]
        committed = state.committed
        sources = (
            None if simultaneous else (state.actor if phase == SPOOF_CALL else state.turn),
            None if simultaneous else state.acting(),
            phase,
            state.direction,
            len(state.pack),
            top,
            (state.lead_suit, state.lead_rank),
            (state.attack_sum, state.attack_card) if phase == ATTACKED and state.attack_card is not None else None,
            state.flapping,
            state.last_flapper,
            (state.actor, state.mega_laid, state.mega_cap) if phase == MEGA_RUN else None,
            state.run_left if phase == DUMP_RUN else None,
            (state.actor, state.resume) if phase == SCUFFLE else None,
            COLOUR[top] if phase == FOLLOW else phase == KING_RUN,
            (state.trump, state.caller, tuple(committed), committed[seat]) if phase == TRUMPS_GAME else None,
            (state.caller, tuple(committed), tuple(state.calls), committed[seat]) if phase in SPOOFING else None,
            tuple(state.forgot),
            tuple(state.unsaid),
        )
        last = memo.get("g:small")
        if last is None:
            last = memo["g:small"] = [_NONE] * len(sources)
        mv = self.items[seat]
        for i, source in enumerate(sources):
            if last[i] != source:
                last[i] = source
                build, fn, lo, zeros = self.small[i]
                mv[lo : lo + len(zeros)] = zeros
                fn(source if build is None else build(source), mv, lo, seat)
        # per seat from the viewer: the hand counts, each written when it changed
        hands = state.hands
        counts = [len(h) for h in hands]
        seen = memo.get("g:counts")
        if seen != counts:
            memo["g:counts"] = counts
            hand_count = self.hand_count
            for q in range(n):
                if seen is None or seen[q] != counts[q]:
                    hand_count((q - seat) % n, counts[q], mv)
        # the card lists, from the card ints (a pile that grew: only its new cards counted)
        bring = self.bring
        cards = hands[seat]
        old = memo.get("g:hand")
        if old != cards:
            bring(old, cards, mv, self.hand_at)
            memo["g:hand"] = cards[:]
        old = memo.get("g:discard")
        if old != pile:
            bring(old, pile, mv, self.discard_at)
            memo["g:discard"] = pile[:]
        shown = state.shown
        seen = memo.get("g:shown")
        if seen != shown:
            memo["g:shown"] = [cards[:] for cards in shown]
            at, w = self.shown_at, self.shown_w
            for q in range(n):
                cards = shown[q]
                old = None if seen is None else seen[q]
                if old != cards:
                    bring(old, cards, mv, at + (q - seat) % n * w)


#: the direct encoder the adapters use for FLAPS
ENCODER = FlapsDirect
