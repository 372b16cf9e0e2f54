// The narration, drawn: each event's line comes from the server with the event (the
// frame's `narration`, the game's own words — the terminal's text: docs/server.md), so
// one grammar serves every client. Here a line only becomes a list item, the cards it
// names drawn as cards: a word that is exactly one of the event's own cards (and not a
// bare number, which reads as a number: "pile 5") is drawn as that card.
import {h} from "./dom.js";
import {card, isCard} from "./cards.js";

// The cards an event carries, each as often as it carries it
function eventCards(game, value, out = new Map()) {
  if (typeof value === "string") {
    if (isCard(game, value) && !/^\d+$/.test(value)) out.set(value, (out.get(value) || 0) + 1);
  } else if (Array.isArray(value)) value.forEach((x) => eventCards(game, x, out));
  else if (value && typeof value === "object") Object.values(value).forEach((x) => eventCards(game, x, out));
  return out;
}

// The line's parts: text, and the event's cards drawn where the line names them
function parts(game, e, text) {
  const left = eventCards(game, e);
  if (!left.size) return [text];
  const out = [];
  let last = 0;
  for (const m of text.matchAll(/[^\s,;:()[\]"“”.!?]+/g)) {
    const word = m[0].replace(/'s$/, "");
    if (!left.get(word)) continue;
    left.set(word, left.get(word) - 1);
    out.push(text.slice(last, m.index), card(game, word, {small: true}));
    last = m.index + word.length;
  }
  out.push(text.slice(last));
  return out;
}

// One event's line as a list item (null: the game says nothing of it); `n` numbers it
// (drawn by the style sheet inside the line, never in the margin where it was clipped)
export function narrate(game, e, text, n) {
  if (text === null || text === undefined || text === "") return null;
  return h("li", {class: `ev ev-${e.type}`, dataset: n === undefined ? {event: e.type} : {event: e.type, n}}, parts(game, e, text));
}
