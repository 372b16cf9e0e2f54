// Keys for legal actions, as the terminal gives them (fliptable/tui/keys.py): a short list
// (or a race) gets one key per action — a one-word action its first letter (hit -> h), an
// action ending in a number that digit (swat:3 -> 3, 10 -> 0), the rest the next free key.
const POOL = "123456789abcdefghijklmnoprstuvwxyz0";
export const FLAT_LIMIT = 12;

function natural(action) {
  const m = /(?:^|[:>])(\d+)$/.exec(action);
  if (m) { const n = Number(m[1]); return n <= 9 ? String(n) : n === 10 ? "0" : null; }
  if (/^[a-z]+$/i.test(action)) return action[0].toLowerCase();
  return null;
}

export function assignKeys(legal, race) {
  const keys = new Map();
  if (!legal.length || (legal.length > FLAT_LIMIT && !race)) return keys;
  const used = new Set(["q"]);
  for (const a of legal) {
    const k = natural(a);
    if (k && !used.has(k)) { keys.set(a, k); used.add(k); }
  }
  const pool = [...POOL].filter((k) => !used.has(k));
  for (const a of legal) if (!keys.has(a) && pool.length) keys.set(a, pool.shift());
  return keys;
}
