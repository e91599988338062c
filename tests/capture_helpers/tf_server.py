"""A real TensorFlow profiler server for capture tests (used only when TensorFlow is installed).

Run as ``python tf_server.py PORT [--lifetime S]``: prints ``READY <port>`` once the server
listens and the tf.function is traced, runs steps with ``Trace(..., step_num=i, _r=1)`` and
exits by itself after ``--lifetime`` seconds (default 60) or when the process that started it is gone.
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
    args = parser.parse_args()

    import tensorflow as tf

    @tf.function
    def train_step(x):
        return tf.tanh(tf.matmul(x, x)) * 0.5

    x = tf.ones((128, 128))
    train_step(x)
    tf.profiler.experimental.server.start(args.port)
    print(f"READY {args.port}", flush=True)
    started = time.monotonic()
    step = 0
    parent = os.getppid()
    while time.monotonic() - started < args.lifetime and os.getppid() == parent:  # ends with the tests
        with tf.profiler.experimental.Trace("train", step_num=step, _r=1):
            x = train_step(x)
        step += 1
        time.sleep(0.002)
    sys.exit(0)


if __name__ == "__main__":
    main()
