"""Regenerate nbprof/proto/*_pb2.py from the .proto files beside them.

Run from the repository root:  python scripts/gen_protos.py
Needs grpcio-tools 1.66 (pip install "grpcio-tools==1.66.*", also in the `dev` extra): its protoc
writes protobuf 5.27 gencode, which runs on every protobuf runtime from 5.27 to 7.x, so nbprof
installs next to older TensorFlow too. Users never need it: the generated modules are committed.
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROTO_DIR = ROOT / "nbprof" / "proto"


def main() -> int:
    import grpc_tools
    from grpc_tools import protoc  # type: ignore[import-untyped]

    include = pathlib.Path(grpc_tools.__file__).parent / "_proto"
    protos = sorted(str(p.relative_to(ROOT)) for p in PROTO_DIR.glob("*.proto"))
    args = ["protoc", f"-I{ROOT}", f"-I{include}", f"--python_out={ROOT}", f"--pyi_out={ROOT}", *protos]
    rc = protoc.main(args)
    if rc != 0:
        print("protoc failed", file=sys.stderr)
        return rc
    print("generated:", ", ".join(p.replace(".proto", "_pb2.py") for p in protos))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
