// Fly-swatter in the browser: what the generic client (fliptable/web/games.js) draws from
// this module, each given `t`, the kit bound to the game (docs/writing-a-game.md, "In the
// browser"): the flies in the middle and the swat window, each seat's pile and flies won,
// swatting in words, the flies' faces; Enter ends your swatting in a race.
export const stylesheet = "web.css";

export function seat(t, v, i) {
  return [t.h("div", {class: "seat-status"}, t.back(v.draw_counts?.[i], "cards to flip"),
    ` flies won ${v.won_counts?.[i] ?? 0}`, v.next === i ? t.badge("flips next") : null,
    v.window && v.window.hands_left ? ` · hands ${v.window.hands_left[i]}` : "")];
}

export function centre(t, v, names) {
  const out = [t.h("div", {class: "middle-row", role: "list", "aria-label": "the middle"},
    (v.middle || []).map((m) => t.h("div", {class: "fly", role: "listitem", dataset: {n: m.n}},
      t.card(m.card), t.h("span", {class: "n"}, `fly ${m.n}`),
      m.hands && m.hands.length ? t.h("span", {class: "hands"}, `swatted by ${m.hands.map((x) => (typeof x === "object" && x !== null ? names.who(x.player) : names.who(x))).join(", ")}`) : null)))];
  if (v.window) {
    out.push(t.h("div", {class: "window", role: "status"}, `Swat window ${v.window.number}: `,
      `a ${v.window.trigger} — swat the `, (v.window.allowed || []).map((c) => t.badge(c, `c-${c}`)), " flies"));
  }
  if (v.last_flip) out.push(t.h("div", {}, "last flipped ", t.card(v.last_flip.card, {small: true})));
  return out;
}

export function action(t, a, v) {
  const m = /^swat:(\d+)$/.exec(a);
  if (!m) return null;
  const fly = (v.middle || []).find((x) => x.n === Number(m[1]));
  return ["Swat ", fly ? t.card(fly.card, {small: true}) : `fly ${m[1]}`];
}

export function raceTitle(t, v) {
  return v.window && v.window.allowed ? ` Swat the ${v.window.allowed.join(", ")} flies` : "";
}

export function enterAction(frame) {
  return frame.decision && frame.decision.kind === "race" && (frame.legal || []).includes("done") ? "done" : null;
}

// a fly's colour and its dots (they may wrap: a zero-width space between them, so 4 or 5
// stay inside the card)
export function face(name, f) {
  if (f.kind === "swatter") return {corner: "SW", middle: "SW", name: "Swatter"};
  return {corner: String(f.rank), middle: Array(f.rank).fill("•").join("\u200b"), name: `${f.suit} fly`, cls: [`c-${f.suit}`]};
}

// equal scores are ranked by more flies won
export const tieBreak = {detail: "flies_won", rule: "Equal scores are ranked by more flies won", label: "flies won"};
