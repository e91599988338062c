"""IPython magics: ``%load_ext nbprof``, then ``%%profile``, ``%profile <statement>`` and ``%profile --capture``.

The profile is displayed inline (unless ``--no-show``), returned by the line magic
(``p = %profile f()``) and stored as ``_profile`` in the user namespace either way.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING, Any

from IPython.core.magic import Magics, line_cell_magic, magics_class, no_var_expand
from IPython.core.magic_arguments import argument, magic_arguments, parse_argstring

from nbprof.errors import CaptureError

if TYPE_CHECKING:  # pragma: no cover
    from nbprof.profile import Profile

#: Name under which the last profile is stored in the user namespace.
RESULT_NAME = "_profile"


@magics_class
class ProfileMagics(Magics):
    """``%profile`` / ``%%profile``: profile a statement or a cell, or capture remote workers."""

    @magic_arguments()
    @argument(
        "--logdir",
        metavar="DIR",
        default=None,
        help="Logdir for plugins/profile/<run>/<host>.xplane.pb (default: a new temporary directory).",
    )
    @argument(
        "--backend",
        metavar="B",
        default=None,
        help="In-process profiler: 'jax' or 'tf' (default: the framework imported, JAX first).",
    )
    @argument(
        "--no-show",
        dest="no_show",
        action="store_true",
        help="Do not display the profile (it is still returned and stored as _profile).",
    )
    @argument("--python", action="store_true", help="Also trace Python function calls (python_tracer_level=1).")
    @argument(
        "--host-tracer-level",
        dest="host_tracer_level",
        metavar="N",
        type=int,
        default=2,
        help="Host tracer level: 0 off, 1 user annotations, 2 default, 3 verbose.",
    )
    @argument(
        "--device-tracer-level",
        dest="device_tracer_level",
        metavar="N",
        type=int,
        default=1,
        help="Device tracer level: 0 off, 1 on (ignored by JAX in-process).",
    )
    @argument(
        "--capture",
        metavar="WORKERS",
        default=None,
        help="Capture remote profiler servers instead: 'host:port[,host:port...]'.",
    )
    @argument(
        "--duration",
        metavar="T",
        default="2s",
        help="With --capture: how long to trace, e.g. 2s, 500ms, 2000 (ms). Default 2s.",
    )
    @argument(
        "--retries",
        metavar="N",
        type=int,
        default=3,
        help="With --capture: extra attempts per worker when a capture comes back empty.",
    )
    @argument(
        "statement",
        nargs="*",
        help="Line magic: the statement to profile. Cell magic: leave empty, the cell is profiled.",
    )
    @no_var_expand  # the statement is code: only the options get {expr} / $var expansion
    @line_cell_magic
    def profile(self, line: str = "", cell: str | None = None) -> Profile | None:
        """Profile a cell (%%profile), a statement (%profile f()) or remote workers (%profile --capture h:p).

        Examples::

            %load_ext nbprof
            %%profile --python
            train(steps=10)

            p = %profile train(steps=10)
            %profile --capture localhost:9999,localhost:9998 --duration 2s
        """
        option_text, statement = split_options(line, self.profile.parser)
        args = parse_argstring(self.profile, self._expand(option_text))
        if args.capture is not None:
            if statement.strip() or (cell is not None and cell.strip()):
                raise CaptureError("%profile --capture takes no code: it traces the remote workers, not this kernel.")
            profile = self._capture(args)
            return self._finish(profile, args, returned=cell is None)
        code = cell if cell is not None else statement
        if not code.strip():
            raise CaptureError("nothing to profile: use %profile <statement> or put %%profile on top of a cell.")
        profile = self._run_profiled(code, args)
        return self._finish(profile, args, returned=cell is None)

    # ------------------------------------------------------------------ helpers
    def _expand(self, text: str) -> str:
        """``{expr}`` and ``$name`` in the options, from the user namespace (as IPython does for magics)."""
        from IPython.utils.text import DollarFormatter

        try:
            return DollarFormatter().vformat(text, args=[], kwargs=dict(self.shell.user_ns))
        except Exception:  # noqa: BLE001 - like IPython: leave the text as typed
            return text

    def _capture(self, args: Any) -> Profile:
        from nbprof.capture.remote import capture

        return capture(
            args.capture,
            duration_ms=args.duration,
            logdir=args.logdir,
            host_tracer_level=args.host_tracer_level,
            device_tracer_level=args.device_tracer_level,
            python_tracer_level=1 if args.python else 0,
            num_retries=args.retries,
        )

    def _run_profiled(self, code: str, args: Any) -> Profile:
        """Run ``code`` in the user namespace under an in-process trace; errors still stop and save it."""
        from nbprof.capture.inprocess import profile as profile_session

        shell = self.shell
        session = profile_session(
            logdir=args.logdir,
            backend=args.backend,
            host_tracer_level=args.host_tracer_level,
            python_tracer_level=1 if args.python else 0,
            device_tracer_level=args.device_tracer_level,
        )
        source = shell.transform_cell(code)
        filename = shell.compile.cache(source)  # so that tracebacks show the cell's lines
        tree = shell.compile.ast_parse(source, filename=filename)  # a SyntaxError is raised before tracing starts
        body, last = _split_last_expression(tree)
        result = None
        try:
            with session:
                if body.body:
                    exec(shell.compile(body, filename, "exec"), shell.user_ns)
                if last is not None:
                    result = eval(shell.compile(last, filename, "eval"), shell.user_ns)
        finally:
            if session._profile is not None:
                shell.user_ns[RESULT_NAME] = session._profile
        if result is not None:
            shell.user_ns["_profile_result"] = result
        return session.profile

    def _finish(self, profile: Profile, args: Any, returned: bool) -> Profile | None:
        self.shell.user_ns[RESULT_NAME] = profile
        if not args.no_show:
            show(profile)
        return profile if returned else None


def split_options(line: str, parser: Any) -> tuple[str, str]:
    """Split a magic line into its leading ``--options`` and the statement after them.

    Options are recognised from ``parser`` (those that take a value consume the next
    word), so the statement keeps its exact text, quotes and spaces included.
    """
    takes_value = {}
    for action in parser._actions:
        for option in action.option_strings:
            takes_value[option] = action.nargs != 0
    rest = line
    consumed: list[str] = []
    while True:
        stripped = rest.lstrip()
        match = re.match(r"(--?[A-Za-z][\w-]*)(=\S+)?(?=\s|$)", stripped)
        if match is None or match.group(1) not in takes_value:
            break
        consumed.append(match.group(0))
        rest = stripped[match.end() :]
        if takes_value[match.group(1)] and match.group(2) is None:
            value = re.match(r"\s*('[^']*'|\"[^\"]*\"|\S+)", rest)
            if value is None:
                consumed.append("")  # argparse reports the missing value
                break
            consumed.append(value.group(1))
            rest = rest[value.end() :]
    return " ".join(consumed), rest.strip()


def _split_last_expression(tree: ast.Module) -> tuple[ast.Module, ast.Expression | None]:
    """The cell without its final expression, and that expression (to return its value)."""
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body[-1].value)
        body = ast.Module(body=tree.body[:-1], type_ignores=[])
        return body, ast.fix_missing_locations(last)
    return tree, None


def show(profile: Profile) -> None:
    """Display a profile: the app where widgets run, its HTML summary elsewhere."""
    from IPython.display import display

    display(profile)


def load_ipython_extension(ip: Any) -> None:
    """``%load_ext nbprof``: register ``%profile`` / ``%%profile``."""
    ip.register_magics(ProfileMagics)


__all__ = ["ProfileMagics", "load_ipython_extension", "show", "split_options"]
