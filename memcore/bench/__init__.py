"""Benchmarks: synthetic memories at scale, our engine against the seed-002 TF-IDF baseline."""

from .run import BenchReport, run_bench

__all__ = ["BenchReport", "run_bench"]
