// Muggins in the browser: what the generic client (fliptable/web/games.js) draws from this
// module, each given `t`, the kit bound to the game (docs/writing-a-game.md, "In the
// browser"): each seat's stock, the card turned up and the centre piles, the Muggins
// window as a sentence, the moves in words.

export function seat(t, v, i) {
  return [v.stocks && v.stocks[i] ? t.pile("stock", v.stocks[i].top, v.stocks[i].count, {small: true}) : null,
    v.cards_left ? t.h("div", {}, `cards left ${v.cards_left[i]}`) : null];
}

export function centre(t, v, names, latest) {
  const out = [];
  if (v.current) out.push(t.h("div", {class: "current"}, "turned up ", t.card(v.current.card), ` from ${v.current.from}`));
  out.push(t.h("div", {class: "piles", "aria-label": "centre piles"}, (v.centre || []).map((c, k) =>
    t.h("figure", {class: "pile"}, c ? t.card(c) : t.h("span", {class: "card empty"}), t.h("figcaption", {}, `pile ${k + 1}`)))));
  if (v.muggins) {
    // the rule broken, in the narration's words; who may call
    const said = latest("deviation");
    out.push(t.h("div", {class: "window muggins", role: "status"}, said ? `${said.replace(/\s*Muggins\?$/, "")} ` : "",
      `Anyone but ${names.who(v.muggins.offender)} may call “Muggins” before the next play.`));
  }
  return out;
}

export function action(t, a, v, names) {
  let m;
  if (a === "new") return ["Start a new pile"];
  if ((m = /^centre:(\d+)$/.exec(a))) return [`Play on pile ${m[1]}`];
  if ((m = /^stock:(\d+)$/.exec(a))) return [`Play on ${names.whose(Number(m[1]))} stock`];
  if (a === "hand") return ["Draw from your hand"];
  if (a === "muggins") return ["Muggins!"];
  if (a === "decline") return ["Let it go"];
  return null;
}
