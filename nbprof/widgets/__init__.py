"""Inline anywidget views of nbprof's tools, and the whole-profile app.

``registry.VIEWS`` says which view draws each tool (keyed by the tool's id); results find
their view through it when a notebook displays them. Views read results and profiles; they
never import ``nbprof.profile``.
"""
