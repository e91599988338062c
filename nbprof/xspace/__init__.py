"""Parsing XSpace profiles (``*.xplane.pb``) into tidy DataFrames (docs/frames.md).

This layer returns frames only (``Frames``); what the frames mean for the tools is in
``semantics``, and the tools themselves live above it (``nbprof.opstats``, ``nbprof.tools``).
"""

from nbprof.xspace.frameset import Frames
from nbprof.xspace.read import read_frames, runs

__all__ = ["Frames", "read_frames", "runs"]
