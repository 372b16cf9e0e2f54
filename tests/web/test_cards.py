"""Cards are clickable where the action is "play this card": a card with one action plays
it; a card with several narrows the buttons to that card's (Escape shows them all again)."""

from __future__ import annotations

from tests.web.helpers import LEGAL, watched_page


def _open(server, context, game, seats, seed):
    made = server.post("/api/tables", {"game": game, "seats": seats, "seed": seed, "name": "Ana", "bot_delay_ms": 50})
    page, errors = watched_page(context)
    page.goto(f"{made['join']}#seat={made['seat']}&token={made['token']}")
    page.wait_for_selector(LEGAL)
    return page, errors


def test_a_flinch_hand_card_narrows_the_buttons_to_its_moves(server, context):
    page, errors = _open(server, context, "flinch", ["human", "greedy"], 11)
    for _ in range(20):  # play on (the first button) until a hand card has several moves
        page.wait_for_selector(LEGAL)
        if page.locator("#hand button.card[data-choices]").count():
            break
        ply = int(page.locator("#app").get_attribute("data-ply"))
        page.locator(LEGAL).first.click()
        page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=ply)
    page.wait_for_selector(LEGAL)
    every = sorted(page.locator(LEGAL).evaluate_all("els => els.map(e => e.dataset.action)"))
    cards = page.locator("#hand button.card[data-choices]")
    assert cards.count() >= 1
    index = page.locator("#hand .card").evaluate_all("els => els.findIndex(e => e.dataset.choices)")
    cards.first.click()
    narrowed = page.locator(LEGAL).evaluate_all("els => els.map(e => e.dataset.action)")
    assert narrowed and len(narrowed) < len(every)
    assert all(f"hand{index + 1}>" in a for a in narrowed), narrowed
    assert len(narrowed) == int(cards.first.get_attribute("data-choices"))
    assert page.locator("#actions .show-all").is_visible()
    page.keyboard.press("Escape")
    assert sorted(page.locator(LEGAL).evaluate_all("els => els.map(e => e.dataset.action)")) == every
    # narrow again and play one of the card's moves
    page.locator("#hand button.card[data-choices]").first.click()
    ply = int(page.locator("#app").get_attribute("data-ply"))
    page.locator(LEGAL).first.click()
    page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=ply)
    assert page.locator("#error").inner_text() == ""
    assert not errors, errors


def test_a_flaps_card_with_one_move_is_laid_by_clicking_it(server, context):
    for seed in range(1, 40):
        page, errors = _open(server, context, "flaps", ["human", "greedy"], seed)
        one = page.locator("#hand button.card[data-action]:not([disabled])")
        if one.count():
            break
        page.close()
    else:
        raise AssertionError("no deal with a card to lay at once")
    action = one.first.get_attribute("data-action")
    assert action in page.locator(LEGAL).evaluate_all("els => els.map(e => e.dataset.action)")
    ply = int(page.locator("#app").get_attribute("data-ply"))
    one.first.click()
    page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=ply)
    assert page.locator("#error").inner_text() == ""
    assert not errors, errors
