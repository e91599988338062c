"""Remote capture: our own gRPC client of ``tensorflow.ProfilerService/Profile``, many workers at once.

Each worker is captured in its own thread on its own channel. The request asks for the
XSpace in the response (``emit_xspace``, newer servers) and also names a repository
(``<logdir>/plugins/profile/<run>/<host>.xplane.pb``) where older servers save it on their
own disk instead; when the response carries no XSpace the file is read from there if this
kernel can reach that path. Retries follow the upstream client: a capture that comes back
empty, or fails with UNAVAILABLE, ALREADY_EXISTS or "Stream removed", is tried again.
"""

from __future__ import annotations

import os
import threading
import time
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nbprof.capture import logdir as layout
from nbprof.capture.addresses import check_level, parse_duration_ms, parse_workers
from nbprof.capture.progress import WorkerProgress, choose_progress
from nbprof.errors import CaptureError, NbprofWarning

if TYPE_CHECKING:  # pragma: no cover
    from nbprof.profile import Profile

#: Tools the stock clients list in the request (old servers convert them; new ones ignore it).
STOCK_TOOLS = ("xplane.pb",)
#: Seconds between two attempts of a worker.
RETRY_PAUSE_S = 0.3
#: How often the main thread refreshes progress and worker threads check for cancellation (s).
POLL_S = 0.05

_capture_lock = threading.Lock()


class CaptureWarning(NbprofWarning):
    """Some workers of a multi-worker capture failed; the profile holds the others."""


@dataclass
class CaptureOptions:
    """Everything a worker thread needs; durations in ms, timeouts in s."""

    duration_ms: int
    logdir: str
    run: str
    host_tracer_level: int = 2
    device_tracer_level: int = 1
    python_tracer_level: int = 0
    include_dataset_ops: bool = True
    delay_ms: int = 0
    num_retries: int = 3
    timeout_s: float = 60.0
    connect_timeout_s: float = 10.0


@dataclass
class WorkerResult:
    """Outcome of one worker: ``path`` of the saved ``.xplane.pb`` or ``error`` (a message)."""

    address: str
    progress: WorkerProgress
    path: str | None = None
    error: str | None = None
    source: str = ""  # "in-band" (response.xspace) or "repository" (file the server wrote)
    attempts: list[tuple[str, str]] = field(default_factory=list)  # (kind, detail) per attempt
    cancelled: bool = False


def build_request(address: str, options: CaptureOptions) -> Any:
    """The ``ProfileRequest`` for one worker, shaped like the stock clients' plus ``emit_xspace``."""
    from nbprof.proto import profiler_service_pb2 as pb

    request = pb.ProfileRequest(
        duration_ms=options.duration_ms,
        max_events=1_000_000,
        tools=list(STOCK_TOOLS),
        repository_root=layout.profile_root(options.logdir),
        session_id=options.run,
        host_name=address,
        emit_xspace=True,
    )
    opts = request.opts
    opts.version = 1
    opts.include_dataset_ops = options.include_dataset_ops
    opts.host_tracer_level = options.host_tracer_level
    opts.device_tracer_level = options.device_tracer_level
    opts.python_tracer_level = options.python_tracer_level
    opts.enable_hlo_proto = True
    opts.duration_ms = options.duration_ms  # the field servers actually honour
    if options.delay_ms:  # 0 = start at once (a "now" timestamp only makes servers log "late by N ns")
        opts.start_timestamp_ns = time.time_ns() + options.delay_ms * 1_000_000
    opts.repository_path = options.logdir
    return request


def capture(
    workers: str | Iterable[str],
    duration_ms: int | float | str = 2000,
    logdir: str | os.PathLike[str] | None = None,
    *,
    host_tracer_level: int = 2,
    device_tracer_level: int = 1,
    python_tracer_level: int = 0,
    include_dataset_ops: bool = True,
    delay_ms: int = 0,
    num_retries: int = 3,
    timeout_s: float = 60.0,
    connect_timeout_s: float = 10.0,
    progress: bool | str | None = None,
    quiet: bool = False,
) -> Profile:
    """Capture a profile from running programs' profiler servers and load it.

    Args:
        workers: ``"host:port"`` or ``"host1:9012,host2:9012"`` (or a list); each address
            is a ``jax.profiler.start_server(port)``, ``tf.profiler.experimental.server.start(port)``
            or PyTorch/XLA ``xp.start_server(port)``. A ``grpc://`` prefix is allowed.
        duration_ms: how long to trace, in ms, or a string such as ``"2s"``.
        logdir: where to keep ``plugins/profile/<run>/<host>.xplane.pb`` (local path or
            fsspec URL); a new temporary directory when None.
        host_tracer_level / device_tracer_level / python_tracer_level: tracer levels
            (host 0-3, device 0-2, Python 0-1; 0 turns a tracer off).
        include_dataset_ops: trace tf.data ops (TensorFlow servers).
        delay_ms: start tracing this many ms after the request is sent.
        num_retries: extra attempts per worker when a capture comes back empty or the
            worker is busy or briefly unavailable.
        timeout_s: seconds allowed beyond the duration for a worker to answer.
        connect_timeout_s: seconds to wait for a connection before giving up on a worker.
        progress: None (a bar or text line for captures longer than 1 s), True, False,
            ``"widget"`` or ``"text"``.
        quiet: do not print where the profile was saved.

    Returns:
        The captured :class:`nbprof.Profile` (all workers, one run). When only some workers
        fail, their errors come as a :class:`CaptureWarning` and in ``profile.notes``.

    Raises:
        CaptureError: bad arguments, or no worker could be captured (the message says why
        and what to check). A keyboard interrupt cancels the capture on every worker and
        raises CaptureError.
    """
    addresses = parse_workers(workers)
    duration = parse_duration_ms(duration_ms)
    for name, value in (("num_retries", num_retries), ("delay_ms", delay_ms)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise CaptureError(f"{name} must be a non-negative integer, got {value!r}.")
    for name, value in (("timeout_s", timeout_s), ("connect_timeout_s", connect_timeout_s)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise CaptureError(f"{name} must be a positive number of seconds, got {value!r}.")
    out_dir = layout.resolve_logdir(logdir)
    options = CaptureOptions(
        duration_ms=duration,
        logdir=out_dir,
        run="",  # claimed below, once this process may capture
        host_tracer_level=check_level("host_tracer_level", host_tracer_level, 3),
        device_tracer_level=check_level("device_tracer_level", device_tracer_level, 2),
        python_tracer_level=check_level("python_tracer_level", python_tracer_level, 1),
        include_dataset_ops=bool(include_dataset_ops),
        delay_ms=delay_ms,
        num_retries=num_retries,
        timeout_s=float(timeout_s),
        connect_timeout_s=float(connect_timeout_s),
    )
    if not _capture_lock.acquire(blocking=False):
        raise CaptureError("another nbprof.capture() is already running in this process; wait for it to finish.")
    try:
        # A run directory of our own: another process capturing into this logdir in the same
        # second gets another one, so the profile returned holds only this capture's workers.
        options.run = _claim_run(out_dir)
        try:
            results = _capture_all(addresses, options, progress)
        finally:
            layout.release_run(out_dir, options.run)  # removed only if nothing was saved
    finally:
        _capture_lock.release()
    return _finish(results, options, quiet)


def _claim_run(logdir: str) -> str:
    try:
        return layout.claim_run(logdir)
    except OSError as exc:
        raise CaptureError(
            f"cannot create a run directory under {layout.profile_root(logdir)}: {exc.strerror or exc}. "
            "Pass a logdir= this kernel can write to."
        ) from None


def _capture_all(addresses: list[str], options: CaptureOptions, progress: bool | str | None) -> list[WorkerResult]:
    """Run one thread per worker and report progress until all are done; Ctrl-C cancels all."""
    cancel = threading.Event()
    results = [WorkerResult(address=a, progress=WorkerProgress(address=a)) for a in addresses]
    threads = [
        threading.Thread(
            target=_capture_worker, args=(r, options, cancel), name=f"nbprof-capture-{r.address}", daemon=True
        )
        for r in results
    ]
    reporter = choose_progress(progress, (options.duration_ms + options.delay_ms) / 1000)
    states = [r.progress for r in results]
    try:
        reporter.start(addresses, options.duration_ms / 1000)
    except Exception:  # noqa: BLE001 - no display must not mean no capture
        reporter = choose_progress(False, 0)
    try:
        for thread in threads:
            thread.start()
        while any(t.is_alive() for t in threads):
            time.sleep(POLL_S)
            reporter.update(states)
        reporter.update(states)
    except KeyboardInterrupt:
        cancel.set()
        for thread in threads:
            if thread.ident is not None:  # started
                thread.join(options.connect_timeout_s + 5)
        reporter.update(states)
        saved = [r.address for r in results if r.path]
        kept = (
            f" The workers that had already finished ({', '.join(saved)}) are saved in "
            f"{layout.run_dir(options.logdir, options.run)}."
            if saved
            else " Nothing was saved."
        )
        raise CaptureError(
            "capture interrupted: the profiling sessions on "
            + ", ".join(addresses)
            + " were stopped."
            + kept
            + " Run the capture again when ready."
        ) from None
    finally:
        reporter.close()
    return results


def _finish(results: list[WorkerResult], options: CaptureOptions, quiet: bool) -> Profile:
    """Load the saved files as one Profile; raise when every worker failed, warn when some did."""
    failed = [r for r in results if r.path is None]
    if len(failed) == len(results):
        if len(results) == 1:
            raise CaptureError(failed[0].error or f"{failed[0].address}: capture failed.")
        raise CaptureError("no worker could be captured:\n" + "\n".join(f"- {r.error}" for r in failed))
    from nbprof.loading import load

    run_path = layout.run_dir(options.logdir, options.run)
    # Only the files this capture saved, whatever else the run directory may hold.
    profile = load(run_path, host=[layout.host_file_name(r.address) for r in results if r.path is not None])
    if failed:
        message = "some workers could not be captured (the profile has the others):\n" + "\n".join(
            f"- {r.error}" for r in failed
        )
        warnings.warn(message, CaptureWarning, stacklevel=3)
        notes = getattr(profile, "notes", None)
        if isinstance(notes, list):
            notes.append(message)
    if not quiet:
        print(f"nbprof: captured {len(results) - len(failed)} worker(s) into {run_path}")
    return profile


# --------------------------------------------------------------------------- one worker
def _capture_worker(result: WorkerResult, options: CaptureOptions, cancel: threading.Event) -> None:
    """Capture one worker with retries; fills ``result`` (never raises)."""
    import grpc

    from nbprof.proto.service import CHANNEL_OPTIONS, ProfilerServiceStub

    state = result.progress
    try:
        with grpc.insecure_channel(result.address, options=list(CHANNEL_OPTIONS)) as channel:
            stub = ProfilerServiceStub(channel)
            for attempt in range(1, options.num_retries + 2):
                state.attempt = attempt
                if attempt > 1:
                    state.status = "retrying"
                    if cancel.wait(RETRY_PAUSE_S):
                        break
                outcome = _attempt(stub, channel, result, options, cancel)
                if outcome == "done":
                    state.status = "done"
                    return
                if outcome != "retry":
                    break
    except Exception as exc:  # noqa: BLE001 - a worker thread must report, not die
        result.attempts.append(("error", f"unexpected {type(exc).__name__}: {exc}"))
    if cancel.is_set():
        result.cancelled = True
        state.status = "cancelled"
        result.error = f"{result.address}: capture cancelled."
        return
    state.status = "failed"
    result.error = _explain_failure(result, options)


def _attempt(stub: Any, channel: Any, result: WorkerResult, options: CaptureOptions, cancel: threading.Event) -> str:
    """One Profile call: returns ``"done"``, ``"retry"`` or ``"fail"`` and records why in ``result.attempts``."""
    import grpc

    state = result.progress
    state.status = "connecting"
    state.elapsed_s = 0.0
    connected = _wait_for_connection(channel, options.connect_timeout_s, cancel)
    if cancel.is_set():
        return "fail"
    if connected == "timeout":
        result.attempts.append(("timeout", f"no connection within {options.connect_timeout_s:g} s"))
        return "fail"
    request = build_request(result.address, options)
    deadline_s = (options.duration_ms + options.delay_ms) / 1000 + options.timeout_s
    call = stub.Profile.future(request, timeout=deadline_s)
    started = time.monotonic()
    state.status = "capturing"
    while not call.done():
        state.elapsed_s = time.monotonic() - started
        if cancel.wait(POLL_S):
            _stop_remote_session(stub, options.run)
            call.cancel()
            return "fail"
    state.elapsed_s = time.monotonic() - started
    try:
        response = call.result()
    except grpc.FutureCancelledError:
        return "fail"
    except grpc.RpcError as error:
        code, details = error.code(), error.details() or ""
        kind = _classify(code, details)
        result.attempts.append((kind, f"{code.name}: {details}"))
        return "retry" if kind in ("refused", "lost", "busy") else "fail"
    return _save_response(response, result, options)


def _wait_for_connection(channel: Any, timeout_s: float, cancel: threading.Event) -> str:
    """Wait until the channel is READY or has failed once: ``"ready"``, ``"failed"`` or ``"timeout"``.

    A refused connection or an unknown host ends the wait at once (the Profile call that
    follows then fails fast with the precise reason); a host that never answers ends it
    after ``timeout_s``.
    """
    import grpc

    settled = threading.Event()
    seen: list[Any] = []

    def on_change(connectivity: Any) -> None:
        if connectivity in (
            grpc.ChannelConnectivity.READY,
            grpc.ChannelConnectivity.TRANSIENT_FAILURE,
            grpc.ChannelConnectivity.SHUTDOWN,
        ):
            seen.append(connectivity)
            settled.set()

    channel.subscribe(on_change, try_to_connect=True)
    try:
        end = time.monotonic() + timeout_s
        while not settled.is_set() and time.monotonic() < end and not cancel.is_set():
            settled.wait(POLL_S)
    finally:
        channel.unsubscribe(on_change)
    if not seen:
        return "timeout"
    return "ready" if seen[0] == grpc.ChannelConnectivity.READY else "failed"


def _stop_remote_session(stub: Any, run: str) -> None:
    """Ask the worker to end our session now (best effort; the cancel that follows also ends it)."""
    from nbprof.proto import profiler_service_pb2 as pb

    try:
        stub.Terminate(pb.TerminateRequest(session_id=run), timeout=2.0)
    except Exception:  # noqa: BLE001 - the worker may be gone already
        pass


def _classify(code: Any, details: str) -> str:
    """Name a failed call: refused, unknown_host, not_profiler, lost, busy, timeout or error."""
    import grpc

    text = details.lower()
    if "another profiling session" in text or code == grpc.StatusCode.ALREADY_EXISTS:
        return "busy"
    if code == grpc.StatusCode.UNKNOWN and "stream removed" in text:
        return "lost"
    if code == grpc.StatusCode.UNAVAILABLE:
        if "resolv" in text or "lookup" in text or "dns" in text:
            return "unknown_host"
        if "http/2" in text or "http2" in text or "http/1" in text:
            return "not_profiler"
        if "refused" in text:
            return "refused"
        return "lost"
    if code == grpc.StatusCode.DEADLINE_EXCEEDED:
        return "timeout"
    if code == grpc.StatusCode.UNIMPLEMENTED:
        return "not_profiler"
    return "error"


def _save_response(response: Any, result: WorkerResult, options: CaptureOptions) -> str:
    """Keep the XSpace of a response (in-band, or the file an older server wrote); ``"retry"`` when empty."""
    stem = layout.host_file_name(result.address)
    target = layout.xplane_path(options.logdir, options.run, stem)
    if response.empty_trace:
        result.attempts.append(("empty", "the worker traced no events"))
        return "retry"
    if response.HasField("xspace") and len(response.xspace.planes):
        _write_bytes(target, response.xspace.SerializeToString())
        result.path, result.source = target, "in-band"
        return "done"
    if _exists(target):  # an older server saved it at <repository_root>/<session_id>/<host>.xplane.pb
        result.path, result.source = target, "repository"
        return "done"
    result.attempts.append(("not_reachable", target))
    return "fail"


def _write_bytes(path: str, data: bytes) -> None:
    if layout.is_url(path):
        import fsspec

        with fsspec.open(path, "wb") as handle:
            handle.write(data)
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".part"
    with open(tmp, "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)


def _exists(path: str) -> bool:
    if layout.is_url(path):
        try:
            import fsspec

            fs, inner = fsspec.core.url_to_fs(path)
            return bool(fs.exists(inner))
        except Exception:  # noqa: BLE001 - unreachable store = not reachable
            return False
    return os.path.isfile(path)


_HINT_SERVER = (
    "is the program running with a profiler server on that port "
    "(jax.profiler.start_server(port), tf.profiler.experimental.server.start(port), "
    "torch_xla's xp.start_server(port))?"
)


def _explain_failure(result: WorkerResult, options: CaptureOptions) -> str:
    """One clear message for a worker that failed, from the reason of its last attempt."""
    address = result.address
    tries = len(result.attempts)
    kind, detail = result.attempts[-1] if result.attempts else ("error", "no attempt was made")
    last = f"({tries} attempt(s); last error: {_shorten(detail)})"
    if kind == "empty":
        return (
            f"{address}: no trace event was collected after {tries} attempt(s). Check that the program is "
            f"running work (steps, jitted calls) during the {options.duration_ms} ms window, that the port is "
            "the profiler server's, and that the tracer levels are not all 0."
        )
    if kind == "busy":
        return (
            f"{address}: the worker is already being profiled (another capture, or a trace started inside "
            f"that program) {last}. Wait for it to finish, then capture again."
        )
    if kind == "unknown_host":
        return f"{address}: the host name cannot be resolved from this kernel; check the spelling or use an IP address {last}."
    if kind == "refused":
        if any(k == "lost" for k, _ in result.attempts):
            return (
                f"{address}: the connection broke during the capture and the worker no longer answers: "
                f"did the program exit or crash? {last}"
            )
        return f"{address}: nothing is listening there (connection refused): {_HINT_SERVER} {last}"
    if kind == "lost":
        return f"{address}: the connection broke during the capture: did the program exit or crash? {last}"
    if kind == "timeout":
        return (
            f"{address}: the worker did not answer in time: is the address reachable from this kernel "
            f"(firewall, VPN, private IP, wrong port)? {last}"
        )
    if kind == "not_profiler":
        return f"{address}: something answers there but it is not a gRPC profiler server: {_HINT_SERVER} {last}"
    if kind == "not_reachable":
        return (
            f"{address}: the worker did not send the profile back in its response (an older profiler server); "
            f"it saved it on its own disk as {detail}, which this kernel cannot read. Use a logdir that both can "
            "reach (a shared filesystem, or an fsspec URL such as logdir='gs://bucket/profiles'), or upgrade "
            "JAX/TensorFlow on the worker so that it returns the profile in-band."
        )
    return f"{address}: capture failed {last}"


def _shorten(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
