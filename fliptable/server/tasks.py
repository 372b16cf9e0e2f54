"""The server's background tasks: a periodic chore (``repeat``) and stopping them: each
is cancelled and awaited, and whatever it ends with (its cancellation or an error it died
of) is dropped — a stop never raises."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("fliptable.server")


async def repeat(every: float, chore: Callable[[], Awaitable[object]], failed: str) -> None:
    """``chore()`` every ``every`` seconds until cancelled; a round that fails is logged
    (``failed``, with its traceback) and the next round tries again."""
    while True:
        await asyncio.sleep(every)
        try:
            await chore()
        except Exception:
            log.exception(failed)


async def cancel_and_wait(*tasks: asyncio.Task | None) -> None:
    """Cancel every task given (``None`` skipped), then wait for each to end."""
    running = [t for t in tasks if t is not None]
    for task in running:
        task.cancel()
    for task in running:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
