// Cards drawn with CSS from the games' card tables (faces.js): rank, suit or colour, the
// special cards' names; hidden cards as backs with counts. Never a bare number.
import {h} from "./dom.js";
import {FACES} from "./faces.js";

const SUIT = {c: "♣", d: "♦", h: "♥", s: "♠"};
const SUIT_NAME = {c: "clubs", d: "diamonds", h: "hearts", s: "spades"};
const FLAPS_RANK = {1: "A", 11: "J", 12: "Q", 13: "K"};
// FLAPS special faces: the short name printed on the card
const FLAPS_SHORT = {ace_end: "ACE'N'END", ace_lay: "ACE'N'LAY", flaps: "FLAPS", mega: "MEGA-FLAP",
  hoofers: "HOOFERS-DOOFERS", up_jacks: "UP-JACKS", ace_jack: "ACE-JACK", trumps: "K-TRUMPS",
  ol_maid: "OL' MAID", quack: "QUACK", stop: "STOP THAT FLAPPING", dump: "DUMP THOSE FIVES",
  six: "SIX OF THE BEST", king_lay: "King'N'Lay", spoof: "SPOOF"};

// A FLAPS rank as printed on the cards: A, 2..10, J, Q, K
export function rankName(rank) { return FLAPS_RANK[rank] ?? String(rank); }

export function face(game, name) {
  const table = FACES[game];
  return table && typeof name === "string" ? table[name] : undefined;
}

export function isCard(game, value) {
  return typeof value === "string" && face(game, value) !== undefined;
}

export function cardTitle(game, name) {
  const f = face(game, name);
  if (!f) return String(name);
  if (game === "flaps") return f.title;
  if (game === "flip7" || game === "flush") return f.title;
  if (game === "flyswatter") return f.title;
  return f.kind === "none" ? "no card" : `card ${f.title}`;
}

// The parts printed on a card: {corner, middle, name, cls}
function parts(game, name, f) {
  const cls = [`g-${game}`, `k-${f.kind}`];
  switch (game) {
    case "flip7":
      if (f.kind === "number") return {corner: String(f.rank), middle: String(f.rank), cls: [...cls, `v${f.rank}`]};
      if (f.kind === "modifier") return {corner: name, middle: name, name: "bonus", cls};
      if (f.kind === "multiplier") return {corner: "×2", middle: "×2", name: "double", cls};
      return {corner: {freeze: "FRZ", flip3: "F3", second: "2nd"}[name], middle: {freeze: "FRZ", flip3: "F3", second: "2nd"}[name],
              name: f.title, cls};
    case "flyswatter":
      if (f.kind === "swatter") return {corner: "SW", middle: "SW", name: "Swatter", cls};
      // the dots may wrap (a zero-width space between them): 4 or 5 stay inside the card
      return {corner: String(f.rank), middle: Array(f.rank).fill("•").join("\u200b"), name: `${f.suit} fly`,
              cls: [...cls, `c-${f.suit}`]};
    case "flush": {
      if (f.kind === "flush") return {corner: "F", middle: name === "bf" ? "BIG" : "F", name: f.title, cls};
      const flags = (f.flags || []).map((x) => ({skip: "S", link: "L", deduction: "D"}[x])).join("");
      return {corner: String(f.rank), middle: String(f.rank), name: flags ? flags.split("").map(
        (x) => ({S: "skip", L: "link", D: "−"}[x])).join(" ") : "", cls: [...cls, ...(f.flags || []).map((x) => `f-${x}`)]};
    }
    case "flaps": {
      const rank = f.kind === "ol_maid" ? (/^om\d$/.test(name) ? `OM${name.slice(2)}` : "OM") : f.kind === "ace_jack" ? "AJ" : (FLAPS_RANK[f.rank] ?? String(f.rank));
      const suit = f.suit ? SUIT[f.suit] : "";
      const red = f.suit === "d" || f.suit === "h";
      const special = f.kind in FLAPS_SHORT ? FLAPS_SHORT[f.kind]
        : ["plain", "ace", "attack", "seven", "nine", "eight", "ten", "jack"].includes(f.kind) ? "" : f.title.replace(/ of \w+$/, "");
      return {corner: `${rank}${suit}`, middle: suit || "★", name: special,
              cls: [...cls, red ? "red" : "black", f.suit ? `s-${f.suit}` : "nosuit"]};
    }
    default:
      if (f.kind === "none") return {corner: "–", middle: "–", cls};
      return {corner: String(f.rank), middle: String(f.rank), cls: [...cls, `v${f.rank % 5}`]};
  }
}

// One face-up card. opts: {small, action, label}
export function card(game, name, opts = {}) {
  const f = face(game, name);
  if (!f) return h("span", {class: "card unknown", role: "img", "aria-label": `card ${name}`}, String(name));
  const p = parts(game, name, f);
  const attrs = {class: ["card", ...p.cls, opts.small ? "small" : ""].join(" "),
    "aria-label": opts.label || cardTitle(game, name), title: cardTitle(game, name), dataset: {card: name}};
  const body = [h("span", {class: "corner", "aria-hidden": "true"}, p.corner),
    h("span", {class: "middle", "aria-hidden": "true"}, p.middle),
    p.name ? h("span", {class: "cname", "aria-hidden": "true"}, p.name) : null];
  if (opts.action !== undefined || opts.onclick) {
    return h("button", {...attrs, type: "button", class: attrs.class + " playable", dataset: {card: name, action: opts.action},
      onclick: opts.onclick}, body);
  }
  return h("span", {...attrs, role: "img"}, body);
}

// A face-down card with a count ("7 cards").
export function back(count, label = "cards") {
  const n = count === null || count === undefined ? "" : count;
  return h("span", {class: "card back", role: "img", "aria-label": `${n} ${label} face down`, title: `${n} ${label}`},
    h("span", {class: "count", "aria-hidden": "true"}, String(n)));
}

export function row(game, cards, opts = {}) {
  return h("div", {class: "cards" + (opts.fan ? " fan" : ""), role: "list", "aria-label": opts.label || "cards"},
    (cards || []).map((c) => h("span", {role: "listitem", class: "slot"}, c === null ? back("", "card") : card(game, c, opts))));
}

export {SUIT, SUIT_NAME};
