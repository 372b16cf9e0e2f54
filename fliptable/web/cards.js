// Cards drawn with CSS from the games' card tables (faces.js): rank, suit or colour, the
// special cards' names; hidden cards as backs with counts. Never a bare number. What is
// printed on a game's card is its browser module's `face` (modules.js), else its rank.
import {h} from "./dom.js";
import {FACES} from "./faces.js";
import {gameModule} from "./modules.js";

export function face(game, name) {
  const table = FACES[game];
  return table && typeof name === "string" ? table[name] : undefined;
}

export function isCard(game, value) {
  return typeof value === "string" && face(game, value) !== undefined;
}

// The card's name for people (its aria-label and tooltip): the server's, from the game
export function cardTitle(game, name) {
  const f = face(game, name);
  return f ? f.title : String(name);
}

// The parts printed on a card: {corner, middle, name, cls}
function parts(game, name, f) {
  const cls = [`g-${game}`, `k-${f.kind}`];
  const own = gameModule(game).face?.(name, f);
  if (own) return {...own, cls: [...cls, ...(own.cls || [])]};
  if (f.kind === "none") return {corner: "–", middle: "–", cls};
  // a number card: a quiet tint per number
  return {corner: String(f.rank), middle: String(f.rank), cls: [...cls, "tint", `v${f.rank % 5}`]};
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

