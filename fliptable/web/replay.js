// A finished table's log (fliptable-log/1): its actions stepped through one by one.
import {api, clear, h} from "./dom.js";
import {makeNames} from "./narrate.js";
import {card, isCard} from "./cards.js";

export async function replayPage(root, id) {
  clear(root, h("header", {class: "bar"}, h("a", {href: "/", class: "home"}, "fliptable"), h("h1", {}, "Replay")));
  let facts, log;
  try {
    facts = await api(`/api/tables/${encodeURIComponent(id)}`);
    log = await api(`/api/tables/${encodeURIComponent(id)}/log`);
  } catch (err) { root.append(h("p", {role: "alert"}, err.message)); return; }
  const n = makeNames(facts.seats, null);
  let at = 0;
  const pos = h("p", {id: "replay-pos", role: "status"});
  const list = h("ol", {id: "replay-actions", class: "replay"});
  const label = (a) => (isCard(log.game, a) ? card(log.game, a, {small: true}) : a);
  log.actions.forEach(([p, a], i) => list.append(h("li", {dataset: {i}}, p === null ? "the clock: " : `${n.Who(p)}: `, label(a))));
  const show = () => {
    pos.textContent = `action ${at} of ${log.actions.length}`;
    [...list.children].forEach((li, i) => { li.classList.toggle("done", i < at); li.classList.toggle("now", i === at - 1); });
    list.children[Math.max(0, at - 1)]?.scrollIntoView?.({block: "nearest"});
  };
  const step = (d) => { at = Math.max(0, Math.min(log.actions.length, at + d)); show(); };
  root.append(h("main", {class: "replay-page"}, h("h2", {}, `${facts.title} · table ${facts.table}`),
    h("p", {}, `${log.players} players · seed ${log.seed} · options ${JSON.stringify(log.options)}`),
    h("div", {class: "buttons"}, h("button", {type: "button", onclick: () => step(-at)}, "⏮ start"),
      h("button", {type: "button", onclick: () => step(-1)}, "◀ back"), h("button", {type: "button", onclick: () => step(1)}, "next ▶"),
      h("button", {type: "button", onclick: () => step(log.actions.length)}, "end ⏭")),
    pos, list,
    log.result ? h("section", {class: "result", "data-over": "true"}, h("h2", {}, "Result"),
      h("p", {}, `winners: ${n.all(log.result.winners)}`), h("p", {}, `scores: ${log.result.scores.map((s, i) => `${n.who(i)} ${s}`).join(", ")}`)) : null));
  document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") step(1); if (e.key === "ArrowLeft") step(-1); });
  show();
}
