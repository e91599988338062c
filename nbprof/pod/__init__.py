"""Profiles of many hosts (a pod: one ``.xplane.pb`` per host), reduced per host and combined.

``nbprof.load`` reduces a run of many hosts instead of reading them into one events frame:
each host's file is decoded where it is read — on a Dask cluster (``client=``), on a local
cluster of worker processes, or one after another without Dask — into its OpStats tables and
a few summaries (``reduce.py``), and the small results are combined (``profile.py``,
``combine.py``). ``plan.py`` says when; ``parallel.py`` runs the tasks; ``docs/pods.md``.
"""
