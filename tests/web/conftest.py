"""Browser tests of fliptable/web (issue 12): a real ``fliptable serve`` on a free
127.0.0.1 port with a temporary SQLite file, driven by Playwright on Debian's Chromium
(``/usr/bin/chromium``; Playwright's own browser download is not used)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("FLIPTABLE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, url: str, proc: subprocess.Popen, log: Path):
        self.url, self.proc, self.log = url, proc, log

    def get(self, path: str):
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return json.loads(r.read())

    def post(self, path: str, body: dict):
        req = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())


def start_server(tmp: Path, port: int | None = None, extra: tuple[str, ...] = ()) -> Server:
    """A ``fliptable serve`` on 127.0.0.1 (a free port unless given), its SQLite file in
    ``tmp``; ``extra``: more command-line flags."""
    port = port or _free_port()
    log = tmp / "server.log"
    with open(log, "ab") as out:  # the server writes to its own copy of the descriptor
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "fliptable",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--db",
                str(tmp / "web.sqlite3"),
                "--bot-delay-ms",
                "150",
                "--creates-per-minute",
                "1000",
                "--joins-per-minute",
                "1000",
                *extra,
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=tmp,
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"fliptable serve did not start:\n{log.read_text()[-3000:]}") from None
            time.sleep(0.1)
    return Server(url, proc, log)


def stop_server(server: Server, kill: bool = False) -> None:
    if kill:
        server.proc.kill()
    else:
        server.proc.terminate()
    try:
        server.proc.wait(10)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        server.proc.wait(5)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("web"))
    try:
        yield srv
    finally:
        stop_server(srv)


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright import sync_api
    except ImportError:  # never skipped: pip install -e '.[dev]' brings it
        pytest.fail("the browser tests need Playwright: pip install -e '.[dev]'")
    if not Path(CHROMIUM).exists():
        why = f"no Chromium at {CHROMIUM}: apt-get install -y chromium, or set FLIPTABLE_CHROMIUM"
        if os.environ.get("CI"):  # CI installs it (.ci/run): never skipped there
            pytest.fail(f"{why} (.ci/run installs it)")
        pytest.skip(why)
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def context(browser):
    """A fresh browser context (its own localStorage: one person) per call."""
    made = []

    def make(**kw):
        ctx = browser.new_context(**kw)
        ctx.set_default_timeout(15_000)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()
