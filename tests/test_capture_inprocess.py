"""In-process profiling with the framework's own profiler: JAX always, TensorFlow when installed."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import pytest

from nbprof.capture import backends
from nbprof.errors import CaptureError

# The package by module path (nbprof exports the name nbprof.capture as a callable package too).
capture_api = importlib.import_module("nbprof.capture")
pytestmark = pytest.mark.capture


@pytest.fixture(scope="module")
def train_step():
    step = jax.jit(lambda x: jnp.tanh(x @ x) * 0.5)
    step(jnp.ones((64, 64), jnp.float32)).block_until_ready()  # compile outside the traces
    return step


@pytest.fixture(autouse=True)
def no_session_left():
    yield
    assert capture_api.active_session() is None, "a test left an nbprof session running"
    assert not backends.JaxBackend().is_tracing(), "a test left a JAX trace running"


def _run_steps(step, n: int) -> None:
    x = jnp.ones((64, 64), jnp.float32)
    for i in range(n):
        with capture_api.step(i):
            x = step(x)
            x.block_until_ready()


def test_context_manager_profiles_steps_into_tensorboard_layout(train_step, tmp_path, capsys):
    with capture_api.profile(logdir=tmp_path) as session:
        _run_steps(train_step, 5)
    prof = session.profile
    files = list((tmp_path / "plugins" / "profile").glob("*/*.xplane.pb"))
    assert [str(f) for f in files] == session.paths
    assert Path(session.run_dir).name == prof.run
    ev = prof.events
    marked = ev[ev["step_num"].notna()]
    assert sorted(set(marked["step_num"].astype(int))) == [0, 1, 2, 3, 4]
    assert set(marked["name"].astype(str)) == {"train"}
    assert f"saved to {session.run_dir}" in capsys.readouterr().out


def test_default_logdir_is_temporary_and_printed(train_step, capsys):
    with capture_api.profile() as session:
        _run_steps(train_step, 2)
    out = capsys.readouterr().out
    assert "nbprof-" in session.logdir and session.run_dir in out
    assert Path(session.paths[0]).is_file()


def test_start_stop_returns_profile_and_step_names(train_step, tmp_path):
    session = capture_api.start(logdir=tmp_path, quiet=True)
    assert capture_api.active_session() is session and session.running
    x = jnp.ones((64, 64), jnp.float32)
    for i in range(3):
        with capture_api.step(i, name="eval"):
            x = train_step(x).block_until_ready()
    prof = capture_api.stop()
    names = prof.events.loc[prof.events["step_num"].notna(), "name"].astype(str)
    assert set(names) == {"eval"} and len(names) == 3
    assert session.profile is prof


def test_python_tracer_level_records_python_calls(tmp_path):
    def python_function_to_find():
        return sum(range(1000))

    with capture_api.profile(logdir=tmp_path, python_tracer_level=1, quiet=True) as session:
        python_function_to_find()
    names = session.profile.events["name"].astype(str)
    assert names.str.contains("python_function_to_find").any()


def test_stop_without_start():
    with pytest.raises(CaptureError, match="no nbprof profiling session is running"):
        capture_api.stop()


def test_profile_before_stop_is_an_error(tmp_path):
    session = capture_api.start(logdir=tmp_path, quiet=True)
    try:
        with pytest.raises(CaptureError, match="still running"):
            _ = session.profile
    finally:
        capture_api.stop()


def test_second_session_is_refused_then_works_after_stop(tmp_path):
    capture_api.start(logdir=tmp_path, quiet=True)
    try:
        with pytest.raises(CaptureError, match="already running in this process"):
            capture_api.start(logdir=tmp_path, quiet=True)
    finally:
        capture_api.stop()
    with capture_api.profile(logdir=tmp_path, quiet=True) as session:
        pass
    assert session.profile is not None


def test_framework_trace_already_running(tmp_path):
    jax.profiler.start_trace(str(tmp_path / "theirs"))
    try:
        with pytest.raises(CaptureError, match=r"JAX profiler trace is already running.*stop_trace"):
            capture_api.start(logdir=tmp_path, quiet=True)
        assert capture_api.active_session() is None
    finally:
        jax.profiler.stop_trace()
    with capture_api.profile(logdir=tmp_path, quiet=True) as session:
        pass
    assert session.profile is not None


def test_exception_inside_block_still_stops_saves_and_raises(train_step, tmp_path):
    with pytest.raises(ZeroDivisionError) as raised:
        with capture_api.profile(logdir=tmp_path, quiet=True) as session:
            _run_steps(train_step, 2)
            raise ZeroDivisionError
    assert not session.running
    assert session.profile.events["step_num"].notna().sum() == 2
    assert Path(session.paths[0]).is_file()
    if sys.version_info >= (3, 11):
        assert any("was saved to" in note for note in raised.value.__notes__)


def test_keyboard_interrupt_inside_block_still_stops(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        with capture_api.profile(logdir=tmp_path, quiet=True) as session:
            raise KeyboardInterrupt
    assert Path(session.paths[0]).is_file()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"backend": "torch"}, "unknown backend 'torch'"),
        ({"host_tracer_level": 7}, "host_tracer_level must be an integer from 0 to 3"),
        ({"python_tracer_level": 2}, "python_tracer_level must be"),
        ({"logdir": "gs://bucket/x"}, "local directory"),
    ],
)
def test_bad_arguments(kwargs, message):
    with pytest.raises(CaptureError, match=message):
        capture_api.profile(**kwargs).start()


def test_bad_step_number():
    with pytest.raises(CaptureError, match="non-negative integer"):
        capture_api.step(-1)


def test_no_framework_installed(monkeypatch):
    monkeypatch.setitem(sys.modules, "jax", None)  # import jax now fails, as without JAX installed
    monkeypatch.setitem(sys.modules, "tensorflow", None)
    monkeypatch.setattr(backends, "_cache", {})
    with pytest.raises(CaptureError, match=r"no supported framework.*pip install jax.*nbprof.capture"):
        capture_api.start()
    with pytest.raises(CaptureError, match="no supported framework"):
        capture_api.step(0)
    assert capture_api.active_session() is None


def test_jax_is_detected_when_imported():
    assert backends.detect_backend() == "jax"


@pytest.mark.skipif(backends._installed("tensorflow"), reason="checks the message when TensorFlow is absent")
def test_tf_backend_without_tensorflow(monkeypatch):
    monkeypatch.setattr(backends, "_cache", {})
    with pytest.raises(CaptureError, match=r"backend 'tf' needs tensorflow"):
        capture_api.start(backend="tf")


def test_tensorflow_in_process(tmp_path):
    tf = pytest.importorskip("tensorflow")

    @tf.function
    def tf_step(x):
        return tf.tanh(tf.matmul(x, x))

    x = tf.ones((64, 64))
    tf_step(x)
    with capture_api.profile(logdir=tmp_path, backend="tf", quiet=True) as session:
        for i in range(3):
            with capture_api.step(i):
                x = tf_step(x)
    prof = session.profile
    assert sorted(set(prof.events.loc[prof.events["step_num"].notna(), "step_num"].astype(int))) == [0, 1, 2]


def test_sessions_in_the_same_second_get_their_own_runs(tmp_path):
    sessions = []
    for _ in range(3):
        with capture_api.profile(logdir=tmp_path, quiet=True) as session:
            pass
        sessions.append(session)
    run_dirs = sorted(p.name for p in (tmp_path / "plugins" / "profile").iterdir())
    assert len(run_dirs) == 3 and len({s.run_dir for s in sessions}) == 3
    assert sorted(Path(s.run_dir).name for s in sessions) == run_dirs
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".nbprof-staging")]


def test_run_of_another_process_in_the_same_second_is_left_alone(train_step, tmp_path):
    """A session stopping in a second whose run directory another process holds gets a run of
    its own (claimed with an atomic mkdir, so this holds even when both stop at once); the
    other's files are neither loaded nor touched. Every run name of the next minute is taken
    here by a foreign host file."""
    import shutil
    import time

    from nbprof.capture import logdir as layout

    foreign = next(Path(__file__).parent.glob("fixtures/jax_mlp_train/plugins/profile/*/*.xplane.pb"))
    now = time.time()
    taken = {layout.run_name(now + s) for s in range(-2, 60)}
    for name in taken:
        (tmp_path / "plugins" / "profile" / name).mkdir(parents=True)
        shutil.copy(foreign, tmp_path / "plugins" / "profile" / name / "other_process.xplane.pb")
    with capture_api.profile(logdir=tmp_path, quiet=True) as session:
        _run_steps(train_step, 2)
    run = Path(session.run_dir).name
    assert run not in taken and run[:19] in taken  # the framework's name for that second, with a suffix
    assert "other_process" not in session.profile.hosts and len(session.profile.events) > 0
    for name in taken:  # the other process's runs are untouched
        assert [p.name for p in (tmp_path / "plugins" / "profile" / name).iterdir()] == ["other_process.xplane.pb"]
