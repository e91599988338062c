"""Copy the real profiles the tests need from ../shared/fixtures into tests/fixtures.

Run from the repository root when the shared fixtures change:  python scripts/copy_fixtures.py
The layout stays the TensorBoard logdir one (<fixture>/plugins/profile/<run>/<host>.xplane.pb).
JAX's own trace.json.gz files are not copied (tests do not need them). jax_large (23 MB) is
for benchmarks only and stays in ../shared.
"""

from __future__ import annotations

import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "fixtures"
DEST = ROOT / "tests" / "fixtures"
CAPTURED_HERE = "## Captured in this repository"

LOGDIR_FIXTURES = ["jax_mlp_train", "jax_mlp_train_pytrace", "tf_custom_loop", "tf_keras_fit", "tf_cpu_bfc_memory"]
# Public XSpace files (openxla/xprof, Apache-2.0), put in logdir layout with run name "public".
PUBLIC = {
    "gpu_v100": "xprof-gpu-multiworker-v100/34.83.195.179_6003.xplane.pb",
    "tpu_v6e": "xprof-tpu-v6e-inference/tpu_inference_2.xplane.pb",
}


def main() -> None:
    DEST.mkdir(parents=True, exist_ok=True)
    for name in LOGDIR_FIXTURES:
        for src in (SHARED / name).rglob("*.xplane.pb"):
            dst = DEST / name / src.relative_to(SHARED / name)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
            print(dst.relative_to(ROOT), dst.stat().st_size)
    for name, rel in PUBLIC.items():
        src = SHARED / "public" / rel
        dst = DEST / name / "plugins" / "profile" / "public" / src.name
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
        print(dst.relative_to(ROOT), dst.stat().st_size)
    # Keep the section about the fixtures captured in this repository (tests/fixtures/make/).
    readme = DEST / "README.md"
    kept = (readme.read_text() if readme.exists() else "").partition(CAPTURED_HERE)
    (DEST / "README.md").write_text(
        "Real profiles copied by scripts/copy_fixtures.py from the project's shared fixtures.\n"
        "JAX 0.10.2 / TensorFlow 2.21 CPU captures (see the capture programs in the shared fixtures),\n"
        "plus two public XSpace files from openxla/xprof (Apache-2.0): gpu_v100 (TF BERT, 8x V100)\n"
        "and tpu_v6e (JAX inference on TPU v6e).\n" + ("\n" + kept[1] + kept[2] if kept[1] else "")
    )


if __name__ == "__main__":
    main()
