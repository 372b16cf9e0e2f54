// Each game's own browser module, from its package: the server serves
// fliptable/games/<game>/web.js at /games/<id>/web.js (fliptable/server/app.py), and its
// style sheet when the module names one (`export const stylesheet = "web.css"`).
// loadGame(id) imports it once (a page awaits it before drawing that game's table);
// gameModule(id) is then the module, read by the generic drawing (games.js, cards.js).
// Every export is optional (docs/writing-a-game.md, "In the browser"): a game that draws
// nothing of its own is drawn by the defaults.

// what a game's module may export; anything else is a typo the browser tests catch
export const EXPORTS = ["seat", "centre", "action", "handCard", "face", "tieBreak", "askInTwoSteps",
  "raceTitle", "enterAction", "optionsNote", "describeFile", "stylesheet"];

const loaded = new Map();   // id -> the module (an empty one when the game has none)
const loading = new Map();  // id -> the promise of it

export function gameModule(id) { return loaded.get(id) || {}; }

export function loadGame(id) {
  if (typeof id !== "string" || !id) return Promise.resolve({});
  if (!loading.has(id)) loading.set(id, load(id));
  return loading.get(id);
}

async function load(id) {
  const base = new URL(`/games/${encodeURIComponent(id)}/`, location.origin);
  let mod = {};
  try {
    mod = await import(new URL("web.js", base).href);
  } catch (err) {
    console.warn(`no browser module for ${id} (${err.message}): drawn by the defaults`);
  }
  if (typeof mod.stylesheet === "string") await sheet(new URL(mod.stylesheet, base).href);
  loaded.set(id, mod);
  return mod;
}

// A style sheet added once, resolved when it has loaded (or failed): the table is never
// drawn before its game's look
function sheet(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((done) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => done();
    document.head.append(link);
  });
}
