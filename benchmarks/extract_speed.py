"""Rule-extractor throughput: conversation turns per second (target >= 500 turns/s).

    python benchmarks/extract_speed.py [--turns 5000] [--seed 7]

Turns are generated from varied templates with random names, numbers and technologies so the
topic-analysis cache cannot make repeated text look fast. Both modes are measured: one call
per turn (how the engine extracts each message) and one call for the whole conversation.
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import UTC, datetime

from memcore.write import Turn, extract_rules
from memcore.write.topics import analyze

TECH = ["React", "Vue", "Svelte", "FastAPI", "Django", "Flask", "Postgres", "MySQL", "MongoDB", "AWS", "GCP", "Azure",
        "pnpm", "npm", "Yarn", "Vitest", "Jest", "pytest", "Neovim", "VS Code", "Tailwind", "Redis", "Kafka"]
NAMES = ["Priya", "Sam", "Dana", "Lee", "Ana", "Omar", "Kate", "Jonas"]
USER = [
    "I prefer {t} for the {area}, it keeps things simple.",
    "Actually, use {t} instead of {u} for the {area}.",
    "We decided to go with {t} after the spike with {name}.",
    "Never commit secrets to the repo; the token budget is {n} though.",
    "The API runs on port {n} behind nginx.",
    "I need to send the review to {name} by Friday.",
    "The deadline for the {area} rewrite is 2026-0{m}-1{d}.",
    "I'm learning {t} in the evenings.",
    "Temporary note: staging is down this afternoon.",
    "A past deployment failed because the {area} config was missing.",
    "What do you think about {t} versus {u}?",
    "hi! how's it going?",
    "thanks, that helps a lot",
    "My coworker swears by {u} but I prefer {t}.",
    "Our stack: {t} frontend, {u} backend, deployed on {v}.",
    "Under no circumstances push to main without review, {name}.",
    "lol my cat just walked over the keyboard",
    "Can you explain how {t} handles caching?",
]
ASSISTANT = ["Sure, here is how {t} works in a {area} setup: first configure it, then run the tests.",
             "Good question. {t} and {u} differ mainly in their ecosystem."]
AREAS = ["frontend", "backend", "dashboard", "API", "worker", "docs site"]


def conversation(n: int, seed: int) -> list[Turn]:
    rng = random.Random(seed)
    turns = []
    for i in range(n):
        role = "user" if i % 3 != 2 else "assistant"
        template = rng.choice(USER if role == "user" else ASSISTANT)
        t, u, v = rng.sample(TECH, 3)
        text = template.format(t=t, u=u, v=v, area=rng.choice(AREAS), name=rng.choice(NAMES),
                               n=rng.randint(1000, 99999), m=rng.randint(1, 9), d=rng.randint(0, 9))
        turns.append(Turn(role, text, f"t{i}"))
    return turns


def measure(turns: list[Turn], per_turn: bool) -> tuple[float, int]:
    analyze.cache_clear()
    now = datetime(2026, 1, 7, tzinfo=UTC)
    start = time.perf_counter()
    found = 0
    if per_turn:
        for turn in turns:
            found += len(extract_rules([turn], now=now))
    else:
        found = len(extract_rules(turns, now=now))
    elapsed = time.perf_counter() - start
    return len(turns) / elapsed, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    turns = conversation(args.turns, args.seed)
    for label, per_turn in (("one call per turn", True), ("one call per conversation", False)):
        rate, found = measure(turns, per_turn)
        print(f"{label:28s} {rate:10.0f} turns/s  ({found} candidates from {len(turns)} turns)")


if __name__ == "__main__":
    main()
