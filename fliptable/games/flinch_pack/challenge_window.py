"""Calling out an opponent's play out of turn -- FLINCH's "Challenge" and Muggins'
"Muggins" -- as kernel claims. One mechanism for both games:

* After an action an opponent may call out (it *could* break a rule), the game opens a
  window on that action: ``offender`` is the player who made it, ``window`` counts the
  windows opened. Nothing stops: the next decision is whatever the game would ask
  anyway (the offender's next play, or the next player's turn), and it names as
  ``claimants`` the players who may call now (``_can_call``).
* A call is an ordinary action of the caller (``CALL``: ``challenge`` / ``muggins``).
  It races the turn player's next action by arrival time (the table decides who was
  first). The turn player may call too, when he is an opponent of the offender: his
  call is then one of his legal actions. The first call applied is resolved
  (``_resolve_call``) and closes the window; any other action closes it first.
* Nobody is asked anything after a play: a claimant who does nothing lets play go on.
  Who may call depends only on public facts (the offender and the seats), and a call is
  public, so no seat learns anything from another seat's silence.

A state using it declares the fields ``offender`` ("int", -1 while no window is open)
and ``window`` ("int") and implements ``_can_call(player)`` (``player`` is not the
offender; may he call now?) and ``_resolve_call(caller, events)``.

**The timed window** (fliptable 1's way, kept to replay its logs: options
``challenge=window`` / ``muggins=window``): play stops after the action; the players in
``racing`` (a field) each answer the call or ``decline`` in a kernel ``Race`` whose clock
declines for everyone still silent; ``callers`` (a field) records who called. Who has
answered shows in the race's players: that mode is not leak-free."""

from __future__ import annotations

from typing import ClassVar

from ...core.decision import Race, Turn, turn
from ...core.events import Event
from ...core.fields import MIXIN_SLOTS
from ...core.game import State
from ...core.options import Option

DECLINE = "decline"


def window_options(call: str, called: str, after: str) -> tuple[Option, Option]:
    """A game's two options for its calls: ``call`` (``claim``, or ``window``: fliptable 1's
    timed window after ``after``) and ``<call>_ms``, the window's length."""
    return (
        Option(
            call,
            "choice",
            "claim",
            f"claim: {called} is called out of turn while play goes on; window: fliptable 1's "
            f"timed window after {after}, answered {call} or decline (replays version-1 logs)",
            choices=("claim", "window"),
        ),
        Option(f"{call}_ms", "float", 3000.0, f"{call}=window: the window's length, ms", min=1, max=600000),
    )


class ChallengeWindow(State):
    """Opening and closing the window; the decision and legal actions with the calls."""

    __slots__ = MIXIN_SLOTS
    #: the action text of a call
    CALL: ClassVar[str]
    # the fields the window reads and writes, declared in the state's FIELDS (see above);
    # typed here for mypy (annotations without a value: no class attribute, no slot)
    offender: int
    window: int
    racing: list[int]
    callers: list[int]

    def _open_window(self, offender: int) -> None:
        self.offender = offender
        self.window += 1

    def _close_window(self) -> None:
        self.offender = -1

    def _may_call(self, player) -> bool:
        off = self.offender
        return (
            off >= 0 and type(player) is int and 0 <= player < self.players and player != off and self._can_call(player)
        )

    def _claimants(self, actor: int) -> tuple[int, ...]:
        """The players other than ``actor`` who may call now (in seat order)."""
        if self.offender < 0:
            return ()
        return tuple(q for q in range(self.players) if q != actor and self._may_call(q))

    def _decide(self, actor: int) -> Turn:
        """``actor``'s turn, naming the claimants while a window is open."""
        claimants = self._claimants(actor)
        return Turn(actor, claimants) if claimants else turn(actor)

    def _with_calls(self, player, actor: int, turn_legal: tuple[str, ...]) -> tuple[str, ...]:
        """``player``'s legal actions: the turn's for the actor, plus the call for whoever
        may call (only the call for a claimant)."""
        if player == actor:
            return (*turn_legal, self.CALL) if self._may_call(player) else turn_legal
        return (self.CALL,) if self._may_call(player) else ()

    def _can_call(self, player: int) -> bool:
        raise NotImplementedError

    def _resolve_call(self, caller: int, events) -> None:
        raise NotImplementedError

    # -- the timed window (legacy) ------------------------------------------------------
    def _open_race(self, offender: int, racers) -> None:
        self._open_window(offender)
        self.racing = list(racers)
        self.callers = []

    def _race_decision(self, default: str, timeout_ms: float) -> Race:
        return Race(tuple(self.racing), default, timeout_ms, self.window)

    def _race_legal(self, player) -> tuple[str, ...]:
        return (self.CALL, DECLINE) if player in self.racing else ()

    def _race_answer(self, player, action: str, events) -> bool:
        """Record an answer (``player`` None: the clock declines for all still silent);
        True once nobody is left to answer."""
        if player is None:
            self.racing = []
        else:
            self.racing.remove(player)
            if action == self.CALL:
                self.callers.append(player)
            if events is not None:
                # calls in one window are secret until it closes: only the caller sees his
                events.append(
                    Event(
                        "answer",
                        {"offender": self.offender, "window": self.window},
                        {"player": player, "call": action},
                        (player,),
                    )
                )
        return not self.racing
