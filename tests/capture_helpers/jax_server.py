"""A real JAX profiler server for capture tests: jitted work in a loop with step markers.

Run as ``python jax_server.py PORT [--lifetime S] [--die-after S]``. It prints ``READY <port>``
once the server listens and the work is compiled, then loops until ``--lifetime`` seconds have
passed (default 60) or the process that started it is gone, and exits by itself.
``--die-after`` kills the process abruptly (os._exit) to simulate a worker that dies in the
middle of a capture.
"""

from __future__ import annotations

import argparse
import os
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("--lifetime", type=float, default=60.0)
    parser.add_argument("--die-after", type=float, default=None)
    args = parser.parse_args()

    import jax
    import jax.numpy as jnp

    @jax.jit
    def train_step(x):
        return jnp.tanh(x @ x) * 0.5

    x = jnp.ones((128, 128), jnp.float32)
    train_step(x).block_until_ready()
    server = jax.profiler.start_server(args.port)
    print(f"READY {args.port}", flush=True)

    started = time.monotonic()
    step = 0
    parent = os.getppid()
    while time.monotonic() - started < args.lifetime and os.getppid() == parent:  # ends with the tests
        if args.die_after is not None and time.monotonic() - started > args.die_after:
            os._exit(3)
        with jax.profiler.StepTraceAnnotation("train", step_num=step):
            x = train_step(x)
            x.block_until_ready()
        step += 1
        time.sleep(0.002)
    del server
    sys.exit(0)


if __name__ == "__main__":
    main()
