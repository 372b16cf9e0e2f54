// FLINCH in the browser: what the generic client (fliptable/web/games.js) draws from this
// module, each given `t`, the kit bound to the game (docs/writing-a-game.md, "In the
// browser"): each seat's Flinch pile and reserves, the centre piles, moves in words, and
// which hand card (by its place: hand1, hand2, …) a move plays.
export const stylesheet = "web.css";

export function seat(t, v, i) {
  return [v.game_piles && v.game_piles[i] ? t.pile("Flinch pile", v.game_piles[i].top, v.game_piles[i].count, {small: true}) : null,
    v.reserves && v.reserves[i] ? t.h("div", {class: "piles small", "aria-label": "reserve piles"},
      v.reserves[i].map((r, k) => t.pile(`R${k + 1}`, r.top, r.count, {small: true, label: `reserve ${k + 1}`}))) : null];
}

export function centre(t, v) {
  return [t.h("div", {class: "piles", "aria-label": "centre piles"}, (v.centre || []).map((c) =>
    t.h("figure", {class: "pile"}, t.card(c.high), t.h("figcaption", {}, `pile ${c.pile} · ${c.low}–${c.high} · next `,
      (c.next || []).map((x) => t.card(x, {small: true})))))), ...t.common(v)];
}

export function action(t, a, v) {
  const me = v.seat;
  const sc = (c) => (c ? t.card(c, {small: true}) : "");
  const from = (s) => {
    let x;
    if ((x = /^hand(\d+)$/.exec(s))) return sc(v.hand && v.hand[Number(x[1]) - 1]) || `hand card ${x[1]}`;
    if ((x = /^game(?:@(\d+))?$/.exec(s))) { const p = x[1] ? Number(x[1]) : me; return ["Flinch pile ", sc(v.game_piles?.[p]?.top)]; }
    if ((x = /^res(\d+)(?:@(\d+))?$/.exec(s))) { const p = x[2] ? Number(x[2]) : me; return [`reserve ${x[1]} `, sc(v.reserves?.[p]?.[Number(x[1]) - 1]?.top)]; }
    return s;
  };
  const to = (s) => (s === "new" ? "a new pile" : /^c(\d+)$/.test(s) ? `pile ${s.slice(1)}` : /^res(\d+)$/.test(s) ? `reserve ${s.slice(3)}` : s);
  const m = /^(play|discard):([^>]+)>(.+)$/.exec(a);
  if (m) return [m[1] === "play" ? "Play " : "Discard ", from(m[2]), ` → ${to(m[3])}`];
  if (a === "challenge") return ["Challenge!"];
  if (a === "decline") return ["Let it go"];
  return null;
}

// a move from the hand names the card by its place (hand3: the third card)
export function handCard(t, a) {
  const m = /hand(\d+)/.exec(a);
  return m ? Number(m[1]) - 1 : null;
}
