"""Known data for the UI tests."""

from __future__ import annotations

from dataclasses import dataclass, field

import memcore

SCRIPT_TEXT = "Renders the widget title as <script>alert(1)</script> in the legacy dashboard"


@dataclass
class Seeded:
    ids: dict[str, str] = field(default_factory=dict)


def seed(engine: memcore.Engine, clock: memcore.FakeClock) -> Seeded:
    out = Seeded()

    def add(name: str, content: str, days: float = 2, **fields: object) -> str:
        clock.advance(days=days)
        out.ids[name] = engine.add(content, **fields).id
        return out.ids[name]

    add("react", "The web app frontend uses React with TypeScript", type="decision", importance=0.6,
        tags=["frontend", "react"], entities=["React"])
    add("dark", "Prefers dark mode in every editor and dashboard", type="preference", importance=0.7,
        tags=["ui", "theme"])
    add("postgres", "Production database is PostgreSQL 16 on a managed host", type="project", importance=0.8,
        tags=["database", "backend"], entities=["PostgreSQL"])
    add("deadline", "Beta launch deadline is the end of the quarter", type="deadline", importance=0.9,
        tags=["launch"], is_critical=True)
    add("mistake", "Forgot to run migrations before the last deploy; the API failed for ten minutes",
        type="mistake", importance=0.65, tags=["deploy", "backend"])
    add("tabs", "Prefers tabs over spaces in Go code", type="preference", importance=0.4, tags=["style"])
    add("script", SCRIPT_TEXT, type="note", importance=0.5, tags=["frontend", "legacy"])
    add("pnpm", "Uses pnpm as the package manager for the monorepo", type="decision", importance=0.55,
        tags=["tooling", "frontend"])
    add("old_cloud", "Deploys to Heroku", type="decision", importance=0.5, tags=["cloud", "deploy"])
    add("new_cloud", "Switched from Heroku to Fly.io for deployments", type="decision", importance=0.7,
        tags=["cloud", "deploy"], entities=["Fly.io"])
    engine.supersede(out.ids["old_cloud"], out.ids["new_cloud"], reason="the user moved to Fly.io")
    add("goal", "Learn Rust well enough to write a CLI", type="learning_goal", importance=0.45, tags=["rust"])
    add("temp", "Temporary: the staging password rotates tonight", type="temporary", importance=0.2,
        tags=["staging"])
    engine.pin(out.ids["dark"])
    engine.forget(out.ids["temp"])
    engine.edit(out.ids["tabs"], importance=0.35, reason="less important than thought")

    clock.advance(days=1)
    engine.set_block("persona", "You are a concise pair programmer.", max_tokens=50, priority=10,
                     block_type="persona")
    engine.set_block("human", "Alice, a web developer who likes dark mode.", max_tokens=80, priority=5,
                     block_type="human")
    engine.set_state("name", "Alice")
    engine.set_state("preferred_address", "Al")
    clock.advance(days=3)
    engine.set_state("preferred_address", "Alice")
    clock.advance(days=1)

    bob = engine.scoped(user="bob", project="notes")
    out.ids["bob"] = bob.add("Bob keeps his notes in Obsidian", type="fact", tags=["tools"]).id
    bob.add("Bob is learning the cello", type="learning_goal")
    return out
