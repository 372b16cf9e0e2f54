"""run_play's log: written when the app closes, whatever happened in it."""

import json

from fliptable.core import parse_log, replay
from fliptable.tui import app as tui_app


def test_run_play_writes_the_log_of_what_was_played(monkeypatch, tmp_path):
    def fake_run(self):
        # stand-in for the screen: the person hits twice, then leaves
        for _ in range(2):
            seat = self.state.decision().player
            self.state.apply(seat, "hit")
            self.actions.append([seat, "hit"])
        return 0

    monkeypatch.setattr(tui_app.TableApp, "run", fake_run)
    path = tmp_path / "g.json"
    assert tui_app.run_play("flip7", 2, ["human"], 0, 7, {}, delay=0, outcome_delay=0, log_path=str(path)) == 0
    data = json.loads(path.read_text())
    assert data["seed"] == 7 and data["actions"][:2] == [[0, "hit"], [1, "hit"]]
    assert replay(parse_log(data)).result().to_json() == data["result"]
