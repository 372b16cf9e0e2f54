// The game's own parts of the table, all read from the frame's view (docs/kernel.md
// "Views: the same words for the same things"): what a seat shows beside its name, the
// middle of the table, words for actions, which hand card plays which action, how ties
// are ranked. Each comes from the game's browser module (modules.js; its package's
// web.js), given a kit bound to the game (below); what a game does not draw, the
// defaults here draw. Anything not laid out still appears in the table's "everything in
// the view" panel, its cards drawn as cards.
import {h} from "./dom.js";
import {back, card, isCard, row} from "./cards.js";
import {gameModule, loadGame} from "./modules.js";

export {loadGame};

function pile(game, label, top, count, opts = {}) {
  return h("figure", {class: "pile", "aria-label": `${opts.label || label}: ${count ?? (top ? 1 : 0)} card(s)${top ? ", top " + top : ""}`},
    top ? card(game, top, opts) : (count ? back(count) : h("span", {class: "card empty", "aria-hidden": "true"})),
    h("figcaption", {}, label, count !== undefined && count !== null ? h("span", {class: "count"}, ` (${count})`) : ""));
}

function badge(text, cls = "") { return h("span", {class: `badge ${cls}`}, text); }

// The draw pile and the discard, when the view has them
function common(game, v) {
  const out = [];
  if (v.draw_count !== undefined) out.push(pile(game, "draw pile", null, v.draw_count));
  if (Array.isArray(v.discard)) out.push(pile(game, "discard", v.discard[v.discard.length - 1], v.discard.length));
  return out;
}

// The kit a game's module draws with, bound to the game: docs/writing-a-game.md
const kits = new Map();
export function kit(game) {
  if (!kits.has(game)) {
    kits.set(game, {game, h, badge, back,
      card: (name, opts) => card(game, name, opts),
      row: (cards, opts) => row(game, cards, opts),
      pile: (label, top, count, opts) => pile(game, label, top, count, opts),
      isCard: (value) => isCard(game, value),
      describe: (value) => describe(game, value),
      common: (v) => common(game, v),
      // a labelled row of small cards ("books 7 7 7 7"), or nothing when there are none
      line: (label, cards) => (cards && cards.length ? h("div", {class: "line"}, `${label} `, row(game, cards, {small: true, label})) : null)});
  }
  return kits.get(game);
}

// What a seat's box shows besides its name, score and hand count
export function seatExtras(game, v, i) {
  const own = gameModule(game).seat;
  return own ? own(kit(game), v, i) || [] : [];
}

// The middle of the table (the default: the draw pile and the discard)
// latest(type): the narration's latest line for an event of that type (the server's
// words), for the middle's notices
export function centre(game, v, names, latest = () => null) {
  const own = gameModule(game).centre;
  return own ? own(kit(game), v, names, latest) || [] : common(game, v);
}

// Any JSON value, cards drawn as cards
export function describe(game, value) {
  if (value === null || value === undefined) return "–";
  if (isCard(game, value)) return card(game, value, {small: true});
  if (Array.isArray(value)) {
    if (value.length && value.every((x) => isCard(game, x) || x === null)) return row(game, value, {small: true});
    return h("span", {class: "list"}, "[", value.map((x, i) => [i ? ", " : "", describe(game, x)]), "]");
  }
  if (typeof value === "object") {
    return h("span", {class: "obj"}, Object.entries(value).map(([k, x], i) => [i ? "; " : "", `${k.replace(/_/g, " ")}: `, describe(game, x)]));
  }
  return String(value);
}

const WORDS = {hit: "Hit", stay: "Stay", done: "Done", flip: "Flip", draw: "Draw", keep: "Keep", stop: "Stop",
  turn: "Turn up", knock: "Knock", take: "Take", pass: "Pass", close: "Close"};

// A button's label: the action's words, its cards drawn (the game's words first, then
// the defaults: a one-word action, an ask `ask:SEAT:CARD`, a card played)
export function actionLabel(game, action, v, names) {
  if (WORDS[action]) return [WORDS[action]];
  const own = gameModule(game).action;
  const said = own ? own(kit(game), action, v, names) : null;
  if (said) return said;
  let m;
  if ((m = /^ask:(\d+):(.+)$/.exec(action))) return [`Ask ${names.who(Number(m[1]))} for `, card(game, m[2], {small: true})];
  if (isCard(game, action)) return ["Play ", card(game, action, {small: true})];
  return [action];
}

// A game that asks in two steps — whom, then which number — instead of one button per
// player and number (21 at four players; its module says `askInTwoSteps`): the ask
// actions (`ask:SEAT:CARD`) by target, in seat order (null: not such a game, or nothing
// to ask).
export function askTargets(game, legal) {
  if (!gameModule(game).askInTwoSteps) return null;
  const out = new Map();
  for (const a of legal) {
    const m = /^ask:(\d+):(.+)$/.exec(a);
    if (!m) continue;
    const t = Number(m[1]);
    if (!out.has(t)) out.set(t, []);
    out.get(t).push(a);
  }
  return out.size ? new Map([...out].sort((x, y) => x[0] - y[0])) : null;
}

// Which legal actions play each card of the person's hand (by its place in the hand), so
// the cards themselves are clickable: one action acts, several narrow the buttons to them.
// The game's `handCard` names the card an action plays (a card's notation, or its place
// in the hand from 0); by default an action that is a card, or asks for one, plays it.
export function handActions(game, v, legal) {
  const hand = Array.isArray(v.hand) ? v.hand : [];
  const out = hand.map(() => []);
  const own = gameModule(game).handCard;
  for (const a of legal) {
    let name = own ? own(kit(game), a, v) : undefined;
    if (typeof name === "number") {
      if (out[name]) out[name].push(a);
      continue;
    }
    let m;
    if (name === undefined || name === null) {
      if (isCard(game, a)) name = a;
      else if ((m = /^ask:\d+:(.+)$/.exec(a)) && isCard(game, m[1])) name = m[1];
    }
    if (typeof name !== "string") continue;
    hand.forEach((c, i) => { if (c === name) out[i].push(a); });
  }
  return out;
}

// Words after "Now!" over a race's buttons (Fly-swatter: which flies may be swatted)
export function raceTitle(game, v) {
  const own = gameModule(game).raceTitle;
  return (own && own(kit(game), v)) || "";
}

// The action the Enter key plays in this frame, if any (Fly-swatter: done swatting)
export function enterAction(game, frame) {
  const own = gameModule(game).enterAction;
  return (own && own(frame)) || null;
}

// A line about the table's options beside its title (Flush: the pack it plays with)
export function optionsNote(game, options) {
  const own = gameModule(game).optionsNote;
  return (own && own(options || {})) || null;
}

// How the result ranks players with equal scores, said under the result when some tie,
// from the game's `tieBreak` ({detail, rule, label, none}: the result's detail that
// breaks ties, the rule in words, the detail's words, what a missing value says).
// null: nobody ties.
export function rankNote(game, r, names) {
  const scores = r.scores || [], ranks = r.ranks || [];
  const tied = scores.map((s, i) => i).filter((i) => scores.some((t, j) => j !== i && t === scores[i]));
  if (!tied.length) return null;
  const broken = tied.some((i) => tied.some((j) => scores[j] === scores[i] && ranks[j] !== ranks[i]));
  const rule = gameModule(game).tieBreak;
  const values = rule && r.details && Array.isArray(r.details[rule.detail]) ? r.details[rule.detail] : null;
  const value = (i) => (rule.none !== undefined && !values[i] ? rule.none : values[i] ?? "–");
  let text;
  if (broken && rule) {
    text = `${rule.rule}` + (values ? ` (${rule.label}: ${tied.map((i) => `${names.who(i)} ${value(i)}`).join(", ")})` : "") + ".";
  } else if (broken) text = "Equal scores are ranked by the game's tie-break (see its rules).";
  else text = "Equal scores share a rank.";
  return h("p", {class: "rank-note"}, text);
}
