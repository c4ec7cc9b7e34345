"""Find the evaluation runners (scenarios, LoCoMo evidence recall, labelled extraction) and the files they can run."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Suite:
    label: str
    module: str
    runner: str
    patterns: tuple[str, ...]

    def load(self) -> Callable[..., Any] | None:
        """The run function, or None when this memcore build does not ship it yet."""
        try:
            module = importlib.import_module(self.module)
        except ModuleNotFoundError:
            return None
        return getattr(module, self.runner, None)

    def files(self) -> list[Path]:
        """Data files for this suite: packaged eval data, sample_data/, the labelled extraction sets and the shared
        dev sets."""
        roots = [ROOT / "memcore" / "eval" / "data", ROOT / "sample_data", ROOT / "benchmarks" / "extraction",
                 ROOT.parent / "shared" / "data"]
        found: list[Path] = []
        for root in roots:
            if root.is_dir():
                for pattern in self.patterns:
                    found.extend(sorted(root.rglob(pattern)))
        return list(dict.fromkeys(found))


SUITES = {
    "Scenarios": Suite("Scenarios", "memcore.eval.scenario_engine", "evaluate_scenarios", ("*scenario*.json",)),
    "LoCoMo evidence recall": Suite("LoCoMo evidence recall", "memcore.eval.locomo_engine", "evaluate_locomo_file",
                                    ("*locomo*.json",)),
    "Labelled extraction": Suite("Labelled extraction", "memcore.eval.labels", "evaluate_labels_file",
                                 ("types-*.json",)),
}


def markdown(report: Any) -> str:
    """The report as Markdown, from its own ``markdown()`` or its module's ``render_markdown``."""
    if hasattr(report, "markdown"):
        return str(report.markdown())
    module = importlib.import_module(type(report).__module__)
    render = getattr(module, "render_markdown", None)
    return str(render(report)) if render else ""


def accepts(runner: Callable[..., Any], option: str) -> bool:
    """Does ``runner`` take ``option`` (``"budget"``, ``"progress"``) as a keyword?"""
    params = inspect.signature(runner).parameters
    return option in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def run(runner: Callable[..., Any], path: str, progress: Callable[..., None], budget: int | None = None) -> Any:
    """Call a runner on a file with the progress callback ``(done, total, label)`` and an optional budget."""
    options = {"progress": progress, "budget": budget}
    return runner(path, **{k: v for k, v in options.items() if accepts(runner, k) and v is not None})
