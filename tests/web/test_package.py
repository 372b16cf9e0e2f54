"""The wheel carries the browser client: `fliptable serve` from an installed package
serves it at / (docs/server.md)."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "fliptable" / "web"


def test_the_wheel_carries_the_web_client(tmp_path):
    builder = pytest.importorskip("hatchling.builders.wheel")
    repo = WEB.parents[1]
    wheel = next(builder.WheelBuilder(str(repo)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    files = sorted(p.relative_to(repo).as_posix() for p in WEB.iterdir() if p.suffix in (".html", ".js", ".css"))
    files.append("fliptable/web/faces.py")
    assert "fliptable/web/index.html" in files and "fliptable/web/app.js" in files and "fliptable/web/style.css" in files
    missing = [f for f in files if f not in names]
    assert not missing, missing


def test_every_module_the_client_imports_is_there():
    import re
    for js in WEB.glob("*.js"):
        for target in re.findall(r'from\s+"\./([^"]+)"', js.read_text()):
            if target == "faces.js":  # served by fliptable/server/app.py from fliptable/web/faces.py
                continue
            assert (WEB / target).is_file(), f"{js.name} imports ./{target}, which is missing"
