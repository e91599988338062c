"""Running the per-host reductions: on a Dask cluster (given, or a local one), or one after another.

* ``client`` given (a ``dask.distributed.Client``): one task per host on that cluster; the
  workers read the files themselves (through fsspec for ``gs://``/``s3://``), so the files
  never pass through this process, only each host's small reduction comes back;
* no client, ``dask.distributed`` installed: a ``LocalCluster`` of worker *processes* (so
  decoding runs in parallel), as many as there are cores, hosts and memory for (see
  ``local_worker_count``), closed when the load ends;
* without Dask (or ``workers=0``, or inside a child process, which starts no cluster of its
  own): the hosts one after another in this process, with the same results.

A local cluster's worker processes are spawned: in a script, ``nbprof.load`` must run under
``if __name__ == "__main__":`` (as any code that starts processes); notebooks need nothing.

A worker that dies while reading a host (killed, out of memory) is replaced and the host is
scheduled again by Dask (up to its ``distributed.scheduler.allowed-failures``, 3 by default);
a host that still fails becomes a ``HostFailure``. Interrupting the kernel cancels every
host not yet reduced (and closes the local cluster).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from nbprof.errors import NbprofError
from nbprof.pod.plan import HostTask
from nbprof.pod.progress import LoadProgress, choose_progress
from nbprof.pod.reduce import HostFailure, HostResult, reduce_host

#: Peak memory of a worker reducing one host, per byte of its file (measured: about 19 on
#: jax_large, 20 bytes an event; 38 on benchmarks/pod.py's hosts, 16 bytes an event), plus a
#: worker's own baseline.
PEAK_BYTES_PER_FILE_BYTE = 40
WORKER_BASE_BYTES = 400 << 20
#: Dask retries a task that raised (not an nbprof file error: e.g. a network read) this often.
TASK_RETRIES = 1

#: Dask settings of nbprof's local cluster. Dask's nanny sets MALLOC_TRIM_THRESHOLD_=65536 in
#: its workers, which also turns off glibc's adaptive mmap threshold: every large array is then
#: mmapped and unmapped, and a reduction costs about 25% more CPU (page faults) than in this
#: process. Unset, a worker costs what this process does; the load returns its freed memory
#: itself (malloc_trim after each host, ``nbprof.xspace.read``).
#: One host at a time per worker (Dask's default queues a second one): a worker that dies then
#: takes only the host it was reading into its retries, not an innocent host queued behind it.
_TRIM_VARIABLE = "MALLOC_TRIM_THRESHOLD_"
LOCAL_WORKER_CONFIG = {
    f"distributed.nanny.pre-spawn-environ.{_TRIM_VARIABLE}": None,
    "distributed.scheduler.worker-saturation": 1.0,
}


@contextlib.contextmanager
def _local_worker_settings() -> Iterator[None]:
    """``LOCAL_WORKER_CONFIG`` while a local cluster starts. A Dask nanny that ran in this
    process before (any default ``LocalCluster``) left its value in ``os.environ``, where it
    would win over the config: that value (Dask's default) is set aside meanwhile; one the
    user set otherwise is kept."""
    import dask

    dask_default = dask.config.get(f"distributed.nanny.pre-spawn-environ.{_TRIM_VARIABLE}", None)
    left = os.environ.get(_TRIM_VARIABLE)
    set_aside = left is not None and dask_default is not None and left == str(dask_default)
    if set_aside:
        del os.environ[_TRIM_VARIABLE]
    try:
        with dask.config.set(LOCAL_WORKER_CONFIG):
            yield
    finally:
        if set_aside and left is not None:
            os.environ[_TRIM_VARIABLE] = left


Reducer = Callable[[HostTask], HostResult]


def reduce_hosts(
    tasks: Sequence[HostTask],
    *,
    client: Any = None,
    workers: int | None = None,
    progress: bool | str | None | LoadProgress = None,
    reduce: Reducer = reduce_host,
) -> tuple[list[HostResult], str]:
    """Reduce every host; returns the results in ``tasks`` order and where they ran (a phrase).

    ``workers``: local worker processes (default: ``local_worker_count``); ``0`` reads the
    hosts one after another in this process. ``progress``: see ``choose_progress``, or a
    reporter. ``reduce``: the per-host function (``reduce_host``; tests pass others).
    """
    tasks = list(tasks)
    reporter: LoadProgress = (
        progress if not isinstance(progress, (bool, str, type(None))) else choose_progress(progress)
    )
    if client is not None:
        return _on_dask(tasks, client, reporter, reduce, _describe_client(client)), _describe_client(client)
    if workers is not None and workers < 0:
        raise NbprofError(f"workers must be 0 (this process) or a positive number of processes, not {workers}")
    distributed = _distributed()
    child = multiprocessing.parent_process() is not None
    if workers == 0 or distributed is None or len(tasks) <= 1 or child:
        where = "this process, one host after another"
        if distributed is None and workers != 0 and len(tasks) > 1:
            where += " (dask.distributed is not installed: pip install 'nbprof[dask]' to read hosts in parallel)"
        elif child and workers != 0 and len(tasks) > 1:
            where += " (a child process starts no cluster of its own)"
        return _sequential(tasks, reporter, reduce, where), where
    n = local_worker_count(tasks, workers)
    try:
        with _local_worker_settings():
            cluster = distributed.LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",  # a free port: never collide with another cluster on 8787
                silence_logs=logging.ERROR,
            )
    except Exception as err:  # noqa: BLE001 - no cluster (sandbox, no /dev/shm): still load
        where = (
            f"this process, one host after another (a local Dask cluster did not start: {err}; in a script, "
            "call nbprof.load under if __name__ == '__main__':, as any code that starts processes)"
        )
        return _sequential(tasks, reporter, reduce, where), where
    where = f"{n} local Dask worker process{'es' if n != 1 else ''}"
    try:
        with distributed.Client(cluster, set_as_default=False) as local:
            return _on_dask(tasks, local, reporter, reduce, where), where
    finally:
        cluster.close()


def local_worker_count(tasks: Sequence[HostTask], workers: int | None = None) -> int:
    """Worker processes for a local cluster: ``workers`` if given, else as many as there are
    cores, hosts, and memory for the largest host (``PEAK_BYTES_PER_FILE_BYTE``)."""
    if workers:
        return max(1, min(workers, len(tasks)))
    from dask.system import CPU_COUNT

    largest = max((t.file_bytes for t in tasks), default=0)
    per_worker = WORKER_BASE_BYTES + PEAK_BYTES_PER_FILE_BYTE * max(largest, 0)
    try:
        import psutil

        by_memory = max(1, int(psutil.virtual_memory().available // per_worker))
    except ImportError:  # pragma: no cover - psutil comes with distributed
        by_memory = CPU_COUNT
    return max(1, min(CPU_COUNT, len(tasks), by_memory))


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        return None
    return distributed


def _describe_client(client: Any) -> str:
    try:
        try:  # asks the scheduler now (scheduler_info() is a copy the client refreshes every few seconds)
            n = len(client.nthreads())
        except Exception:  # noqa: BLE001
            n = len(client.scheduler_info().get("workers", {}))
        address = getattr(client.scheduler, "address", None) or "the given cluster"
        return f"Dask cluster {address} ({n} worker{'s' if n != 1 else ''})"
    except Exception:  # noqa: BLE001
        return "the given Dask cluster"


def _sequential(tasks: list[HostTask], reporter: LoadProgress, reduce: Reducer, where: str) -> list[HostResult]:
    results: list[HostResult] = []
    failed = 0
    reporter.start(len(tasks), where)
    try:
        for task in tasks:
            result = _call(reduce, task)
            failed += isinstance(result, HostFailure)
            results.append(result)
            reporter.update(len(results), failed)
    finally:
        reporter.close()
    return results


def _call(reduce: Reducer, task: HostTask) -> HostResult:
    """``reduce(task)`` in this process, retried as Dask would retry it, failures as ``HostFailure``."""
    for attempt in range(TASK_RETRIES + 1):
        try:
            return reduce(task)
        except Exception as err:  # noqa: BLE001
            if attempt == TASK_RETRIES:
                return HostFailure(task, type(err).__name__, str(err) or type(err).__name__)
    raise AssertionError("unreachable")  # pragma: no cover


def _on_dask(
    tasks: list[HostTask], client: Any, reporter: LoadProgress, reduce: Reducer, where: str
) -> list[HostResult]:
    from distributed import as_completed

    token = uuid.uuid4().hex[:12]
    keys = [f"nbprof-reduce-{token}-{i}" for i in range(len(tasks))]
    futures = client.map(reduce, tasks, key=keys, pure=False, retries=TASK_RETRIES)
    position = {f.key: i for i, f in enumerate(futures)}
    results: list[HostResult | None] = [None] * len(tasks)
    done = failed = 0
    reporter.start(len(tasks), where)
    try:
        for future in as_completed(futures, loop=client.loop):
            i = position[future.key]
            results[i] = _outcome(future, tasks[i])
            future.release()
            done += 1
            failed += isinstance(results[i], HostFailure)
            reporter.update(done, failed)
    except BaseException:  # KeyboardInterrupt: stop the hosts still queued or running
        client.cancel(futures)
        raise
    finally:
        reporter.close()
    return [r if r is not None else HostFailure(t, "CancelledError", "not reduced") for r, t in zip(results, tasks)]


def _outcome(future: Any, task: HostTask) -> HostResult:
    """A finished future's reduction, or the failure it ended with, named for the host."""
    try:
        if future.status == "finished":
            result = future.result()
            if isinstance(result, HostFailure) or hasattr(result, "tables"):
                return result  # type: ignore[no-any-return]
            return HostFailure(task, "TypeError", f"the worker returned {type(result).__name__}, not a reduction")
        err = future.exception()
    except Exception as exc:  # noqa: BLE001 - e.g. a result that cannot be unpickled here
        err = exc
    return HostFailure(task, type(err).__name__, _explain(err, task))


def _explain(err: BaseException, task: HostTask) -> str:
    kind = type(err).__name__
    if kind == "KilledWorker":
        size = f" ({task.file_bytes / 2**20:,.0f} MiB file)" if task.file_bytes > 0 else ""
        return (
            f"every Dask worker that read this host{size} died (Dask retried it on others): it may need more "
            "memory than a worker has; give workers more memory or load it alone with nbprof.load(path, host=...)"
        )
    if isinstance(err, ModuleNotFoundError) and "nbprof" in str(err):
        return f"{err}: install nbprof on the Dask workers (the same version as here)"
    if isinstance(err, (FileNotFoundError, NbprofError)) and "no such file" in str(err).lower():
        return f"{err} (the Dask workers read the files themselves: give a path they can all reach, e.g. gs://...)"
    return str(err) or kind
