"""A small builder of XSpace profiles for tests: the edge cases real captures rarely have.

    b = XSpaceBuilder()
    plane = b.plane("/host:CPU")
    line = plane.line("thread", timestamp_ns=1000)
    line.event("outer", offset_ps=0, duration_ps=100, stats={"step_num": 3})
    data = b.serialize()

Stat values are typed by their Python type: int -> int64 (uint64 when >= 2**63), float ->
double, str -> str, bytes -> bytes, Ref("name") -> ref_value pointing at a stat metadata
whose name is "name".
"""

from __future__ import annotations

from dataclasses import dataclass

from nbprof.proto import xplane_pb2


@dataclass(frozen=True)
class Ref:
    """A ref_value stat: the value is the name of another stat metadata."""

    name: str


@dataclass(frozen=True)
class U64:
    """Force a uint64_value stat."""

    value: int


class PlaneBuilder:
    def __init__(self, msg: xplane_pb2.XPlane) -> None:
        self.msg = msg
        self._event_ids: dict[str, int] = {}
        self._stat_ids: dict[str, int] = {}

    def stat_id(self, name: str) -> int:
        sid = self._stat_ids.get(name)
        if sid is None:
            sid = self._stat_ids[name] = len(self._stat_ids) + 1
            self.msg.stat_metadata[sid].id = sid
            self.msg.stat_metadata[sid].name = name
        return sid

    def event_id(self, name: str, display_name: str = "", stats: dict | None = None) -> int:
        mid = self._event_ids.get(name)
        if mid is None:
            mid = self._event_ids[name] = len(self._event_ids) + 1
            em = self.msg.event_metadata[mid]
            em.id = mid
            em.name = name
            em.display_name = display_name
            for k, v in (stats or {}).items():
                self._fill_stat(em.stats.add(), k, v)
        return mid

    def _fill_stat(self, st: xplane_pb2.XStat, name: str, value: object) -> None:
        st.metadata_id = self.stat_id(name)
        if isinstance(value, Ref):
            st.ref_value = self.stat_id(value.name)
        elif isinstance(value, U64):
            st.uint64_value = value.value
        elif isinstance(value, bool):
            st.int64_value = int(value)
        elif isinstance(value, int):
            if value >= 2**63:
                st.uint64_value = value
            else:
                st.int64_value = value
        elif isinstance(value, float):
            st.double_value = value
        elif isinstance(value, str):
            st.str_value = value
        elif isinstance(value, bytes):
            st.bytes_value = value
        else:
            raise TypeError(f"unsupported stat value {value!r}")

    def plane_stat(self, name: str, value: object) -> PlaneBuilder:
        self._fill_stat(self.msg.stats.add(), name, value)
        return self

    def line(
        self,
        name: str,
        *,
        line_id: int | None = None,
        timestamp_ns: int = 0,
        display_name: str = "",
        display_id: int = 0,
        duration_ps: int = 0,
    ) -> LineBuilder:
        line = self.msg.lines.add()
        line.id = line_id if line_id is not None else len(self.msg.lines)
        line.name = name
        line.display_name = display_name
        line.display_id = display_id
        line.timestamp_ns = timestamp_ns
        line.duration_ps = duration_ps
        return LineBuilder(self, line)


class LineBuilder:
    def __init__(self, plane: PlaneBuilder, msg: xplane_pb2.XLine) -> None:
        self.plane = plane
        self.msg = msg

    def event(
        self,
        name: str,
        *,
        offset_ps: int | None = 0,
        duration_ps: int = 0,
        stats: dict | None = None,
        num_occurrences: int | None = None,
        metadata_stats: dict | None = None,
        display_name: str = "",
    ) -> LineBuilder:
        ev = self.msg.events.add()
        ev.metadata_id = self.plane.event_id(name, display_name, metadata_stats)
        if num_occurrences is not None:
            ev.num_occurrences = num_occurrences
        elif offset_ps is not None:
            ev.offset_ps = offset_ps
        ev.duration_ps = duration_ps
        for k, v in (stats or {}).items():
            self.plane._fill_stat(ev.stats.add(), k, v)
        return self


class XSpaceBuilder:
    def __init__(self) -> None:
        self.msg = xplane_pb2.XSpace()

    def plane(self, name: str, plane_id: int = 0) -> PlaneBuilder:
        p = self.msg.planes.add()
        p.id = plane_id
        p.name = name
        return PlaneBuilder(p)

    def task_environment(self, start_ns: int, stop_ns: int) -> XSpaceBuilder:
        te = self.plane("Task Environment")
        te.plane_stat("profile_start_time", U64(start_ns)).plane_stat("profile_stop_time", U64(stop_ns))
        return self

    def serialize(self) -> bytes:
        return self.msg.SerializeToString()

    def write(self, logdir, host: str = "host", run: str = "2026_01_01_00_00_00"):  # type: ignore[no-untyped-def]
        """Write ``<logdir>/plugins/profile/<run>/<host>.xplane.pb`` and return its path."""
        import pathlib

        d = pathlib.Path(logdir) / "plugins" / "profile" / run
        d.mkdir(parents=True, exist_ok=True)
        path = d / f"{host}.xplane.pb"
        path.write_bytes(self.serialize())
        return path


def xla_cpu_programs(logdir, ops):  # type: ignore[no-untyped-def]
    """A host-only profile of XLA CPU ops (JAX on CPU): ``ops`` is ``[(module, program_id, hlo_op, us)]``,
    run back to back (10 µs apart) three times on one ``tf_XLAEigen`` thread, each event with the
    ``hlo_op``/``hlo_module``/``program_id`` stats XLA writes. Returns the written file's path."""
    b = XSpaceBuilder()
    worker = b.plane("/host:CPU", plane_id=1).line("tf_XLAEigen", line_id=2, timestamp_ns=1000)
    start_us = 0
    for _ in range(3):
        for module, program_id, op, duration_us in ops:
            stats = {"hlo_op": op, "hlo_module": module, "program_id": program_id}
            worker.event(op, offset_ps=start_us * 1_000_000, duration_ps=duration_us * 1_000_000, stats=stats)
            start_us += duration_us + 10
    return b.write(logdir)
