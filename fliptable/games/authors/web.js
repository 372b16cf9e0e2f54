// Authors in the browser: what the generic client (fliptable/web/games.js) draws from this
// module, given `t`, the kit bound to the game (docs/writing-a-game.md, "In the browser"):
// each seat's books; asks (`ask:SEAT:CARD`, worded by the client) go in two steps, whom
// and then which number.
export const askInTwoSteps = true;

export function seat(t, v, i) { return [t.line("books", v.books && v.books[i])]; }
