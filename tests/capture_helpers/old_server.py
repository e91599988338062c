"""A stand-in for an *older* profiler server, which ignores ``emit_xspace`` and saves on its own disk.

Every installed server (jaxlib 0.10) returns the XSpace in-band, so this small grpcio server
plays the old behaviour documented in openxla/xla ``profiler_service_impl.cc``: it sleeps for
``opts.duration_ms``, writes the profile to ``<repository_root>/<session_id>/<host_name with
':' -> '_'>.xplane.pb`` (or under ``disk_root`` instead, to play a server on another machine)
and answers an empty ``ProfileResponse``. The profile written is a real one from tests/fixtures.
"""

from __future__ import annotations

import os
import time
from concurrent import futures
from pathlib import Path

import grpc

from nbprof.proto import profiler_service_pb2 as pb

FIXTURE = next((Path(__file__).parent.parent / "fixtures" / "jax_mlp_train").rglob("*.xplane.pb"))


class OldProfilerServer:
    """Serve ``/tensorflow.ProfilerService/Profile`` on 127.0.0.1; ``disk_root`` replaces repository_root."""

    def __init__(self, disk_root: str | None = None) -> None:
        self.disk_root = disk_root
        self.requests: list = []
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
        handler = grpc.method_handlers_generic_handler(
            "tensorflow.ProfilerService",
            {
                "Profile": grpc.unary_unary_rpc_method_handler(
                    self._profile,
                    request_deserializer=pb.ProfileRequest.FromString,
                    response_serializer=lambda m: m.SerializeToString(),
                )
            },
        )
        self.server.add_generic_rpc_handlers((handler,))
        self.port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def _profile(self, request, context):
        self.requests.append(request)
        time.sleep(request.opts.duration_ms / 1000)
        root = self.disk_root or request.repository_root
        target = Path(root) / request.session_id / (request.host_name.replace(":", "_") + ".xplane.pb")
        os.makedirs(target.parent, exist_ok=True)
        target.write_bytes(FIXTURE.read_bytes())
        return pb.ProfileResponse()

    def stop(self) -> None:
        self.server.stop(grace=None)
