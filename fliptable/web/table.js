// The table page: the table's public facts and this seat's frames over the WebSocket
// (docs/server.md, fliptable-ws/1), drawn; every legal action a button.
import {api, clear, forgetSeat, h, heldSeats, holdSeat, myName, setMyName} from "./dom.js";
import {card} from "./cards.js";
import {seatBoxes as drawSeats} from "./draw.js";
import {actionLabel, askTargets, centre, describe, enterAction, handActions, loadGame, optionsNote, raceTitle, rankNote} from "./games.js";
import {assignKeys} from "./keys.js";
import {makeNames} from "./names.js";
import {narrate} from "./narrate.js";

export function tablePage(root, id) {
  const fromFragment = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromFragment) {
    const seat = new URLSearchParams(location.hash.slice(1)).get("seat");
    holdSeat(id, seat === null ? null : Number(seat), fromFragment);
    history.replaceState(null, "", location.pathname);
  }
  // online: the WebSocket is open; queued: the move sent and not yet answered ({action, ply}),
  // kept over a lost connection and sent again once back if the game is still at that ply
  const st = {id, facts: null, frame: null, events: [], ws: null, freshHistory: false, pending: false,
    retry: 0, lines: 0, said: {}, asking: null, closedFor: null, filter: null, per: null, clockEnd: null, clockLimit: null, keys: new Map(),
    online: false, lost: false, queued: null, typed: ""};
  const token = () => (heldSeats()[id] || {}).token || null;

  const el = {
    title: h("h1", {id: "title"}, "Table"),
    status: h("p", {id: "status", role: "status", "aria-live": "polite"}, "Connecting…"),
    pack: h("p", {id: "pack", class: "pack", hidden: true}),
    conn: h("span", {id: "conn", class: "conn"}, ""),
    share: h("section", {id: "share", class: "share"}),
    join: h("section", {id: "join"}),
    clock: h("div", {id: "clock", role: "timer", "aria-live": "off", hidden: true}),
    seats: h("section", {id: "seats", "aria-label": "seats"}),
    centre: h("section", {id: "centre", "aria-label": "the table"}),
    hand: h("section", {hidden: true, id: "hand", "aria-label": "your hand"}),
    actions: h("section", {hidden: true, id: "actions", "aria-label": "your actions"}),
    error: h("div", {id: "error", role: "alert"}),
    result: h("section", {hidden: true, id: "result", "aria-live": "polite"}),
    log: h("ol", {id: "narration", "aria-live": "polite"}),
    details: h("div", {id: "view-details"}),
  };
  clear(root,
    h("header", {class: "bar"}, h("a", {href: "/", class: "home", "aria-label": "back to the lobby"}, "fliptable"), el.title, el.conn),
    h("div", {class: "layout"},
      h("div", {class: "main"}, el.status, el.pack, el.join, el.clock, el.result, el.seats, el.centre, el.hand, el.actions, el.error, el.share,
        h("details", {class: "view"}, h("summary", {}, "Everything in the view"), el.details)),
      h("aside", {class: "side", "aria-label": "what happened"}, h("h2", {}, "What happened"), el.log)));

  const names = () => makeNames(st.facts ? st.facts.seats : [], you());
  const you = () => (st.facts ? st.facts.you : null);
  const game = () => (st.facts ? st.facts.game : st.frame && st.frame.game);

  // --- connection ----------------------------------------------------------------------
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const t = token();
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(id)}${t ? `?token=${encodeURIComponent(t)}` : ""}`);
    st.ws = ws;
    st.freshHistory = true;
    el.conn.textContent = "connecting…";
    ws.onopen = () => {
      st.retry = 0; st.online = true; st.lost = false; root.dataset.conn = "open";
      el.conn.textContent = t ? "connected" : "watching"; el.conn.dataset.state = "open";
    };
    ws.onmessage = (m) => {
      let msg;
      try { msg = JSON.parse(m.data); } catch { return; }
      if (msg.type === "table") onTable(msg);
      else if (msg.type === "frame") onFrame(msg);
      else if (msg.type === "error") onError(msg);
      else if (msg.type === "timeout") onTimeout(msg);
      else if (msg.type === "seat_freed") note("seat_freed", msg.message);
    };
    ws.onclose = (e) => {
      if (st.ws !== ws) return;
      el.conn.dataset.state = "closed";
      st.online = false;
      st.lost = true;
      root.dataset.conn = "lost";
      if (!st.queued) st.pending = false;
      if (e.code === 4404 || e.code === 4403 || e.code === 4410) {
        st.closedFor = e.code;
        el.conn.textContent = "disconnected";
        el.status.textContent = e.code === 4404 ? "There is no such table."
          : e.code === 4410 ? "This table was closed: nobody was connected to it for a long time."
          : "This server does not accept connections from this page's origin.";
        return;
      }
      if (e.code === 4401) {  // the kept token holds no seat here (an old table's, or freed): watch instead
        forgetSeat(id);
        st.queued = null; st.pending = false;
        const why = el.error.textContent.startsWith("your seat was freed") ? `${el.error.textContent}. ` : "";
        el.error.textContent = `${why}This browser's seat at this table is no longer valid; watching instead.`;
        st.facts = st.facts ? {...st.facts, you: null} : st.facts;
        connect();
        return;
      }
      const delay = Math.min(5000, 500 * 2 ** st.retry++);
      el.conn.textContent = `reconnecting in ${Math.round(delay / 100) / 10} s…`;
      render();
      setTimeout(connect, delay);
    };
  }

  function send(msg) {
    if (st.ws && st.ws.readyState === WebSocket.OPEN) { st.ws.send(JSON.stringify(msg)); return true; }
    return false;
  }

  // A button's action is one of `legal`; a typed one is sent as typed, so the server's
  // refusal (the rule's words) is shown when it is not.
  function act(action, typed = false) {
    if (!st.online || !st.frame || st.pending || !action || (!typed && !st.frame.legal.includes(action))) return;
    if (send({type: "act", action, ply: st.frame.ply})) {
      st.pending = true;
      st.queued = {action, ply: st.frame.ply};
      if (typed) st.typed = "";
      el.error.textContent = "";
      for (const b of root.querySelectorAll("[data-action]")) b.disabled = true;
    }
  }

  // --- messages ------------------------------------------------------------------------
  function onTable(msg) {
    st.facts = msg;
    if (msg.you !== null && msg.you !== undefined) root.dataset.you = msg.you; else delete root.dataset.you;
    render();
  }

  function onFrame(msg) {
    if (st.freshHistory) { st.events = []; st.lines = 0; st.said = {}; clear(el.log); st.freshHistory = false; }
    if (!st.frame || st.frame.ply !== msg.ply) { st.filter = null; st.asking = null; }
    st.frame = msg;
    st.pending = false;
    const q = st.queued;
    st.queued = null;
    if (q && q.ply === msg.ply && (msg.legal || []).includes(q.action)) {
      // back after a lost connection with the move unanswered, and the game still there: send it
      if (send({type: "act", action: q.action, ply: q.ply})) { st.pending = true; st.queued = q; }
    }
    const said = msg.narration || [];
    (msg.events || []).forEach((e, k) => {
      st.events.push(e);
      const li = narrate(msg.game, e, said[k], st.lines + 1);
      if (li) { st.lines += 1; el.log.append(li); st.said[e.type] = said[k]; }
    });
    while (el.log.children.length > 2000) el.log.firstChild.remove();
    const side = el.log.parentElement;  // scroll the narration panel only, never the page
    if (side) side.scrollTop = side.scrollHeight;
    if (msg.clock) {
      st.clockEnd = performance.now() + msg.clock.remaining_ms;
      st.clockLimit = msg.clock.limit_ms || msg.clock.remaining_ms;
    } else st.clockEnd = null;
    render();
  }

  function onError(msg) {
    st.pending = false;
    if (st.queued && (msg.ply === null || msg.ply === st.queued.ply)) st.queued = null;
    el.error.textContent = msg.message;
    render();
  }

  // An action the turn clock played: the seat it was played for is told which
  function onTimeout(msg) {
    const n = names();
    const g = game();
    note("timeout", msg.player === you() && msg.action
      ? `Time ran out: ${actionLabel(g, msg.action, (st.frame && st.frame.view) || {}, n)} was played for you`
      : `Time ran out for ${n.who(msg.player)}: the game played for them`);
  }

  function note(kind, text) {
    st.lines += 1;
    el.log.append(h("li", {class: `ev ev-${kind}`, dataset: {event: kind, n: st.lines}}, text));
    const side = el.log.parentElement;
    if (side) side.scrollTop = side.scrollHeight;
  }

  // --- drawing -------------------------------------------------------------------------
  function render() {
    const f = st.facts, fr = st.frame, g = game();
    if (f) {
      el.title.textContent = `${f.title} · table ${f.table}`;
      el.share.classList.toggle("first", !f.started);
      document.title = `${f.title} — fliptable`;
      const pack = optionsNote(f.game, f.options);
      el.pack.hidden = !pack;
      el.pack.textContent = pack || "";
      root.dataset.game = f.game;
    }
    renderShare();
    renderJoin();
    renderStatus();
    renderResult();
    if (!fr) { clear(el.seats, f ? seatBoxes(null) : null); el.actions.hidden = true; el.hand.hidden = true; return; }
    root.dataset.ply = fr.ply;
    const v = fr.view || {};
    clear(el.seats, seatBoxes(v));
    clear(el.centre, centre(g, v, names(), (type) => st.said[type] || null));
    renderHand(v);
    renderActions(v);
    clear(el.details, describeView(g, v));
    tick();
  }

  function seatBoxes(v) {
    return drawSeats(game(), st.facts, st.frame, v, names(), you());
  }

  function renderHand(v) {
    const g = game(), legal = st.frame ? st.frame.legal : [];
    if (!Array.isArray(v.hand)) { clear(el.hand); el.hand.hidden = true; return; }
    el.hand.hidden = false;
    const per = handActions(g, v, legal);
    if (st.filter !== null && !(per[st.filter] && per[st.filter].length > 1)) st.filter = null;
    const one = (c, i) => {
      const acts = per[i] || [];
      if (!acts.length || st.pending || !st.online) return card(g, c);
      if (acts.length === 1) return card(g, c, {action: acts[0], onclick: () => act(acts[0]), label: `${acts[0] === c ? "play" : acts[0]}: ${cardName(g, c)}`});
      const b = card(g, c, {action: "", label: `choose what to do with ${cardName(g, c)} (${acts.length} ways)`,
        onclick: () => { st.filter = st.filter === i ? null : i; render(); root.querySelector("#actions .act")?.focus(); }});
      delete b.dataset.action;
      b.dataset.choices = acts.length;
      b.setAttribute("aria-pressed", String(st.filter === i));
      return b;
    };
    clear(el.hand, h("h2", {}, `Your hand (${v.hand.length})`),
      h("div", {class: "cards fan", role: "list"}, v.hand.map((c, i) => h("span", {role: "listitem", class: "slot"}, one(c, i)))));
    st.per = per;
  }

  function cardName(g, c) { return card(g, c).getAttribute("aria-label"); }

  function renderActions(v) {
    const fr = st.frame, g = game(), n = names();
    const legal = fr.legal || [];
    const race = fr.decision && fr.decision.kind === "race";
    let shown = st.filter !== null && st.per && st.per[st.filter] ? st.per[st.filter] : legal;
    // asking in two steps (Authors): first whom — one button per player — then which number
    const asks = shown === legal ? askTargets(g, legal) : null;
    let steps = null;
    if (asks && asks.size > 1 && (st.asking === null || !asks.has(st.asking))) {
      st.asking = null;
      steps = [...asks.keys()];
      shown = legal.filter((a) => !/^ask:/.test(a));
    } else if (asks) {
      const t = asks.has(st.asking) ? st.asking : [...asks.keys()][0];
      shown = [...asks.get(t), ...legal.filter((a) => !/^ask:/.test(a))];
    }
    st.keys = assignKeys(shown, race);
    st.stepKeys = new Map();
    if (!legal.length) { clear(el.actions); el.actions.hidden = true; return; }
    el.actions.hidden = false;
    el.actions.classList.toggle("race", !!race);
    const used = new Set(st.keys.values());
    const ask = (t) => { st.asking = t; render(); root.querySelector("#actions .act[data-action]")?.focus(); };
    const stepButtons = (steps || []).map((t) => {
      const key = t <= 9 && !used.has(String(t)) ? String(t) : null;
      if (key) st.stepKeys.set(key, t);
      return h("button", {type: "button", class: "act step", dataset: {step: `ask:${t}`}, disabled: st.pending || !st.online,
        "aria-keyshortcuts": key, onclick: () => ask(t)}, `Ask ${n.who(t)}…`, key ? h("kbd", {"aria-hidden": "true"}, key) : null);
    });
    const back = asks && asks.size > 1 && st.asking !== null
      ? h("button", {type: "button", class: "show-all", dataset: {step: "back"}, onclick: () => { st.asking = null; render(); }}, "← ask someone else")
      : null;
    const buttons = [...stepButtons, ...shown.map((a) => {
      const key = st.keys.get(a);
      return h("button", {type: "button", class: "act", dataset: {action: a}, disabled: st.pending || !st.online,
        "aria-keyshortcuts": key || null, title: a, onclick: () => act(a)},
      actionLabel(g, a, v, n), key ? h("kbd", {"aria-hidden": "true"}, key) : null);
    }), back];
    const typed = h("input", {type: "text", list: "legal-list", "aria-label": "type an action", placeholder: "type an action…",
      autocomplete: "off", class: "typed", value: st.typed, oninput: (e) => { st.typed = e.target.value; }});
    const form = h("form", {class: "type-action", onsubmit: (e) => { e.preventDefault(); act(typed.value.trim(), true); }},
      typed, h("datalist", {id: "legal-list"}, legal.map((a) => h("option", {value: a}))),
      h("button", {type: "submit", class: "go", disabled: st.pending || !st.online}, "Go"));
    const d = fr.decision || {};
    const claim = !race && !(d.players || []).includes(you()) && (d.claimants || []).includes(you());
    el.actions.classList.toggle("race", !!(race || claim));
    const allowed = race ? raceTitle(g, v) : "";
    const title = steps ? "Your move: whom do you ask?" : asks && asks.size && !claim && !race
      ? `Your move: ask ${n.who(st.asking ?? [...asks.keys()][0])} for…` : "Your move";
    clear(el.actions, h("h2", {}, !st.online ? "Your move (waiting for the connection)" : race ? `Now!${allowed}` : claim ? "Out of turn — now!" : title), h("div", {class: "buttons" + (shown.length > 12 ? " many" : "")}, buttons,
      st.filter !== null && shown !== legal ? h("button", {type: "button", class: "show-all", onclick: () => { st.filter = null; render(); }}, `Show all ${legal.length}`) : null),
    race ? null : form);
  }

  function renderStatus() {
    const f = st.facts, fr = st.frame, n = names();
    let text = f && f.you === null ? "Watching. Connecting…" : "Connecting…";
    if (f && f.over) text = "Game over.";
    else if (f && f.expired) text = "This table was closed: nobody was connected to it for a long time.";
    else if (f && !f.started) {
      const open = f.seats.filter((s) => s.kind === "human" && !s.taken).length;
      const away = (f.waiting_for || []).filter((i) => i !== you());
      if (open) text = `Waiting for ${open} more player${open === 1 ? "" : "s"} — ${token() ? "share the link below" : "take a seat to play, or watch"}.`;
      else text = away.length ? `Waiting for ${n.all(away)} to connect; the game starts when everyone is here.` : "Starting…";
      if (you() === null && !open) text = `Watching. ${text}`;
    } else if (fr) {
      const d = fr.decision || {};
      const mine = fr.legal && fr.legal.length;
      if (d.kind === "over") text = "Game over.";
      else if (d.kind === "race") text = mine ? "Race! Act now." : "A race is on.";
      else if (mine && !(d.players || []).includes(you())) text = "You may act out of turn now!";
      else if (mine) text = d.kind === "simultaneous" ? "Your choice (everyone chooses at once)." : "Your turn.";
      else if (d.players && d.players.length) text = `Waiting for ${n.all(d.players)}.`;
      if (you() === null) text = `Watching. ${text}`;
    }
    if (st.lost && st.closedFor === null && !(f && (f.over || f.expired))) {
      const q = st.queued;
      text = "Connection lost — reconnecting… " + (q
        ? `Your move “${actionLabel(game(), q.action, (fr && fr.view) || {}, n)}” will be sent when it is back.`
        : you() !== null ? "Your actions wait until it is back." : "");
    }
    el.status.textContent = text.trim();
    el.status.dataset.conn = st.lost ? "lost" : "open";
  }

  function renderShare() {
    const f = st.facts;
    if (!f) return;
    const link = `${location.origin}/table/${f.table}`;
    const input = h("input", {type: "text", readonly: true, value: link, "aria-label": "join link", id: "join-link", onfocus: (e) => e.target.select()});
    // the creator (the first person's seat) may free another person's seat before the start
    const first = f.seats.find((s) => s.kind === "human");
    const freeable = !f.started && !f.over && first && you() === first.seat && token()
      ? f.seats.filter((s) => s.kind === "human" && s.taken && s.seat !== first.seat) : [];
    const free = async (seat) => {
      try { await api(`/api/tables/${encodeURIComponent(id)}/free`, {token: token(), seat}); } catch (err) { el.error.textContent = err.message; }
    };
    clear(el.share, h("h2", {}, f.started ? "Watch link" : "Invite friends"), h("div", {class: "linkrow"}, input,
      h("button", {type: "button", onclick: () => { navigator.clipboard?.writeText(link).catch(() => {}); input.select(); }}, "Copy")),
    freeable.length ? h("p", {class: "free-seats"}, freeable.map((s) => h("button", {type: "button", dataset: {free: s.seat},
      onclick: () => free(s.seat)}, `Free seat ${s.seat}${s.name ? ` (${s.name})` : ""}`))) : null,
    f.over ? h("p", {}, h("a", {href: `/?replay=${encodeURIComponent(f.table)}`}, "Replay this game")) : null);
  }

  function renderJoin() {
    const f = st.facts;
    const free = f && !f.started && !f.over && f.seats.some((s) => s.kind === "human" && !s.taken);
    if (!free || token()) { clear(el.join); el.join.hidden = true; return; }
    if (el.join.querySelector("form")) return;  // keep what the person is typing
    el.join.hidden = false;
    const name = h("input", {type: "text", id: "join-name", maxlength: 40, value: myName(), "aria-label": "your name", placeholder: "your name"});
    const msg = h("p", {class: "error", role: "alert"});
    clear(el.join, h("form", {class: "join", onsubmit: async (e) => {
      e.preventDefault();
      try {
        setMyName(name.value.trim());
        const r = await api(`/api/tables/${encodeURIComponent(id)}/join`, name.value.trim() ? {name: name.value.trim()} : {});
        holdSeat(id, r.seat, r.token);
        clear(el.join); el.join.hidden = true;
        st.ws.onclose = null; st.ws.close();
        connect();
      } catch (err) { msg.textContent = err.message; }
    }}, h("label", {for: "join-name"}, "Your name"), name, h("button", {type: "submit", id: "join-button", class: "primary"}, "Take a seat")), msg);
  }

  function renderResult() {
    const f = st.facts, fr = st.frame;
    const over = (f && f.over) || (fr && fr.decision && fr.decision.kind === "over");
    if (!over) { clear(el.result); delete el.result.dataset.over; el.result.hidden = true; return; }
    const r = (f && f.result) || {scores: fr.view.scores || [], winners: fr.view.winners || [], ranks: []};
    const n = names(), g = game();
    el.result.hidden = false;
    el.result.dataset.over = "true";
    el.result.dataset.winners = (r.winners || []).join(",");
    const seats = (r.scores || []).map((_, i) => i).sort((a, b) => (r.ranks?.[a] ?? 0) - (r.ranks?.[b] ?? 0));
    const w = r.winners || [];
    clear(el.result, h("h2", {}, "Game over"),
      h("p", {class: "winners"}, w.length ? `${n.all(w).replace(/^./, (c) => c.toUpperCase())} ${w.length === 1 && w[0] !== you() ? "wins" : "win"}!` : "Nobody wins."),
      h("table", {class: "scores"}, h("thead", {}, h("tr", {}, h("th", {}, "rank"), h("th", {}, "seat"), h("th", {}, "score"))),
        h("tbody", {}, seats.map((i) => h("tr", {dataset: {seat: i}, class: w.includes(i) ? "winner" : ""},
          h("td", {class: "rank"}, r.ranks && r.ranks[i] !== undefined ? String(r.ranks[i]) : ""),
          h("td", {class: "who"}, n.Who(i)), h("td", {class: "score"}, String(r.scores[i])))))),
      rankNote(g, r, n),
      f ? renderRematch(f) : null,
      h("p", {}, h("a", {href: "/"}, "Back to the lobby"), " · ", f ? h("a", {href: `/?replay=${encodeURIComponent(f.table)}`}, "Replay") : null));
  }

  // After the game: a rematch (docs/server.md) — the same seats and options, a new deal.
  // A player asks for it, or accepts once someone has (the same request); a spectator
  // may watch it.
  function renderRematch(f) {
    const mine = token();
    const go = async () => {
      try {
        const r = await api(`/api/tables/${encodeURIComponent(id)}/rematch`, {token: mine});
        holdSeat(r.table, r.seat, mine);  // the seat there is held by the same token
        location.assign(`/table/${encodeURIComponent(r.table)}`);
      } catch (err) { el.error.textContent = err.message; }
    };
    const same = "Same seats, same options, a new deal.";
    if (f.rematch && mine) {
      return h("p", {class: "rematch", role: "status"}, "A rematch is waiting for you. ", same, " ",
        h("button", {type: "button", id: "rematch-button", class: "primary", onclick: go}, "Join the rematch"));
    }
    if (f.rematch) return h("p", {class: "rematch"}, "The players started a rematch: ", h("a", {href: `/table/${encodeURIComponent(f.rematch)}`, id: "rematch-link"}, "watch it"));
    if (mine) return h("p", {class: "rematch"}, h("button", {type: "button", id: "rematch-button", class: "primary", onclick: go}, "Rematch"), ` ${same} The others are asked to join.`);
    return null;
  }

  function describeView(g, v) {
    return h("dl", {}, Object.entries(v).filter(([k]) => !["game", "seat", "options"].includes(k))
      .map(([k, x]) => [h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, describe(g, x))]));
  }

  // --- the clock -----------------------------------------------------------------------
  function tick() {
    if (st.clockEnd === null || (st.frame && st.frame.decision.kind === "over")) { el.clock.hidden = true; return; }
    const left = Math.max(0, st.clockEnd - performance.now());
    el.clock.hidden = false;
    const frac = st.clockLimit ? Math.max(0, Math.min(1, left / st.clockLimit)) : 0;
    clear(el.clock, h("span", {class: "secs"}, `${(left / 1000).toFixed(1)} s`),
      h("span", {class: "bar-out", "aria-hidden": "true"}, h("span", {class: "bar-in", style: `width:${(frac * 100).toFixed(1)}%`})));
    el.clock.setAttribute("aria-label", `${Math.ceil(left / 1000)} seconds left`);
  }
  setInterval(tick, 100);

  // --- keys ----------------------------------------------------------------------------
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    // Enter and Space keep their own meaning on a focused button or link
    if ((e.key === "Enter" || e.key === " ") && /^(BUTTON|A|SUMMARY)$/.test(e.target.tagName)) return;
    if (e.key === "Escape" && st.filter !== null) { st.filter = null; render(); return; }
    if (e.key === ":") { const t = root.querySelector(".typed"); if (t) { e.preventDefault(); t.focus(); } return; }
    const key = e.key === "Enter" && st.frame ? enterAction(game(), st.frame) : null;
    if (key) { e.preventDefault(); act(key); return; }
    for (const [a, k] of st.keys) if (k === e.key.toLowerCase()) { e.preventDefault(); act(a); return; }
    const t = st.stepKeys && st.stepKeys.get(e.key);
    if (t !== undefined) { e.preventDefault(); st.asking = t; render(); }
  });

  // --- start ---------------------------------------------------------------------------
  // the table's facts, then its game's browser module (modules.js), then the frames
  api(`/api/tables/${encodeURIComponent(id)}`).then(async (facts) => {
    await loadGame(facts.game);
    st.facts = {...facts, you: (heldSeats()[id] || {}).seat ?? null};
    render();
    connect();
  }).catch((err) => { el.status.textContent = err.message; });
}
