"""The multiplayer server (``fliptable serve``): HTTP API, WebSocket protocol
``fliptable-ws/1``, storage, live tables driven by ``core.table.Table`` on a real clock.
See ``docs/server.md``.

Modules, one concern each (imports flow down this list):

* ``config``   — ``Settings``: the database URL, limits, origins, pace
* ``models``   — the SQLAlchemy tables (``ft_tables``, ``ft_seats``, ``ft_actions``)
* ``migrate``  — Alembic, run from the package's own ``migrations``
* ``store``    — ``Store``: every read and write of the database
* ``security`` — tokens (random, stored hashed), origin check, rate limits
* ``setup``    — validating a table request into a ``TableSpec`` (game, seats, options)
* ``live``     — ``LiveTable``: one game in progress, its driver task, its connections
* ``replays``  — a finished game's frames at every ply (the replay viewer)
* ``lobby``    — ``Lobby``: creating, joining, loading, starting, expiring and resuming tables
* ``api``      — the HTTP routes
* ``ws``       — the WebSocket endpoint
* ``app``      — ``create_app``: the Starlette application
* ``serve``    — ``fliptable serve``: the application on uvicorn
* ``bench``    — ``bench-server``: latency over real websockets
"""
