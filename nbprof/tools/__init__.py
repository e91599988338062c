"""XProf's tools, each a converter from ``OpStats`` (plus the frames where it needs raw events).

One module per tool; every tool returns a result following ``_result.ToolResult`` and is
listed in ``registry.TOOLS``. A tool never imports another tool, and nothing here imports
the views (``nbprof.widgets``).
"""

from nbprof.tools._result import ToolResult

__all__ = ["ToolResult"]
