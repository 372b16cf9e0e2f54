// FLAPS in the browser: what the generic client (fliptable/web/games.js) draws from this
// module, each given `t`, the kit bound to the game (docs/writing-a-game.md, "In the
// browser"): the cards each seat has shown, what to follow, attacks and TRUMPS, lays in
// words (a suit called, a target, Last Card), the suits and special cards' printed names,
// ties by fewer cards in hand.
export const stylesheet = "web.css";

const SUIT = {c: "♣", d: "♦", h: "♥", s: "♠"};
const SUIT_WORDS = {c: "♣ clubs", d: "♦ diamonds", h: "♥ hearts", s: "♠ spades"};
const RANK = {1: "A", 11: "J", 12: "Q", 13: "K"};
// the short name printed on a special card
const SHORT = {ace_end: "ACE'N'END", ace_lay: "ACE'N'LAY", flaps: "FLAPS", mega: "MEGA-FLAP",
  hoofers: "HOOFERS-DOOFERS", up_jacks: "UP-JACKS", ace_jack: "ACE-JACK", trumps: "K-TRUMPS",
  ol_maid: "OL' MAID", quack: "QUACK", stop: "STOP THAT FLAPPING", dump: "DUMP THOSE FIVES",
  six: "SIX OF THE BEST", king_lay: "King'N'Lay", spoof: "SPOOF"};
const PLAIN = ["plain", "ace", "attack", "seven", "nine", "eight", "ten", "jack"];

// A rank as printed on the cards: A, 2..10, J, Q, K
const rankName = (rank) => RANK[rank] ?? String(rank);

export function seat(t, v, i) {
  return v.shown && v.shown[i] && v.shown[i].length ? [t.row(v.shown[i], {small: true, label: "shown"})] : [];
}

export function centre(t, v) {
  const out = t.common(v);
  if (v.lead && !v.over) {  // nothing is followed once the game is over
    const suit = v.lead.suit ? SUIT_WORDS[v.lead.suit] || v.lead.suit : null;
    const rank = v.lead.rank !== undefined && v.lead.rank !== null ? rankName(v.lead.rank) : null;
    out.push(t.h("div", {class: "lead"}, "to follow: ", [suit, rank && `${/^(A|8)$/.test(rank) ? "an" : "a"} ${rank}`].filter((x) => x).join(" or ") || "anything"));
  }
  if (v.attack) out.push(t.h("div", {class: "window"}, "attack: ", t.describe(v.attack)));
  if (v.trumps) out.push(t.h("div", {class: "window"}, "TRUMPS: ", t.describe(v.trumps)));
  if (v.phase && v.phase !== "play") out.push(t.badge(v.phase));
  return out;
}

export function action(t, a, v, names) {
  let m;
  if (t.isCard(a)) return ["Lay ", t.card(a, {small: true})];
  if ((m = /^([a-z0-9]+)(.*)$/.exec(a)) && t.isCard(m[1])) {
    const rest = m[2].replace(/^:([cdhs])/, (_, s) => ` call ${SUIT[s]}`)
      .replace(/^>(\d+)/, (_, p) => ` at ${names.who(Number(p))}`).replace(/!$/, " — Last Card!");
    return ["Lay ", t.card(m[1], {small: true}), rest];
  }
  if ((m = /^t:(.+)$/.exec(a)) && t.isCard(m[1])) return ["TRUMPS: ", t.card(m[1], {small: true})];
  return null;
}

// a lay names its card first: `c7`, `ah:s` (a suit called), `k5>2` (a target), `t:kh` (TRUMPS)
export function handCard(t, a) {
  const m = /^(?:t:)?([a-z0-9]+)(?:[:>!].*)?$/.exec(a);
  return m && t.isCard(m[1]) ? m[1] : null;
}

export function face(name, f) {
  const rank = f.kind === "ol_maid" ? (/^om\d$/.test(name) ? `OM${name.slice(2)}` : "OM") : f.kind === "ace_jack" ? "AJ" : rankName(f.rank);
  const suit = f.suit ? SUIT[f.suit] : "";
  const red = f.suit === "d" || f.suit === "h";
  const special = f.kind in SHORT ? SHORT[f.kind] : PLAIN.includes(f.kind) ? "" : f.title.replace(/ of \w+$/, "");
  return {corner: `${rank}${suit}`, middle: suit || "★", name: special, cls: [red ? "red" : "black", f.suit ? `s-${f.suit}` : "nosuit"]};
}

export const tieBreak = {detail: "cards_left", rule: "Equal points are ranked by fewer cards in hand", label: "cards left"};
