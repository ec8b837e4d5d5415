"""An arena's tasks spread over a Ray cluster (``puur arena --ray ADDRESS``, the ``cluster``
extra).

The tasks are those of the local run (:func:`puur.arena.common.run_tasks` hands them here
instead of to its process pool), sent in batches to Ray workers; each outcome carries its
position, so the result is the same as a local run's for the same seed, whatever the cluster.
Every machine of the cluster needs Puur (the same version) installed; an outside player's
module must be importable there too (installed, or at the same path as on this machine).

``ADDRESS`` is what :func:`ray.init` takes: ``local`` starts a Ray instance on this machine for
the run (with ``workers`` CPUs), ``auto`` joins the one ``ray start`` runs here, ``HOST:6379``
a cluster's head. A Ray already initialised in this process (by the caller) is used as it is.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

__all__ = ["INSTALL_HINT", "check_ray", "run_on_ray"]

T = TypeVar("T")
R = TypeVar("R")

INSTALL_HINT = "pip install 'puur[cluster]'"


def check_ray(address: object) -> str:
    """``address`` if Ray is installed and the address can be used (a ``HOST:PORT`` head must
    accept a connection within :data:`CONNECT_TIMEOUT` seconds); ``ValueError`` saying what to
    do otherwise."""
    if not isinstance(address, str) or not address.strip():
        raise ValueError(f"a Ray address is local, auto or HOST:PORT, not {address!r}")
    if not _installed():
        raise ValueError(f"--ray needs Ray, which is not installed: {INSTALL_HINT}")
    _check_reachable(address.strip())
    return address.strip()


#: Seconds to wait for a cluster's head to accept a connection before giving up.
CONNECT_TIMEOUT = 5.0


def _check_reachable(address: str) -> None:
    """``ValueError`` unless the head at ``HOST:PORT`` accepts a connection (Ray itself would
    retry for minutes); ``local``, ``auto`` and ``ray://`` addresses are left to Ray."""
    if address in ("local", "auto") or "://" in address:
        return
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit() or not host:
        raise ValueError(f"a Ray address is local, auto or HOST:PORT, not {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as e:
        raise ValueError(f"cannot reach the Ray head at {address}: {e}") from None


def _installed() -> bool:
    return importlib.util.find_spec("ray") is not None


def _batch(run: Callable[[T], R], tasks: Sequence[T], players: dict[str, str],
           cwd: str) -> list[R]:
    """One Ray task: register the outside players this worker lacks, then play ``tasks``."""
    from puur.arena.common import load_player
    from puur.bots import BOTS

    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    for name, text in players.items():
        if name not in BOTS:
            load_player(text)
    return [run(t) for t in tasks]


def run_on_ray(run: Callable[[T], R], tasks: Sequence[T], address: str, workers: int,
               absorb: Callable[[R], None], done: Callable[[int], None]) -> None:
    """Run every task on the Ray cluster at ``address``; each outcome goes to ``absorb`` as its
    batch comes back, and ``done(n)`` counts the batch's ``n`` tasks."""
    from puur.arena.common import outside_players

    ray: Any = importlib.import_module("ray")  # Ray's functions are only partly typed

    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                   "logging_level": "ERROR"}
        if address == "local":
            options["num_cpus"] = workers
        try:
            ray.init(address=address, **options)
        except Exception as e:  # Ray raises several kinds for an unreachable cluster
            raise ValueError(f"cannot start or reach Ray at {address!r}: {e}") from None
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, min(8, len(tasks) // (cpus * 4)))
        remote = ray.remote(_batch)
        players, cwd = outside_players(), os.getcwd()
        pending = [remote.remote(run, tasks[i:i + size], players, cwd)
                   for i in range(0, len(tasks), size)]
        try:
            _collect(ray, pending, absorb, done)
        except BaseException:
            for ref in pending:
                ray.cancel(ref)
            raise
    finally:
        if started:
            ray.shutdown()


def _collect(ray: Any, pending: list[Any], absorb: Callable[[R], None],
             done: Callable[[int], None]) -> None:
    """Hand on the batches' outcomes as they come; ``pending`` keeps what has not come yet."""
    while pending:
        ready, rest = ray.wait(pending, num_returns=1)
        pending[:] = rest
        try:
            outs = ray.get(ready[0])
        except ray.exceptions.RayTaskError as e:
            # The worker's own error (a bot that fails, a bad request), as a local run raises it.
            cause = e.cause
            if isinstance(cause, Exception):
                raise cause from None
            raise
        for out in outs:
            absorb(out)
        done(len(outs))
