"""Synthetic but realistic memories: many users, varied length and vocabulary, every type."""

from __future__ import annotations

import random
from collections.abc import Iterator

SUBJECTS = ["the payments API", "our React frontend", "the data pipeline", "the mobile app", "the billing service",
            "the search cluster", "the onboarding flow", "the ML feature store", "the auth gateway", "the CI runners",
            "the analytics dashboard", "the notification worker", "the inventory service", "the thesis code",
            "the home server", "the design system", "the support chatbot", "the export job", "the GraphQL layer",
            "the recommendation model", "the admin console", "the invoice PDFs", "the sync daemon", "the CLI tool"]
TECH = ["PostgreSQL", "MySQL", "SQLite", "Redis", "Kafka", "RabbitMQ", "SQS", "S3", "GCS", "Azure Blob", "React",
        "Vue", "Svelte", "Angular", "Django", "FastAPI", "Flask", "Express", "Go", "Rust", "Kotlin", "Swift",
        "Terraform", "Kubernetes", "Docker", "Nomad", "Airflow", "dbt", "Spark", "pandas", "Polars", "DuckDB",
        "ClickHouse", "Elasticsearch", "OpenSearch", "Grafana", "Prometheus", "Sentry", "Datadog", "uv", "poetry",
        "pnpm", "npm", "yarn", "Vite", "webpack", "Tailwind", "Figma", "Storybook", "pytest", "Jest", "Playwright"]
PEOPLE = ["Maya", "Tomas", "Aiko", "Priya", "Jonas", "Lena", "Omar", "Sofia", "Wei", "Grace", "Mateo", "Nia",
          "Lukas", "Amara", "Kenji", "Elif", "Diego", "Hana", "Ravi", "Zoe"]
VERBS = ["uses", "depends on", "was migrated to", "should move to", "talks to", "caches results in",
         "writes events to", "reads config from", "is deployed with", "is tested with", "logs to", "is monitored by"]
ADJ = ["slow", "flaky", "critical", "legacy", "new", "experimental", "stable", "expensive", "cheap", "noisy",
       "quiet", "fragile", "robust", "undocumented", "well-tested", "overloaded"]
TIMES = ["on Monday", "last sprint", "in March", "before the launch", "after the incident", "every night",
         "at the standup", "during the retro", "next quarter", "by Friday", "this week", "since the outage"]
TEMPLATES = [
    ("preference", "{p} prefers {t} over {t2} for {s} because it is less {a}."),
    ("preference", "Likes short answers with code first; {p} reads them {time}."),
    ("project", "{s} {v} {t} and {t2}; the {a} part is the queue consumer."),
    ("project", "{s} {v} {t}."),
    ("decision", "We decided {time} that {s} {v} {t} instead of {t2}."),
    ("decision", "Team agreed to keep {t} for {s}; revisit {time}."),
    ("mistake", "Mistake: {p} changed {s} without a migration and it broke {time}; always run the {t} checks first."),
    ("constraint", "Never deploy {s} {time} without a rollback plan."),
    ("constraint", "{s} must not call {t} directly; go through the gateway."),
    ("deadline", "{s} needs the {t} upgrade done {time}."),
    ("learning_goal", "{p} wants to learn {t} properly, starting with the {a} parts."),
    ("task", "TODO: clean up the {a} {t} config in {s}."),
    ("fact", "{p} owns {s}; ask them about the {a} {t} setup."),
    ("event", "Incident {time}: {s} was {a} because {t} ran out of connections, fixed by {p}."),
    ("note", "Notes from {time}: {s} {v} {t}; {p} thinks it is {a}. Follow up with {p2} about {t2} and the "
             "{a2} dashboards, and check whether the {t} limits still hold after the {a} release."),
    ("critical", "Critical: {s} holds customer data; never copy production {t} dumps to laptops."),
]
CRITICAL_SHARE = 0.002  # a handful per user: critical means critical


def memories(n: int, *, users: int, seed: int = 7) -> Iterator[tuple[str, str, str, float]]:
    """(user_id, type, content, importance) for n memories spread over ``users`` users."""
    rng = random.Random(seed)
    for i in range(n):
        mtype, template = TEMPLATES[rng.randrange(len(TEMPLATES) - 1)]
        if rng.random() < CRITICAL_SHARE:
            mtype, template = TEMPLATES[-1]
        text = template.format(p=rng.choice(PEOPLE), p2=rng.choice(PEOPLE), s=rng.choice(SUBJECTS),
                               t=rng.choice(TECH), t2=rng.choice(TECH), v=rng.choice(VERBS), a=rng.choice(ADJ),
                               a2=rng.choice(ADJ), time=rng.choice(TIMES))
        if rng.random() < 0.3:
            text += f" Ticket {rng.randrange(1000, 99999)}."
        yield f"user{i % users}", mtype, text, round(rng.uniform(0.1, 0.95), 2)


def queries(n: int, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    forms = ["which database does {s} use?", "what did we decide about {t}?", "who owns {s}?",
             "any mistakes with {t} in {s}?", "what should I know before deploying {s}?",
             "does {p} prefer {t}?", "what is the deadline for {s}?", "how is {s} monitored?"]
    return [rng.choice(forms).format(s=rng.choice(SUBJECTS), t=rng.choice(TECH), p=rng.choice(PEOPLE))
            for _ in range(n)]
