// A deck spec (Flush's `deck` option, sent as data) in words, for the lobby's preview and
// the table's facts (where the server gives it resolved, as canonical JSON text).

// "Pack: NAME — 90 cards: 8×1 8×2 … 8×10; 10 Flush (2 Big)" from a deck spec
export function describePack(spec) {
  if (!spec || typeof spec !== "object" || !Array.isArray(spec.cards)) throw new Error("it needs a cards list");
  let total = 0, flush = 0, big = 0;
  const values = {};
  for (const c of spec.cards) {
    const n = Number(c.count) || 0;
    total += n;
    if (c.flush) { flush += n; if (c.flush === "big") big += n; } else values[c.value] = (values[c.value] || 0) + n;
  }
  const counts = Object.entries(values).sort((a, b) => a[0] - b[0]).map(([v, n]) => `${n}×${v}`).join(" ");
  return `Pack: ${spec.name || "unnamed"} — ${total} cards: ${counts}; ${flush} Flush (${big} Big)`;
}

// The pack a table plays with, from its resolved options (null: the game's default pack)
export function tablePack(options) {
  const deck = options && options.deck;
  if (typeof deck !== "string" || !deck.startsWith("{")) return null;
  try { return describePack(JSON.parse(deck)); } catch { return null; }
}
