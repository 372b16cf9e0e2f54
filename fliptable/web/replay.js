// A finished table, stepped through: its public events (what a spectator saw, from the
// server's frame history) narrated one by one, and the log (fliptable-log/1) it replays from.
import {api, clear, h} from "./dom.js";
import {makeNames, narrate} from "./narrate.js";
import {card, isCard} from "./cards.js";

function history(id) {
  return new Promise((resolve, reject) => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(id)}`);
    const timer = setTimeout(() => { ws.close(); reject(new Error("the table's history did not arrive")); }, 10000);
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "frame") { clearTimeout(timer); ws.close(); resolve(msg.events || []); }
    };
    ws.onerror = () => { clearTimeout(timer); reject(new Error("cannot connect to the table")); };
  });
}

export async function replayPage(root, id) {
  clear(root, h("header", {class: "bar"}, h("a", {href: "/", class: "home"}, "fliptable"), h("h1", {}, "Replay")));
  let facts, log, events;
  try {
    facts = await api(`/api/tables/${encodeURIComponent(id)}`);
    log = await api(`/api/tables/${encodeURIComponent(id)}/log`);
    events = await history(id);
  } catch (err) { root.append(h("p", {role: "alert", class: "error"}, err.message)); return; }
  const n = makeNames(facts.seats, null);
  const game = log.game;
  let at = events.length;
  let timer = null;
  const pos = h("p", {id: "replay-pos", role: "status"});
  const list = h("ol", {id: "replay-events", class: "replay"}, events.map((e) => narrate(game, e, n, null)));
  const show = () => {
    pos.textContent = `event ${at} of ${events.length}`;
    [...list.children].forEach((li, i) => { li.hidden = i >= at; li.classList.toggle("now", i === at - 1); });
    const li = list.children[Math.max(0, at - 1)];
    if (li) list.scrollTop = Math.max(0, li.offsetTop - list.clientHeight / 2);
  };
  const step = (d) => { at = Math.max(0, Math.min(events.length, at + d)); show(); };
  const play = h("button", {type: "button", id: "replay-play", onclick: () => {
    if (timer) { clearInterval(timer); timer = null; play.textContent = "▶ play"; return; }
    if (at >= events.length) at = 0;
    play.textContent = "❚❚ pause";
    timer = setInterval(() => { step(1); if (at >= events.length) { clearInterval(timer); timer = null; play.textContent = "▶ play"; } }, 700);
  }}, "▶ play");
  const label = (a) => (isCard(game, a) ? card(game, a, {small: true}) : a);
  const r = log.result || {};
  root.append(h("main", {class: "replay-page"},
    h("h2", {}, `${facts.title} · table ${facts.table}`),
    h("p", {}, `${log.players} players · ${log.actions.length} actions · options `, h("code", {}, JSON.stringify(log.options))),
    h("div", {class: "buttons", role: "toolbar", "aria-label": "replay controls"},
      h("button", {type: "button", onclick: () => step(-events.length)}, "« start"),
      h("button", {type: "button", id: "replay-back", onclick: () => step(-1)}, "◀ back"), play,
      h("button", {type: "button", id: "replay-next", onclick: () => step(1)}, "next ▶"),
      h("button", {type: "button", onclick: () => step(events.length)}, "end »")),
    pos, list,
    h("section", {class: "result", id: "result", "data-over": "true", dataset: {winners: (r.winners || []).join(",")}},
      h("h2", {}, "Result"), h("p", {class: "winners"}, `Winners: ${(r.winners || []).length ? (r.winners || []).map(n.Who).join(", ") : "nobody"}`),
      h("p", {}, `Scores: ${(r.scores || []).map((s, i) => `${n.who(i)} ${s}`).join(", ")}`)),
    h("details", {}, h("summary", {}, "The log's actions"),
      h("ol", {id: "replay-actions"}, log.actions.map(([p, a]) => h("li", {}, p === null ? "the clock: " : `${n.Who(p)}: `, label(a))))),
    h("p", {}, h("a", {href: `/api/tables/${encodeURIComponent(id)}/log`, download: `${id}.json`}, "Download the log"),
      " — replay it with ", h("code", {}, "fliptable replay"))));
  document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") step(1); if (e.key === "ArrowLeft") step(-1); });
  show();
}
