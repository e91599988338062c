"""Small real profiles shipped with nbprof, so a newcomer sees something at once.

``jax_mlp_train``: a JAX MLP training loop (20 annotated steps, jax 0.10.2 on CPU), 4,119 events.
``jax_gpu_train``: a bf16 MLP trained by JAX 0.11.2 on an NVIDIA H100 (20 annotated steps; XLA runs each
step as one command buffer, a CUDA graph), 6,400 events (the test fixture of that name).
"""

from __future__ import annotations

import pathlib

_HERE = pathlib.Path(__file__).parent


def names() -> list[str]:
    """Names of the shipped example profiles."""
    return sorted(p.name for p in _HERE.iterdir() if p.is_dir() and not p.name.startswith("_"))


def path(name: str = "jax_mlp_train") -> str:
    """Logdir of a shipped example profile (pass it to ``nbprof.load``)."""
    p = _HERE / name
    if not p.is_dir():
        from nbprof.errors import ProfileError

        raise ProfileError(f"no example named {name!r}", hint=f"examples: {', '.join(names())}")
    return str(p)
