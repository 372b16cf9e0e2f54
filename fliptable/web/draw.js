// The table as a frame draws it — each seat's box (name, whose turn, score, hidden hand,
// the game's own extras) — shared by the live table (table.js) and the replay viewer
// (replay.js), so a replay shows exactly what the players saw.
import {h} from "./dom.js";
import {back} from "./cards.js";
import {seatExtras} from "./games.js";

// facts: the table's public facts (or null); frame: the frame drawn (or null);
// v: its view; n: makeNames(...); you: the seat the page plays (null: a spectator)
export function seatBoxes(game, facts, frame, v, n, you) {
  const count = facts ? facts.players : (v && v.players) || 0;
  const acting = new Set(frame && frame.decision ? frame.decision.players : []);
  const claim = new Set(frame && frame.decision ? frame.decision.claimants || [] : []);
  const out = [];
  for (let i = 0; i < count; i++) {
    const s = facts ? facts.seats[i] : null;
    const active = acting.has(i) || (v && v.turn === i && !acting.size);
    // the seat's number beside every name: the narration calls the others "seat N"
    const kind = (s ? (s.kind === "bot" ? "bot" : s.taken ? "person" : "empty seat") : "") + (i === you ? ` · seat ${i}` : "");
    out.push(h("article", {class: ["seat", active ? "active" : "", i === you ? "mine" : "", claim.has(i) ? "claim" : ""].join(" "),
      dataset: {seat: i}, "aria-current": active ? "true" : null,
      "aria-label": `${n.Who(i)}${i === you ? " (you)" : ""}${active ? ", to act" : ""}`},
      h("header", {}, h("strong", {class: "name"}, i === you ? `You${s && s.name ? ` (${s.name})` : ""}` : n.Who(i)),
        h("span", {class: "kind"}, kind), active ? h("span", {class: "turn-mark", "aria-hidden": "true"}, "●") : null),
      v && v.scores ? h("div", {class: "score"}, "score ", h("b", {}, String(v.scores[i]))) : null,
      v && v.hand_counts && (i !== you || !Array.isArray(v.hand)) ? h("div", {class: "hidden-hand"}, back(v.hand_counts[i], "cards in hand")) : null,
      v ? seatExtras(game, v, i) : null));
  }
  return out;
}
