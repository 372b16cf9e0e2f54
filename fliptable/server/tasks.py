"""Stopping the server's background tasks: each is cancelled and awaited, and whatever it
ends with (its cancellation or an error it died of) is dropped — a stop never raises."""

from __future__ import annotations

import asyncio
import contextlib


async def cancel_and_wait(*tasks: asyncio.Task | None) -> None:
    """Cancel every task given (``None`` skipped), then wait for each to end."""
    running = [t for t in tasks if t is not None]
    for task in running:
        task.cancel()
    for task in running:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
