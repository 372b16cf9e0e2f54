"""FLAPS' direct encoder (Levels 1-4: ``Views._view`` without the Level 5-7 keys)."""
from __future__ import annotations

from .base import _NONE, DirectEncoder, _json_copy, faces_are_ints, nums_writer, pile_bringer, plain

_CARD_LISTS = ("hand", "discard")


class FlapsDirect(DirectEncoder):
    """FLAPS: the hand, the discard pile and every seat's shown cards written from the
    state's card ints, a pile's counts kept between observations (a pile that grew counts
    only its new cards; only faces whose count changed are rewritten); every other key
    built as the view builds it and handed to its compiled encoder when it changed. A
    layout with a Level 5-7 key (``mystery``, ``downs``...) is not fit: generic path."""

    KEYS = frozenset({"players", "seat", "level", "dealer", "game", "games", "scores", "last_game", "turn",
                      "acting", "phase", "direction", "hand_counts", "shown", "draw_count", "discard", "top",
                      "lead", "attack", "flapping", "last_flapper", "mega", "dump_left", "scuffle", "follow",
                      "trumps", "spoof", "forgot", "unsaid", "over", "winners", "double_win", "ended", "hand"})

    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        if not all(plain(ch.get(k), "cards") for k in _CARD_LISTS):
            return None
        shown = ch.get("shown")
        if not (plain(shown, "perseat") and plain(shown.item, "cards")):
            return None
        from fliptable.games.flaps.cards import NAMES
        if not faces_are_ints(observer, NAMES):
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        from fliptable.games.flaps import views as V
        self.V = V
        ch = observer.root.children
        self.piles = {k: ch[k].offset for k in _CARD_LISTS}
        self.shown_at, self.shown_w = ch["shown"].offset, ch["shown"].item.width
        node = ch["hand"]
        # the discard pile's and shown cards' too: one card-list encoding of one width
        self.bring = pile_bringer(node, observer.copies, observer.decksize)
        self.hand_count = nums_writer(ch.get("hand_counts"))

    def _pile(self, cards, out, b, memo, key) -> None:
        """The card-list encoding of ``cards`` (card ints, none hidden) at ``b``, brought
        from the list written there last (``memo[key]``): a pile that grew counts only
        its new cards, another is rewritten."""
        before = memo.get(key)
        if before != cards:
            self.bring(before, cards, out, b)
            memo[key] = cards[:]

    def write(self, state, seat, out, memo):
        V = self.V
        put = self.put
        NAMES = V.NAMES
        n = state.players
        if "players" not in memo:                       # the same all game long
            put("players", n, out, seat, memo)
            put("seat", seat, out, seat, memo)
            put("level", state.level, out, seat, memo)
            put("games", state.games, out, seat, memo)
        over = state.over
        phase = state.phase
        simultaneous = phase in (V.TRUMPS_GAME, V.SPOOF_GAME)
        last_game = state.last_game
        games = (state.game_no, state.points, last_game)       # what changes only between games
        if memo.get("g:games", _NONE) != games:
            memo["g:games"] = (state.game_no, state.points[:], _json_copy(last_game))
            put("dealer", (n - 2 + state.game_no) % n, out, seat, memo)
            put("game", state.game_no, out, seat, memo)
            put("scores", state.points[:], out, seat, memo)
            put("last_game", ({**last_game, "winners": list(last_game["winners"])} if last_game else None),
                out, seat, memo)
        put("turn", None if over or simultaneous else (state.actor if phase == V.SPOOF_CALL else state.turn),
            out, seat, memo)
        put("acting", None if over or simultaneous else state.acting(), out, seat, memo)
        put("phase", V.PHASES[phase], out, seat, memo)
        put("direction", state.direction, out, seat, memo)
        hand_count = self.hand_count
        if hand_count is None:
            put("hand_counts", [len(h) for h in state.hands], out, seat, memo)
        else:                                           # written seat by seat, when it changed
            counts = memo.get("g:counts")
            if counts is None:
                counts = memo["g:counts"] = [-1] * n
            hands, mv = state.hands, self.items[seat]
            for rel in range(n):
                k = len(hands[(seat + rel) % n])
                if counts[rel] != k:
                    counts[rel] = k
                    hand_count(rel, k, mv)
        put("draw_count", len(state.pack), out, seat, memo)
        pile = state.pile
        put("top", NAMES[pile[-1]], out, seat, memo)
        put("lead", {"suit": V.suit_text(state.lead_suit),
                     "rank": None if state.lead_rank == V.NO_RANK else state.lead_rank}, out, seat, memo)
        put("attack", ({"sum": state.attack_sum, "card": NAMES[state.attack_card]}
                       if phase == V.ATTACKED and state.attack_card is not None else None), out, seat, memo)
        put("flapping", state.flapping, out, seat, memo)
        put("last_flapper", None if state.last_flapper < 0 else state.last_flapper, out, seat, memo)
        put("mega", ({"seat": state.actor, "laid": state.mega_laid, "cap": state.mega_cap}
                     if phase == V.MEGA_RUN else None), out, seat, memo)
        put("dump_left", state.run_left if phase == V.DUMP_RUN else None, out, seat, memo)
        put("scuffle", {"target": state.actor, "from": state.resume} if phase == V.SCUFFLE else None,
            out, seat, memo)
        put("follow", ("/".join(V.SUIT_NAMES[s] for s in V.COLOUR[pile[-1]]) if phase == V.FOLLOW
                       else ("king'n'lay" if phase == V.KING_RUN else None)), out, seat, memo)
        trumps = None
        if phase == V.TRUMPS_GAME:
            trumps = {"suit": V.SUITS[state.trump], "caller": state.caller,
                      "committed": [c >= 0 for c in state.committed]}
            if state.committed[seat] >= 0:
                trumps["mine"] = NAMES[state.committed[seat]]
        put("trumps", trumps, out, seat, memo)
        spoof = None
        if phase in V.SPOOFING:
            spoof = {"caller": state.caller, "committed": [c >= 0 for c in state.committed],
                     "calls": [None if k < 0 else k for k in state.calls]}
            if state.committed[seat] >= 0:
                spoof["mine"] = NAMES[state.committed[seat]]
        put("spoof", spoof, out, seat, memo)
        put("forgot", list(state.forgot), out, seat, memo)
        put("unsaid", list(state.unsaid), out, seat, memo)
        ending = (over, state.double, state.ended, state.winners if over else None)
        if memo.get("g:ending", _NONE) != ending:
            memo["g:ending"] = (over, state.double, state.ended, list(state.winners) if over else None)
            put("over", over, out, seat, memo)
            put("winners", list(state.winners) if over else [], out, seat, memo)
            put("double_win", state.double, out, seat, memo)
            put("ended", state.ended, out, seat, memo)
        # the card lists, from the card ints, one float at a time
        mv = self.items[seat]
        self._pile(state.hands[seat], mv, self.piles["hand"], memo, "hand")
        self._pile(pile, mv, self.piles["discard"], memo, "discard")
        at, w = self.shown_at, self.shown_w
        shown = state.shown
        for rel in range(n):
            self._pile(shown[(seat + rel) % n], mv, at + rel * w, memo, rel)

