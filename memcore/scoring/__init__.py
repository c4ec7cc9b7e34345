"""Scoring policies (SPEC 4) as data, and the functions that apply them with a full breakdown."""

from .columns import score_totals
from .policy import COMPONENTS, DEFAULT_POLICY, PRESETS, Formula, Policy, policy_names, register_policy, resolve_policy
from .score import Signals, is_first, retrievability, score, score_candidates, score_many, sort_first, strength

__all__ = [
    "COMPONENTS", "DEFAULT_POLICY", "PRESETS", "Formula", "Policy", "policy_names", "register_policy",
    "resolve_policy", "Signals", "is_first", "retrievability", "score", "score_candidates", "score_many",
    "score_totals", "sort_first", "strength",
]
