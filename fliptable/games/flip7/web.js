// Flip 7 in the browser: what the generic client (fliptable/web/games.js) draws from
// this module, each given `t`, the kit bound to the game (docs/writing-a-game.md, "In the
// browser"): a seat's status and the cards in front of it, Flip Three and the choice in
// the middle, the actions in words, the cards' faces.
export const stylesheet = "web.css";

const SHORT = {freeze: "FRZ", flip3: "F3", second: "2nd"};

export function seat(t, v, i) {
  const s = v.seats && v.seats[i];
  if (!s) return [];
  return [t.h("div", {class: "seat-status"}, t.badge(s.status, `st-${s.status}`), t.h("span", {class: "round-score"}, ` ${s.round_score} pts this round`),
    s.second_chance ? t.badge("Second Chance", "sc") : null), t.row(s.cards, {small: true, label: "cards in front"})];
}

export function centre(t, v, names) {
  const out = t.common(v);
  for (const job of v.flip_three || []) {
    out.push(t.h("div", {class: "flip-three"}, `Flip Three for ${names.who(job.player)}: ${job.left} to flip`,
      job.set_aside && job.set_aside.length ? [", set aside ", t.row(job.set_aside, {small: true, label: "set aside"})] : ""));
  }
  if (v.choice) out.push(t.h("div", {class: "choice"}, "to choose: ", t.describe(v.choice)));
  return out;
}

export function action(t, a, v, names) {
  let m;
  if ((m = /^give:(\d+)$/.exec(a))) return [`Give Second Chance to ${names.who(Number(m[1]))}`];
  if ((m = /^target:(\d+)$/.exec(a))) return [`Play it on ${names.who(Number(m[1]))}`];
  if (a === "discard") return ["Discard Second Chance"];
  return null;
}

// numbers tinted by value; modifiers and the ×2 marked; actions by their short name
export function face(name, f) {
  if (f.kind === "number") return {corner: String(f.rank), middle: String(f.rank), cls: [`v${f.rank}`]};
  if (f.kind === "modifier") return {corner: name, middle: name, name: "bonus"};
  if (f.kind === "multiplier") return {corner: "×2", middle: "×2", name: "double"};
  return {corner: SHORT[name], middle: SHORT[name], name: f.title};
}
