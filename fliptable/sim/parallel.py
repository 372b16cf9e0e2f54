"""Run independent jobs on a backend and get their results back in job order: the one
parallel runner of ``simulate`` and ``tournament``.

``local`` plays in processes on this machine (in this process for one worker), ``ray``
on a Ray cluster (the optional extra ``ray``): the one already joined by ``ray.init``,
else the one ``RAY_ADDRESS`` names, else a new local one with one CPU per worker. Results come back in job order whatever the backend or the number of workers,
so a report built from them is the same everywhere. Ctrl-C stops the workers at once
and raises ``KeyboardInterrupt`` in the caller.
"""
from __future__ import annotations

import multiprocessing
import signal
import threading
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from itertools import islice
from typing import Any, Callable, Iterator, Sequence

from ..core.errors import FliptableError

BACKENDS = ("local", "ray")


class BackendError(FliptableError):
    """A backend that is unknown or cannot be used here."""


def check_backend(backend: str) -> None:
    """Refuse an unknown backend before anything is played."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; accepted: {', '.join(BACKENDS)}")


def run_jobs(fn: Callable[[Any], Any], jobs: Sequence[Any], workers: int,
             backend: str = "local") -> Iterator[Any]:
    """``fn(job)`` for every job, yielded in job order. ``fn`` must be a module-level
    function (it is sent to other processes). Close the iterator to stop early."""
    check_backend(backend)
    if backend == "ray":
        return _ray(fn, list(jobs), workers)
    return _local(fn, list(jobs), workers)


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


def _local(fn: Callable[[Any], Any], jobs: list, workers: int) -> Iterator[Any]:
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield fn(job)
        return
    # Ctrl-C only sets a flag while the pool runs: a KeyboardInterrupt raised inside the
    # executor's own code (holding one of its locks) could deadlock its shutdown.
    interrupted: list[int] = []
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupted.append(signum))
    pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=_pool_context(),
                               initializer=_worker_init)
    done = False
    try:
        waiting: deque = deque()
        queue = iter(jobs)
        window = 4 * workers  # jobs in flight; results are taken in job order
        for job in islice(queue, window):
            waiting.append(pool.submit(fn, job))
        while waiting:
            future = waiting[0]
            while True:
                if interrupted:
                    raise KeyboardInterrupt
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
        if done:
            pool.shutdown(wait=True)
        else:  # interrupted or failed: do not wait for the jobs in flight
            _terminate(pool)
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


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


def _ray(fn: Callable[[Any], Any], jobs: list, workers: int) -> Iterator[Any]:
    try:
        import ray  # noqa: PLC0415 - optional extra
    except ImportError:
        raise BackendError("the ray backend needs Ray installed (pip install 'fliptable[ray]'); "
                           "accepted backends: local, ray") from None
    if not ray.is_initialized():
        _ray_init(ray, workers)
    remote = ray.remote(fn)
    # a window of jobs in flight, as locally: a long run is not submitted all at once,
    # and Ctrl-C has only the window to cancel
    window = 4 * max(1, workers, int(ray.cluster_resources().get("CPU", 0)))
    queue = iter(jobs)
    waiting = deque(remote.remote(job) for job in islice(queue, window))
    try:
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
    where = {"address": address} if address else {"address": "local", "num_cpus": max(1, workers),
                                                    "include_dashboard": False}
    try:
        ray.init(log_to_driver=False, logging_level=logging.ERROR, **where)
    except Exception as exc:  # noqa: BLE001 - Ray's errors (bad address, no cluster) as one line
        detail = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        cluster = f"the Ray cluster at RAY_ADDRESS={address!r}" if address else "a local Ray cluster"
        raise BackendError(f"the ray backend could not use {cluster}: {detail}; set RAY_ADDRESS to a "
                           f"running cluster's address (or 'auto'), or unset it for a local one") from None
