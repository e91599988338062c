"""HLO protos from a profile: instruction index, shapes, buffer assignment, cost analysis."""
