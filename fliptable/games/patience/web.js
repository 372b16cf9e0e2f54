// Patience in the browser: what the generic client (fliptable/web/games.js) draws from this
// module, each given `t`, the kit bound to the game (docs/writing-a-game.md, "In the
// browser"): the card turned up, the up piles, the rows, the pack and the stock, and the
// moves in words.

export function centre(t, v) {
  const out = [];
  if (v.card) out.push(t.h("div", {class: "current"}, "turned up ", t.card(v.card)));
  out.push(t.h("div", {class: "piles", "aria-label": "up piles"}, (v.up || []).map((c, k) =>
    t.h("figure", {class: "pile"}, c ? t.card(c) : t.h("span", {class: "card empty"}), t.h("figcaption", {}, `up ${k + 1}`)))));
  out.push(t.h("div", {class: "rows"}, (v.rows || []).map((r, k) => t.h("div", {class: "prow"}, `row ${k + 1} `, t.row(r, {small: true})))));
  if (v.draw_count !== undefined) out.push(t.pile("pack", null, v.draw_count));
  if (Array.isArray(v.discard)) out.push(t.pile("stock", v.discard[v.discard.length - 1], v.discard.length));
  return out;
}

export function action(t, a, v) {
  const sc = (c) => (c ? t.card(c, {small: true}) : "");
  const from = (s) => {
    if (s === "card") return sc(v.card) || "the card";
    if (s === "stock") return ["stock ", sc(v.discard && v.discard[v.discard.length - 1])];
    const x = /^row(\d)$/.exec(s);
    if (x) { const r = v.rows?.[Number(x[1]) - 1] || []; return [`row ${x[1]} `, sc(r[r.length - 1])]; }
    return s;
  };
  const to = (s) => s.replace(/^up(\d)$/, "1s pile $1").replace(/^row(\d)$/, "row $1");
  const m = /^([a-z]+\d?)>([a-z]+\d?)$/.exec(a);
  return m ? [from(m[1]), ` → ${to(m[2])}`] : null;
}
