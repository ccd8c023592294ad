"""Benchmarks (`make bench`): synthetic events, stage-by-stage timings, peak memory."""
