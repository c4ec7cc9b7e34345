"""Analytics (SPEC 10): counts, growth, event kinds over time, score / strength distributions, decay curves,
token totals, GC pressure, token savings, top used memories.

``compute`` holds the pure functions; ``report(engine)`` gathers a namespace's data once and runs them all.
"""

from .compute import (
                      DEFAULT_STABILITIES,
                      counts,
                      decay_curves,
                      events_over_time,
                      gc_pressure,
                      growth,
                      growth_by_type,
                      histogram,
                      importance_distribution,
                      period_start,
                      score_distribution,
                      strength_distribution,
                      token_savings,
                      token_totals,
                      top_used,
)
from .report import gather, report

__all__ = ["DEFAULT_STABILITIES", "counts", "decay_curves", "events_over_time", "gather", "gc_pressure", "growth",
           "growth_by_type", "histogram", "importance_distribution", "period_start", "report", "score_distribution",
           "strength_distribution", "token_savings", "token_totals", "top_used"]
