"""One table as every RL adapter plays it (PettingZoo, Gymnasium, OpenSpiel): ``Spec``
(the game, its action ids, masks and returns), ``Moments`` (the deterministic
serialisation of its decisions: see ``pettingzoo``'s module docstring) and ``History``
(the events, the information-state counters and each seat's observation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from fliptable.core.decision import Over, Race, Simultaneous, Turn
from fliptable.core.game import Game, check_seat
from fliptable.core.registry import get_game

from .compiled import WRITERS
from .direct import DirectEncoder, seat_encoder
from .observation import InfoStateObserver, observer

#: the masks' dtype, passed positionally (``Spec.mask``)
_INT8 = np.dtype(np.int8)
#: a table's cache of pure-Python masks is judged when it holds this many (``Spec.mask``)
_MASKS = 1024


class Moments:
    """The deterministic serialisation of a game's decisions (shared by every adapter).

    ``current`` is the seat asked now and ``may_pass`` whether it may ``PASS``; ``act``
    applies a kernel action, ``pass_`` a pass. ``events`` receives the events of
    every applied action (and the deal) for the per-seat histories."""

    __slots__ = ("_legal", "_legal_at", "listener", "players", "points", "pos", "queue", "state")

    def __init__(self, state, listener=None):
        self.state = state
        self.players = state.players
        self.points = 0
        self.listener = listener
        self.forget()
        if listener is not None:
            listener(list(state.opening))
        self._build()

    def forget(self) -> None:
        """Drop the cached legal actions (call after replacing ``state`` by hand)."""
        self._legal: dict[int, tuple] = {}
        self._legal_at: tuple = (None, -1)

    def legal(self, seat: int) -> tuple:
        """``state.legal_actions(seat)``, asked once per seat and ply."""
        state = self.state
        if self._legal_at[0] is not state or self._legal_at[1] != state.ply:
            self._legal = {}
            self._legal_at = (state, state.ply)
        got = self._legal.get(seat)
        if got is None:
            got = self._legal[seat] = state.legal_actions(seat)
        return got

    def _build(self) -> None:
        state, n = self.state, self.players
        legal = self.legal
        while True:
            d = state.decision()
            if type(d) is Turn and not d.claimants:  # most steps: one player, nobody else asked
                self.points += 1
                self.queue, self.pos = [(d.player, False)], 0
                return
            if isinstance(d, Over):
                self.queue, self.pos = [], 0
                return
            start = self.points % n
            self.points += 1
            # every claimant, and every player of a race, is asked — with or without a
            # legal action (then only PASS): who has one can depend on a hidden hand
            # (FLAPS: holding a FLAPS card), and who is asked is seen by every seat
            optional = d.claimants + (d.players if isinstance(d, Race) else ())
            queue = [(p, True) for p in sorted(set(optional), key=lambda p: (p - start) % n)] if optional else []
            if isinstance(d, Turn):
                queue.append((d.player, False))
            elif isinstance(d, Simultaneous):
                queue.extend((p, False) for p in sorted(d.players) if legal(p))
            if not queue:
                if isinstance(d, Race):
                    self._land(None, d.default)
                    continue
                raise RuntimeError(f"{state.game.id}: nobody can act at {d!r}")
            self.queue, self.pos = queue, 0
            return

    @property
    def over(self) -> bool:
        return not self.queue

    @property
    def current(self) -> int:
        return self.queue[self.pos][0]

    @property
    def may_pass(self) -> bool:
        return self.queue[self.pos][1]

    def _land(self, player, action) -> None:
        events = self.state.apply(player, action)
        if self.listener is not None:
            self.listener(events)

    def act(self, action: str) -> None:
        player = self.queue[self.pos][0]
        if action in self.legal(player):
            # State.apply's checks, done: the action is among the legal ones at this ply
            if self.listener is None:  # nobody reads the events: the rules make none
                self.state.apply_unchecked(player, action, None)
            else:
                events: list = []
                self.state.apply_unchecked(player, action, events)
                self.listener(events)
        else:
            self._land(player, action)  # State.apply refuses it, naming the rule
        self._build()

    def pass_(self) -> None:
        if not self.may_pass:
            raise ValueError(f"seat {self.current} may not pass now")
        self.pos += 1
        if self.pos == len(self.queue):  # every seat of a race passed: its clock runs out
            d = self.state.decision()
            assert isinstance(d, Race)
            self._land(None, d.default)
            self._build()


class Spec:
    """What every adapter needs of one table: game, players, options, action ids."""

    def __init__(self, game: Game | str, players: int | None, options: Mapping[str, Any], info_state: bool = False):
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = self.game.check_players(self.game.default_players if players is None else players)
        self.options = self.game.resolve_options(options)
        self.actions = self.game.action_space(self.players, self.options)
        self.index = self.game.action_index(self.players, self.options)
        self.num_actions = len(self.actions)
        self.PASS = self.num_actions
        self.info = self.game.info(self.players, self.options)
        self.observer = observer(self.game, self.players, self.options, info_state=info_state)
        self.info_state = info_state
        #: (legal actions, may pass) -> mask, while the cache pays (``mask``); None after
        self._masks: dict[tuple, np.ndarray] | None = {}
        self._hits = 0  # the cache's hits since it was last emptied
        self._solo = getattr(self.game, "solo_return", None) if self.players == 1 else None

    def returns(self, state) -> tuple[float, ...]:
        """Every seat's reward for the game (0 until it is over). Two or more seats:
        ``Result.returns()`` (from the ranks, in [-1, 1], summing to zero). One seat:
        the game's own outcome — ``Game.solo_return(result, options)`` where the game
        defines one (Flip 7: how soon 200 was reached), else 1.0 for a win and -1.0 for
        a loss (Patience, FLINCH). ``returns()`` is always 0 there: one seat has no rank
        to compare."""
        result = state.result()
        if self.players > 1 or not result.over:
            return result.returns()
        if self._solo is not None:
            return (float(self._solo(result, self.options)),)
        return (1.0 if 0 in result.winners else -1.0,)

    def mask(self, moments: Moments, seat: int) -> np.ndarray:
        check_seat(seat, self.players)  # True is not seat 1
        queue = moments.queue
        if not queue or queue[moments.pos][0] != seat:
            return np.zeros(self.num_actions + 1, dtype=np.int8)
        if WRITERS is not None:  # built in C: cheaper than a cache's key (most legal sets are new)
            # (the dtype positional: as a keyword NumPy parses it for ~0.3 us more, a fifth of the mask)
            return np.frombuffer(
                WRITERS.mask_bits(
                    self.index, moments.legal(seat), self.num_actions + 1, self.PASS if queue[moments.pos][1] else -1
                ),
                _INT8,
            )
        legal, may_pass = moments.legal(seat), queue[moments.pos][1]
        masks = self._masks
        if masks is not None:
            key = (legal, may_pass)
            try:
                m = masks.get(key)
            except TypeError:  # legal actions not a tuple after all
                key = (tuple(legal), may_pass)
                m = masks.get(key)
            if m is not None:
                self._hits += 1
                return m.copy()
            if len(masks) >= _MASKS:
                # full: kept only where it pays, most sets seen again (Fly-swatter, Flip 7);
                # where most are new, building each mask costs less than the cache's misses
                # (Flush, FLINCH; FLAPS's short sets)
                if self._hits < 3 * len(masks):
                    masks = self._masks = None
                else:
                    masks.clear()
                    self._hits = 0
        bits = bytearray(self.num_actions + 1)  # set byte by byte: a tenth of NumPy's item cost
        index = self.index
        for a in legal:
            bits[index[a]] = 1
        if may_pass:
            bits[self.PASS] = 1
        m = np.frombuffer(bits, _INT8)
        if masks is not None:
            masks[key] = m.copy()
        return m


class History:
    """The game's events (each seat's history is ``Event.for_player`` of them, made when
    asked), and the info-state counters, fed every event as each seat saw it."""

    def __init__(self, spec: Spec, previous: History | None = None):
        """``previous``: the history of the table's last game, whose direct encoder (if
        any) is cleared and reused rather than built again."""
        self.spec = spec
        n = spec.players
        self.raw: list = []
        obs = spec.observer
        #: the observer when it keeps an information state, with each seat's counters
        #: (``memory``); None both when the observation is the view alone
        self.info = obs if isinstance(obs, InfoStateObserver) else None
        self.memory = None if self.info is None else [self.info.new_memory() for _ in range(n)]
        self.seats: DirectEncoder | None
        if previous is not None and previous.spec is spec and previous.seats is not None:
            self.seats = previous.seats
            self.seats.clear()
        else:
            self.seats = seat_encoder(obs, n)

    def __call__(self, events) -> None:
        self.raw.extend(events)
        info, memory = self.info, self.memory
        if info is not None and memory is not None:
            record = info.record
            for e in events:
                for p in range(self.spec.players):
                    record(memory[p], e.read(p), p)  # counted, never kept

    def seat_events(self, seat: int) -> list[dict]:
        """Every event as ``seat`` saw it, starting with the deal."""
        return [e.for_player(seat) for e in self.raw]

    def observation(self, state, seat: int) -> np.ndarray:
        """A new array: the seat's observation (the game's direct encoder where it has one)."""
        info, memory, seats = self.info, self.memory, self.seats
        if seats is None:
            if info is not None and memory is not None:
                return info.encode(state.view(seat), memory[seat], seat)
            return self.spec.observer.encode_view(state.view(seat), seat)
        if info is not None and memory is not None:
            return info.encode_from(seats.view_vector(state, seat), memory[seat], seat)
        return seats.observe(state, seat)
