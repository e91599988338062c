"""The trace viewer's kernel side, pure (no widget imports).

- ``layout``: sections (device / host threads), tracks (lines, counters) and lanes (depth rows);
- ``index``: per-lane sorted arrays plus duration classes; ``TraceIndex.query`` answers a
  viewport with at most about two items per pixel per lane, as typed arrays;
- ``inspect``: event details, flows (correlation ids), search, box aggregation;
- ``patterns``: which names a search matches, with regexes held to rules that answer promptly;
- ``steps``: XProf's step names on step events, and which events mark steps;
- ``opening``: where the viewer opens (the first steps, else the densest stretch);
- ``counters``: counter series (memory in use);
- ``requests``: the bounds every request parameter is checked against;
- ``model``: ``TraceModel``, the request/reply protocol the widget's comm speaks.
"""
