"""The Starlette application: the HTTP API, the WebSocket endpoint, the browser client's
files when the package has them (``fliptable/web``), and the lifespan that opens the
database (migrating it) and resumes the running tables."""

from __future__ import annotations

import contextlib
import functools
import logging
import stat
from importlib import resources

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from .api import routes as api_routes
from .config import Settings
from .lobby import Lobby
from .security import WindowLimiter
from .store import Store
from .ws import table_socket

log = logging.getLogger("fliptable.server")


def _web_routes() -> list:
    """The browser client (``fliptable/web``, no build step) at ``/`` and its table
    pages at ``/table/{id}``, when the package carries it."""
    try:
        root = resources.files("fliptable") / "web"
        index = root / "index.html"
        if not index.is_file():
            return []
        path = str(root)
    except (ModuleNotFoundError, TypeError):
        return []

    async def page(request):
        return FileResponse(str(index))

    async def faces(request):  # the card tables the client draws from (fliptable/web/faces.py)
        from ..web.faces import module

        return Response(module(), media_type="text/javascript")

    async def game_file(request):  # a game's own browser module and style sheet, from its package
        name = request.path_params["file"]
        body = _game_file(request.path_params["game"], name)
        if body is None:
            return JSONResponse({"error": f"no such file: {request.url.path}"}, status_code=404)
        return Response(body, media_type=GAME_FILES[name])

    return [
        Route("/table/{id}", page),
        Route("/faces.js", faces),
        Route("/games/{game}/{file}", game_file),
        Mount("/", WebAssets(directory=path, html=True), name="web"),
    ]


#: the files a game's package may hold for the browser (docs/writing-a-game.md, "In the
#: browser"), served at ``/games/{id}/{file}``; nothing else of a package is served
GAME_FILES = {"web.js": "text/javascript", "web.css": "text/css"}


@functools.lru_cache(maxsize=64)
def _game_file(game_id: str, name: str) -> bytes | None:
    """``name`` (one of ``GAME_FILES``) of the registered game ``game_id``'s package, read
    with importlib.resources; None: no such game, file name or file."""
    from ..core.registry import all_game_ids, package_of

    if name not in GAME_FILES or game_id not in all_game_ids():
        return None
    file = resources.files(package_of(game_id)) / name
    return file.read_bytes() if file.is_file() else None


#: what the browser client's folder serves: its pages, modules, styles and images; never
#: its Python sources (``faces.py``, ``__init__.py``), caches or notes
WEB_ASSETS = (".html", ".js", ".css", ".svg", ".png", ".ico", ".woff2")


class WebAssets(StaticFiles):
    """``StaticFiles`` over ``fliptable/web`` serving only the web assets (``WEB_ASSETS``);
    any other file there is 404, as if it were not."""

    def lookup_path(self, path: str):
        full_path, found = super().lookup_path(path)
        if found is not None and stat.S_ISREG(found.st_mode) and not full_path.lower().endswith(WEB_ASSETS):
            return "", None
        return full_path, found


async def _no_api(request):
    return JSONResponse(
        {"error": f"no such API: {request.method} {request.url.path}; see docs/server.md"}, status_code=404
    )


async def _no_client(request):
    return JSONResponse({"error": "the browser client is not installed; see /api/games"}, status_code=404)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        store = Store(settings)
        await store.open()
        lobby = Lobby(store, settings)
        app.state.store, app.state.lobby = store, lobby
        cluster = None
        if settings.redis:  # one of several processes: tables are claimed, not all resumed
            from .cluster import Cluster

            cluster = lobby.cluster = app.state.cluster = Cluster(settings, app)
            try:
                await cluster.start()
            except BaseException:
                await store.close()
                raise
        elif settings.resume:  # in the background: the port opens at once
            lobby.start_resuming()
        lobby.start_expiry()
        lobby.start_seat_timeouts()
        try:
            yield
        finally:
            await lobby.close()
            if cluster is not None:
                await cluster.close()
            await store.close()

    web = _web_routes()
    routes = [
        *api_routes,
        Route("/api/{rest:path}", _no_api, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
        WebSocketRoute("/ws/{id}", table_socket),
    ]
    routes += web or [Route("/", _no_client)]
    # HTTP answers compressed for clients that accept it (a long game's replay frames are a
    # megabyte of JSON; WebSocket messages are not touched)
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(GZipMiddleware, minimum_size=2048)])
    app.state.settings = settings
    app.state.cluster = None
    app.state.create_limiter = WindowLimiter(settings.creates_per_minute)
    app.state.join_limiter = WindowLimiter(settings.joins_per_minute)
    app.state.replay_limiter = WindowLimiter(settings.replays_per_minute)
    return app
