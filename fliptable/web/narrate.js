// One line per event: nicer words for the common events, and a generic line from the
// event's type and fields for the rest. `names.who(seat)` is "you" for the reader.
import {h} from "./dom.js";
import {card, isCard} from "./cards.js";

const SUITS = {c: "♣ clubs", d: "♦ diamonds", h: "♥ hearts", s: "♠ spades"};
const SEAT_KEYS = new Set(["player", "target", "offender", "from_seat", "seat", "caught", "loser", "to", "winner"]);

export function makeNames(seats, you) {
  const name = (p) => {
    if (p === null || p === undefined) return "nobody";
    if (p === you) return "you";
    const s = seats && seats[p];
    if (s && s.kind === "bot") return `${s.bot || "bot"} (seat ${p})`;
    if (s && s.name) return s.name;
    return `seat ${p}`;
  };
  return {
    who: name,
    Who: (p) => cap(name(p)),
    does: (p, verb) => `${cap(name(p))} ${p === you ? verb.split("|")[0] : (verb.split("|")[1] || third(verb))}`,
    verbFor: (p, verb) => (p === you ? verb : third(verb)),
    whose: (p) => (p === you ? "your" : `${name(p)}'s`),
    all: (ps) => (ps && ps.length ? ps.map(name).join(", ").replace(/, ([^,]*)$/, " and $1") : "nobody"),
  };
}

function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
function third(verb) {
  const [first, ...rest] = verb.split(" ");
  const irregular = {be: "is", have: "has", do: "does", go: "goes"};
  let out = irregular[first];
  if (!out) out = /(s|sh|ch|x|z|o)$/.test(first) ? first + "es" : /[^aeiou]y$/.test(first) ? first.slice(0, -1) + "ies" : first + "s";
  return [out, ...rest].join(" ");
}

function c(game, name) { return isCard(game, name) ? card(game, name, {small: true}) : String(name); }
function cards(game, list) {
  const out = [];
  (list || []).forEach((x, i) => { if (i) out.push(" "); out.push(c(game, x)); });
  return out;
}

// The nicer lines: game-specific first, then common types. Each returns a list of parts
// (text and card elements) or null to fall back to the generic line.
function nice(game, e, n) {
  const p = e.player;
  const self = (t) => (t === p ? (p === n.you ? "yourself" : "themselves") : n.who(t));
  switch (e.type) {
    case "round_start": return [`Round ${e.round} begins`, e.dealer !== undefined ? ` — ${n.whose(e.dealer)} deal` : ""];
    case "round_end":
      return [`Round ${e.round} over`, e.totals ? ` — totals ${e.totals.map((t, i) => `${n.who(i)} ${t}`).join(", ")}` : ""];
    case "game_over": case "over":
      return ["Game over — ", e.winners ? `${n.all(e.winners)} ${e.winners.length === 1 && e.winners[0] !== n.you ? "wins" : "win"}` : ""];
    case "win":
      if (e.winners) return [`${n.all(e.winners)} ${e.winners.length === 1 ? "wins" : "win"} game ${e.game || ""}`];
      return [n.does(p, "win"), " the game"];
    case "flip":
      if (game === "flyswatter") return [n.does(p, "flip"), " ", c(game, e.card), e.to === "middle" ? ` into the middle (fly ${e.n})` : ""];
      return [n.does(p, "flip"), " ", c(game, e.card)];
    case "stay": return [n.does(p, "stay"), e.round_score !== undefined ? ` with ${e.round_score}` : ""];
    case "bust": return [n.does(p, "bust"), " on ", c(game, e.card)];
    case "freeze": return [n.does(p, "freeze"), " ", self(e.target), e.round_score !== undefined ? ` (banks ${e.round_score})` : ""];
    case "flip_three": return [n.does(p, "play"), " Flip Three on ", self(e.target)];
    case "reshuffle": return [`The discards are shuffled into a new deck (${e.cards} cards)`];
    case "window_open":
      return [`Swat! A ${e.trigger} — swat the ${(e.allowed || []).join(", ")} flies`];
    case "window_closed": {
      const won = (e.outcome || []).filter((o) => o.result === "won");
      return ["Window closed", won.length ? ": " : "", won.map((o, i) => [i ? "; " : "", `${n.who(o.player)} took `, c(game, o.card)])];
    }
    case "swat": return [n.does(p, "swat"), " fly ", String(e.n), e.card ? [" ", c(game, e.card)] : ""];
    case "done": return [n.does(p, "be"), " done"];
    case "turn":
      if (game === "patience") return ["Turned up ", c(game, e.card)];
      return [`${cap(n.whose(p))} turn`];
    case "draw":
      if (e.cards) return [n.does(p, "draw"), " ", cards(game, e.cards)];
      if (e.card) return [n.does(p, "draw"), " ", c(game, e.card)];
      return [n.does(p, "draw"), e.count ? ` ${e.count} card${e.count === 1 ? "" : "s"}` : " a card"];
    case "discard": return [n.does(p, "discard"), " ", c(game, e.card)];
    case "play":
      if (e.cards) return [n.does(p, "play"), " ", cards(game, e.cards)];
      return [n.does(p, "play"), " ", c(game, e.card), e.pile !== undefined ? ` on pile ${e.pile}` : ""];
    case "lay": return [n.does(p, "lay"), " ", c(game, e.card), e.call ? ` and ${n.verbFor(p, "call")} ${SUITS[e.call] || e.call}` : "", e.last_card ? " — Last Card!" : ""];
    case "ask": return [n.does(p, "ask"), ` ${n.who(e.target)} for `, c(game, e.number), ` — ${e.got ? `gets ${e.got}` : "none"}`];
    case "book": return [n.does(p, "complete"), " a book of ", c(game, e.number)];
    case "deal":
      if (e.hand) return [`Dealt: `, cards(game, e.hand)];
      return ["The cards are dealt", e.first ? [", first card ", c(game, e.first)] : ""];
    case "hand": return e.cards ? [`${cap(n.whose(p))} hand: `, cards(game, e.cards)] : [n.does(p, "be"), ` dealt ${e.count} cards`];
    case "deviation": return [n.does(p, "break"), ` the rules (${String(e.offence).replace(/-/g, " ")}`, e.card ? [" ", c(game, e.card)] : "", ") — Muggins may be called"];
    case "stop": return [n.does(p, "stop")];
    case "knock": return [n.does(p, "knock")];
    case "catch": return [n.does(p, "catch"), " ", n.who(e.caught), " out"];
    case "keep": return [n.does(p, "keep"), " ", c(game, e.card)];
    case "reveal": return [n.does(p, "turn"), " up ", c(game, e.card)];
    case "move": return ["Moved ", c(game, e.card), ` from ${String(e.from).replace(/(\d)$/, " $1")} to ${String(e.to).replace(/(\d)$/, " $1")}`];
    case "pass": return [n.does(p, "pass"), ` to ${n.who(e.to)}`];
    case "declare": return [n.does(p, "declare"), ` “${e.said}”`];
    // Patience
    case "fill": return [`Row ${e.row} is filled from the pack with `, c(game, e.card)];
    case "move_pile": return [`Row ${String(e.from).replace("row", "")} moved onto row ${String(e.to).replace("row", "")}: `, cards(game, e.cards)];
    case "one_up": return [`A 1 goes up to ${String(e.to).replace("up", "1s pile ")}`];
    // Flush
    case "pickup": return [n.does(p, "pick"), " up the pile (", cards(game, e.picked_up), ") and ", n.verbFor(p, "start"), " a new one with ", cards(game, e.cards)];
    case "flush": return [{link: "LINK FLUSH", bigflush: "BIG FLUSH"}[e.kind] || "FLUSH", `! ${n.does(p, "clear")} the pile`];
    case "skip": return [`${cap(n.whose(p))} Skip: ${n.all(e.skipped)} skipped`];
    case "blind": return [n.does(p, "flip"), ` blind card ${e.base}: `, c(game, e.card)];
    case "swap": return [n.does(p, "swap"), " in ", c(game, e.card), " (the Mimic)"];
    // FLINCH
    case "game_pile_top": return [`${cap(n.whose(p))} Flinch pile shows `, c(game, e.card), ` (${e.count} left)`];
    case "pile_finished": return [`Pile ${e.pile} is complete and set aside`];
    case "restock": return [`The finished piles are shuffled into the stock (${e.cards} cards)`];
    // Muggins
    case "muggins": return [n.does(p, "call"), ` Muggins on ${n.who(e.offender)}!`];
    case "penalty": return [n.does(p, "take"), " a penalty card from ", n.who(e.from), e.card ? [": ", c(game, e.card)] : ""];
    case "take_back": return [n.does(p, "take"), " back ", c(game, e.card)];
    case "turn_over": return [n.does(p, "turn"), ` the hand over (${e.cards} cards)`];
    case "pile_done": return [`Pile ${e.pile} is complete`];
    case "skip_stock": return [n.does(p, "leave"), " the stock top ", c(game, e.stock_top)];
    // FLAPS
    case "commit": return [n.does(p, "lay"), " a card face down for TRUMPS", e.card ? [": ", c(game, e.card)] : ""];
    case "trumps": return [`TRUMPS (${SUITS[e.trump] || e.trump}): `, Object.entries(e.cards || {}).map(([q, x], i) => [i ? ", " : "", `${n.who(Number(q))} `, c(game, x)]),
      e.loser !== undefined && e.loser !== null ? ` — ${n.who(e.loser)} loses` : ""];
    default: return null;
  }
}

function generic(game, e, n) {
  const out = [];
  const subject = e.player !== undefined && e.player !== null ? n.Who(e.player) + ": " : "";
  out.push(subject, e.type.replace(/_/g, " "));
  for (const [k, v] of Object.entries(e)) {
    if (k === "type" || k === "player") continue;
    out.push(` · ${k.replace(/_/g, " ")} `);
    if (SEAT_KEYS.has(k) && Number.isInteger(v)) out.push(n.who(v));
    else if (isCard(game, v)) out.push(c(game, v));
    else if (Array.isArray(v) && v.length && v.every((x) => isCard(game, x))) out.push(cards(game, v));
    else out.push(typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  return out;
}

export function narrate(game, e, names, you) {
  const n = {...names, you};
  let parts = null;
  try { parts = nice(game, e, n); } catch { parts = null; }
  return h("li", {class: `ev ev-${e.type}`, dataset: {event: e.type}}, parts || generic(game, e, n));
}
