// A finished table, stepped through ply by ply: the table itself as it was at each ply
// (the same drawing as the live table, from GET /api/tables/{id}/frames — a spectator's
// frames, or this browser's seat's when it holds one), the narration of what happened
// beside it, and the log (fliptable-log/1) it replays from.
import {api, clear, h, heldSeats} from "./dom.js";
import {makeNames} from "./names.js";
import {narrate} from "./narrate.js";
import {card, isCard, row} from "./cards.js";
import {actionLabel, centre, loadGame} from "./games.js";
import {seatBoxes} from "./draw.js";

async function framesFor(id) {
  const path = `/api/tables/${encodeURIComponent(id)}/frames`;
  const token = (heldSeats()[id] || {}).token;
  if (token) {
    try { return await api(`${path}?token=${encodeURIComponent(token)}`); } catch { /* an old seat: watch */ }
  }
  return api(path);
}

export async function replayPage(root, id) {
  clear(root, h("header", {class: "bar"}, h("a", {href: "/", class: "home"}, "fliptable"), h("h1", {}, "Replay")));
  let facts, log, data;
  try {
    facts = await api(`/api/tables/${encodeURIComponent(id)}`);
    log = await api(`/api/tables/${encodeURIComponent(id)}/log`);
    data = await framesFor(id);
    await loadGame(log.game);  // the game's browser module (modules.js), before drawing its table
  } catch (err) { root.append(h("p", {role: "alert", class: "error"}, err.message)); return; }
  const frames = data.frames, you = data.seat, last = frames.length - 1;
  const n = makeNames(facts.seats, you);
  const game = log.game;
  root.dataset.game = game;
  let at = last;
  let timer = null;

  const pos = h("p", {id: "replay-pos", role: "status", "aria-live": "polite"});
  const status = h("p", {id: "replay-status"});
  const seats = h("section", {id: "seats", "aria-label": "seats"});
  const middle = h("section", {id: "centre", "aria-label": "the table"});
  const hand = h("section", {id: "hand", "aria-label": you === null ? "hand" : "your hand"});
  // the narration: every event, tagged with the ply whose action caused it (0: the deal)
  // (the server's lines, as the live table drew them: one grammar)
  let said = 0;
  const list = h("ol", {id: "replay-events", "aria-label": "what happened"},
    frames.flatMap((f, k) => (f.events || []).map((e, j) => {
      const li = narrate(game, e, (f.narration || [])[j], said + 1);
      if (!li) return null;
      said += 1;
      li.dataset.ply = k;
      return li;
    })).filter((li) => li));

  const label = (a) => (isCard(game, a) ? card(game, a, {small: true}) : a);
  // an action in words (as its button said), from the view it was chosen in
  const words = (a, v) => { try { return actionLabel(game, a, v || {}, n); } catch { return label(a); } };
  const show = () => {
    const f = frames[at], v = f.view || {};
    root.dataset.ply = at;
    pos.textContent = `ply ${at} of ${last}`;
    const d = f.decision || {};
    const did = f.action ? [f.action[0] === null ? "The clock: " : `${n.Who(f.action[0])}: `, words(f.action[1], frames[at - 1].view), ". "] : ["The deal. "];
    clear(status, did, d.kind === "over" ? "Game over." : d.players && d.players.length
      ? `${d.kind === "simultaneous" ? "Choosing at once" : d.kind === "race" ? "Racing" : "To act"}: ${n.all(d.players)}.` : "");
    clear(seats, seatBoxes(game, facts, f, v, n, you));
    // the narration's latest line of a kind up to this ply (the middle's notices)
    const latest = (type) => {
      for (let k = at; k >= 0; k--) {
        const evs = frames[k].events || [];
        for (let j = evs.length - 1; j >= 0; j--) if (evs[j].type === type && (frames[k].narration || [])[j]) return frames[k].narration[j];
      }
      return null;
    };
    clear(middle, centre(game, v, n, latest));
    hand.hidden = !Array.isArray(v.hand);
    clear(hand, Array.isArray(v.hand) ? [h("h2", {}, `${you === null ? "Hand" : "Your hand"} (${v.hand.length})`),
      row(game, v.hand, {label: "hand", fan: true})] : null);
    for (const li of list.children) {
      const k = Number(li.dataset.ply);
      li.hidden = k > at;
      li.classList.toggle("now", k === at);
    }
    const now = list.querySelector("li.now") || [...list.children].filter((li) => !li.hidden).pop();
    const box = list.parentElement;  // the narration panel scrolls, never the page
    if (now && box) box.scrollTop += now.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientHeight / 2;
  };
  const go = (k) => { at = Math.max(0, Math.min(last, k)); show(); };
  const play = h("button", {type: "button", id: "replay-play", onclick: () => {
    if (timer) { clearInterval(timer); timer = null; play.textContent = "Play"; return; }
    if (at >= last) at = 0;
    play.textContent = "Pause";
    timer = setInterval(() => { go(at + 1); if (at >= last) { clearInterval(timer); timer = null; play.textContent = "Play"; } }, 700);
  }}, "Play");
  const r = log.result || {};
  root.append(h("main", {class: "replay-page"},
    h("h2", {}, `${facts.title} · table ${facts.table}`),
    h("p", {}, `${log.players} players · ${log.actions.length} actions · options `, h("code", {}, JSON.stringify(log.options)),
      you === null ? " · as a spectator saw it" : ` · as ${n.who(you) === "you" ? "you" : n.Who(you)} saw it (seat ${you})`),
    // the controls stay at the top of the screen while the table below is scrolled (a phone)
    h("div", {class: "replay-controls"}, h("div", {class: "buttons", role: "toolbar", "aria-label": "replay controls"},
      h("button", {type: "button", id: "replay-first", "aria-keyshortcuts": "Home", onclick: () => go(0)}, "« first"),
      h("button", {type: "button", id: "replay-back", "aria-keyshortcuts": "ArrowLeft", onclick: () => go(at - 1)}, "‹ back"), play,
      h("button", {type: "button", id: "replay-next", "aria-keyshortcuts": "ArrowRight", onclick: () => go(at + 1)}, "next ›"),
      h("button", {type: "button", id: "replay-last", "aria-keyshortcuts": "End", onclick: () => go(last)}, "last »")),
    pos),
    h("div", {class: "layout replay-layout"},
      h("div", {class: "main"}, status, seats, middle, hand),
      h("aside", {class: "side", "aria-label": "what happened"}, h("h2", {}, "What happened"), list)),
    h("section", {class: "result", id: "result", "data-over": "true", dataset: {winners: (r.winners || []).join(",")}},
      h("h2", {}, "Result"), h("p", {class: "winners"}, `Winners: ${(r.winners || []).length ? (r.winners || []).map(n.Who).join(", ") : "nobody"}`),
      h("p", {}, `Scores: ${(r.scores || []).map((s, i) => `${n.who(i)} ${s}`).join(", ")}`)),
    h("details", {}, h("summary", {}, "The log's actions"),
      h("ol", {id: "replay-actions"}, log.actions.map(([p, a]) => h("li", {}, p === null ? "the clock: " : `${n.Who(p)}: `, label(a))))),
    h("p", {}, h("a", {href: `/api/tables/${encodeURIComponent(id)}/log`, download: `${id}.json`}, "Download the log"),
      " — replay it with ", h("code", {}, "fliptable replay"))));
  document.addEventListener("keydown", (e) => {
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    const to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last}[e.key];
    if (to !== undefined) { e.preventDefault(); go(to); }
  });
  show();
}
