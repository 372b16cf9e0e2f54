"""The adapters' dependencies stay in the adapters: fliptable.core and fliptable.games
import the standard library alone (NumPy, PettingZoo, Gymnasium and OpenSpiel only in
fliptable.adapters), and importing fliptable.adapters itself pulls none of them in."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "fliptable"


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
    files = sorted((ROOT / "core").rglob("*.py")) + sorted((ROOT / "games").rglob("*.py"))
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
        "for g in games:\n"
        "    s = g.new_state(None, None, seed=1)\n"
        "    s.view(0)\n"
        "print(len(games))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) >= 9
