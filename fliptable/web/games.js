// Per-game parts of the table, all read from the frame's view (docs/kernel.md "Views: the
// same words for the same things"): what a seat shows beside its name, the middle of the
// table, and words for actions. Anything a game does not lay out here still appears in
// the table's "everything in the view" panel, its cards drawn as cards.
import {h} from "./dom.js";
import {back, card, isCard, rankName, row} from "./cards.js";

function pile(game, label, top, count, opts = {}) {
  return h("figure", {class: "pile", "aria-label": `${opts.label || label}: ${count ?? (top ? 1 : 0)} card(s)${top ? ", top " + top : ""}`},
    top ? card(game, top, opts) : (count ? back(count) : h("span", {class: "card empty", "aria-hidden": "true"})),
    h("figcaption", {}, label, count !== undefined && count !== null ? h("span", {class: "count"}, ` (${count})`) : ""));
}

function badge(text, cls = "") { return h("span", {class: `badge ${cls}`}, text); }

// What a seat's box shows besides its name, score and hand count
export function seatExtras(game, v, i) {
  switch (game) {
    case "flip7": {
      const s = v.seats && v.seats[i];
      if (!s) return [];
      return [h("div", {class: "seat-status"}, badge(s.status, `st-${s.status}`), h("span", {class: "round-score"}, ` ${s.round_score} pts this round`),
        s.second_chance ? badge("Second Chance", "sc") : null), row(game, s.cards, {small: true, label: "cards in front"})];
    }
    case "flyswatter":
      return [h("div", {class: "seat-status"}, back(v.draw_counts?.[i], "cards to flip"),
        ` flies won ${v.won_counts?.[i] ?? 0}`, v.next === i ? badge("flips next") : null,
        v.window && v.window.hands_left ? ` · hands ${v.window.hands_left[i]}` : "")];
    case "flinch":
      return [v.game_piles && v.game_piles[i] ? pile(game, "Flinch pile", v.game_piles[i].top, v.game_piles[i].count, {small: true}) : null,
        v.reserves && v.reserves[i] ? h("div", {class: "piles small", "aria-label": "reserve piles"},
          v.reserves[i].map((r, k) => pile(game, `R${k + 1}`, r.top, r.count, {small: true, label: `reserve ${k + 1}`}))) : null];
    case "muggins":
      return [v.stocks && v.stocks[i] ? pile(game, "stock", v.stocks[i].top, v.stocks[i].count, {small: true}) : null,
        v.cards_left ? h("div", {}, `cards left ${v.cards_left[i]}`) : null];
    case "authors": case "go-to-the-store":
      return v.books && v.books[i] && v.books[i].length ? [h("div", {}, "books "), row(game, v.books[i], {small: true, label: "books"})] : [];
    case "flush":
      return [v.bases && v.bases[i] ? h("div", {}, "bases ", row(game, v.bases[i], {small: true, label: "base cards"})) : null,
        v.known && v.known[i] && v.known[i].length ? h("div", {}, "known ", row(game, v.known[i], {small: true, label: "known cards"})) : null,
        v.playing && !v.playing[i] ? badge("out") : null];
    case "flaps":
      return v.shown && v.shown[i] && v.shown[i].length ? [row(game, v.shown[i], {small: true, label: "shown"})] : [];
    default:
      return [];
  }
}

// The middle of the table
// latest(type): the narration's latest line for an event of that type (the server's
// words), for the middle's notices
export function centre(game, v, names, latest = () => null) {
  const out = [];
  const common = () => {
    if (v.draw_count !== undefined) out.push(pile(game, "draw pile", null, v.draw_count));
    if (Array.isArray(v.discard)) out.push(pile(game, "discard", v.discard[v.discard.length - 1], v.discard.length));
  };
  switch (game) {
    case "flip7":
      common();
      for (const job of v.flip_three || []) {
        out.push(h("div", {class: "flip-three"}, `Flip Three for ${names.who(job.player)}: ${job.left} to flip`,
          job.set_aside && job.set_aside.length ? [", set aside ", row(game, job.set_aside, {small: true, label: "set aside"})] : ""));
      }
      if (v.choice) out.push(h("div", {class: "choice"}, "to choose: ", describe(game, v.choice)));
      break;
    case "flyswatter":
      out.push(h("div", {class: "middle-row", role: "list", "aria-label": "the middle"},
        (v.middle || []).map((m) => h("div", {class: "fly", role: "listitem", dataset: {n: m.n}},
          card(game, m.card), h("span", {class: "n"}, `fly ${m.n}`),
          m.hands && m.hands.length ? h("span", {class: "hands"}, `swatted by ${m.hands.map((x) => (typeof x === "object" && x !== null ? names.who(x.player) : names.who(x))).join(", ")}`) : null))));
      if (v.window) {
        out.push(h("div", {class: "window", role: "status"}, `Swat window ${v.window.number}: `,
          `a ${v.window.trigger} — swat the `, (v.window.allowed || []).map((c) => badge(c, `c-${c}`)), " flies"));
      }
      if (v.last_flip) out.push(h("div", {}, "last flipped ", card(game, v.last_flip.card, {small: true})));
      break;
    case "flinch":
      out.push(h("div", {class: "piles", "aria-label": "centre piles"}, (v.centre || []).map((c) =>
        h("figure", {class: "pile"}, card(game, c.high), h("figcaption", {}, `pile ${c.pile} · ${c.low}–${c.high} · next `,
          (c.next || []).map((x) => card(game, x, {small: true})))))));
      common();
      break;
    case "muggins":
      if (v.current) out.push(h("div", {class: "current"}, "turned up ", card(game, v.current.card), ` from ${v.current.from}`));
      out.push(h("div", {class: "piles", "aria-label": "centre piles"}, (v.centre || []).map((c, k) =>
        h("figure", {class: "pile"}, c ? card(game, c) : h("span", {class: "card empty"}), h("figcaption", {}, `pile ${k + 1}`)))));
      if (v.muggins) {
        // the rule broken, in the narration's words; who may call
        const said = latest("deviation");
        out.push(h("div", {class: "window muggins", role: "status"}, said ? `${said.replace(/\s*Muggins\?$/, "")} ` : "",
          `Anyone but ${names.who(v.muggins.offender)} may call “Muggins” before the next play.`));
      }
      break;
    case "patience":
      if (v.card) out.push(h("div", {class: "current"}, "turned up ", card(game, v.card)));
      out.push(h("div", {class: "piles", "aria-label": "up piles"}, (v.up || []).map((c, k) =>
        h("figure", {class: "pile"}, c ? card(game, c) : h("span", {class: "card empty"}), h("figcaption", {}, `up ${k + 1}`)))));
      out.push(h("div", {class: "rows"}, (v.rows || []).map((r, k) => h("div", {class: "prow"}, `row ${k + 1} `, row(game, r, {small: true})))));
      if (v.draw_count !== undefined) out.push(pile(game, "pack", null, v.draw_count));
      if (Array.isArray(v.discard)) out.push(pile(game, "stock", v.discard[v.discard.length - 1], v.discard.length));
      break;
    case "flush":
      out.push(h("div", {class: "pile-row"}, "pile ", row(game, v.pile || [], {label: "the pile"})));
      if (v.indicator) out.push(h("div", {}, "indicator ", card(game, v.indicator, {small: true}), v.mimic ? ` · Mimic is ${v.mimic}` : ""));
      if (v.run) out.push(h("div", {}, `run: ${v.run.count} × ${v.run.value}` + (v.run.links ? `, ${v.run.links} link(s)` : "")));
      if (v.declared) out.push(h("div", {}, "declared ", describe(game, v.declared)));
      common();
      break;
    case "flaps":
      common();
      if (v.lead && !v.over) {  // nothing is followed once the game is over
        const suit = v.lead.suit ? {c: "♣ clubs", d: "♦ diamonds", h: "♥ hearts", s: "♠ spades"}[v.lead.suit] || v.lead.suit : null;
        const rank = v.lead.rank !== undefined && v.lead.rank !== null ? rankName(v.lead.rank) : null;
        out.push(h("div", {class: "lead"}, "to follow: ", [suit, rank && `${/^(A|8)$/.test(rank) ? "an" : "a"} ${rank}`].filter((x) => x).join(" or ") || "anything"));
      }
      if (v.attack) out.push(h("div", {class: "window"}, "attack: ", describe(game, v.attack)));
      if (v.trumps) out.push(h("div", {class: "window"}, "TRUMPS: ", describe(game, v.trumps)));
      if (v.phase && v.phase !== "play") out.push(badge(v.phase));
      break;
    default:
      common();
  }
  return out;
}

// Any JSON value, cards drawn as cards
export function describe(game, value) {
  if (value === null || value === undefined) return "–";
  if (isCard(game, value)) return card(game, value, {small: true});
  if (Array.isArray(value)) {
    if (value.length && value.every((x) => isCard(game, x) || x === null)) return row(game, value, {small: true});
    return h("span", {class: "list"}, "[", value.map((x, i) => [i ? ", " : "", describe(game, x)]), "]");
  }
  if (typeof value === "object") {
    return h("span", {class: "obj"}, Object.entries(value).map(([k, x], i) => [i ? "; " : "", `${k.replace(/_/g, " ")}: `, describe(game, x)]));
  }
  return String(value);
}

// A button's label: the action's words, its cards drawn
export function actionLabel(game, action, v, names) {
  const words = {hit: "Hit", stay: "Stay", done: "Done", flip: "Flip", draw: "Draw", keep: "Keep", stop: "Stop",
    turn: "Turn up", knock: "Knock", take: "Take", pass: "Pass", close: "Close"};
  if (words[action]) return [words[action]];
  let m;
  if (game === "flyswatter" && (m = /^swat:(\d+)$/.exec(action))) {
    const fly = (v.middle || []).find((x) => x.n === Number(m[1]));
    return ["Swat ", fly ? card(game, fly.card, {small: true}) : `fly ${m[1]}`];
  }
  const me = v.seat;
  const sc = (c) => (c ? card(game, c, {small: true}) : "");
  if (game === "flip7") {
    if ((m = /^give:(\d+)$/.exec(action))) return [`Give Second Chance to ${names.who(Number(m[1]))}`];
    if ((m = /^target:(\d+)$/.exec(action))) return [`Play it on ${names.who(Number(m[1]))}`];
    if (action === "discard") return ["Discard Second Chance"];
  }
  if (game === "flinch") {
    const from = (t) => {
      let x;
      if ((x = /^hand(\d+)$/.exec(t))) return sc(v.hand && v.hand[Number(x[1]) - 1]) || `hand card ${x[1]}`;
      if ((x = /^game(?:@(\d+))?$/.exec(t))) { const s = x[1] ? Number(x[1]) : me; return ["Flinch pile ", sc(v.game_piles?.[s]?.top)]; }
      if ((x = /^res(\d+)(?:@(\d+))?$/.exec(t))) { const s = x[2] ? Number(x[2]) : me; return [`reserve ${x[1]} `, sc(v.reserves?.[s]?.[Number(x[1]) - 1]?.top)]; }
      return t;
    };
    const to = (t) => (t === "new" ? "a new pile" : /^c(\d+)$/.test(t) ? `pile ${t.slice(1)}` : /^res(\d+)$/.test(t) ? `reserve ${t.slice(3)}` : t);
    if ((m = /^(play|discard):([^>]+)>(.+)$/.exec(action))) return [m[1] === "play" ? "Play " : "Discard ", from(m[2]), ` → ${to(m[3])}`];
    if (action === "challenge") return ["Challenge!"];
    if (action === "decline") return ["Let it go"];
  }
  if (game === "patience") {
    const from = (t) => {
      if (t === "card") return sc(v.card) || "the card";
      if (t === "stock") return ["stock ", sc(v.discard && v.discard[v.discard.length - 1])];
      const x = /^row(\d)$/.exec(t);
      if (x) { const r = v.rows?.[Number(x[1]) - 1] || []; return [`row ${x[1]} `, sc(r[r.length - 1])]; }
      return t;
    };
    const to = (t) => t.replace(/^up(\d)$/, "1s pile $1").replace(/^row(\d)$/, "row $1");
    if ((m = /^([a-z]+\d?)>([a-z]+\d?)$/.exec(action))) return [from(m[1]), ` → ${to(m[2])}`];
  }
  if (game === "muggins") {
    if (action === "new") return ["Start a new pile"];
    if ((m = /^centre:(\d+)$/.exec(action))) return [`Play on pile ${m[1]}`];
    if ((m = /^stock:(\d+)$/.exec(action))) return [`Play on ${names.whose(Number(m[1]))} stock`];
    if (action === "hand") return ["Draw from your hand"];
    if (action === "muggins") return ["Muggins!"];
    if (action === "decline") return ["Let it go"];
  }
  if (game === "flush") {
    if ((m = /^blind:(\d+)$/.exec(action))) return [`Flip blind card ${m[1]}`];
    if ((m = /^b(\d+)$/.exec(action))) return [`Base ${m[1]} `, sc(v.bases?.[me]?.[Number(m[1]) - 1])];
    if ((m = /^link:(\d+)$/.exec(action))) return [`Link Flush with ${m[1]} links`];
    if (action === "flush") return ["Flush ", sc("f")];
    if (action === "bigflush") return ["Big Flush ", sc("bf")];
    if ((m = /^pass:(\d+)$/.exec(action))) return [`Pass base ${m[1]}`];
  }
  if ((m = /^ask:(\d+):(.+)$/.exec(action))) return [`Ask ${names.who(Number(m[1]))} for `, card(game, m[2], {small: true})];
  if (game === "flush" && (m = /^(\d+)x(.+)$/.exec(action))) return [`${m[1]} × `, card(game, m[2], {small: true})];
  if (isCard(game, action)) return [game === "flaps" ? "Lay " : "Play ", card(game, action, {small: true})];
  if (game === "flaps" && (m = /^([a-z0-9]+)(.*)$/.exec(action)) && isCard(game, m[1])) {
    const rest = m[2].replace(/^:([cdhs])/, (_, s) => ` call ${{c: "♣", d: "♦", h: "♥", s: "♠"}[s]}`)
      .replace(/^>(\d+)/, (_, p) => ` at ${names.who(Number(p))}`).replace(/!$/, " — Last Card!");
    return ["Lay ", card(game, m[1], {small: true}), rest];
  }
  if (game === "flaps" && (m = /^t:(.+)$/.exec(action)) && isCard(game, m[1])) return ["TRUMPS: ", card(game, m[1], {small: true})];
  return [action];
}

// Authors and Go to the Store ask in two steps — whom, then which number — instead of
// one button per player and number (21 at four players): the ask actions by target,
// in seat order (null: not such a game, or nothing to ask).
export function askTargets(game, legal) {
  if (game !== "authors" && game !== "go-to-the-store") return null;
  const out = new Map();
  for (const a of legal) {
    const m = /^ask:(\d+):(.+)$/.exec(a);
    if (!m) continue;
    const t = Number(m[1]);
    if (!out.has(t)) out.set(t, []);
    out.get(t).push(a);
  }
  return out.size ? new Map([...out].sort((x, y) => x[0] - y[0])) : null;
}

// Which legal actions play each card of the person's hand (by its place in the hand), so
// the cards themselves are clickable: one action acts, several narrow the buttons to them.
export function handActions(game, v, legal) {
  const hand = Array.isArray(v.hand) ? v.hand : [];
  const out = hand.map(() => []);
  for (const a of legal) {
    let m;
    if (game === "flinch" && (m = /hand(\d+)/.exec(a))) {
      const i = Number(m[1]) - 1;
      if (out[i]) out[i].push(a);
      continue;
    }
    let name = null;
    if (isCard(game, a)) name = a;
    else if ((m = /^ask:\d+:(.+)$/.exec(a)) && isCard(game, m[1])) name = m[1];
    else if (game === "flaps" && (m = /^(?:t:)?([a-z0-9]+)(?:[:>!].*)?$/.exec(a)) && isCard(game, m[1])) name = m[1];
    if (name === null) continue;
    hand.forEach((c, i) => { if (c === name) out[i].push(a); });
  }
  return out;
}

// How the result ranks players with equal scores, said under the result when some tie
// (FLAPS: match points, then fewer cards in hand; Fly-swatter: more flies won; Flush's
// elimination: who stayed in longer). null: nobody ties.
const TIE_BREAKS = {
  flaps: ["cards_left", "Equal points are ranked by fewer cards in hand", "cards left"],
  flyswatter: ["flies_won", "Equal scores are ranked by more flies won", "flies won"],
  flush: ["out_round", "Equal totals are ranked by who stayed in longer", "out in round"],
};

export function rankNote(game, r, names) {
  const scores = r.scores || [], ranks = r.ranks || [];
  const tied = scores.map((s, i) => i).filter((i) => scores.some((t, j) => j !== i && t === scores[i]));
  if (!tied.length) return null;
  const broken = tied.some((i) => tied.some((j) => scores[j] === scores[i] && ranks[j] !== ranks[i]));
  const rule = TIE_BREAKS[game];
  const values = rule && r.details && Array.isArray(r.details[rule[0]]) ? r.details[rule[0]] : null;
  let text;
  if (broken && rule) {
    text = `${rule[1]}` + (values ? ` (${rule[2]}: ${tied.map((i) => `${names.who(i)} ${rule[0] === "out_round" && !values[i] ? "still in" : values[i] ?? "–"}`).join(", ")})` : "") + ".";
  } else if (broken) text = "Equal scores are ranked by the game's tie-break (see its rules).";
  else text = "Equal scores share a rank.";
  return h("p", {class: "rank-note"}, text);
}
