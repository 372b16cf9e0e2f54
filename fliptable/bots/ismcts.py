"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley &
Whitehouse 2012), written once for every game against the kernel contract.

``ismcts:iterations=400`` / ``ismcts:ms=200`` (time budget; not reproducible) with
``rollout=random|default|BOT`` (uniform random play, the game's default bot at every
seat, or another of the game's own bots by name: ``rollout=greedy`` in Patience, whose
default ``lookahead`` is slow), ``epsilon`` (with a bot's rollouts: the share of
rollout moves played at random instead), ``c`` (the UCB1 exploration constant; values are in [-1, 1]), ``depth``
(rollout decisions before the position is scored; 0 = play to the end), ``tree`` (the
most decisions the tree holds on a path, the root's included; 1 = flat Monte Carlo: every
decision after the root's is the rollout policy's; 0 = no limit), ``root=ucb|sweep``
(``sweep``: flat Monte Carlo with common random numbers — each sampled determinization
is played out once after every root option, from the same deal and the same future
chance, and the best mean wins; ``iterations`` counts rollouts), ``until=end|score``
(``score``: the rollout also stops as soon as any seat's ``Result.scores`` differ from
those of the sampled root — the end of a Flip 7 or Flush round, of a Fly-swatter window,
a book in Authors), ``eval=rank|game`` (how a position cut short is scored: by the
current ranks, or by the game's ``Game.evaluate`` — points so far, cards left, as a
margin over the others) and ``rt``/``sd`` (its reaction delay in races and claims, ms,
normal like the swatter's) and ``race=first|timed`` (at a race it is in: assume its own
action lands first, or draw its reaction and let the others' policy answers that come
earlier land before it).

What it may know: the table gives it an ``InformationSet`` of its own seat
(``core/agent.py``), whose ``sample(rng)`` is a determinization built from a canonical
arrangement of the hidden cards. Every iteration searches one such sample; the search
never touches the real state, so two states that differ only in cards hidden from its
seat give the same choice for the same seed (``tests/bots/test_ismcts.py``).

One iteration: sample a determinization of the root information set; descend the tree
(one tree for the observer, edges ``(seat, action)``), at each decision taking UCB1
over the children *available in this determinization* (each available child's
availability count goes up; ``w/n + c*sqrt(ln(avail)/n)`` from the mover's point of
view); expand one untried action; roll out; back-propagate ``Result.returns()`` for
every seat. Who moves in the tree: the player whose turn it is, the first uncommitted
player of a simultaneous step (later committers do not see it: they are simply asked
after it in the tree, a known simplification), and for races and claims the rollout
policy decides who lands first and with what (a chance edge), except at the root,
where the searcher's own options are the tree's: each of its legal actions (assumed to
land first; with ``race=timed`` at a race, after the others' answers drawn earlier than
its own reaction) and, as a claimant, "wait" (the others go on without it).

Scoring: ``Result.returns()`` of a finished game (ranks: first 1, last -1); a rollout
cut by ``depth`` or ``until`` is scored the same way from the current ranks
(``Result.rank_values``), or with ``eval=game`` by ``Game.evaluate``.
A one-player game (Patience) scores 1 for a win, else half the score as a fraction of
the deck.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..core.agent import Agent, RandomAgent
from ..core.decision import Over, Race, Turn
from ..core.errors import BotSpecError
from .params import number_param

#: the table's floor on reaction delays (``core/table.py``), used in simulated races
_FLOOR = 100.0
#: faster than any game searches (Patience, the fastest, about 11 iterations a ms on the
#: project's machine): an ``iterations`` budget is taken to need at least
#: iterations / this many ms (``budget_ms``), so one that cannot fit a server's limit is refused
FASTEST_ITERATIONS_PER_MS = 25.0
#: the root's "let the others go on" option when the searcher is a claimant
WAIT = None


class _Node:
    __slots__ = ("avail", "children", "n", "w")

    def __init__(self, players: int):
        self.children: dict = {}
        self.n = 0
        self.w = [0.0] * players
        self.avail = 0


def _returns(state, seat_count: int, deck_size: int, game=None) -> list[float]:
    """Every seat's value of a finished or cut-off rollout: ``game.evaluate`` when given
    (``eval=game``), else the (current) ranks; alone, a win or the share of the deck."""
    if seat_count == 1:
        r = state.result()
        if r.over and r.winners:
            return [1.0]
        score = r.scores[0] if r.scores else 0.0
        return [0.5 * max(0.0, min(1.0, score / deck_size))]
    values = game.evaluate(state) if game is not None else state.result().rank_values()
    if len(values) != seat_count:
        return [0.0] * seat_count
    return list(values)


class _RandomPolicy:
    """Uniform random play; races and claims as the random agent plays them."""

    claim_rate = 0.1
    reaction_ms = 500.0

    def __init__(self, players: int):
        self.players = players

    def reset(self, state, rng) -> None:
        self.rng = rng

    def turn(self, state, seat: int, legal: Sequence[str]) -> str:
        return legal[int(self.rng.random() * len(legal))]

    def race(self, state, seat: int, legal: Sequence[str]) -> tuple[str, float]:
        rng = self.rng
        return legal[int(rng.random() * len(legal))], max(_FLOOR, rng.expovariate(1.0 / self.reaction_ms))

    def claim(self, state, seat: int, legal: Sequence[str]) -> tuple[str, float] | None:
        rng = self.rng
        if rng.random() >= self.claim_rate:
            return None
        return legal[int(rng.random() * len(legal))], max(_FLOOR, rng.expovariate(1.0 / self.reaction_ms))

    def observe(self, state, events) -> None:
        pass


class _BotPolicy:
    """The game's default bot at every seat, seeing views (and events, when it keeps a
    memory — from the determinization on: it has no memory of the real game)."""

    def __init__(self, game, players: int, options, epsilon: float = 0.0, bot: str = "default"):
        factory = game.bots().get(game.default_bot if bot == "default" else bot, RandomAgent)
        self.agents = [factory() for _ in range(players)]
        self.game, self.players, self.options = game, players, options
        self.epsilon = epsilon
        self.watch = any(type(a).observe is not Agent.observe for a in self.agents)

    def reset(self, state, rng) -> None:
        self.rng = rng
        for s, agent in enumerate(self.agents):
            agent.reset(self.game, s, self.players, self.options, random.Random(rng.getrandbits(32)))

    def _view(self, state, seat):
        agent = self.agents[seat]
        return state.view(seat) if agent.needs_view else None

    def turn(self, state, seat, legal):
        if self.epsilon and self.rng.random() < self.epsilon:
            return legal[int(self.rng.random() * len(legal))]
        action = self.agents[seat].act(self._view(state, seat), legal)
        return action if action in legal else legal[0]

    def race(self, state, seat, legal):
        action, delay = self.agents[seat].react(self._view(state, seat), legal)
        if self.epsilon and self.rng.random() < self.epsilon:
            action = legal[int(self.rng.random() * len(legal))]
        return (action if action in legal else legal[0]), max(_FLOOR, float(delay))

    def claim(self, state, seat, legal):
        answer = self.agents[seat].claim(self._view(state, seat), legal)
        if answer is None or answer[0] not in legal:
            return None
        return answer[0], max(_FLOOR, float(answer[1]))

    def observe(self, state, events) -> None:
        for s, agent in enumerate(self.agents):
            for e in events:
                agent.observe(e.for_player(s))


class ISMCTSAgent(Agent):
    """``ismcts``: single-observer information-set MCTS (see the module)."""

    name = "ismcts"
    wants_determinizations = True

    def __init__(
        self,
        value: str | None = None,
        iterations: str | int | None = None,
        ms: str | float | None = None,
        rollout: str = "random",
        c: str | float = 1.0,
        depth: str | int = 0,
        rt: str | float = 400,
        sd: str | float = 100,
        eval: str = "rank",  # noqa: A002
        until: str = "end",
        epsilon: str | float = 0.0,
        race: str = "first",
        tree: str | int = 0,
        root: str = "ucb",
    ):
        if value is not None:
            if iterations is not None:
                raise BotSpecError("bot ismcts: give the iterations once (ismcts:400 or ismcts:iterations=400)")
            iterations = value
        self.iterations = (
            None if iterations is None else int(number_param("ismcts", "iterations", iterations, int, 1, 10_000_000))
        )
        self.ms = None if ms is None else number_param("ismcts", "ms", ms, float, 1, 3_600_000)
        if self.iterations is None and self.ms is None:
            self.iterations = 200
        rollout = str(rollout).strip().lower()
        if not rollout.replace("-", "").replace("_", "").isalnum():
            raise BotSpecError(
                f"bot ismcts: rollout={rollout!r} is invalid; accepted: random, default or one of the game's bots"
            )
        self.rollout = rollout
        self.eval = _choice_param("eval", eval, ("rank", "game"))
        self.until = _choice_param("until", until, ("end", "score"))
        self.race = _choice_param("race", race, ("first", "timed"))
        self.root = _choice_param("root", root, ("ucb", "sweep"))
        self.epsilon = number_param("ismcts", "epsilon", epsilon, float, 0, 1)
        if self.epsilon and rollout == "random":
            raise BotSpecError(
                "bot ismcts: epsilon mixes random moves into a bot's rollouts; "
                "accepted only with rollout=default or rollout=BOT"
            )
        self.c = number_param("ismcts", "c", c, float, 0, 100)
        self.depth = int(number_param("ismcts", "depth", depth, int, 0, 10_000_000))
        self.tree = int(number_param("ismcts", "tree", tree, int, 0, 10_000_000))
        self.rt = number_param("ismcts", "rt", rt, float, 1, 60_000)
        self.sd = number_param("ismcts", "sd", sd, float, 0, 60_000)
        self.reaction_ms = self.rt
        #: iterations run by the last search (for benchmarks)
        self.last_iterations = 0
        # self.deadline (Agent's, None until a server's bot worker sets one): the search
        # stops there, whatever its budget, and plays the best of what it searched (anytime)

    def bind_game(self, game) -> None:
        """Checked by ``make_agent`` once the game is known: a rollout bot it has."""
        if self.rollout not in ("random", "default") and self.rollout not in game.bots():
            raise BotSpecError(
                f"bot ismcts: rollout={self.rollout!r} is not a bot of {game.id}; accepted: "
                + ", ".join(["random", "default", *sorted(game.bots())])
            )

    def describe(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None else ""
        if self.ms is not None:
            budget = (budget + "," if budget else "") + f"ms={self.ms:g}"
        extra = "".join(
            [
                f",rollout={self.rollout}" if self.rollout != "random" else "",
                f",epsilon={self.epsilon:g}" if self.epsilon else "",
                f",depth={self.depth}" if self.depth else "",
                f",tree={self.tree}" if self.tree else "",
                f",root={self.root}" if self.root != "ucb" else "",
                f",until={self.until}" if self.until != "end" else "",
                f",eval={self.eval}" if self.eval != "rank" else "",
                f",race={self.race}" if self.race != "first" else "",
                f",c={self.c:g}" if self.c != 1.0 else "",
            ]
        )
        return f"ismcts:{budget}{extra}"

    def budget_ms(self) -> float | None:
        """``ms``, or the least time ``iterations`` can take (``FASTEST_ITERATIONS_PER_MS``);
        with both, the smaller (the search stops at whichever comes first)."""
        need = [] if self.ms is None else [self.ms]
        if self.iterations is not None:
            need.append(self.iterations / FASTEST_ITERATIONS_PER_MS)
        return min(need)

    def reset(self, game, seat, players, options, rng):
        super().reset(game, seat, players, options, rng)
        self._policy = (
            _RandomPolicy(players)
            if self.rollout == "random"
            else _BotPolicy(game, players, options, self.epsilon, self.rollout)
        )
        self._deck = max(1, len(game.deck(players, options)))

    # -- the agent protocol -------------------------------------------------------------
    def act(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        return self.search(legal, may_wait=False)

    def react(self, view, legal):
        delay = max(1.0, self.rng.gauss(self.rt, self.sd))
        if len(legal) == 1:
            return legal[0], delay
        return self.search(legal, may_wait=False), delay

    def claim(self, view, legal):
        delay = max(1.0, self.rng.gauss(self.rt, self.sd))
        best = self.search(legal, may_wait=True)
        return None if best is WAIT else (best, delay)

    # -- the search -----------------------------------------------------------------------
    def search(self, legal: Sequence[str], may_wait: bool) -> str | None:
        """The most visited of the root's options (``WAIT`` among them when ``may_wait``)."""
        info = self.determinizations
        if info is None:
            raise RuntimeError(
                "ismcts needs a table that gives it its seat's determinizations "
                "(core/table.py); it never reads views alone"
            )
        seat, players = self.seat, self.players
        rng = random.Random(self.rng.getrandbits(64))
        policy = self._policy
        root = _Node(players)
        options = list(legal) + ([WAIT] if may_wait else [])
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        hard = self.deadline  # the server's limit on a decision: the best move found by then
        if hard is not None:
            deadline = hard if deadline is None else min(deadline, hard)
        budget = self.iterations
        done = 0
        c = self.c
        tree_cap = self.tree
        deck = self._deck
        game = self.game if self.eval == "game" else None
        until_score = self.until == "score"
        timed = self.race == "timed" and type(info.decision()) is Race and seat in info.decision().players
        if self.root == "sweep":
            return self._sweep(info, options, rng, policy, timed, game, deadline)
        while True:
            if budget is not None and done >= budget:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            state = info.sample(rng)
            policy.reset(state, rng)
            if until_score:
                base = state.result().scores
            path = [root]
            # the root: the searcher's own options
            a, node, expanded = _select(root, options, seat, c, rng, players)
            self._root_move(state, a, policy, rng, timed)
            path.append(node)
            # the tree below the root
            while not expanded:
                if tree_cap and len(path) > tree_cap:
                    break
                d = state.decision()
                if type(d) is Over:
                    break
                mover, options_here, chance = self._mover(state, d, policy, rng)
                if chance is not None:  # a race or a claim, decided by the policy
                    key = chance
                    self._apply(state, key[0], key[1], policy)
                    nxt = node.children.get(key)
                    if nxt is None:
                        nxt = node.children[key] = _Node(players)
                        expanded = True
                    nxt.avail += 1
                    node = nxt
                    path.append(node)
                    continue
                keys = [(mover, a) for a in options_here]
                k, nxt, expanded = _select(node, keys, mover, c, rng, players)
                self._apply(state, mover, k[1], policy)
                node = nxt
                path.append(node)
            self._rollout(state, policy, rng, base if until_score else None)
            rewards = _returns(state, players, deck, game)
            for nd in path:
                nd.n += 1
                w = nd.w
                for s in range(players):
                    w[s] += rewards[s]
            done += 1
        self.last_iterations = done
        return max(
            options,
            key=lambda a: (
                root.children[a].n if a in root.children else -1,
                root.children[a].w[seat] if a in root.children else 0.0,
            ),
        )

    def _rollout(self, state, policy, rng, base) -> None:
        """Play ``state`` on by the policy to the end, ``depth`` decisions, or (``base``
        given: ``until=score``) until any seat's score differs from ``base``."""
        depth_cap = self.depth
        steps = 0
        while type(state.decision()) is not Over:
            if depth_cap and steps >= depth_cap:
                break
            if base is not None and state.result().scores != base:
                break
            self._others(state, policy, rng, exclude=None)
            steps += 1

    def _root_move(self, state, a, policy, rng, timed) -> None:
        """The searcher's root option ``a`` on a sample (``WAIT``: the others go on)."""
        seat = self.seat
        if a is WAIT:
            self._others(state, policy, rng, exclude=seat)
        elif timed and not self._before(state, policy, rng, seat):
            pass  # beaten to it: the window closed, or its action is no longer legal
        else:
            self._apply(state, seat, a, policy)

    def _sweep(self, info, options, rng, policy, timed, game, deadline):
        """``root=sweep``: every determinization played out after each root option from
        the same deal and future chance (an exact clone and the same rollout seed), the
        best total wins (the first on a tie). A budget of N iterations is N // (options)
        determinizations (at least one)."""
        seat, players, deck = self.seat, self.players, self._deck
        until_score = self.until == "score"
        totals = [0.0] * len(options)
        rounds = None if self.iterations is None else max(1, self.iterations // len(options))
        done = 0
        while True:
            if rounds is not None and done >= rounds:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            sample = info.sample(rng)
            seed = rng.getrandbits(64)
            for i, a in enumerate(options):
                state = sample.clone()  # exact: the same future chance for every option
                r = random.Random(seed)
                policy.reset(state, r)
                base = state.result().scores if until_score else None
                self._root_move(state, a, policy, r, timed)
                self._rollout(state, policy, r, base)
                totals[i] += _returns(state, players, deck, game)[seat]
            done += 1
        self.last_iterations = done * len(options)
        return options[max(range(len(options)), key=lambda i: (totals[i], -i))]

    def _apply(self, state, seat, action, policy) -> None:
        if isinstance(policy, _BotPolicy) and policy.watch:
            policy.observe(state, state.apply(seat, action))
        else:
            state.apply_unchecked(seat, action)

    def _mover(self, state, d, policy, rng):
        """(mover, its legal actions, None) for a tree decision, or (None, None, (seat,
        action)) when the policy decided a race or a claim."""
        kind = type(d)
        if kind is Race:
            return None, None, self._race(state, d, policy, rng, exclude=None)
        if d.claimants:
            claim = self._claims(state, d, policy, rng, exclude=None)
            if claim is not None:
                return None, None, claim
        p = d.player if kind is Turn else d.players[0]
        return p, state.legal_actions(p), None

    @staticmethod
    def _earliest(state, d, policy, exclude):
        """The first answer of the race's actors but ``exclude`` (the rollout policy's
        racers and claimants): (delay ms, seat, action), or None when nobody answers."""
        # same loop shape as _claims below on purpose: racers and claimants are asked apart
        best = None
        for p in d.actors:
            if p == exclude:
                continue
            legal = state.legal_actions(p)
            if not legal:
                continue
            answer = policy.race(state, p, legal) if p in d.players else policy.claim(state, p, legal)
            if answer is not None and (best is None or answer[1] < best[0]):
                best = (answer[1], p, answer[0])
        return best

    def _race(self, state, d, policy, rng, exclude):
        best = self._earliest(state, d, policy, exclude)
        timeout = d.timeout_ms
        if best is None or (timeout is not None and best[0] > timeout):
            return (None, d.default)
        return (best[1], best[2])

    def _claims(self, state, d, policy, rng, exclude):
        """A claim that lands before the player(s) awaited act, or None."""
        # same loop shape as _earliest above on purpose: racers and claimants are asked apart
        best = None
        for p in d.claimants:
            if p == exclude:
                continue
            legal = state.legal_actions(p)
            if not legal:
                continue
            answer = policy.claim(state, p, legal)
            if answer is not None and (best is None or answer[1] < best[0]):
                best = (answer[1], p, answer[0])
        if best is None:
            return None
        turn_delay = max(_FLOOR, rng.expovariate(1.0 / 500.0))
        return (best[1], best[2]) if best[0] < turn_delay else None

    def _before(self, state, policy, rng, seat: int) -> bool:
        """``race=timed`` at a root race: draw the searcher's own reaction and land, in
        time order, the others' answers (the rollout policy's, re-asked after each) that
        come before it. True when the searcher still acts in the same window."""
        d = state.decision()
        window = d.window
        mine = max(_FLOOR, rng.gauss(self.rt, self.sd))
        now = 0.0
        while True:
            best = self._earliest(state, d, policy, seat)
            if best is None or now + best[0] >= mine:
                return True
            now += best[0]
            if d.timeout_ms is not None and now > d.timeout_ms:
                return False
            self._apply(state, best[1], best[2], policy)
            d = state.decision()
            if type(d) is not Race or d.window != window or seat not in d.players:
                return False

    def _others(self, state, policy, rng, exclude: int | None) -> None:
        """One step of the game without seat ``exclude`` (the searcher waiting; None: a
        rollout's step, anyone may act): one action by the others, or the race's clock."""
        d = state.decision()
        kind = type(d)
        if kind is Race:
            seat, action = self._race(state, d, policy, rng, exclude=exclude)
        else:
            claim = self._claims(state, d, policy, rng, exclude=exclude) if d.claimants else None
            if claim is not None:
                seat, action = claim
            else:
                seat = d.player if kind is Turn else next((p for p in d.players if p != exclude), None)
                if seat is None or seat == exclude:
                    return
                action = policy.turn(state, seat, state.legal_actions(seat))
        self._apply(state, seat, action, policy)


def _choice_param(key: str, value, accepted: tuple[str, ...]) -> str:
    word = str(value).strip().lower()
    if word not in accepted:
        raise BotSpecError(f"bot ismcts: {key}={value!r} is invalid; accepted: {', '.join(accepted)}")
    return word


def _select(node: _Node, keys, mover: int, c: float, rng, players: int):
    """One step down the tree at ``node``, among the ``keys`` this determinization offers:
    each offered child counts one more availability; an untried key is added at random,
    else the best by UCB for ``mover``. ``(key, child, added)``."""
    children = node.children
    for k in keys:
        ch = children.get(k)
        if ch is not None:
            ch.avail += 1
    untried = [k for k in keys if k not in children]
    if untried:
        k = untried[int(rng.random() * len(untried))]
        ch = children[k] = _Node(players)
        ch.avail = 1
        return k, ch, True
    k = _ucb(node, keys, mover, c)
    return k, children[k], False


def _ucb(node: _Node, keys, mover: int, c: float):
    best, best_v = None, -math.inf
    for k in keys:
        ch = node.children[k]
        v = ch.w[mover] / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
        if v > best_v:
            best, best_v = k, v
    return best
