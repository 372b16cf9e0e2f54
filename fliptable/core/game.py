"""The kernel contract: ``Game`` (an immutable description) and ``State`` (a mutable
game in progress). Everything above the kernel is written once against these."""
from __future__ import annotations

import json
import random
from typing import Any, Callable, ClassVar, Mapping, Sequence

from .cards import CardTable
from .decision import Decision, Over, Race, Simultaneous, Turn
from .errors import FliptableError, IllegalAction, PlayerCountError, shorten
from .events import Event
from .options import Option, resolve_options
from .result import Result
from .rng import new_rng, rng_from_json, rng_to_json


class Game:
    """A game's fixed facts, declared once, and its constructors.

    Subclasses set the class attributes and implement ``deck``, ``_new_state``,
    ``action_space`` and ``state_class``.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    #: the bot that fills seats when no ``--bot`` is given (``play`` and ``simulate``):
    #: the game's strongest practical bot
    default_bot: ClassVar[str] = "random"
    options: ClassVar[tuple[Option, ...]] = ()
    cards: ClassVar[CardTable]
    #: Documentation of the action notation, shown by ``fliptable rules``.
    notation: ClassVar[str] = ""
    state_class: ClassVar[type["State"]]

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

    def stats(self, state: "State") -> dict[str, float]:
        """Additive counters of one finished game, for ``simulate``'s ``stats``."""
        return {}

    def summarize_stats(self, totals: dict[str, float], games: int, players: int) -> dict[str, Any]:
        """Turn summed ``stats`` counters into the reported ``stats`` object."""
        return {}

    # -- text for people: each game declares its own (these are plain fallbacks) ------
    def render(self, view: Any, seat: int | None) -> str:
        """The table as text (Rich markup allowed) from ``view``, ``seat``'s view."""
        if not isinstance(view, dict):
            return json.dumps(view)
        return "\n".join(f"{k}: {json.dumps(v)}" for k, v in view.items())

    def narrate(self, event: dict[str, Any]) -> str | None:
        """One line for an event as a player saw it (``Event.for_player``); None: say nothing."""
        rest = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
        return f"{event.get('type', '?')}: {rest}" if rest else str(event.get("type", "?"))

    def round_summary(self, view: Any, seat: int | None) -> str | None:
        """The summary of the round just finished as ``seat`` sees it (None: none yet)."""
        return None

    # -- constructors ---------------------------------------------------------------
    def check_players(self, players: int) -> int:
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            raise PlayerCountError(
                f"{self.id} takes {self.min_players} to {self.max_players} players, not {players!r}")
        return players

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return resolve_options(self.options, options, self.id)

    def new_state(self, players: int | None = None, options: Mapping[str, Any] | None = None,
                  seed: int | str = 0, deck: Sequence[str] | None = None) -> "State":
        """A new game. ``deck``, in card notation top card first, replaces the shuffle."""
        players = self.check_players(self.default_players if players is None else players)
        opts = self.resolve_options(options)
        full = self.deck(players, opts)
        rng = new_rng(seed)
        if deck is None:
            order = list(full)
            rng.shuffle(order)
        else:
            order = self.cards.parse_deck(deck, full)
        state = self.state_class(self, players, opts, rng)
        state._setup(order)
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> "State":
        """The state ``to_json`` wrote (exact round trip, RNG included)."""
        if data.get("game") != self.id:
            raise FliptableError(f"state is for game {data.get('game')!r}, not {self.id!r}")
        state = self.state_class(self, data["players"], dict(data["options"]), rng_from_json(data["rng"]))
        state._load(data["state"])
        return state

    # -- action notation ----------------------------------------------------------
    def parse_action(self, text: str) -> str:
        """Canonical notation of an action typed as ``text`` (case and spaces ignored)."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action must be text in {self.id}'s notation, got {text!r}")
        return "".join(text.split()).lower()

    def action_index(self, players: int, options: Mapping[str, Any]) -> dict[str, int]:
        key = (players, tuple(sorted(options.items())))
        cache = self.__dict__.setdefault("_action_index_cache", {})
        index = cache.get(key)
        if index is None:
            index = cache[key] = {a: i for i, a in enumerate(self.action_space(players, options))}
        return index

    def describe(self) -> dict[str, Any]:
        """The game's declared facts, as ``fliptable games`` lists them."""
        return {
            "id": self.id, "title": self.title, "summary": self.summary,
            "players": [self.min_players, self.max_players], "default_players": self.default_players,
            "options": [{"name": o.name, "default": o.default, "accepted": o.accepted(), "help": o.help}
                        for o in self.options],
            "bots": sorted(set(self.bots()) | {"random"}), "default_bot": self.default_bot,
        }


class State:
    """A game in progress. Subclasses implement the abstract hooks below; the public
    ``apply`` validates against ``legal_actions`` so illegal input never changes state."""

    __slots__ = ("game", "players", "options", "rng")

    def __init__(self, game: Game, players: int, options: dict[str, Any], rng: random.Random):
        self.game = game
        self.players = players
        self.options = options
        self.rng = rng

    # -- hooks for subclasses --------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        """Deal from ``deck`` (top card first) and start the game."""
        raise NotImplementedError

    def _dump(self) -> dict[str, Any]:
        raise NotImplementedError

    def _load(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def decision(self) -> Decision:
        raise NotImplementedError

    def legal_actions(self, player: int | None) -> Sequence[str]:
        """Every action ``player`` may take now (empty when it is not theirs to act)."""
        raise NotImplementedError

    def _apply(self, player: int | None, action: str, events: list[Event] | None) -> None:
        """Apply a legal action; append events when ``events`` is a list."""
        raise NotImplementedError

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see (``None``: a spectator), JSON-serialisable."""
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def clone(self) -> "State":
        raise NotImplementedError

    def all_cards(self) -> list[int]:
        """Every card of the game wherever it is (piles, hands, removed from play): the
        property tests check this is always exactly the game's deck."""
        raise NotImplementedError

    def why_illegal(self, player: int | None, action: str) -> str | None:
        """The rule that forbids ``action`` (games override to name their rule)."""
        return None

    # -- the public path ----------------------------------------------------------------
    def is_over(self) -> bool:
        return isinstance(self.decision(), Over)

    def apply(self, player: int | None, action: str) -> list[Event]:
        """Validate and apply ``action`` by ``player``; return the events it caused.

        ``player`` is ``None`` only for a race's ``default`` (the clock ran out).
        Raises ``IllegalAction`` naming the rule; the state is then unchanged."""
        decision = self.decision()
        if not isinstance(action, str):
            raise IllegalAction(f"an action must be text in {self.game.id}'s notation, got {shorten(action)}")
        if isinstance(decision, Over):
            raise IllegalAction(f"the game is over; no action is accepted (got {shorten(action)!r})")
        if player is None:
            if isinstance(decision, Race) and action == decision.default:
                events: list[Event] = []
                self._apply(None, action, events)
                return events
            if isinstance(decision, Race):
                raise IllegalAction(f"without a player only the race's default {decision.default!r} "
                                    f"(the clock) may be applied, not {shorten(action)!r}")
            raise IllegalAction(f"an action without a player is the clock closing a race; "
                                f"no race is open now ({shorten(action)!r} rejected)")
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.players:
            raise IllegalAction(f"no player {shorten(player)}; seats are 0 to {self.players - 1}")
        legal = self.legal_actions(player)
        if action not in legal:
            raise IllegalAction(self._illegal_message(decision, player, action, legal))
        events = []
        self._apply(player, action, events)
        return events

    def apply_unchecked(self, player: int | None, action: str) -> None:
        """Apply an action known to come from ``legal_actions`` (the runner's fast path)."""
        self._apply(player, action, None)

    def _illegal_message(self, decision: Decision, player: int, action: str, legal: Sequence[str]) -> str:
        if player not in decision.players:
            who = _describe_decision(decision)
            return f"player {player} may not act now ({who}); {shorten(action)!r} rejected"
        try:
            reason = self.why_illegal(player, action)
        except Exception:  # noqa: BLE001 - a game's explanation must never turn a rejection into a crash
            reason = None
        if reason:
            reason = shorten(reason, 300)
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

    def to_json(self) -> dict[str, Any]:
        """The whole state, RNG included, as JSON data (exact round trip)."""
        return {"game": self.game.id, "rules_version": self.game.rules_version,
                "players": self.players, "options": dict(self.options),
                "rng": rng_to_json(self.rng), "state": self._dump()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "State":
        from .registry import get_game
        return get_game(data["game"]).state_from_json(data)


def _describe_decision(decision: Decision) -> str:
    if isinstance(decision, Turn):
        return f"it is player {decision.player}'s turn"
    if isinstance(decision, Race):
        return f"only players {list(decision.players)} may act in this race"
    if isinstance(decision, Simultaneous):
        return f"waiting for players {list(decision.players)} to commit"
    return "the game is over"

