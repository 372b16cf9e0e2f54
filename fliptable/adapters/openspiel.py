"""OpenSpiel games for every fliptable game (``docs/rl.md``).

    from fliptable.adapters.openspiel import register
    register()
    game = pyspiel.load_game("python_fliptable_flip7", {"players": 3})

Each game is registered as ``python_fliptable_<id>`` (``-`` becomes ``_``: Go to the
Store is ``python_fliptable_go_to_the_store``) with parameters ``players``, ``seed``
and the game's own options (same names, same defaults); ``chance`` and ``deals`` below.

* **Imperfect information, sampled stochastic chance.** The kernel draws chance from the
  state's seeded RNG (``Game.chance == "sampled"``): shuffles, reshuffles of a
  discard pile, draws. Explicit chance nodes would need every game to expose each draw
  (with its distribution over the remaining cards) as a separate step; none of the
  rules is written that way, and a reshuffle is a chance event with a factorial number
  of outcomes. So states have no chance nodes. ``new_initial_state(game_seed)`` deals
  that exact game; ``new_initial_state()`` deals game k of this ``Game`` object from
  the ``seed`` parameter (k counts the states this game object dealt so far, each loaded
  game counting its own, including those OpenSpiel's
  Python-game bridge makes to learn a tensor's shape: a run is reproducible, but k is
  not the number of games you asked for). ``clone()`` copies the RNG: a clone has the
  same future chance. ``resample_from_infostate`` re-deals the cards hidden from a seat
  (``State.determinize``) for search, the other seats' histories restarted from the
  public events so they agree with the new deal (OpenSpiel's ISMCTS keys its nodes by them).
* **Sequential.** Races, claims and simultaneous steps are serialised as in the
  PettingZoo env (``episode.Moments``): action id ``num_actions`` (the last) is
  ``PASS``; ``max_game_length`` is ``max_decisions x (players + 1)``.
* **Tensors.** ``observation_tensor`` is the generic view encoding (``observation.Observer``),
  ``information_state_tensor`` adds the summary of the seat's event history
  (``observation.InfoStateObserver``); ``observation_string`` is the view's JSON,
  ``information_state_string`` the seat's event history and its own moves as JSON.
* **Explicit chance, on request.** With ``chance=explicit`` (parameter ``deals``, default
  1024) the game is ``EXPLICIT_STOCHASTIC``: the initial state is one chance node
  choosing deal k of ``deals`` uniformly, and deal k is the kernel game seeded
  ``deal_seed(k)`` (every later draw and reshuffle follows from that seed, so there
  is no other chance node). The game is then these ``deals`` deals, not every shuffle.
  ``new_initial_state(game_seed)`` still deals that exact game (no chance node).
* **Serialisation.** ``state.serialize()`` / ``game.deserialize_state(text)`` (and
  ``pickle``, in both chance modes) round-trip a state exactly: OpenSpiel's Python-game format (history and
  the pickled attributes), the kernel state as its exact ``to_json``. With
  ``chance=explicit`` so do ``pyspiel.serialize_game_and_state`` /
  ``deserialize_game_and_state``, and ``random_sim_test(..., serialize=True)`` passes.
  With ``chance=sampled`` they cannot: for a sampled-stochastic game OpenSpiel's
  ``Game::Serialize`` asks the game for its RNG state (``GetRNGState``), a C++ virtual
  the Python-game bridge (``PyGame`` in ``python_games.h``, OpenSpiel 2.0.2) does not
  forward to Python.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from fliptable.core.game import Game
from fliptable.core.registry import all_games, get_game

from .episode import History, Moments, Spec
from .observation import observer

PREFIX = "python_fliptable_"


def short_name(game: Game | str) -> str:
    gid = game if isinstance(game, str) else game.id
    return PREFIX + gid.replace("-", "_")


def _param_default(value: Any) -> Any:
    if isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


#: the ``chance`` parameter's values (and their OpenSpiel chance modes)
CHANCE_MODES = {
    "sampled": pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    "explicit": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
}
#: default number of deals (chance outcomes) of ``chance=explicit``
DEFAULT_DEALS = 1024
#: the most deals ``chance=explicit`` accepts (the chance node lists them all)
MAX_DEALS = 1 << 20


def _game_type(game: Game, chance: str = "sampled", one_seat: bool = False) -> pyspiel.GameType:
    params: dict[str, Any] = {"players": game.default_players, "seed": 0, "chance": "sampled", "deals": DEFAULT_DEALS}
    for opt in game.options:
        params[opt.name] = _param_default(opt.default)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"fliptable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=CHANCE_MODES[chance],
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # one seat: its reward is the game's own outcome (Spec.returns), not a zero sum
        utility=pyspiel.GameType.Utility.GENERAL_SUM if one_seat else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class FliptableGame(pyspiel.Game):
    """A fliptable game at one table (players and options from the parameters)."""

    fliptable_game: Game  # set on each registered subclass

    def __init__(self, params: dict | None = None):
        game = self.fliptable_game
        params = dict(params or {})
        self.table_players = int(params.pop("players", game.default_players))
        self.seed = int(params.pop("seed", 0))
        self.chance = str(params.pop("chance", "sampled"))
        if self.chance not in CHANCE_MODES:
            raise ValueError(f"chance={self.chance!r}: accepted values are {' and '.join(sorted(CHANCE_MODES))}")
        self.deals = int(params.pop("deals", DEFAULT_DEALS))
        if not 1 <= self.deals <= MAX_DEALS:
            raise ValueError(f"deals={self.deals}: the number of deals must be 1 to {MAX_DEALS}")
        if self.chance == "sampled" and self.deals != DEFAULT_DEALS:
            raise ValueError(
                f"deals={self.deals} applies only with chance=explicit (chance=sampled deals every shuffle)"
            )
        #: chance=explicit: how many deals the opening chance node chooses among (else 0)
        self.explicit_deals = self.deals if self.chance == "explicit" else 0
        self.table_options = game.resolve_options(params)
        self.shared = _shared(game.id, self.table_players, tuple(sorted(self.table_options.items())), self.seed)
        #: this game's count of the states it dealt (its own: not shared with another
        #: game loaded with the same parameters)
        self.dealer = _Dealer(self.seed)
        self.spec_ = self.shared.spec
        self.plain_observer = observer(game, self.table_players, self.table_options)
        n = self.spec_.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec_.num_actions + 1,
            max_chance_outcomes=self.explicit_deals,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None if n == 1 else 0.0,
            # each kernel action may follow a PASS of every seat
            max_game_length=self.spec_.info.max_decisions * (n + 1),
        )
        super().__init__(
            _game_type(game, self.chance, n == 1),
            info,
            {
                "players": self.table_players,
                "seed": self.seed,
                "chance": self.chance,
                "deals": self.deals,
                **{k: _param_default(v) for k, v in self.table_options.items()},
            },
        )

    def new_initial_state(self, game_seed: int | None = None) -> FliptableState:
        """A new game: dealt from ``game_seed`` when given; else with ``chance=explicit``
        a chance node choosing the deal, else dealt from the ``seed`` parameter and the
        number of games this table has dealt."""
        return FliptableState(self, game_seed)

    def max_chance_nodes_in_history(self) -> int:
        return 1 if self.explicit_deals else 0

    def deal_seed(self, k: int) -> int:
        """The kernel seed of deal ``k`` (of ``chance=explicit``'s outcome ``k``, and of the
        k-th game ``chance=sampled`` deals)."""
        return _deal_seed(self.seed, k)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return FliptableObserver(self, perfect_recall)


def _deal_seed(seed: int, k: int) -> int:
    return random.Random(f"{seed}/{k}").getrandbits(62)


_OUTCOMES: dict[int, list[tuple[int, float]]] = {}


def _uniform_outcomes(n: int) -> list[tuple[int, float]]:
    out = _OUTCOMES.get(n)
    if out is None:
        out = _OUTCOMES[n] = [(i, 1.0 / n) for i in range(n)]
    return out


class _Dealer:
    """The states one ``FliptableGame`` has dealt in ``chance=sampled`` mode: the k-th
    is dealt from ``deal_seed(k)``. Each game owns one (two games loaded with the same
    parameters deal the same sequence of games, independently); clones share it."""

    __slots__ = ("dealt", "seed")

    def __init__(self, seed: int, dealt: int = 0):
        self.seed, self.dealt = seed, dealt

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_Dealer, (self.seed, self.dealt))

    def next_seed(self) -> int:
        k = self.dealt
        self.dealt += 1
        return _deal_seed(self.seed, k)


class _Shared:
    """What every table with the same parameters shares, whichever game loaded it:
    its spec and observers (never copied by clones)."""

    def __init__(self, game: Game, players: int, options: dict, seed: int):
        self.spec = Spec(game, players, options, info_state=True)
        self.seed = seed

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        spec = self.spec
        return (_shared, (spec.game.id, spec.players, tuple(sorted(spec.options.items())), self.seed))


_SHARED: dict[tuple, _Shared] = {}


def _shared(game_id: str, players: int, options: tuple, seed: int) -> _Shared:
    key = (game_id, players, options, seed)
    if key not in _SHARED:
        _SHARED[key] = _Shared(get_game(game_id), players, dict(options), seed)
    return _SHARED[key]


class _JsonHistory(History):
    """``History`` that also keeps each seat's events as JSON text (the information
    state string), built once per event, and the events as a spectator saw them (what
    a re-dealt seat's history starts from: ``FliptableState.resample_from_infostate``)."""

    def __init__(self, spec: Spec):
        super().__init__(spec)
        self.events: list[list[dict]] = [[] for _ in range(spec.players)]
        self.texts: list[list[str]] = [[] for _ in range(spec.players)]
        self.public: list[dict] = []
        self.public_texts: list[str] = []

    def copy(self) -> _JsonHistory:
        h = _JsonHistory.__new__(_JsonHistory)
        h.spec = self.spec
        h.events = [list(e) for e in self.events]
        h.texts = [list(t) for t in self.texts]
        h.public, h.public_texts = list(self.public), list(self.public_texts)
        h.info, h.memory = self.info, None if self.memory is None else [m.copy() for m in self.memory]
        return h

    def redeal(self, seat: int) -> None:
        """Forget ``seat``'s own history: from now on it is the public events (what the
        seat may have seen privately belonged to a deal that was replaced)."""
        self.events[seat] = list(self.public)
        self.texts[seat] = list(self.public_texts)
        info = self.info
        if info is not None and self.memory is not None:
            m = self.memory[seat] = info.new_memory()
            for e in self.public:
                info.record(m, e, seat)

    def __call__(self, events) -> None:
        n, memory, info = self.spec.players, self.memory, self.info
        for e in events:
            public = e.for_player(None)
            self.public.append(public)
            self.public_texts.append(json.dumps(public, sort_keys=True))
            for p in range(n):
                seen = e.for_player(p)
                self.events[p].append(seen)
                self.texts[p].append(json.dumps(seen, sort_keys=True))
                if info is not None and memory is not None:
                    info.record(memory[p], seen, p)


class _Play:
    """One game in progress: the kernel state, the serialisation of its decisions, the
    seats' event histories and their own moves."""

    def __init__(self, shared: _Shared, game_seed: int):
        spec = shared.spec
        self.shared, self.game_seed = shared, game_seed
        self.fstate = spec.game.new_state(spec.players, spec.options, seed=game_seed)
        self.history = _JsonHistory(spec)
        self.own_moves: list[list[int]] = [[] for _ in range(spec.players)]
        #: per seat, its view (JSON) when ``resample_from_infostate`` re-dealt it, else None
        self.redealt: list[str | None] = [None] * spec.players
        self.moments = Moments(self.fstate, self.history)

    def __deepcopy__(self, memo):
        c = _Play.__new__(_Play)
        c.shared, c.game_seed = self.shared, self.game_seed
        c.fstate = self.fstate.clone()
        h = c.history = self.history.copy()
        c.own_moves = [list(m) for m in self.own_moves]
        c.redealt = list(self.redealt)
        m = Moments.__new__(Moments)
        old = self.moments
        m.state, m.players, m.queue, m.pos, m.points, m.listener = (
            c.fstate,
            old.players,
            list(old.queue),
            old.pos,
            old.points,
            h,
        )
        m.forget()
        c.moments = m
        return c

    def __getstate__(self):
        m = self.moments
        return {
            "shared": self.shared,
            "game_seed": self.game_seed,
            "state": self.fstate.to_json(),
            "events": self.history.events,
            "public": self.history.public,
            "redealt": self.redealt,
            "memory": None if self.history.memory is None else [x.copy() for x in self.history.memory],
            "own_moves": self.own_moves,
            "queue": m.queue,
            "pos": m.pos,
            "points": m.points,
        }

    def __setstate__(self, data):
        self.shared, self.game_seed = data["shared"], data["game_seed"]
        spec = self.shared.spec
        self.fstate = spec.game.state_from_json(data["state"])
        self.history = _JsonHistory(spec)
        self.history.events = data["events"]
        self.history.texts = [[json.dumps(e, sort_keys=True) for e in seat] for seat in data["events"]]
        self.history.public = data["public"]
        self.history.public_texts = [json.dumps(e, sort_keys=True) for e in data["public"]]
        self.redealt = data["redealt"]
        if data["memory"] is not None:
            self.history.memory = data["memory"]
        self.own_moves = data["own_moves"]
        m = Moments.__new__(Moments)
        m.state, m.players, m.queue, m.pos, m.points, m.listener = (
            self.fstate,
            spec.players,
            [tuple(q) for q in data["queue"]],
            data["pos"],
            data["points"],
            self.history,
        )
        m.forget()
        self.moments = m


class FliptableState(pyspiel.State):
    """A fliptable state seen through the deterministic serialisation of its decisions.

    The game is dealt on first use (OpenSpiel's ``Clone`` makes a new initial state and
    overwrites its attributes: dealing lazily keeps clones from consuming deals)."""

    def __init__(self, game: FliptableGame, game_seed: int | None = None):
        super().__init__(game)
        self._shared = game.shared
        self._dealer = game.dealer
        #: chance=explicit: the deals the opening chance node chooses among (0: sampled)
        self._deals = game.explicit_deals
        if game_seed is not None:
            self._p = _Play(self._shared, game_seed)

    @property
    def dealt(self) -> bool:
        """False only at ``chance=explicit``'s opening chance node."""
        return not self._deals or "_p" in self.__dict__

    @property
    def play(self) -> _Play:
        p = self.__dict__.get("_p")
        if p is None:
            if self._deals:
                raise RuntimeError("the deal is a chance node (chance=explicit): apply a chance outcome first")
            p = self._p = _Play(self._shared, self._dealer.next_seed())
        return p

    @property
    def fstate(self):
        """The kernel state (``fliptable.core.game.State``)."""
        return self.play.fstate

    # -- the OpenSpiel state API ----------------------------------------------------
    def current_player(self) -> int:
        if not self.dealt:
            return pyspiel.PlayerId.CHANCE
        m = self.play.moments
        return pyspiel.PlayerId.TERMINAL if m.over else m.current

    def _legal_actions(self, player: int) -> list[int]:
        if not self.dealt:
            return []
        return [int(i) for i in np.flatnonzero(self._shared.spec.mask(self.play.moments, player))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """chance=explicit's opening node: deal k (the kernel seed ``deal_seed(k)``) with
        probability 1 / deals."""
        if self.dealt:
            return []
        return _uniform_outcomes(self._deals)

    def _apply_action(self, action: int) -> None:
        if not self.dealt:
            if not 0 <= action < self._deals:
                raise ValueError(f"deal {action} is outside 0..{self._deals - 1}")
            self._p = _Play(self._shared, _deal_seed(self._shared.seed, int(action)))
            return
        spec, play = self._shared.spec, self.play
        play.own_moves[play.moments.current].append(int(action))
        if action == spec.PASS:
            play.moments.pass_()
        else:
            play.moments.act(spec.actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        spec = self._shared.spec
        return "pass" if action == spec.PASS else spec.actions[action]

    def is_terminal(self) -> bool:
        return self.dealt and self.play.moments.over

    def returns(self) -> list[float]:
        if not self.dealt:
            return [0.0] * self._shared.spec.players
        play = self.play
        if not play.moments.over:
            return [0.0] * self._shared.spec.players
        return [float(r) for r in self._shared.spec.returns(play.fstate)]

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> FliptableState:
        """A state ``player_id`` cannot tell from this one (``State.determinize``): the
        cards hidden from that seat re-dealt, future chance drawn afresh.

        ``player_id``'s history is kept. Every other seat's history is made consistent
        with the new deal: what it saw privately belonged to the real deal (its real hand
        would show through its information state), so its history restarts from the
        public events (``Event.for_player(None)``), its information state string adds its
        view of the re-dealt state (``"redealt"``: its hand there) and its own moves start
        again; its information-state counters are rebuilt from the public events."""
        if probability_sampler is not None:  # OpenSpiel's samplers give uniform floats
            rng = random.Random(int(probability_sampler() * 2**53))
        else:
            rng = random.Random()
        c = self.clone()
        if not self.dealt:
            return c
        p = c.play
        p.fstate = self.play.fstate.determinize(player_id, rng)
        p.moments.state = p.fstate
        p.moments.forget()
        for q in range(self._shared.spec.players):
            if q != player_id:
                p.history.redeal(q)
                p.own_moves[q] = []
                p.redealt[q] = json.dumps(p.fstate.view(q), sort_keys=True)
        return c

    def __reduce__(self):
        # pyspiel's own pickling goes through serialize_game_and_state, which a
        # sampled-stochastic Python game cannot do (GetRNGState): the game travels as its
        # name and parameters, the state as its exact serialisation
        game = self.get_game()
        return (_unpickle_state, (game.get_type().short_name, game.get_parameters(), self.serialize()))

    def __str__(self) -> str:
        if not self.dealt:
            return f"chance: one of {self._deals} deals"
        return json.dumps(self.play.fstate.view(None), sort_keys=True)


def _unpickle_state(name: str, params: dict, text: str) -> FliptableState:
    register()
    return pyspiel.load_game(name, params).deserialize_state(text)


class FliptableObserver:
    """OpenSpiel's PyObserver: ``tensor`` (and ``dict``) for a seat, and its string."""

    def __init__(self, game: FliptableGame, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.observer = game.spec_.observer if perfect_recall else game.plain_observer
        self.tensor = np.zeros(self.observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: FliptableState, player: int) -> None:
        if not state.dealt:  # chance=explicit's opening node: nothing to see yet
            self.tensor.fill(0.0)
            return
        play = state.play
        view = play.fstate.view(player)
        if self.perfect_recall:
            info, memory = play.history.info, play.history.memory
            assert info is not None and memory is not None  # spec_ keeps the information state
            self.tensor[:] = info.encode(view, memory[player], player)
        else:
            self.tensor.fill(0.0)
            self.observer.encode_view(view, player, self.tensor)

    def string_from(self, state: FliptableState, player: int) -> str:
        if not state.dealt:
            return "{}"
        play = state.play
        if self.perfect_recall:
            redealt = play.redealt[player]
            return (
                f'{{"events": [{", ".join(play.history.texts[player])}], '
                f'"moves": {json.dumps(play.own_moves[player])}, '
                + ("" if redealt is None else f'"redealt": {redealt}, ')
                + f'"seat": {player}}}'
            )
        return json.dumps(play.fstate.view(player), sort_keys=True)


_REGISTERED: dict[str, type[FliptableGame]] = {}


def register(games: list[str] | None = None) -> list[str]:
    """Register every fliptable game (or those named) with OpenSpiel; returns the
    short names. Registering twice is harmless."""
    names = []
    for game in [get_game(g) for g in games] if games else all_games():
        name = short_name(game)
        if name not in _REGISTERED:
            cls = type(f"Fliptable_{game.id.replace('-', '_')}", (FliptableGame,), {"fliptable_game": game})
            pyspiel.register_game(_game_type(game), cls)
            _REGISTERED[name] = cls
        names.append(name)
    return names
