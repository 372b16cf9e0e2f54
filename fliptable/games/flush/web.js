// Flush in the browser: what the generic client (fliptable/web/games.js) draws from this
// module, each given `t`, the kit bound to the game (docs/writing-a-game.md, "In the
// browser"): each seat's bases and known cards, the pile, indicator, run and declaration,
// the moves in words, the skip/link/deduction marks on the cards, ties by who stayed in
// longer, and the pack a table plays with (its `deck` option, sent as data: deckspec.py).
export const stylesheet = "web.css";

const MARK = {skip: "S", link: "L", deduction: "D"};
const WORD = {S: "skip", L: "link", D: "−"};

export function seat(t, v, i) {
  return [t.line("bases", v.bases && v.bases[i]), t.line("known", v.known && v.known[i]),
    v.playing && !v.playing[i] ? t.badge("out") : null];
}

export function centre(t, v) {
  const out = [t.h("div", {class: "pile-row"}, "pile ", t.row(v.pile || [], {label: "the pile"}))];
  if (v.indicator) out.push(t.h("div", {}, "indicator ", t.card(v.indicator, {small: true}), v.mimic ? ` · Mimic is ${v.mimic}` : ""));
  if (v.run) out.push(t.h("div", {}, `run: ${v.run.count} × ${v.run.value}` + (v.run.links ? `, ${v.run.links} link(s)` : "")));
  if (v.declared) out.push(t.h("div", {}, "declared ", t.describe(v.declared)));
  return [...out, ...t.common(v)];
}

export function action(t, a, v) {
  const sc = (c) => (c ? t.card(c, {small: true}) : "");
  let m;
  if ((m = /^blind:(\d+)$/.exec(a))) return [`Flip blind card ${m[1]}`];
  if ((m = /^b(\d+)$/.exec(a))) return [`Base ${m[1]} `, sc(v.bases?.[v.seat]?.[Number(m[1]) - 1])];
  if ((m = /^link:(\d+)$/.exec(a))) return [`Link Flush with ${m[1]} links`];
  if (a === "flush") return ["Flush ", sc("f")];
  if (a === "bigflush") return ["Big Flush ", sc("bf")];
  if ((m = /^pass:(\d+)$/.exec(a))) return [`Pass base ${m[1]}`];
  if ((m = /^(\d+)x(.+)$/.exec(a))) return [`${m[1]} × `, t.card(m[2], {small: true})];
  return null;
}

export function face(name, f) {
  if (f.kind === "flush") return {corner: "F", middle: name === "bf" ? "BIG" : "F", name: f.title};
  const flags = (f.flags || []).map((x) => MARK[x]).join("");
  return {corner: String(f.rank), middle: String(f.rank), name: flags ? flags.split("").map((x) => WORD[x]).join(" ") : "",
    cls: (f.flags || []).map((x) => `f-${x}`)};
}

export const tieBreak = {detail: "out_round", rule: "Equal totals are ranked by who stayed in longer", label: "out in round", none: "still in"};

// "Pack: NAME — 90 cards: 8×1 8×2 … 8×10; 10 Flush (2 Big)" from a deck spec (null: the
// default pack); the lobby's preview of the `deck` option
export function describeFile(option, spec) {
  if (spec === null) return "Pack: the default";
  if (!spec || typeof spec !== "object" || !Array.isArray(spec.cards)) throw new Error("it needs a cards list");
  let total = 0, flush = 0, big = 0;
  const values = {};
  for (const c of spec.cards) {
    const n = Number(c.count) || 0;
    total += n;
    if (c.flush) { flush += n; if (c.flush === "big") big += n; } else values[c.value] = (values[c.value] || 0) + n;
  }
  const counts = Object.entries(values).sort((a, b) => a[0] - b[0]).map(([v, n]) => `${n}×${v}`).join(" ");
  return `Pack: ${spec.name || "unnamed"} — ${total} cards: ${counts}; ${flush} Flush (${big} Big)`;
}

// The pack a table plays with, from its resolved options (the server gives the deck as
// canonical JSON text; null: the default pack)
export function optionsNote(options) {
  const deck = options.deck;
  if (typeof deck !== "string" || !deck.startsWith("{")) return null;
  try { return describeFile(null, JSON.parse(deck)); } catch { return null; }
}
