"""The %profile / %%profile magics in a real IPython InteractiveShell."""

from __future__ import annotations

import importlib

import jax
import pytest
from capture_helpers.servers import start_servers
from IPython.testing.globalipapp import start_ipython
from IPython.utils.capture import capture_output

import nbprof
from nbprof.errors import CaptureError
from nbprof.magic import ProfileMagics, split_options
from nbprof.profile import Profile

pytestmark = pytest.mark.capture

# The package by module path (nbprof exports the name nbprof.capture as a callable package too).
capture_api = importlib.import_module("nbprof.capture")

SETUP = """
import jax, jax.numpy as jnp
from nbprof.capture import inprocess as nbc
train_step = jax.jit(lambda x: jnp.tanh(x @ x) * 0.5)
x = jnp.ones((64, 64), jnp.float32)
train_step(x).block_until_ready()
def python_function_to_find():
    return sum(range(1000))
"""


@pytest.fixture(scope="module")
def ip():
    shell = start_ipython()
    active = list(shell.display_formatter.active_types)
    shell.display_formatter.active_types = [*active, "text/html"]  # as in a notebook kernel
    shell.run_line_magic("load_ext", "nbprof.magic")
    assert shell.run_cell(SETUP).success
    yield shell
    shell.display_formatter.active_types = active


@pytest.fixture(autouse=True)
def no_session_left():
    yield
    assert capture_api.active_session() is None
    assert not jax._src.profiler._profile_state.profile_session


def _html_outputs(captured) -> list[str]:
    return [o.data["text/html"] for o in captured.outputs if "text/html" in o.data]


def test_cell_magic_profiles_the_cell_displays_and_stores_profile(ip, tmp_path):
    cell = f"%%profile --logdir {tmp_path}\nfor i in range(4):\n    with nbc.step(i):\n        x = train_step(x).block_until_ready()\n"
    with capture_output() as captured:
        result = ip.run_cell(cell)
    assert result.success, result.error_in_exec
    prof = ip.user_ns["_profile"]
    assert isinstance(prof, Profile)
    assert sorted(set(prof.events.loc[prof.events["step_num"].notna(), "step_num"].astype(int))) == [0, 1, 2, 3]
    assert list(tmp_path.glob("plugins/profile/*/*.xplane.pb"))
    html = _html_outputs(captured)
    assert len(html) == 1 and "nbprof profile" in html[0] and "events" in html[0]
    assert f"saved to {tmp_path}" in captured.stdout


def test_line_magic_returns_the_profile(ip):
    with capture_output() as captured:
        result = ip.run_cell("p = %profile --no-show train_step(x).block_until_ready()")
    assert result.success, result.error_in_exec
    assert isinstance(ip.user_ns["p"], Profile) and ip.user_ns["p"] is ip.user_ns["_profile"]
    assert not _html_outputs(captured)  # --no-show
    assert ip.user_ns["_profile_result"].shape == (64, 64)  # the statement's own value is kept too


def test_python_tracer_option(ip):
    result = ip.run_cell("p = %profile --python --host-tracer-level 3 --no-show python_function_to_find()")
    assert result.success, result.error_in_exec
    assert ip.user_ns["p"].events["name"].astype(str).str.contains("python_function_to_find").any()


def test_exception_in_cell_stops_the_trace_and_is_raised(ip):
    ip.user_ns.pop("_profile", None)
    with capture_output():
        result = ip.run_cell("%%profile --no-show\nx = train_step(x).block_until_ready()\n1 / 0\n")
    assert isinstance(result.error_in_exec, ZeroDivisionError)
    assert isinstance(ip.user_ns["_profile"], Profile)  # saved up to the error


def test_syntax_error_does_not_start_a_trace(ip):
    with capture_output():
        result = ip.run_cell("%%profile --no-show\ndef broken(:\n")
    assert isinstance(result.error_in_exec or result.error_before_exec, SyntaxError)


def test_statement_is_not_var_expanded_but_options_are(ip, tmp_path):
    ip.user_ns["where"] = str(tmp_path / "expanded")
    result = ip.run_cell("p = %profile --logdir {where} --no-show d = {1: 2}")
    assert result.success, result.error_in_exec
    assert ip.user_ns["d"] == {1: 2}
    assert list((tmp_path / "expanded").glob("plugins/profile/*/*.xplane.pb"))


def test_nothing_to_profile(ip):
    with capture_output():
        result = ip.run_cell("%profile")
    assert isinstance(result.error_in_exec, CaptureError)
    assert "nothing to profile" in str(result.error_in_exec)


def test_help(ip, capsys):
    ip.run_cell("%profile?")
    out = capsys.readouterr().out
    for text in (
        "%profile",
        "--capture WORKERS",
        "--duration T",
        "--host-tracer-level N",
        "--no-show",
        "--python",
        "--backend",
        "--logdir",
    ):
        assert text in out


def test_split_options_keeps_the_statement_exactly():
    parser = ProfileMagics.profile.parser
    assert split_options('--logdir "/tmp/a b" --no-show print("--x y",  1)', parser) == (
        '--logdir "/tmp/a b" --no-show',
        'print("--x y",  1)',
    )
    assert split_options("--duration=2s --capture h:1", parser) == ("--duration=2s --capture h:1", "")
    assert split_options("-x + 1", parser) == ("", "-x + 1")


def test_summary_html_escapes_event_names(ip, tmp_path):
    from nbprof.widgets.static_html import profile_summary_html as summary_html

    with capture_api.profile(logdir=tmp_path, quiet=True) as session:
        with jax.profiler.TraceAnnotation("<script>alert(1)</script>"):
            pass
    html = summary_html(session.profile)
    assert "<script>" not in html and "&lt;script&gt;" in html


@pytest.fixture(scope="module")
def server():
    (started,) = start_servers(1, lifetime_s=900)
    yield started
    started.stop()


def test_capture_magic(ip, server, tmp_path):
    with capture_output() as captured:
        result = ip.run_cell(f"p = %profile --capture grpc://{server.address} --duration 500ms --logdir {tmp_path}")
    assert result.success, result.error_in_exec
    prof = ip.user_ns["p"]
    assert prof.hosts == [f"127.0.0.1_{server.port}"] and len(prof.events) > 0
    assert _html_outputs(captured)


def test_capture_magic_bad_address(ip):
    with capture_output():
        result = ip.run_cell("%profile --capture localhost --duration 1s")
    assert isinstance(result.error_in_exec, CaptureError)
    assert "malformed worker address 'localhost'" in str(result.error_in_exec)


def test_capture_magic_takes_no_code(ip):
    with capture_output():
        result = ip.run_cell("%profile --capture localhost:1 f()")
    assert isinstance(result.error_in_exec, CaptureError)


def test_load_ext_nbprof(ip):
    ip.run_line_magic("load_ext", "nbprof")
    assert "profile" in ip.magics_manager.magics["line"] and "profile" in ip.magics_manager.magics["cell"]


def test_public_names(tmp_path):
    assert nbprof.profile is capture_api.profile and nbprof.step is capture_api.step
    assert nbprof.start is capture_api.start and nbprof.stop is capture_api.stop
    assert callable(nbprof.capture)  # nbprof.capture("host:port", ...) is the remote capture
    with pytest.raises(CaptureError, match="malformed worker address 'localhost'"):
        nbprof.capture("localhost", duration_ms=100)
