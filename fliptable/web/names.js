// Seats named for people on the page (the status line, seat boxes, buttons, the result):
// "you" for this page's seat, else the person's name or the bot with its seat number, so
// they match the narration's "seat N" (the narration's words come from the server).
export function makeNames(seats, you) {
  const name = (p) => {
    if (p === null || p === undefined) return "nobody";
    if (p === you) return "you";
    const s = seats && seats[p];
    if (s && s.kind === "bot") return `${s.bot || "bot"} (seat ${p})`;
    if (s && s.name) return `${s.name} (seat ${p})`;
    return `seat ${p}`;
  };
  return {
    who: name,
    Who: (p) => cap(name(p)),
    whose: (p) => (p === you ? "your" : `${name(p)}'s`),
    all: (ps) => (ps && ps.length ? ps.map(name).join(", ").replace(/, ([^,]*)$/, " and $1") : "nobody"),
  };
}

export function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
