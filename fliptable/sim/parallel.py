"""Run independent jobs on a backend and get their results back in job order: the one
parallel runner of ``simulate`` and ``tournament``.

``local`` plays in processes on this machine (in this process for one worker), ``ray``
on a Ray cluster (the optional extra ``ray``): the one already joined by ``ray.init``,
else the one ``RAY_ADDRESS`` names, else a new local one with one CPU per worker. Results
come back in job order whatever the backend or the number of workers, so a report built
from them is the same everywhere. Ctrl-C stops the workers at once and raises
``KeyboardInterrupt`` in the caller; SIGTERM does the same and raises ``Terminated`` (a
``KeyboardInterrupt``). A worker process never outlives its parent:
on Linux each asks the kernel to end it when its parent dies (``PR_SET_PDEATHSIG``),
even when the parent was killed with SIGKILL.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from itertools import chain, islice
from typing import Any

from ..core.errors import FliptableError

BACKENDS = ("local", "ray")
#: the most worker processes (or Ray CPUs) a run may ask for: more than this only
#: queues processes on the machine (a run's results never depend on the number)
MAX_WORKERS = 256


class Terminated(KeyboardInterrupt):
    """The run was stopped by SIGTERM (its workers stopped first)."""


class BackendError(FliptableError):
    """A backend that is unknown or cannot be used here."""


def check_backend(backend: str) -> None:
    """Refuse an unknown backend before anything is played."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; accepted: {', '.join(BACKENDS)}")


def check_workers(workers: Any, error: type[FliptableError] = BackendError) -> int:
    """``workers`` if it is a whole number from 1 to ``MAX_WORKERS``, else ``error``."""
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= MAX_WORKERS:
        shown = workers if isinstance(workers, int) and not isinstance(workers, bool) else repr(workers)
        raise error(f"--workers must be a whole number from 1 to {MAX_WORKERS}, not {shown}")
    return workers


def run_jobs(
    fn: Callable[[Any], Any], jobs: Iterable[Any], workers: int, backend: str = "local"
) -> Generator[Any, None, None]:
    """``fn(job)`` for every job, yielded in job order. ``fn`` must be a module-level
    function (it is sent to other processes). ``jobs`` is read lazily, a window at a time
    (a run of a billion games never holds its jobs in memory). Close the iterator to stop early."""
    check_backend(backend)
    check_workers(workers)
    if backend == "ray":
        return _ray(fn, jobs, workers)
    return _local(fn, jobs, workers)


def gather(
    fn: Callable[[Any], Any],
    jobs: Iterable[Any],
    workers: int,
    backend: str,
    fold: Callable[[Any], int],
    total: int,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[bool, bool]:
    """Run ``jobs`` (``run_jobs``) and hand each result to ``fold`` in job order, which
    returns the games done so far, for ``progress``. Ctrl-C or SIGTERM keeps what was
    folded: (interrupted, terminated), the workers stopped (``tournament``, ``balance``)."""
    if progress is not None:
        progress(0, total)
    results = run_jobs(fn, jobs, workers, backend)
    try:
        for result in results:
            done = fold(result)
            if progress is not None:
                progress(done, total)
    except KeyboardInterrupt as exc:
        return True, isinstance(exc, Terminated)
    finally:
        results.close()  # stopped early or failed: stop the workers now
    return False, False


def _pool_context() -> multiprocessing.context.BaseContext:
    # fork is fastest (the games are already imported) but unsafe with other threads
    # alive; forkserver then gives workers a clean process.
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


def _worker_init() -> None:
    # Ctrl-C is the parent's to handle: it cancels the run and reports one line.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent()


#: Linux's prctl option: the signal this process gets when its parent dies
_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask the kernel to end this process (SIGKILL) when its parent dies, however the
    parent died; exit now if it already has (Linux; elsewhere nothing). A forkserver's
    workers are the forkserver's children, and the forkserver exits with its parent."""
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if parent == 1 or os.getppid() != parent:  # the parent died before prctl
        os._exit(1)


class _Signals:
    """While a run is under way in the main thread: SIGINT and SIGTERM only set a flag
    (``stop``), so the run stops its workers itself; ``raise_if_stopped`` then raises
    ``KeyboardInterrupt`` or ``Terminated``. Elsewhere (another thread) nothing changes."""

    def __init__(self) -> None:
        self.received: list[int] = []
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> _Signals:
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                self.previous[signum] = signal.signal(signum, lambda n, frame: self.received.append(n))
        return self

    def raise_if_stopped(self) -> None:
        if self.received:
            raise Terminated if signal.SIGTERM in self.received else KeyboardInterrupt

    def __exit__(self, *exc: Any) -> None:
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)


@contextmanager
def _sigterm_raises() -> Iterator[None]:
    """While a run plays in this process (one worker) or waits on Ray: SIGTERM raises
    ``Terminated`` where the main thread is, as Ctrl-C raises ``KeyboardInterrupt``."""
    previous = None
    if threading.current_thread() is threading.main_thread():

        def _terminated(signum: int, frame: Any) -> None:
            raise Terminated

        previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _in_process(fn: Callable[[Any], Any], jobs: Iterator[Any]) -> Generator[Any, None, None]:
    with _sigterm_raises():
        for job in jobs:
            yield fn(job)


def _local(fn: Callable[[Any], Any], jobs: Iterable[Any], workers: int) -> Generator[Any, None, None]:
    queue = iter(jobs)
    window = 4 * workers  # jobs in flight; results are taken in job order
    first = list(islice(queue, window))
    if workers <= 1 or len(first) <= 1:
        yield from _in_process(fn, chain(first, queue))
        return
    # Ctrl-C and SIGTERM only set a flag while the pool runs: a KeyboardInterrupt raised
    # inside the executor's own code (holding one of its locks) could deadlock its shutdown.
    signals = _Signals()
    pool = None
    done = False
    try:
        signals.__enter__()
        pool = ProcessPoolExecutor(
            max_workers=min(workers, len(first)), mp_context=_pool_context(), initializer=_worker_init
        )
        waiting: deque = deque(pool.submit(fn, job) for job in first)
        while waiting:
            future = waiting[0]
            while True:
                signals.raise_if_stopped()
                try:
                    result = future.result(timeout=0.1)
                    break
                except TimeoutError:
                    continue
            waiting.popleft()
            for job in islice(queue, 1):
                waiting.append(pool.submit(fn, job))
            yield result
        done = True
    finally:
        if pool is not None:
            if done:
                pool.shutdown(wait=True)
            else:  # interrupted or failed: do not wait for the jobs in flight
                _terminate(pool)
        signals.__exit__()


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop the workers now (Python 3.14 has ``terminate_workers``; before, end the
    processes, then shut down without waiting)."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    for process in processes:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(5)
    # let the pool's manager thread finish now: left running, it could still be closing
    # its wake-up pipe when the interpreter's exit hook writes to it ("Exception ignored
    # ... Bad file descriptor" after the one-line "interrupted")
    if manager is not None:
        manager.join(5)


def _ray(fn: Callable[[Any], Any], jobs: Iterable[Any], workers: int) -> Generator[Any, None, None]:
    try:
        import ray  # noqa: PLC0415 - optional extra
    except ImportError:
        raise BackendError(
            "the ray backend needs Ray installed (pip install 'fliptable[ray]'); accepted backends: local, ray"
        ) from None
    if not ray.is_initialized():
        _ray_init(ray, workers)
    remote = ray.remote(fn)
    # a window of jobs in flight, as locally: a long run is not submitted all at once,
    # and Ctrl-C has only the window to cancel
    window = 4 * max(1, workers, int(ray.cluster_resources().get("CPU", 0)))
    queue = iter(jobs)
    waiting = deque(remote.remote(job) for job in islice(queue, window))
    try:
        with _sigterm_raises():  # SIGTERM too runs the cancels below, as Ctrl-C does
            while waiting:
                result = ray.get(waiting[0])  # in job order
                waiting.popleft()
                for job in islice(queue, 1):
                    waiting.append(remote.remote(job))
                yield result
    finally:
        for ref in waiting:  # stopped early: drop what is still queued or running
            ray.cancel(ref)


def _ray_init(ray: Any, workers: int) -> None:
    """Connect to the cluster ``RAY_ADDRESS`` names (``auto``: one started here with ``ray
    start``), else start a local one with one CPU per worker. Without ``address="local"``
    Ray would join a ``ray start`` cluster and refuse ``num_cpus`` there (a ValueError)."""
    import logging  # noqa: PLC0415
    import os  # noqa: PLC0415

    address = os.environ.get("RAY_ADDRESS")
    where = (
        {"address": address}
        if address
        else {"address": "local", "num_cpus": max(1, workers), "include_dashboard": False}
    )
    try:
        ray.init(log_to_driver=False, logging_level=logging.ERROR, **where)
    except Exception as exc:  # noqa: BLE001 - Ray's errors (bad address, no cluster) as one line
        detail = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        cluster = f"the Ray cluster at RAY_ADDRESS={address!r}" if address else "a local Ray cluster"
        raise BackendError(
            f"the ray backend could not use {cluster}: {detail}; set RAY_ADDRESS to a "
            f"running cluster's address (or 'auto'), or unset it for a local one"
        ) from None
