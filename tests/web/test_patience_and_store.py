"""The two games whose drawing only tests/web/test_every_game.py played: Patience's middle
(the card turned up, the up piles, the rows, the pack and the stock) and its moves in
words, and Go to the Store's books in each seat's box — drawn by their own browser modules
(fliptable/games/<game>/web.js) from the engine's real views."""

from __future__ import annotations

from tests.web.test_polish import SEATS, _page, _played_until, _seat_boxes


def test_patience_draws_its_piles_and_words_its_moves(server, context):
    state, _ = _played_until(
        "patience",
        1,
        lambda st, ev: (
            st.ply >= 10
            and any(len(r) > 1 for r in st.frame(0)["view"]["rows"])
            and any(a.startswith("row") and ">up" in a for a in st.frame(0)["legal"])
        ),
    )
    frame = state.frame(0)
    view = frame["view"]
    page, errors = _page(server, context)
    got = page.evaluate(
        """async ([frame, seats]) => {
        const {centre, actionLabel, loadGame} = await import("/games.js");
        const {makeNames} = await import("/names.js");
        await loadGame("patience");
        const box = document.createElement("section"); box.id = "centre"; document.body.append(box);
        box.append(...centre("patience", frame.view, makeNames(seats, 0)));
        const read = (el) => [...el.childNodes].map((n) => n.nodeType === 3 ? n.textContent
          : n.dataset && n.dataset.card ? `[${n.dataset.card}]` : read(n)).join("");
        const labels = {};
        for (const a of frame.legal) {
          const b = document.createElement("button");
          b.append(...actionLabel("patience", a, frame.view, makeNames(seats, 0)).flat());
          labels[a] = read(b);
        }
        return {up: [...box.querySelectorAll('[aria-label="up piles"] figcaption')].map((c) => c.textContent),
                upCards: [...box.querySelectorAll('[aria-label="up piles"] .pile > .card')]
                  .map((c) => c.dataset.card || null),
                rows: [...box.querySelectorAll(".prow")]
                  .map((r) => [...r.querySelectorAll(".card")].map((c) => c.dataset.card)),
                piles: [...box.querySelectorAll(":scope > .pile figcaption")].map((c) => c.textContent), labels};
    }""",
        [frame, SEATS],
    )
    assert got["up"] == [f"up {k + 1}" for k in range(len(view["up"]))]
    assert got["upCards"] == view["up"]
    assert got["rows"] == view["rows"]
    assert got["piles"] == [f"pack ({view['draw_count']})", f"stock ({len(view['discard'])})"]
    for action, label in got["labels"].items():  # a move in words: from where (its card) to where
        source, target = action.split(">")
        if source.startswith("row"):
            row = view["rows"][int(source[3:]) - 1]
            assert label.startswith(f"row {source[3:]} [{row[-1]}]"), (action, label)
        if target.startswith("up"):
            assert label.endswith(f" → 1s pile {target[2:]}"), (action, label)
        assert ">" not in label, (action, label)
    assert any(a.startswith("row") and ">up" in a for a in got["labels"]), frame["legal"]
    assert not errors, errors


def test_go_to_the_store_shows_each_seats_books(server, context):
    state, _ = _played_until(
        "go-to-the-store", 3, lambda st, ev: sum(bool(b) for b in st.frame(0)["view"]["books"]) >= 2
    )
    frame = state.frame(0)
    page, errors = _page(server, context)
    books = _seat_boxes(
        page,
        "go-to-the-store",
        frame,
        """(b) => [...b.querySelectorAll('[aria-label="books"] .card')].map((c) => c.dataset.card)""",
    )
    assert books == [list(b) for b in frame["view"]["books"]]
    assert sum(bool(b) for b in books) >= 2
    assert not errors, errors
