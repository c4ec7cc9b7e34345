"""Running the scenario evaluation through the real engine: each scenario in a fresh namespace of
a throwaway SQLite database, setup messages extracted one turn at a time, the clock advanced when
temporary memories must expire, then the context built for the test question."""

from __future__ import annotations

import shutil
import tempfile
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from ..clock import FakeClock
from .scenarios import EvalReport, Scenario, ScenarioSet, load_scenarios, run_scenarios

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@dataclass(frozen=True)
class _Context:
    text: str
    tokens: int
    latency_ms: float


class ScenarioBuilder:
    """``build_context(scenario)`` for ``run_scenarios`` backed by memcore (rules only, offline). Without a
    database URL it works in a throwaway SQLite database that ``close()`` (or leaving a ``with`` block, or
    the builder being garbage collected) deletes."""

    def __init__(self, url: str | None = None, *, budget: int | None = None,
                 progress: Callable[[int, int, str], None] | None = None, total: int = 0) -> None:
        import memcore

        folder = None if url else tempfile.mkdtemp(prefix="memcore-scenarios-")
        self.clock = FakeClock(START)
        self.engine = memcore.open(url or str(Path(folder) / "scenarios.db"), user="scenarios", clock=self.clock)
        self.budget, self.progress, self.total, self.done = budget, progress, total, 0
        self._cleanup = weakref.finalize(self, _discard, self.engine, folder)

    def __call__(self, scenario: Scenario) -> _Context:
        clock = self.clock
        clock.set(START)
        scoped = self.engine.scoped(user="scenario", project=_project(scenario.id))
        for message in scenario.setup_messages:
            clock.advance(minutes=5)
            scoped.extract(message, session_id=f"setup-{scenario.id}")
        clock.advance(hours=1)
        if scenario.expire_temporary_before_test:
            clock.set(_past_temporaries(scoped, clock.now() + timedelta(days=2)))
        result = scoped.build_context(scenario.test_question, self.budget)
        self.done += 1
        if self.progress:
            self.progress(self.done, self.total, scenario.id)
        return _Context(result.text, result.tokens_used, result.latency_ms.get("total", 0.0))

    def close(self) -> None:
        """Close the engine and delete the throwaway database (once)."""
        self._cleanup()

    def __enter__(self) -> ScenarioBuilder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _discard(engine: Any, folder: str | None) -> None:
    engine.close()
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


def engine_builder(url: str | None = None, *, budget: int | None = None,
                   progress: Callable[[int, int, str], None] | None = None, total: int = 0) -> ScenarioBuilder:
    """A ``build_context(scenario)`` for ``run_scenarios`` backed by memcore (see ``ScenarioBuilder``)."""
    return ScenarioBuilder(url, budget=budget, progress=progress, total=total)


def _past_temporaries(scoped: Any, at_least: datetime) -> datetime:
    """When every temporary memory of the scenario has expired: two days on, or later when a temporary
    note (or a safety rule with an end: "no climbing till monday") said how long it lasts ("till thursday",
    "this week")."""
    ends = [m.expires_at for m in scoped.list(types="temporary,critical", states="active", limit=1000).items
            if m.expires_at]
    return max([at_least, *(end + timedelta(minutes=1) for end in ends)])


def _project(scenario_id: str) -> str:
    import re

    return re.sub(r"[^A-Za-z0-9_.:@\-]", "-", scenario_id)[:100] or "scenario"


def evaluate_scenarios(path: str | None = None, *, budget: int | None = None,
                       progress: Callable[[int, int, str], None] | None = None) -> EvalReport:
    """Load a scenario file (default: the bundled scenarios) and run it through memcore and the baselines."""
    from ..context.tokens import default_counter

    scenarios: ScenarioSet = load_scenarios(path)
    counter = default_counter()  # the engine's own counter, so every system is measured alike
    with engine_builder(budget=budget, progress=progress, total=len(scenarios)) as build:
        return run_scenarios(scenarios, build, count_tokens=counter.count)


__all__ = ["ScenarioBuilder", "engine_builder", "evaluate_scenarios"]
