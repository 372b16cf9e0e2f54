"""The kernel contract: ``Game`` (an immutable description) and ``State`` (a mutable
game in progress). Everything above the kernel is written once against these."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, cast

from .balance import Balance
from .cards import CardTable
from .decision import Decision, Over, Race, decision_json, describe_decision
from .errors import FliptableError, IllegalAction, PlayerCountError, SeatError, StaleAction, StateError, quoted, shorten
from .events import Event
from .fields import check_kinds, dump_field, load_field, make_copier
from .info import ActionKey, GameInfo, plain_narrate, plain_render
from .options import Option, resolve_options
from .result import Result
from .rng import new_rng, rng_from_json, rng_to_json
from .schema import DeclaresView


class Game(DeclaresView):
    """A game's fixed facts, declared once, and its constructors. Subclasses (``<Name>Game``
    in ``games/<game>/game.py``) set the class attributes and implement ``deck`` and
    ``action_space``: their headers share a shape by design (each is one game's declaration);
    what several games share is a base class (``games/asking/game.py``)."""

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    #: the bot that fills seats when no ``--bot`` is given (``simulate``, and ``play`` unless
    #: ``play_bot``): the game's strongest practical bot; ``play_bot``: one gentler for people
    default_bot: ClassVar[str] = "random"
    play_bot: ClassVar[str | None] = None
    options: ClassVar[tuple[Option, ...]] = ()
    cards: ClassVar[CardTable]
    notation: ClassVar[str] = ""  # the action notation, shown by ``fliptable rules``
    #: at the terminal: named keys for kinds of actions (``ActionKey``), and (key, action)
    #: pairs for one action while legal (Fly-swatter's ``("enter", "done")``)
    action_keys: ClassVar[tuple[ActionKey, ...]] = ()
    key_aliases: ClassVar[tuple[tuple[str, str], ...]] = ()
    state_class: ClassVar[type[State]]
    #: how chance enters: "sampled" (the state's seeded RNG draws it)
    chance: ClassVar[str] = "sampled"
    #: "imperfect" when some card is hidden from some player, else "perfect"
    information: ClassVar[str] = "imperfect"
    #: "sequential" (turns only), "real-time" (races decide who acts first) or "simultaneous"
    dynamics: ClassVar[str] = "sequential"

    # -- declared data ------------------------------------------------------------
    def deck(self, players: int, options: Mapping[str, Any]) -> list[int]:
        """The complete deck for this table, in card-table order (before shuffling)."""
        raise NotImplementedError

    def action_space(self, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        """Every action that can ever be legal at such a table, in a fixed order:
        an action's index is its stable integer id (for RL masks)."""
        raise NotImplementedError

    def bots(self) -> dict[str, Callable[..., Any]]:
        """This game's own bots: name -> factory(**params)."""
        return {}

    def stats(self, state: State) -> dict[str, float]:
        """Additive counters of one finished game, for ``simulate``'s ``stats``."""
        return {}

    def summarize_stats(self, totals: dict[str, float], games: int, players: int) -> dict[str, Any]:
        """Turn summed ``stats`` counters into the reported ``stats`` object."""
        return {}

    # -- text for people: each game declares its own (these are plain fallbacks) ------
    #: The module that words this game for people, if it has one: its ``render(view, seat)``,
    #: ``narrate(event, seat)`` and (with rounds) ``round_summary(view, seat)`` replace the fallbacks below.
    wording: Any = None
    balance: ClassVar[Balance] = Balance()  #: what a balance report reads (``core/balance.py``)

    def render(self, view: Any, seat: int | None) -> str:
        """The table as text (Rich markup allowed) from ``view``, ``seat``'s view, read by
        ``seat``'s person: "you" for ``seat`` (None: a spectator's table)."""
        if self.wording is not None:
            return cast(str, self.wording.render(view, seat))
        return plain_render(view)

    def narrate(self, event: dict[str, Any], seat: int | None = None) -> str | None:
        """One line for an event as a player saw it (``Event.for_player``); None: say nothing.
        ``seat`` is the seat whose person reads the line: the line says "you" for it and
        "seat N" for the others (``core/words.py``); ``None``: a spectator, or several
        people at one keyboard — "seat N" for everyone."""
        if self.wording is not None:
            return cast("str | None", self.wording.narrate(event, seat))
        return plain_narrate(event)

    def evaluate(self, state: State) -> tuple[float, ...]:
        """A value per seat in [-1, 1] (1: as good as a win) of a position, for search
        bots that stop before the end (``ismcts:eval=game``): ``Result.returns()`` once
        the game is over; before, by default, the current ranks scored as returns are
        (first 1, last -1). A game with a nearer, denser signal (points so far, cards
        left) overrides it, usually through ``core.result.margin_values``."""
        return state.result().rank_values()

    def round_summary(self, view: Any, seat: int | None) -> str | None:
        """The summary of the round just finished as ``seat`` sees it (None: none yet)."""
        summary = getattr(self.wording, "round_summary", None)
        return summary(view, seat) if summary is not None else None

    # -- constructors ---------------------------------------------------------------
    def check_players(self, players: object) -> int:
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not (self.min_players <= players <= self.max_players)
        ):
            lo, hi = self.min_players, self.max_players
            takes = (
                "exactly 1 player"
                if lo == hi == 1
                else (f"exactly {lo} players" if lo == hi else f"{lo} to {hi} players")
            )
            raise PlayerCountError(f"{self.id} takes {takes}, not {quoted(players)}")
        return players

    def resolve_options(self, options: Mapping[str, Any] | None, files: bool = True) -> dict[str, Any]:
        """The complete options; ``files`` False: a value naming a local file is refused
        (``Option.local_file``; a server passes it)."""
        return resolve_options(self.options, options, self.id, files)

    def check_table(self, players: int, options: Mapping[str, Any]) -> None:
        """Refuse (``OptionError``, one line) resolved options that ``players`` seats do not
        allow (FLAPS: more than eight players need ``packs=2``); by default every count does."""

    def new_state(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | str = 0,
        deck: Sequence[str] | None = None,
    ) -> State:
        """A new game. ``deck``, in card notation top card first, replaces the shuffle."""
        players = self.check_players(self.default_players if players is None else players)
        opts = self.resolve_options(options)
        self.check_table(players, opts)
        full = self.deck(players, opts)
        rng = new_rng(seed)
        if deck is None:
            order = list(full)
            rng.shuffle(order)
        else:
            order = self.cards.parse_deck(deck, full)
        state = self.state_class(self, players, opts, rng)
        opening: list[Event] = []
        state.opening = opening  # a game's _setup may tell its deal here
        state._setup(order)
        state.opening = tuple(opening)
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """The state ``to_json`` wrote (exact round trip, RNG included). Anything
        malformed or inconsistent — a tampered field, cards that are not exactly the
        game's deck, another rules version — is one ``StateError``."""
        if not isinstance(data, Mapping):
            raise StateError(f"a {self.id} state must be a JSON object")
        if data.get("game") != self.id:
            raise StateError(f"state is for game {shorten(data.get('game'))!r}, not {self.id!r}")
        if str(data.get("rules_version")) != self.rules_version:
            raise StateError(
                f"state was saved under {self.id} rules version "
                f"{shorten(data.get('rules_version'))}, this is version {self.rules_version}"
            )
        try:
            players = self.check_players(data.get("players"))
            options = self.resolve_options(data.get("options"))
            self.check_table(players, options)
            if options != data.get("options"):
                raise ValueError("options are not the complete, resolved option set")
            ply = data.get("ply")
            if type(ply) is not int or ply < 0:
                raise ValueError(f"ply must be a non-negative integer, got {shorten(ply)}")
            state = self.state_class(self, players, options, rng_from_json(data.get("rng")))
            state.ply = ply
            state._load(data.get("state"))
            cards = state.all_cards()
            if sorted(cards) != sorted(self.deck(players, options)):
                raise ValueError("its cards are not exactly the game's deck")
            state._check()
            # a consistent state can say who acts, what is legal, and what each seat sees
            decision = state.decision()
            for p in range(players):
                tuple(state.legal_actions(p))
                state._view(p)
            state._view(None)
            state.result()
            del decision
        except FliptableError as exc:
            raise StateError(f"invalid {self.id} state: {exc}") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as exc:
            raise StateError(f"invalid {self.id} state: {shorten(str(exc) or type(exc).__name__, 120)}") from None
        return state

    def info(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> GameInfo:
        """The facts machines need for a table of this game (OpenSpiel's GameType and
        GameInfo): action count, a bound on decisions, utility range, chance, information."""
        players = self.check_players(self.default_players if players is None else players)
        opts = self.resolve_options(options)
        self.check_table(players, opts)
        return GameInfo(
            game=self.id,
            players=players,
            num_actions=len(self.action_space(players, opts)),
            max_decisions=self.max_decisions(players, opts),
            utility=(-1.0, 1.0),
            chance=self.chance,
            information=self.information,
            dynamics=self.dynamics,
        )

    def legacy_options(self, rules_version: str) -> dict[str, Any] | None:
        """Options under which today's rules replay a log recorded under an earlier
        ``rules_version`` move for move (a rule fix that changed the default keeps the
        old behaviour reachable as an option); None when that version cannot be replayed."""
        return None

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """An upper bound on the decisions (applied actions) of one game at such a table;
        a game without a natural bound declares a cap that ends it."""
        raise NotImplementedError(f"{self.id} declares no bound on decisions")

    # -- action notation ----------------------------------------------------------
    def parse_action(self, text: str) -> str:
        """Canonical notation of an action typed as ``text`` (case and spaces ignored)."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action must be text in {self.id}'s notation, got {text!r}")
        return "".join(text.split()).lower()

    def action_index(self, players: int, options: Mapping[str, Any]) -> dict[str, int]:
        key = (players, tuple(sorted(options.items())))
        cache: dict[tuple[Any, ...], dict[str, int]] = self.__dict__.setdefault("_action_index_cache", {})
        index = cache.get(key)
        if index is None:
            index = cache[key] = {a: i for i, a in enumerate(self.action_space(players, options))}
        return index

    def describe(self) -> dict[str, Any]:
        """The game's declared facts, as ``fliptable games`` lists them."""
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "players": [self.min_players, self.max_players],
            "default_players": self.default_players,
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "accepted": o.accepted(),
                    "help": o.help,
                    **({"local_file": True} if o.local_file else {}),
                }
                for o in self.options
            ],
            "bots": sorted(set(self.bots()) | {"random"}),
            "default_bot": self.default_bot,
            "play_bot": self.play_bot or self.default_bot,
        }


#: no game's action is longer than this: a longer one is refused before any rule reads it
ACTION_LIMIT = 200


def check_seat(player: Any, players: int, error: type[Exception] = SeatError) -> int:
    """``player`` when it is a seat of a ``players``-seat table: an int (not a bool, not a
    float) from 0 to players - 1; else ``error`` (``SeatError``) naming what is accepted.
    The kernel's one seat check (states, tables, RL adapters)."""
    if type(player) is not int or not 0 <= player < players:
        raise error(f"no player {quoted(player)}; seats are the integers 0 to {players - 1}")
    return player


class State:
    """A game in progress. Subclasses implement the hooks below; the public ``apply``
    validates against ``legal_actions`` so illegal input never changes the state.

    A subclass declares its fields once (``FIELDS``, and ``DERIVED`` for caches it can
    rebuild with ``_derive``; see ``fields.py``): ``clone``, ``to_json`` and
    ``Game.state_from_json`` are driven by that list."""

    __slots__ = ("game", "opening", "options", "players", "ply", "rng")

    #: the state's own fields and their kinds (``fields.py``), in a fixed order
    FIELDS: ClassVar[dict[str, str]] = {}
    #: caches rebuilt by ``_derive()``: copied by ``clone``, never dumped
    DERIVED: ClassVar[dict[str, str]] = {}
    _copy_fields: ClassVar[Callable[[Any, Any], None] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "legal_actions" in cls.__dict__:
            # the kernel's legal_actions checks the seat, then asks the game's _legal_actions
            raise TypeError(
                f"{cls.__name__}: define _legal_actions(player), not legal_actions "
                f"(State.legal_actions checks the seat, then calls it)"
            )
        if "FIELDS" in cls.__dict__ or "DERIVED" in cls.__dict__:
            every = {**cls.FIELDS, **cls.DERIVED}
            check_kinds(every, cls.__name__)
            slots = set(cls.__dict__.get("__slots__", ()))
            missing = slots - set(every)
            if missing:
                raise TypeError(f"{cls.__name__}: slots {sorted(missing)} are not declared in FIELDS or DERIVED")
            cls._copy_fields = make_copier(cls, every)

    def __init__(self, game: Game, players: int, options: dict[str, Any], rng: random.Random):
        self.game = game
        self.players = players
        self.options = options
        self.rng = rng
        self.ply = 0
        #: the events of the deal, before the first action (a list ``_setup`` appends to, then a tuple;
        #: () for a loaded state). The table gives them to every seat's history first.
        self.opening: Sequence[Event] = ()

    # -- hooks for subclasses --------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        """Deal from ``deck`` (top card first) and start the game."""
        raise NotImplementedError

    def _derive(self) -> None:
        """Rebuild the ``DERIVED`` fields from the others (after loading or re-dealing)."""

    def _check(self) -> None:
        """Raise ``ValueError`` naming what is inconsistent in a loaded state (the
        declared field kinds and card conservation are checked before this)."""

    def decision(self) -> Decision:
        raise NotImplementedError

    def _legal_actions(self, player: int) -> tuple[str, ...]:
        """Every action seat ``player`` (a seat of this table, checked) may take now, as
        an immutable tuple (empty when it is not theirs to act). The one definition of
        legality; read through ``legal_actions``."""
        raise NotImplementedError

    def _apply(self, player: int | None, action: str, events: list[Event] | None) -> None:
        """Apply a legal action; append events when ``events`` is a list."""
        raise NotImplementedError

    def _view(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see (``None``: a spectator), as fresh JSON data."""
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def all_cards(self) -> list[int]:
        """Every card of the game wherever it is (piles, hands, removed from play): the
        property tests check this is always exactly the game's deck."""
        raise NotImplementedError

    def hidden_slots(self, player: int | None) -> list[tuple[list[int], int]]:
        """Every place holding a card ``player`` cannot identify, as ``(list, index)``.
        The default ``determinize`` re-deals the cards of these places among them."""
        raise NotImplementedError(f"{self.game.id} does not implement hidden_slots")

    def _redeal(self, player: int | None, rng: random.Random) -> None:
        """Re-deal, in place, every card hidden from ``player`` uniformly among the
        arrangements consistent with what ``player`` has seen. The default shuffles the
        cards of ``hidden_slots`` among those places; games with constraints (cards
        shown, cards known to be absent) override it."""
        slots = self.hidden_slots(player)
        cards = [pile[i] for pile, i in slots]
        rng.shuffle(cards)
        for (pile, i), card in zip(slots, cards, strict=True):
            pile[i] = card
        self._derive()

    def _illegal_reason(self, player: int, action: str) -> str | None:
        """Why ``action`` (known not to be legal) is refused: the rule's words. Only
        asked for actions outside ``legal_actions``, so it can never contradict it."""
        return None

    def timeout_action(self, player: int) -> str:
        """The action a table's clock applies for ``player`` when their time runs out:
        by default the first legal action (games declare a kinder one)."""
        legal = self.legal_actions(player)
        if not legal:
            raise IllegalAction(f"player {player} has nothing to act on now")
        return legal[0]

    # -- the public path ----------------------------------------------------------------
    def legal_actions(self, player: int | None) -> tuple[str, ...]:
        """Every action ``player`` may take now, as an immutable tuple (empty when it is
        not theirs to act; ``None``, a spectator, has none). A seat is an int of this
        table: anything else (``True``, ``1.0``, ``-1``) is a ``SeatError``, never
        another seat. Bots, RL masks, ``why_illegal`` and ``apply`` all read this."""
        if type(player) is not int or not 0 <= player < self.players:
            if player is None:
                return ()
            check_seat(player, self.players)
        return self._legal_actions(player)

    def is_over(self) -> bool:
        return isinstance(self.decision(), Over)

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see (``None``: a spectator), JSON data of its own."""
        if player is not None:
            self._check_seat(player)
        return self._view(player)

    def frame(self, player: int | None) -> dict[str, Any]:
        """The one envelope that leaves the kernel toward a player (``None``: a spectator):
        game, ply, seat, decision, that player's legal actions and view."""
        if player is not None:
            self._check_seat(player)
        decision = self.decision()
        legal = list(self.legal_actions(player)) if player is not None else []
        return {
            "game": self.game.id,
            "ply": self.ply,
            "seat": player,
            "decision": decision_json(decision),
            "legal": legal,
            "view": self._view(player),
        }

    def why_illegal(self, player: int | None, action: str) -> str | None:
        """None when ``action`` is legal for ``player`` now, else the reason it is not —
        derived from ``legal_actions``, the one definition of legality. A seat that
        does not exist is a ``SeatError``, as everywhere."""
        if player is not None:
            check_seat(player, self.players)
        decision = self.decision()
        if player is None:
            if isinstance(decision, Race) and action == decision.default:
                return None
            return "an action without a player is the clock closing a race"
        if action in self.legal_actions(player):
            return None
        if player not in decision.actors and not self._too_long(action):
            return f"player {player} may not act now ({describe_decision(decision)})"
        return self._reason(player, action) or f"{shorten(action)!r} is not among player {player}'s legal actions now"

    def rule_broken(self, player: int, action: str) -> str | None:
        """The rule an illegal ``action`` breaks, in the game's words (None: legal, or no rule named)."""
        return None if action in self.legal_actions(player) else self._reason(player, action)

    def _too_long(self, action: str) -> bool:
        return not isinstance(action, str) or len(action) > ACTION_LIMIT

    def _reason(self, player: int, action: str) -> str | None:
        """The rule an illegal action breaks (``_illegal_reason``), or None."""
        if self._too_long(action):
            return (
                f"{shorten(action)!r} is not an action of {self.game.id}: actions are short "
                f"words (at most {ACTION_LIMIT} characters; see the game's action notation)"
            )
        try:
            return self._illegal_reason(player, action)
        except Exception:  # an explanation must never break the refusal itself
            return None

    def apply(self, player: int | None, action: str, ply: int | None = None) -> list[Event]:
        """Validate and apply ``action`` by ``player``; return the events it caused.

        ``player`` is ``None`` only for a race's ``default`` (the clock ran out). When
        ``ply`` is given and is not the current ply the action was meant for an earlier
        moment: ``StaleAction``. Raises ``IllegalAction`` naming the rule (the state unchanged)."""
        if ply is not None and ply != self.ply:
            raise StaleAction(
                f"{shorten(action)!r} was meant for ply {ply!r}, but the game is at ply {self.ply}; nothing changed"
            )
        decision = self.decision()
        if not isinstance(action, str):
            raise IllegalAction(f"an action must be text in {self.game.id}'s notation, got {shorten(action)}")
        if isinstance(decision, Over):
            raise IllegalAction(f"the game is over; no action is accepted (got {shorten(action)!r})")
        if player is None:
            if isinstance(decision, Race) and action == decision.default:
                events: list[Event] = []
                self.apply_unchecked(None, action, events)
                return events
            if isinstance(decision, Race):
                raise IllegalAction(
                    f"without a player only the race's default {decision.default!r} "
                    f"(the clock) may be applied, not {shorten(action)!r}"
                )
            raise IllegalAction(
                f"an action without a player is the clock closing a race; "
                f"no race is open now ({shorten(action)!r} rejected)"
            )
        self._check_seat(player, IllegalAction)
        legal = self.legal_actions(player)
        if action not in legal:
            raise IllegalAction(self._illegal_message(decision, player, action, legal))
        events = []
        self.apply_unchecked(player, action, events)
        return events

    def apply_unchecked(self, player: int | None, action: str, events: list[Event] | None = None) -> None:
        """Apply an action known to come from ``legal_actions`` (the runner's and the RL
        adapters' fast path; ``apply`` after its checks): the one place an action moves
        the game on a ply. ``events``: a list to append the events to, or None."""
        self._apply(player, action, events)
        self.ply += 1

    def _check_seat(self, player: Any, error: type[FliptableError] | None = None) -> None:
        check_seat(player, self.players, error or SeatError)

    def _illegal_message(self, decision: Decision, player: int, action: str, legal: Sequence[str]) -> str:
        if player not in decision.actors:
            return f"player {player} may not act now ({describe_decision(decision)}); {shorten(action)!r} rejected"
        reason = self._reason(player, action)
        shown = ", ".join(legal[:12]) + (", ..." if len(legal) > 12 else "")
        head = f"{shorten(action)!r} is not legal for player {player}"
        return f"{head}: {reason}; legal now: {shown}" if reason else f"{head}; legal now: {shown}"

    def action_mask(self, player: int) -> list[bool]:
        """A boolean mask over the game's action space (for RL)."""
        index = self.game.action_index(self.players, self.options)
        mask = [False] * len(index)
        for a in self.legal_actions(player):
            mask[index[a]] = True
        return mask

    # -- copies -------------------------------------------------------------------------
    def clone(self, rng: random.Random | None = None) -> State:
        """An independent copy. Without ``rng`` it is exact (the same future chance);
        with ``rng`` the copy draws its future chance from that generator — the cheap
        search clone, which must not know the original's future shuffles anyway."""
        cls = type(self)
        c = cls.__new__(cls)
        c.game, c.players, c.options, c.ply = self.game, self.players, self.options, self.ply
        c.opening = self.opening
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        c.rng = rng
        copy = cls._copy_fields
        if copy is None:
            raise NotImplementedError(f"{cls.__name__} declares no FIELDS")
        copy(self, c)
        return c

    def determinize(self, player: int | None, rng: random.Random) -> State:
        """A complete state ``player`` cannot tell from this one — the same view, legal
        actions and frame — with every card hidden from them re-dealt uniformly among
        the arrangements consistent with what they have seen, and future chance drawn
        from ``rng``."""
        if player is not None:
            self._check_seat(player)
        c = self.clone(rng=random.Random(rng.getrandbits(64)))
        c._redeal(player, rng)
        return c

    def _dump(self) -> dict[str, Any]:
        return {name: dump_field(getattr(self, name), kind) for name, kind in self.FIELDS.items()}

    def _load(self, data: object) -> None:
        if not isinstance(data, Mapping):
            raise ValueError("state must be an object of fields")
        unknown = set(data) - set(self.FIELDS)
        if unknown:
            raise ValueError(f"unknown fields {sorted(unknown)[:5]}")
        ncards = len(self.game.cards)
        for name, kind in self.FIELDS.items():
            if name not in data:
                raise ValueError(f"field {name!r} is missing")
            setattr(self, name, load_field(data[name], kind, self.players, ncards, name))
        try:
            self._derive()
        except IndexError:
            # a field out of shape (a seat missing, a number past a list's end) broke the
            # derived caches before ``_check`` could name it: let it name it
            self._check()
            raise

    def to_json(self) -> dict[str, Any]:
        """The whole state, RNG included, as JSON data of its own (exact round trip)."""
        return {
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "options": dict(self.options),
            "ply": self.ply,
            "rng": rng_to_json(self.rng),
            "state": self._dump(),
        }
