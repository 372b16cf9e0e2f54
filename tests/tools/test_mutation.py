"""tools/mutation.py and its cache plugin, without running mutmut (that takes long)."""

import configparser
import os

import pytest

from fliptable.core import get_game
from fliptable.games.flush import deckspec
from tools import mutation, mutation_caches


def test_wilson_interval_matches_the_textbook_values():
    low, high = mutation.wilson(81, 100)
    assert (round(low, 4), round(high, 4)) == (0.7222, 0.8749)
    assert mutation.wilson(0, 0) is None
    low, high = mutation.wilson(10, 10)
    assert round(high, 4) == 1.0 and round(low, 4) == 0.7225


def test_a_sample_is_seeded_sorted_and_never_larger_than_the_mutants():
    names = [f"m{i:03}" for i in range(500)]
    a = mutation.draw(names, 40, seed=3)
    assert a == mutation.draw(names, 40, seed=3) != mutation.draw(names, 40, seed=4)
    assert len(a) == len(set(a)) == 40 and a == sorted(a) and set(a) <= set(names)
    assert mutation.draw(names, None, 0) == names == mutation.draw(names, 900, 0)


def test_a_mutant_belongs_to_the_function_mutmut_records():
    assert (
        mutation.function_of("fliptable.games.flush.tables.x__eligible__mutmut_12")
        == "fliptable.games.flush.tables.x__eligible"
    )
    assert (
        mutation.function_of("fliptable.games.flip7.state.xǁFlip7Stateǁ_check__mutmut_3")
        == "fliptable.games.flip7.state.xǁFlip7Stateǁ_check"
    )


def test_the_copy_holds_the_files_tests_read_and_the_config_the_timeouts(tmp_path):
    tops = ["README.md", "docs", "fliptable", "pyproject.toml", "tests", "tools"]
    mutation.write_config(tmp_path, "flush", ["tests/games/flush"], tops, 4.0)
    cfg = configparser.ConfigParser()
    cfg.read(tmp_path / "setup.cfg")
    section = cfg["mutmut"]
    assert section["also_copy"].split() == ["README.md", "docs", "pyproject.toml", "tests", "tools"]
    assert section["only_mutate"] == "fliptable/games/flush/*"
    assert section["do_not_mutate"].split() == [
        "fliptable/games/flush/render.py",
        "fliptable/games/flush/bots.py",
        "fliptable/games/flush/web.py",
        "fliptable/games/flush/fastobs.py",
    ]
    assert section["pytest_add_cli_args"].split() == ["-p", "no:cacheprovider", "-p", "tools.mutation_caches"]
    assert float(section["timeout_multiplier"]) == 4.0
    mutation.set_timeout_factor(tmp_path, 12.0)  # a recheck of the timeouts (--timeouts)
    cfg = configparser.ConfigParser()
    cfg.read(tmp_path / "setup.cfg")
    assert float(cfg["mutmut"]["timeout_multiplier"]) == 12.0 and cfg["mutmut"]["timeout_constant"] == "2.0"
    assert cfg["mutmut"]["only_mutate"] == "fliptable/games/flush/*"


def test_every_top_level_entry_of_the_tree_is_copied():
    tops = {name.split("/", 1)[0] for name in mutation.tree_files()}
    assert {"README.md", "docs", "pyproject.toml", "fliptable", "tests", "tools"} <= tops


def test_the_checkout_is_not_importable_from_the_copy(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(mutation.ROOT), "/elsewhere"]))
    monkeypatch.setenv("MUTANT_UNDER_TEST", "x")
    env = mutation.child_env(tmp_path)
    assert env["PYTHONPATH"].split(os.pathsep) == [str(tmp_path / "mutants"), "/elsewhere"]
    assert "MUTANT_UNDER_TEST" not in env


def test_the_summary_counts_reached_mutants_only_in_the_kill_rate():
    verdicts = {"a": "killed", "b": "killed", "c": "timeout", "d": "survived", "e": "no tests", "f": "not testable"}
    report = mutation.summarize("g", verdicts, population=60, seconds=12.4)
    assert (report["killed"], report["timeout"], report["survived"]) == (2, 1, 1)
    assert (report["not_reached"], report["not_testable"], report["tested"]) == (1, 1, 6)
    assert report["kill_rate"] == 0.75 and report["not_reached_rate"] == round(1 / 6, 4)
    assert report["kill_rate_95"] == [round(x, 4) for x in mutation.wilson(3, 4)]
    assert report["survivors"] == ["d"] and report["mutants"] == 60


def test_unknown_games_and_bad_samples_are_refused_in_one_line(capsys):
    with pytest.raises(SystemExit):
        mutation.main(["chess"])
    assert "unknown game package 'chess'; accepted: asking, authors," in capsys.readouterr().err
    with pytest.raises(SystemExit):
        mutation.main(["flush", "--sample", "0"])
    assert "--sample must be a positive number of mutants, not 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        mutation.main(["flaps", "--import-time-only", "--no-fresh"])
    assert "--import-time-only runs import-time mutants fresh: it cannot go with --no-fresh" in capsys.readouterr().err


def test_a_recheck_needs_the_report_of_a_kept_run(capsys, tmp_path):
    with pytest.raises(SystemExit):
        mutation.main(["--recheck", str(tmp_path / "none.json")])
    assert f"cannot read the report {tmp_path / 'none.json'}: [Errno 2]" in capsys.readouterr().err
    report = tmp_path / "r.json"
    report.write_text('{"game": "flush", "copy": "%s"}\n' % (tmp_path / "gone"))
    with pytest.raises(SystemExit):
        mutation.main(["--recheck", str(report)])
    assert "holds no report of a run kept with --keep (a JSON line whose 'copy' folder still exists)" in (
        capsys.readouterr().err
    )
    with pytest.raises(SystemExit):
        mutation.main([])
    assert "name a game package or 'all' (or --recheck REPORT)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        mutation.main(["flush", "--timeouts"])
    assert "--timeouts re-runs the timed-out mutants of a kept run: it goes with --recheck REPORT" in (
        capsys.readouterr().err
    )


def test_the_plugin_empties_the_rules_caches_so_each_test_computes_what_it_reads():
    game = get_game("flush")
    mutation_caches.reset_caches()  # what other tests in this process filled
    game.action_space(3, game.resolve_options({}))
    deckspec.default_spec()
    assert deckspec._CACHE and "_space_cache" in vars(game) and "_action_index_cache" not in vars(game)
    game.action_index(3, game.resolve_options({}))
    assert mutation_caches.reset_caches() >= 3
    assert not deckspec._CACHE and "_space_cache" not in vars(game)
    assert "_action_index_cache" not in vars(game)
    assert len(game.action_space(3, game.resolve_options({}))) > 0  # computed again


def test_import_time_code_is_found_by_collecting_in_a_mutated_copy(tmp_path):
    """The collection step's recorder sees a function the module calls at import."""
    pkg = tmp_path / "mutants" / "demo"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (tmp_path / "mutants" / "test_demo.py").write_text(
        "from mutmut.mutation import trampoline\n"
        "trampoline.record_trampoline_hit('demo.x_table', None)\n"
        "def test_x():\n    pass\n"
    )
    pytest.importorskip("mutmut")
    env = mutation.child_env(tmp_path)
    env["PYTHONPATH"] += os.pathsep + os.environ.get("PYTHONPATH", "")
    assert mutation.import_time_functions(tmp_path, ["test_demo.py"], env) == {"demo.x_table"}


def test_a_games_code_is_tested_by_the_games_built_on_it_and_the_golden_logs():
    assert mutation.users("asking") == ["authors", "go_to_the_store"]
    # its cards and challenge window, and through ``asking`` the games built on that
    assert mutation.users("flinch_pack") == ["asking", "authors", "flinch", "go_to_the_store", "muggins", "patience"]
    assert mutation.users("flush") == mutation.users("authors") == []
    assert mutation.default_tests("asking") == ["tests/games/authors", "tests/games/go_to_the_store", "tests/golden"]


def test_every_module_level_cache_of_the_rules_is_emptied():
    """A private module-level dict the rules fill as they go is a cache: the plugin must
    know it (``*_CACHE`` or ``MORE``), or a mutant in the code filling it goes untested."""
    import ast

    named = []
    for path in sorted((mutation.GAMES).glob("*/*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            target = (
                node.target
                if isinstance(node, ast.AnnAssign)
                else (node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None)
            )
            value = getattr(node, "value", None)
            if (
                isinstance(target, ast.Name)
                and target.id.startswith("_")
                and isinstance(value, ast.Dict)
                and not value.keys
            ):
                named.append(target.id)
    assert named and all(n.endswith("_CACHE") or n in mutation_caches.MORE for n in named), named


def test_a_fresh_run_has_the_mutant_active_and_spreads_over_the_workers(tmp_path):
    """An import-time mutant's fresh run: the mutant is named to the tests' interpreter
    from the start, and with workers > 1 its tests run on that many processes."""
    pytest.importorskip("xdist")
    copy = tmp_path / "mutants"
    (copy / "tools").mkdir(parents=True)
    (copy / "tools" / "__init__.py").write_text("")
    (copy / "tools" / "mutation_caches.py").write_text("")  # the plugin, empty here
    (copy / "test_demo.py").write_text(
        "import os\n"
        "def test_the_mutant_is_active():\n    assert os.environ['MUTANT_UNDER_TEST'] == 'demo.x_f__mutmut_1'\n"
        "def test_spread():\n    assert os.environ.get('PYTEST_XDIST_WORKER')\n"
    )
    env = mutation.child_env(tmp_path)
    env["PYTHONPATH"] += os.pathsep + os.environ.get("PYTHONPATH", "")
    for name in [k for k in env if k.startswith("PYTEST_XDIST")]:
        del env[name]  # this test itself may run in an xdist worker
    assert mutation.run_tests(tmp_path, ["test_demo.py"], env, "demo.x_f__mutmut_1", 120, workers=2)[0] == "survived"
    assert mutation.run_tests(tmp_path, ["test_demo.py"], env, "demo.x_f__mutmut_1", 120)[0] == "killed"
    assert mutation.run_tests(tmp_path, ["test_demo.py"], env, "demo.x_f__mutmut_2", 120, workers=2)[0] == "killed"
