"""The adapters' dependencies stay in the adapters: fliptable.core and fliptable.games
import the standard library alone (NumPy, PettingZoo, Gymnasium and OpenSpiel only in
fliptable.adapters, and in the modules of a game package that only the adapters import:
``fastobs.py`` and ``infostate.py``, found by ``core.schema.game_module``), and importing
fliptable.adapters itself pulls none of them in."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "fliptable"
#: a game package's modules for the RL adapters alone (they may import NumPy)
ADAPTER_PARTS = {"fastobs.py", "infostate.py"}


def _top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_core_and_games_import_only_the_standard_library():
    files = sorted((ROOT / "core").rglob("*.py")) + sorted(
        f for f in (ROOT / "games").rglob("*.py") if f.name not in ADAPTER_PARTS
    )
    assert len(files) > 20
    bad = {}
    for f in files:
        extra = _top_level_imports(f) - set(sys.stdlib_module_names) - {"fliptable", "__future__"}
        if extra:
            bad[str(f.relative_to(ROOT))] = sorted(extra)
    assert bad == {}


def test_rules_load_with_the_rl_libraries_blocked():
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in {'numpy', 'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel'}:\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import fliptable.adapters\n"
        "from fliptable.core.registry import all_games\n"
        "games = all_games()\n"
        # spelled out on purpose: each adapter test's own scenario, step by step
        "for g in games:\n"
        "    s = g.new_state(None, None, seed=1)\n"
        "    s.view(0)\n"
        "print(len(games))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) >= 9


def test_no_game_package_or_registry_entry_imports_numpy():
    # every module a game package imports when it loads, and the module its registry entry
    # names: the adapters' parts (fastobs, infostate) must stay out of them
    code = (
        "import importlib, sys\n"
        "from fliptable.core.registry import GAME_MODULES\n"
        "for module in GAME_MODULES.values():\n"
        "    importlib.import_module(module)\n"
        "    importlib.import_module(module.rsplit('.game', 1)[0] if module.endswith('.game') else module)\n"
        "from fliptable.core.registry import all_games\n"
        # spelled out on purpose: each adapter test's own scenario, step by step
        "for g in all_games():\n"
        "    g.observation_schema(g.default_players, g.resolve_options(None))\n"
        "print(len(GAME_MODULES), sorted(m for m in sys.modules if m.split('.')[0] == 'numpy'"
        " or m.endswith(('.fastobs', '.infostate'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    count, loaded = out.stdout.split(" ", 1)
    assert int(count) >= 9 and loaded.strip() == "[]"


def test_the_adapter_parts_of_game_packages_build_on_the_adapters():
    # the exemption above covers real files, each a part of the adapters (it imports them,
    # or another package's part that does: Authors' and Go to the Store's, the asking games')
    parts = sorted(f for f in (ROOT / "games").rglob("*.py") if f.name in ADAPTER_PARTS)
    assert {f.parent.name for f in parts} >= {"flush", "flinch"}
    for f in parts:
        tree = ast.parse(f.read_text(), filename=str(f))
        assert any(
            isinstance(n, ast.ImportFrom)
            and (
                (n.module or "").startswith("fliptable.adapters")
                or (n.level and (n.module or "").rpartition(".")[2] + ".py" in ADAPTER_PARTS)
            )
            for n in ast.walk(tree)
        ), f
