"""How the offline rule extractor labels real messages, on the labelled sets in
``benchmarks/extraction/``: for each statement of each message, is it kept, with an accepted type
and the right expiry; and how much of what should not be stored is stored. Writes
``benchmarks/results/extraction_labels.{json,md}``.

    python benchmarks/extraction_labels.py [FILE ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from memcore.eval.labels import evaluate_labels, load_labelled, render_markdown, rule_extractor

HERE = Path(__file__).parent


def main(paths: list[str]) -> None:
    files = [Path(p) for p in paths] or sorted((HERE / "extraction").glob("types-*.json"),
                                                key=lambda p: int(p.stem.split("-")[1]))
    results, lines = [], []
    for path in files:
        report = evaluate_labels(load_labelled(path), rule_extractor)
        print(path.stem, report.summary())
        results.append({"set": path.stem, **report.to_dict()})
        lines += [f"## {path.stem}", "", render_markdown(report)]
    if not paths:
        out = HERE / "results"
        (out / "extraction_labels.json").write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
        (out / "extraction_labels.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1:])
