"""A remote capture inside a real Jupyter kernel: widget progress per worker, kernel interrupt, kernel survives."""

from __future__ import annotations

import os
import queue
from pathlib import Path

import pytest
from capture_helpers.servers import start_servers

pytestmark = pytest.mark.capture

jupyter_client = pytest.importorskip("jupyter_client")

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def server():
    (started,) = start_servers(1, lifetime_s=900)
    yield started
    started.stop()


@pytest.fixture(scope="module")
def kernel():
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]), JAX_PLATFORMS="cpu"
    )
    manager = jupyter_client.KernelManager(kernel_name="python3")
    manager.start_kernel(env=env, cwd=str(REPO))
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=60)
    yield manager, client
    client.stop_channels()
    manager.shutdown_kernel(now=True)


def _reply(client, msg_id: str) -> dict:
    """The execute_reply of ``msg_id`` (skipping stale replies, e.g. extra kernel_info replies)."""
    while True:
        msg = client.get_shell_msg(timeout=30)
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg["content"]


def _run(client, code: str, interrupt_when=None, manager=None) -> tuple[dict, list[dict]]:
    """Execute code (interrupting the kernel once ``interrupt_when()`` is true); reply and iopub messages.

    A kernel that never finishes the cell fails the test through its time limit (pytest-timeout).
    """
    msg_id = client.execute(code)
    messages: list[dict] = []
    interrupted = False
    while True:
        if interrupt_when is not None and not interrupted and interrupt_when():
            manager.interrupt_kernel()  # what the notebook's stop button does
            interrupted = True
        try:
            msg = client.get_iopub_msg(timeout=0.1)
        except queue.Empty:
            continue
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        messages.append(msg)
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return _reply(client, msg_id), messages


def test_widget_progress_interrupt_and_next_capture(kernel, server):
    manager, client = kernel
    reply, _ = _run(client, "from nbprof.capture import remote as nbc")
    assert reply["status"] == "ok"

    # A 10 s capture, interrupted once the server traces for it (a capture left running would
    # reply "ok" after 10 s).
    sessions = server.sessions_started()
    reply, messages = _run(
        client,
        f"p = nbc.capture({server.address!r}, duration_ms=10000)",
        interrupt_when=lambda: server.sessions_started() > sessions,
        manager=manager,
    )
    shown = [
        m
        for m in messages
        if m["msg_type"] == "display_data" and "application/vnd.jupyter.widget-view+json" in m["content"]["data"]
    ]
    assert len(shown) == 1, "no ipywidgets progress was displayed"
    models = [m["content"]["data"]["state"].get("_model_name") for m in messages if m["msg_type"] == "comm_open"]
    assert models.count("FloatProgressModel") == 1  # one bar per worker
    assert reply["status"] == "error" and reply["ename"] == "CaptureError", reply
    assert "capture interrupted" in reply["evalue"]

    # The kernel survived and the server has no session left: the next capture works.
    reply, messages = _run(
        client,
        f"p = nbc.capture({server.address!r}, duration_ms=300, progress=False)\nprint('events', len(p.events) > 0)",
    )
    assert reply["status"] == "ok", reply
    out = "".join(m["content"].get("text", "") for m in messages if m["msg_type"] == "stream")
    assert "events True" in out
