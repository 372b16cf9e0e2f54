// The lobby: the games with their summaries and options, seats (a person or a bot each),
// create a table and share its link; the tables there are to join, watch or replay.
import {api, clear, h, holdSeat, myName, setMyName} from "./dom.js";
import {gameModule, loadGame} from "./modules.js";

export async function lobbyPage(root) {
  const list = h("div", {id: "games", class: "games", role: "list"});
  const form = h("section", {id: "new-table", "aria-label": "new table"});
  const tables = h("section", {id: "tables", "aria-label": "tables"});
  clear(root, h("header", {class: "bar"}, h("span", {class: "home"}, "fliptable"), h("h1", {}, "Card games by their rulebooks")),
    h("div", {class: "lobby"}, h("section", {"aria-label": "games"}, h("h2", {}, "Pick a game"), list), form, tables));
  let games;
  try { games = (await api("/api/games")).games; } catch (err) { clear(list, h("p", {role: "alert"}, err.message)); return; }
  const pick = (g) => {
    for (const b of list.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.game === g.id));
    showForm(form, g);
  };
  clear(list, games.map((g) => h("button", {type: "button", role: "listitem", class: "game", dataset: {game: g.id},
    "aria-pressed": "false", onclick: () => { pick(g); if (window.innerWidth < 900) form.scrollIntoView({block: "start"}); }},
  h("strong", {}, g.title), h("span", {class: "summary"}, g.summary),
  h("span", {class: "meta"}, `${g.players[0]}–${g.players[1]} players${g.dynamics === "real-time" ? " · real-time" : g.dynamics === "simultaneous" ? " · simultaneous" : ""}`))));
  const wanted = new URLSearchParams(location.search).get("game");
  pick(games.find((g) => g.id === wanted) || games[0]);
  refreshTables(tables);
  setInterval(() => refreshTables(tables), 5000);
}

function showForm(form, g) {
  const name = h("input", {type: "text", id: "name", maxlength: 40, value: myName(), placeholder: "your name"});
  const players = h("select", {id: "players"});
  for (let n = g.players[0]; n <= g.players[1]; n++) players.append(h("option", {value: n, selected: n === g.default_players}, String(n)));
  const seatsBox = h("div", {id: "seats-setup", class: "seat-setup"});
  const seatChoice = (i) => {
    const sel = h("select", {id: `seat-${i}`, "aria-label": `seat ${i}`, dataset: {seat: i}},
      h("option", {value: "human", selected: i === 0 || undefined}, i === 0 ? "you" : "a person"),
      g.bots.map((b) => h("option", {value: b, selected: (i > 0 && b === (g.play_bot || g.default_bot)) || undefined}, `bot: ${b}`)));
    if (i === 0) sel.disabled = false;
    return h("label", {class: "seat-choice"}, `Seat ${i} `, sel);
  };
  const drawSeats = () => {
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    clear(seatsBox, Array.from({length: Number(players.value)}, (_, i) => seatChoice(i)));
    old.forEach((v, i) => { const s = seatsBox.querySelector(`#seat-${i}`); if (s) s.value = v; });
  };
  players.addEventListener("change", drawSeats);
  drawSeats();
  const options = g.options.map((o) => {
    if (o.local_file) return fileOption(g, o);
    const choices = /^[\w.-]+(\|[\w.-]+)+$/.test(o.accepted) ? o.accepted.split("|") : null;
    const input = choices
      ? h("select", {id: `opt-${o.name}`, dataset: {option: o.name}}, choices.map((c) => h("option", {value: c, selected: String(o.default) === c || undefined}, c)))
      : h("input", {type: "text", id: `opt-${o.name}`, dataset: {option: o.name}, value: o.default === null ? "" : String(o.default)});
    return h("div", {class: "option"}, h("label", {for: `opt-${o.name}`}, o.name.replace(/_/g, " ")), input,
      h("small", {}, o.help || o.accepted));
  });
  const clock = h("input", {type: "number", id: "turn-limit", min: 1, max: 3600, placeholder: "off", "aria-label": "turn clock in seconds"});
  const seed = h("input", {type: "text", id: "seed", maxlength: 200, placeholder: "random"});
  const pace = h("input", {type: "number", id: "bot-delay", min: 0, max: 10000, step: 100, placeholder: "server's default"});
  const botSettings = h("input", {type: "text", id: "bot-settings", placeholder: "e.g. 25 or key=value,…", maxlength: 100});
  const listed = h("input", {type: "checkbox", id: "public"});
  const msg = h("p", {class: "error", role: "alert", id: "create-error"});
  clear(form, h("h2", {}, `New table: ${g.title}`), h("p", {class: "summary"}, g.summary),
    h("form", {id: "create", onsubmit: async (e) => {
      e.preventDefault();
      msg.textContent = "";
      const tweak = botSettings.value.trim();
      const body = {game: g.id, seats: [...seatsBox.querySelectorAll("select")].map((s) => (s.value !== "human" && tweak ? `${s.value}:${tweak}` : s.value)),
        options: {}};
      if (seed.value.trim()) body.seed = /^-?\d+$/.test(seed.value.trim()) ? Number(seed.value.trim()) : seed.value.trim();
      if (pace.value !== "") body.bot_delay_ms = Number(pace.value);
      for (const el of form.querySelectorAll("[data-option]")) {
        const o = g.options.find((x) => x.name === el.dataset.option);
        if (el.value !== String(o.default)) body.options[el.dataset.option] = el.value;
      }
      for (const el of form.querySelectorAll("[data-file-option]")) {
        const value = el.value.trim();
        if (!value || value.toLowerCase() === "default") continue;
        try { body.options[el.dataset.fileOption] = JSON.parse(value); } catch (err) {
          msg.textContent = `${el.dataset.fileOption}: not a JSON ${el.dataset.fileOption} spec (${err.message})`;
          return;
        }
      }
      if (listed.checked) body.public = true;
      if (name.value.trim()) { body.name = name.value.trim(); setMyName(body.name); }
      if (clock.value) body.turn_limit_ms = Number(clock.value) * 1000;
      try {
        const r = await api("/api/tables", body);
        if (r.token) holdSeat(r.table, r.seat, r.token);
        location.assign(`/table/${encodeURIComponent(r.table)}`);
      } catch (err) { msg.textContent = err.message; }
    }},
    h("div", {class: "row"}, h("label", {for: "name"}, "Your name"), name),
    h("div", {class: "row"}, h("label", {for: "players"}, "Players"), players),
    h("fieldset", {}, h("legend", {}, "Seats"), seatsBox),
    options.length ? h("fieldset", {}, h("legend", {}, "Options"), options) : null,
    h("div", {class: "row"}, h("label", {for: "turn-limit"}, "Turn clock (seconds, empty: none)"), clock),
    h("div", {class: "row"}, h("label", {for: "public"}, listed, " List this table in the lobby (anyone may join); otherwise friends come by its link")),
    h("details", {class: "advanced"}, h("summary", {}, "More: seed, bots' pace and settings"),
      h("div", {class: "row"}, h("label", {for: "seed"}, "Seed (others will know the deck)"), seed),
      h("div", {class: "row"}, h("label", {for: "bot-delay"}, "Bots' pace (ms a turn)"), pace),
      h("div", {class: "row"}, h("label", {for: "bot-settings"}, "Bot settings (as on the command line, for every bot)"), botSettings)),
    h("button", {type: "submit", id: "create-button", class: "primary"}, "Create table"), msg));
}

async function refreshTables(box) {
  let data;
  try { data = await api("/api/tables"); } catch { return; }
  const row = (t) => {
    const open = t.seats.filter((s) => s.kind === "human" && !s.taken).length;
    const who = t.seats.map((s) => s.kind === "bot" ? `bot ${s.bot}` : s.name || (s.taken ? "someone" : "(free)")).join(", ");
    const state = t.over ? "over" : t.started ? "running" : open ? `waiting for ${open}` : "waiting for everyone to connect";
    return h("li", {dataset: {table: t.table, state: t.over ? "over" : t.started ? "running" : "open"}},
      h("a", {href: `/table/${encodeURIComponent(t.table)}`}, `${t.title}`), ` · ${state} · ${who}`,
      t.over ? [" · ", h("a", {href: `/?replay=${encodeURIComponent(t.table)}`}, "replay")] : null,
      t.rematch ? [" · ", h("a", {href: `/table/${encodeURIComponent(t.rematch)}`, class: "rematch"}, "rematch")] : null);
  };
  // a table closed for want of anyone connected (expired) is listed nowhere
  const groups = [["open", "Waiting for players", (t) => !t.started && !t.over && !t.expired],
    ["running", "Playing now (watch)", (t) => t.started && !t.over && !t.expired],
    ["over", "Finished", (t) => t.over]];
  clear(box, h("h2", {}, "Tables"), groups.map(([key, title, test]) => {
    const ts = data.tables.filter(test).slice(0, 20);
    return h("div", {class: `tables-${key}`}, h("h3", {}, title), ts.length ? h("ul", {}, ts.map(row)) : h("p", {class: "none"}, "none"));
  }));
}

// An option that may name a file on the command line (Flush's deck spec): here the person
// picks the file (read by the browser) or pastes its JSON; the spec itself is sent, never a
// path, and what it describes is shown (the game module's `describeFile`: Flush's pack).
function fileOption(g, o) {
  const id = `opt-${o.name}`;
  const text = h("textarea", {id, rows: 3, dataset: {fileOption: o.name}, spellcheck: "false",
    placeholder: `default — or paste the ${o.name} spec (JSON), or pick its file below`});
  const pack = h("p", {id: `${id}-pack`, class: "pack", "aria-live": "polite"});
  const said = (spec) => {
    const own = gameModule(g.id).describeFile;
    if (own) return own(o, spec);
    return spec === null ? `${o.name}: the default` : `${o.name}: ${JSON.stringify(spec).length} characters of JSON`;
  };
  const show = () => {
    const value = text.value.trim();
    try {
      pack.textContent = said(!value || value.toLowerCase() === "default" ? null : JSON.parse(value));
      delete pack.dataset.error;
    } catch (err) {
      pack.textContent = `Not a JSON ${o.name} spec: ${err.message}`;
      pack.dataset.error = "true";
    }
  };
  loadGame(g.id).then(show);
  const file = h("input", {type: "file", id: `${id}-file`, accept: ".json,application/json", "aria-label": `${o.name} file`,
    onchange: async () => {
      const f = file.files && file.files[0];
      if (!f) return;
      if (f.size > 64 * 1024) { pack.textContent = `${f.name} is ${f.size} bytes; a ${o.name} spec is at most 64 KiB`; pack.dataset.error = "true"; return; }
      text.value = await f.text();
      show();
    }});
  text.addEventListener("input", show);
  return h("div", {class: "option file-option"}, h("label", {for: id}, o.name.replace(/_/g, " ")), text, file, pack,
    h("small", {}, o.help || o.accepted));
}
