"""Lifecycle: forgetting sweep, decay, tier GC, working memory, reflection, rating, strategies.

Every function here *plans*: it reads memories and returns typed plans whose :class:`Change`
items (with reasons) the store applies in one transaction. Nothing here touches a database.
"""

from .decay import (
                    CURVES,
                    FSRS6,
                    FSRS45,
                    SEED,
                    DecayPlan,
                    DecaySettings,
                    ForgettingCurve,
                    initial_stability,
                    plan_decay,
                    recall_stability,
                    strength,
                    strength_array,
)
from .gc import (
                    DEFAULT_TIER_LIMITS,
                    GCAction,
                    GCEntry,
                    GCPlan,
                    GCRule,
                    GCSettings,
                    TierLimit,
                    TierTokens,
                    plan_gc,
                    predict,
)
from .plan import Change, PlannedLink, Skip, apply_change
from .rating import (
                    BestList,
                    RatedItem,
                    RatingSettings,
                    RatingUpdate,
                    calibrate,
                    expected,
                    exploration_bonus,
                    freshness,
                    k_factor,
                    list_best,
                    staleness,
)
from .rating_sim import RoundResult, SimulationReport, simulate
from .reflect import (
                    SUMMARY_TAG,
                    ReflectionPlan,
                    ReflectionReport,
                    ReflectSettings,
                    ReflectStep,
                    StepKind,
                    SummarySpec,
                    plan_reflection,
)
from .scheduler import DEFAULT_INTERVALS, JobRun, Scheduler, TickResult
from .strategies import Strategy, StrategyPlan, consolidate, forget_by_age, forget_by_capacity, forget_by_importance
from .sweep import SweepPlan, SweepSettings, plan_sweep
from .tiered import TieredScores, TieredWeights, tiered_scores
from .working import Eviction, WorkingMemoryPlan, WorkingMemorySettings, plan_working_memory, priority

__all__ = [
    "Change", "PlannedLink", "Skip", "apply_change",
    "SweepPlan", "SweepSettings", "plan_sweep",
    "CURVES", "FSRS6", "FSRS45", "SEED", "DecayPlan", "DecaySettings", "ForgettingCurve", "initial_stability",
    "plan_decay", "recall_stability", "strength", "strength_array",
    "TieredScores", "TieredWeights", "tiered_scores",
    "DEFAULT_TIER_LIMITS", "GCAction", "GCEntry", "GCPlan", "GCRule", "GCSettings", "TierLimit", "TierTokens",
    "plan_gc", "predict",
    "Eviction", "WorkingMemoryPlan", "WorkingMemorySettings", "plan_working_memory", "priority",
    "SUMMARY_TAG", "ReflectionPlan", "ReflectionReport", "ReflectSettings", "ReflectStep", "StepKind", "SummarySpec",
    "plan_reflection",
    "BestList", "RatedItem", "RatingSettings", "RatingUpdate", "calibrate", "expected", "exploration_bonus",
    "freshness", "k_factor", "list_best", "staleness",
    "RoundResult", "SimulationReport", "simulate",
    "Strategy", "StrategyPlan", "consolidate", "forget_by_age", "forget_by_capacity", "forget_by_importance",
    "DEFAULT_INTERVALS", "JobRun", "Scheduler", "TickResult",
]
