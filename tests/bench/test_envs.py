"""``fliptable bench --envs``'s report says whether every env reaches the speed target
(3x ``texas_holdem_v4`` under PettingZoo's convention), for each side's writers."""

from fliptable.bench.envs import describe


def _side(compiled: bool, ratios: dict[str, float]) -> dict:
    rows = {name: {"env_steps_per_second": 100.0 * r, "vs_texas_holdem_v4": r} for name, r in ratios.items()}
    return {
        "compiled_writers": compiled,
        "fliptable": rows,
        "pettingzoo_classic": {"texas_holdem_v4": {"env_steps_per_second": 100.0}},
    }


def test_the_report_names_the_envs_under_the_target_for_each_side():
    result = _side(True, {"flip7": 3.4, "flush": 2.72})
    result["pure"] = {**_side(False, {"flip7": 3.01, "flush": 3.0}), "speedup": {"flip7": 1.13, "flush": 0.91}}
    lines = describe(result)
    assert "target 3x texas_holdem_v4 (compiled writers, pettingzoo convention): not met by flush 2.72x" in lines
    assert "target 3x texas_holdem_v4 (pure-Python writers, pettingzoo convention): met by every env (2)" in lines


def test_without_texas_holdem_there_is_no_target_line():
    result = _side(True, {})
    result["fliptable"] = {"flip7": {"env_steps_per_second": 10.0}}
    assert not [line for line in describe(result) if line.startswith("target")]
