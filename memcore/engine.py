"""The facade: one object per (user, project) namespace, composing the operations.

It holds no business logic: each method validates nothing itself and delegates to one
operation in ``memcore.ops`` (or a lifecycle / retrieval / write module).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from .clock import Clock, SystemClock, parse_time
from .model import Block, Event, Memory, Namespace, Page, UserStateRow
from .model.validation import name as valid_name
from .ops import decisions, profile, transfer, views
from .ops import memories as mem_ops
from .ops.inputs import MemoryInput
from .runtime import Runtime
from .settings import Settings
from .store.db import Database


def open(url: str | None = None, *, user: str = "default", project: str = "default",  # noqa: A001
         settings: Settings | dict[str, Any] | None = None, clock: Clock | None = None, embedder: Any = None,
         token_counter: Any = None, llm: Any = None) -> Engine:
    """Open (and migrate) a database and return the engine for one user/project namespace.

    ``url``: a SQLAlchemy URL (``sqlite:///path.db``, ``postgresql://...``), a file path, or None for
    the default SQLite file under ``MEMCORE_HOME``.
    """
    if isinstance(settings, dict):
        settings = Settings.from_mapping(settings)
    settings = settings or Settings()
    runtime = Runtime(db=Database(url or settings.db or None), settings=settings, clock=clock or SystemClock(),
                      embedder=embedder, token_counter=token_counter, llm=llm)
    return Engine(runtime, Namespace(valid_name(user, "user"), valid_name(project, "project")))


class Engine:
    """Memory operations for one namespace. Use ``scoped()`` for another user/project on the same runtime."""

    def __init__(self, runtime: Runtime, namespace: Namespace) -> None:
        self.runtime = runtime
        self.namespace = namespace

    # -- scope ------------------------------------------------------------------------------------
    def scoped(self, user: str | None = None, project: str | None = None) -> Engine:
        return Engine(self.runtime, Namespace(valid_name(user or self.namespace.user_id, "user"),
                                              valid_name(project or self.namespace.project_id, "project")))

    @property
    def user_id(self) -> str:
        return self.namespace.user_id

    @property
    def project_id(self) -> str:
        return self.namespace.project_id

    @property
    def db(self) -> Database:
        return self.runtime.db

    def namespaces(self) -> list[Namespace]:
        from .store import memories as repo

        with self.db.read() as conn:
            return repo.namespaces(conn)

    def close(self) -> None:
        self.runtime.close()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- memories -----------------------------------------------------------------------------------
    def add(self, content: str, **fields: Any) -> Memory:
        """Store one memory (validated; secrets refused). Fields as in ``MemoryInput``."""
        return mem_ops.add(self.runtime, self.namespace, MemoryInput(content=content, **fields))

    remember = add

    def add_many(self, items: Iterable[MemoryInput | dict[str, Any] | str], *, actor: str = "user",
                 reason: str = "added") -> list[Memory]:
        """Store many memories in one transaction (all or nothing)."""
        from .model import Actor
        from .model.validation import parse_enum

        inputs = [i if isinstance(i, MemoryInput) else MemoryInput(content=i) if isinstance(i, str)
                  else MemoryInput(**i) for i in items]
        return mem_ops.add_many(self.runtime, self.namespace, inputs, actor=parse_enum(actor, Actor, "actor"),
                                reason=reason)

    def get(self, memory_id: str) -> Memory:
        self.runtime.flush()
        from .store import memories as repo

        with self.db.read() as conn:
            return repo.get(conn, self.namespace, memory_id)

    def list(self, **filters: Any) -> Page[Memory]:
        """Browse with filters (states, types, tiers, tags, text, created_after/before, valid_at), paging, sort."""
        self.runtime.flush()
        return views.browse(self.runtime, self.namespace, **filters)

    def edit(self, memory_id: str, reason: str = "edited by user", **changes: Any) -> mem_ops.Mutation:
        return mem_ops.edit(self.runtime, self.namespace, memory_id, changes, reason=reason)

    def pin(self, memory_id: str, reason: str = "pinned by user") -> mem_ops.Mutation:
        return mem_ops.pin(self.runtime, self.namespace, memory_id, reason)

    def unpin(self, memory_id: str, reason: str = "unpinned by user") -> mem_ops.Mutation:
        return mem_ops.unpin(self.runtime, self.namespace, memory_id, reason)

    def forget(self, memory_id: str, reason: str = "forgotten by user") -> mem_ops.Mutation:
        return mem_ops.forget(self.runtime, self.namespace, memory_id, reason)

    def restore(self, memory_id: str, reason: str = "restored by user") -> mem_ops.Mutation:
        return mem_ops.restore(self.runtime, self.namespace, memory_id, reason)

    def delete(self, memory_id: str, reason: str = "deleted by user") -> Event:
        """Hard delete (user only): purge the content everywhere, keep a content-free tombstone event."""
        return mem_ops.hard_delete(self.runtime, self.namespace, memory_id, reason)

    def forget_all(self, reason: str = "forget-all by user") -> list[mem_ops.Mutation]:
        return mem_ops.forget_all(self.runtime, self.namespace, reason)

    def supersede(self, old_id: str, new_id: str, reason: str = "superseded by user") -> Event:
        """Mark ``old_id`` as replaced by ``new_id`` (closes its validity window; undoable)."""
        from .model import Actor

        new = self.get(new_id)
        return decisions.apply(self.runtime, self.namespace,
                               decisions.supersede(old_id, new_id, new.valid_from, reason, actor=Actor.USER))

    def undo(self, event_id: str, reason: str = "undone by user") -> Event:
        """Reverse an automatic supersede, merge, archive, expiry or tier change."""
        return decisions.undo(self.runtime, self.namespace, event_id, reason)

    # -- retrieval and context ----------------------------------------------------------------------
    def search(self, query: str, k: int = 10, *, record: bool = True, **filters: Any) -> Any:
        """Hybrid search with a persisted trace. Filters: types, tiers, tags, states, valid_at,
        created_after, created_before, policy, fusion, expand_graph."""
        from .retrieval.pipeline import SearchQuery
        from .retrieval.search import search

        return search(self.runtime, self.namespace, SearchQuery.build(query, k, **filters), record=record)

    def build_context(self, query: str, budget: int | None = None, *, k: int = 20, record: bool = True,
                      sweep_first: bool | None = None, **filters: Any) -> Any:
        """The budgeted memory block for a prompt, with its trace (see ContextResult)."""
        from .context.builder import build_context
        from .retrieval.pipeline import SearchQuery

        return build_context(self.runtime, self.namespace, SearchQuery.build(query, k, **filters), budget=budget,
                             record=record, sweep_first=sweep_first)

    def traces(self, limit: int = 50, kind: str | None = None) -> list[dict[str, Any]]:
        from .store import traces as trace_repo

        self.runtime.flush()
        with self.db.read() as conn:
            return trace_repo.recent(conn, self.namespace, limit=limit, kind=kind)

    def trace(self, trace_id: str) -> dict[str, Any]:
        from .store import traces as trace_repo

        self.runtime.flush()
        with self.db.read() as conn:
            return trace_repo.get(conn, self.namespace, trace_id)

    # -- write path ---------------------------------------------------------------------------------
    def extract(self, turns: Any, *, session_id: str | None = None) -> Any:
        """Extract memories from conversation turns: a string (one user turn), a list of strings
        (user turns), or dicts / ``memcore.write.Turn`` with role and text. Returns a WriteReport."""
        from .ops.write import write_turns
        from .write import Turn

        if isinstance(turns, str):
            turns = [turns]
        parsed = [t if isinstance(t, Turn) else Turn("user", t) if isinstance(t, str)
                  else Turn(str(t.get("role", "user")), t.get("text", t.get("content")), str(t.get("id", "")))
                  for t in turns]
        return write_turns(self.runtime, self.namespace, parsed, session_id=session_id)

    def episodes(self, session_id: str | None = None) -> list[dict[str, Any]]:
        """Stored episodes (of one session, or all), newest first."""
        from .ops.episodes import list_episodes

        return list_episodes(self.runtime, self.namespace, session_id)

    def consolidate_session(self, session_id: str) -> Any:
        """Segment a session's turns into episodes and consolidate each into notes (SPEC 7.7)."""
        from .ops.episodes import consolidate_session

        return consolidate_session(self.runtime, self.namespace, session_id)

    def compact(self, messages: Sequence[Any], *, budget_tokens: int | None = None, keep_recent: int | None = None) -> Any:
        """Context compaction (SPEC 7.8): trim, clear old tool output, truncate, then an LLM summary of
        old turns when configured; on any failure the mechanical result stands."""
        from .write import CompactionSettings, Message, compact

        options = {k: v for k, v in (("budget_tokens", budget_tokens), ("keep_recent", keep_recent)) if v is not None}
        parsed = [m if isinstance(m, Message) else Message(str(m.get("role", "user")), str(m.get("content", "")))
                  for m in messages]
        return compact(parsed, settings=CompactionSettings(**options), provider=self.runtime.provider,
                       count_tokens=self.runtime.count_tokens)

    # -- lifecycle ----------------------------------------------------------------------------------
    def sweep(self, *, apply: bool = True) -> Any:
        """The forgetting sweep: expire past-due temporary/deadline memories, archive idle unimportant ones."""
        from .ops.lifecycle import sweep

        return sweep(self.runtime, self.namespace, apply=apply)

    def decay(self, *, all_namespaces: bool = False, curve: str = "fsrs4.5") -> Any:
        """Recompute strength = importance x R(t, S) for this namespace, or all of them, in one pass.
        ``curve``: fsrs4.5 (FSRS with w = 0.5, the default), fsrs6 (the fsrs package's w20) or seed."""
        from .lifecycle.decay import DecaySettings
        from .ops.lifecycle import decay

        return decay(self.runtime, None if all_namespaces else self.namespace, DecaySettings(curve=curve))

    def gc_preview(self) -> Any:
        """What GC would do (promote / demote / archive / delete / keep, with reasons). Changes nothing."""
        from .ops.lifecycle import gc_plan

        self.runtime.flush()
        return gc_plan(self.runtime, self.namespace)

    def gc(self) -> Any:
        """Apply GC; returns (plan, events). Deletion only when auto_delete_archived is enabled."""
        from .ops.lifecycle import gc

        self.runtime.flush()
        return gc(self.runtime, self.namespace)

    def inspect(self, memory_id: str) -> Any:
        """Score breakdown, the GC action it would get and why, predicted tier, strength, lineage."""
        from .ops.lifecycle import inspect_memory

        self.runtime.flush()
        return inspect_memory(self.runtime, self.namespace, memory_id)

    def reflect(self, *, apply: bool = True) -> Any:
        """Merge near-duplicates, promote used memories, write count summaries (idempotent)."""
        from .ops.lifecycle import reflect

        self.runtime.flush()
        return reflect(self.runtime, self.namespace, apply=apply)

    def feedback(self, trace_id: str | None, useful: Sequence[str] = (), not_useful: Sequence[str] = ()) -> list[Event]:
        """Rate memories of a trace as useful / not useful (updates their rating)."""
        from .ops.lifecycle import feedback

        return feedback(self.runtime, self.namespace, trace_id, list(useful), list(not_useful))

    def list_best(self, top_n: int = 5, random_m: int = 3, *, seed: int | None = None, remove: bool = False) -> Any:
        """Top n memories by rating plus m random others; every memory ages one cycle."""
        from .ops.lifecycle import list_best

        return list_best(self.runtime, self.namespace, top_n, random_m, seed=seed, remove=remove)

    def strategy(self, name: str, *, apply: bool = False, **options: Any) -> Any:
        """HelloAgents strategies: forget_by_importance / forget_by_age / forget_by_capacity / consolidate."""
        from .ops.lifecycle import run_strategy

        return run_strategy(self.runtime, self.namespace, name, apply=apply, **options)

    def consolidate(self, from_tier: str = "working", to_tier: str = "episodic", threshold: float = 0.7, *,
                    apply: bool = True) -> Any:
        from .model import Tier
        from .model.validation import parse_enum, unit_interval

        return self.strategy("consolidate", apply=apply, from_tier=parse_enum(from_tier, Tier, "from_tier"),
                             to_tier=parse_enum(to_tier, Tier, "to_tier"),
                             importance_threshold=unit_interval(threshold, "threshold"))

    def working_memory(self, *, apply: bool = True) -> Any:
        """Working-memory capacity and TTL: evict the lowest-priority working memories."""
        from .ops.lifecycle import working_memory

        return working_memory(self.runtime, self.namespace, apply=apply)

    def start_scheduler(self) -> Any:
        """Run sweep and decay (and, if enabled, reflection and GC) periodically in the background."""
        return self.runtime.start_scheduler()

    def job_runs(self, limit: int = 50) -> list[Event]:
        from .ops.scheduling import job_runs

        return job_runs(self.runtime, limit)

    # -- graph and analytics ------------------------------------------------------------------------
    def graph(self, *, types: Any = (), states: Any = (), as_of: Any = None, max_nodes: int = 150,
              tags: bool = True, entities: bool = True, related: bool = True, min_shared: int = 2,
              seed: int = 0) -> Any:
        """The memory graph (networkx underneath): memories, summaries, tags, entities and links."""
        from .graph import build_graph

        return build_graph(self, types=types, states=states, as_of=as_of, max_nodes=max_nodes, tags=tags,
                           entities=entities, related=related, min_shared=min_shared, seed=seed)

    def neighbors(self, entity: str, *, include_inactive: bool = False, limit: int = 50) -> Any:
        """Memories touching a tag or entity, and the tags/entities around them (P4)."""
        from .graph import neighbors

        return neighbors(self, entity, include_inactive=include_inactive, limit=limit)

    def analytics(self, *, now: Any = None, period: str = "week", top_n: int = 10, curve: str = "fsrs4.5") -> dict:
        """Counts, growth, event kinds, score and strength distributions, decay curves, GC pressure."""
        from .analytics import report

        return report(self, now=now, period=period, top_n=top_n, curve=curve)

    def count_tokens(self, text: str) -> int:
        return self.runtime.count_tokens(text)

    @property
    def settings(self) -> Settings:
        return self.runtime.settings

    # -- views --------------------------------------------------------------------------------------
    def timeline(self, **filters: Any) -> Page[Event]:
        self.runtime.flush()
        return views.timeline(self.runtime, self.namespace, **filters)

    def history(self, memory_id: str) -> views.History:
        self.runtime.flush()
        return views.history(self.runtime, self.namespace, memory_id)

    def stats(self) -> views.Stats:
        self.runtime.flush()
        return views.stats(self.runtime, self.namespace)

    # -- export / import ----------------------------------------------------------------------------
    def export(self, target: str | Path | IO[str]) -> int:
        """Write this namespace as JSON lines; returns the number of rows written."""
        self.runtime.flush()
        if isinstance(target, (str, Path)):
            with Path(target).open("w", encoding="utf-8") as stream:
                return transfer.export_to(self.runtime, self.namespace, stream)
        return transfer.export_to(self.runtime, self.namespace, target)

    def import_(self, source: str | Path | Iterable[str]) -> transfer.ImportReport:
        """Import a JSON-lines export into this namespace, all or nothing."""
        if isinstance(source, (str, Path)):
            with Path(source).open(encoding="utf-8") as stream:
                return transfer.import_lines(self.runtime, self.namespace, stream)
        return transfer.import_lines(self.runtime, self.namespace, source)

    # -- blocks and user state ----------------------------------------------------------------------
    def blocks(self) -> list[Block]:
        return profile.list_blocks(self.runtime, self.namespace)

    def block(self, name: str) -> Block:
        return profile.get_block(self.runtime, self.namespace, name)

    def set_block(self, name: str, content: str, **options: Any) -> Block:
        return profile.set_block(self.runtime, self.namespace, name, content, **options)

    def delete_block(self, name: str) -> Block:
        return profile.delete_block(self.runtime, self.namespace, name)

    def block_history(self, name: str) -> list[dict[str, Any]]:
        return profile.block_history(self.runtime, self.namespace, name)

    def set_state(self, key: str, value: Any) -> UserStateRow:
        return profile.set_state(self.runtime, self.namespace, key, value)

    def state(self, key: str | None = None) -> dict[str, Any]:
        return profile.get_state(self.runtime, self.namespace, key)

    def state_history(self, key: str | None = None) -> Sequence[UserStateRow]:
        return profile.state_history(self.runtime, self.namespace, key)

    def state_as_of(self, when: datetime | str) -> dict[str, Any]:
        return profile.state_as_of(self.runtime, self.namespace, parse_time(when, "as_of"))
