"""Episodes (SPEC 7.7, N8): a session's turns are segmented into episodes by topic shift (or
surprise), each episode is consolidated into notes (facts, preferences, profile) through the
normal write plan, and retrieval falls back to episodes when too few notes answer a question."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, select, update

from ..errors import NotFound
from ..model import Actor, EventKind, Namespace
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import schema
from ..store.ids import new_id
from ..write import Turn, consolidate, segment
from ..write.extract import Extraction

S, E = schema.session_events, schema.episodes


@dataclass
class EpisodeReport:
    session_id: str
    episodes: list[dict[str, Any]] = field(default_factory=list)
    notes: list[Any] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"session_id": self.session_id, "episodes": self.episodes,
                "notes": [n.to_dict() if hasattr(n, "to_dict") else n for n in self.notes]}


def _turns(conn: Any, ns: Namespace, session_id: str) -> list[Any]:
    return conn.execute(select(S).where(S.c.user_id == ns.user_id, S.c.project_id == ns.project_id,
                                        S.c.session_id == session_id).order_by(S.c.turn_index)).mappings().all()


def list_episodes(rt: Runtime, ns: Namespace, session_id: str | None = None) -> list[dict[str, Any]]:
    """Stored episodes of the namespace (of one session, or all), newest first."""
    where = [E.c.user_id == ns.user_id, E.c.project_id == ns.project_id]
    if session_id:
        where.append(E.c.session_id == session_id)
    with rt.db.read() as conn:
        rows = conn.execute(select(E).where(*where).order_by(E.c.start_at.desc())).mappings().all()
    return [{k: v for k, v in dict(r).items() if k != "pk"} for r in rows]


def segment_session(rt: Runtime, ns: Namespace, session_id: str) -> EpisodeReport:
    """Segment the session's turns that belong to no episode yet; store the episodes."""
    with rt.db.read() as conn:
        rows = [r for r in _turns(conn, ns, session_id) if r["episode_id"] is None]
    if not rows:
        with rt.db.read() as conn:
            if not _turns(conn, ns, session_id):
                raise NotFound("session", session_id)
        return EpisodeReport(session_id)
    turns = [Turn(r["role"], r["content"], r["id"]) for r in rows]
    report = EpisodeReport(session_id)
    with rt.db.begin() as conn:
        for episode in segment(turns):
            chunk = rows[episode.start:episode.end]
            episode_id = new_id()
            title = " / ".join(episode.topics[:3]) or chunk[0]["content"][:60]
            conn.execute(insert(E).values(
                id=episode_id, user_id=ns.user_id, project_id=ns.project_id, session_id=session_id, title=title,
                summary=None, start_at=chunk[0]["at"], end_at=chunk[-1]["at"], turn_count=len(chunk),
                consolidated=False, metadata={"boundary": episode.reason.value, "similarity": episode.similarity,
                                              "topics": list(episode.topics), "turn_ids": list(episode.turn_ids)}))
            conn.execute(update(S).where(S.c.id.in_([r["id"] for r in chunk])).values(episode_id=episode_id))
            report.episodes.append({"id": episode_id, "title": title, "turns": len(chunk),
                                    "boundary": episode.reason.value})
    return report


def consolidate_session(rt: Runtime, ns: Namespace, session_id: str) -> EpisodeReport:
    """Segment what is new, then turn every unconsolidated episode of the session into notes."""
    from .write import _existing, apply_extraction

    report = segment_session(rt, ns, session_id)
    with rt.db.read() as conn:
        rows = _turns(conn, ns, session_id)
        pending = conn.execute(select(E).where(E.c.user_id == ns.user_id, E.c.project_id == ns.project_id,
                                               E.c.session_id == session_id, E.c.consolidated.is_(False))
                               ).mappings().all()
    turns = [Turn(r["role"], r["content"], r["id"]) for r in rows]
    index_of = {r["id"]: i for i, r in enumerate(rows)}
    for row in pending:
        ids = [r["id"] for r in rows if r["episode_id"] == row["id"]]
        if not ids:
            continue
        from ..write.episodes import Boundary, Episode

        episode = Episode(0, tuple(ids), index_of[ids[0]], index_of[ids[-1]] + 1,
                          Boundary(row["metadata"].get("boundary", "start")), None,
                          tuple(row["metadata"].get("topics", ())))
        consolidation = consolidate(turns, episode, now=rt.now(), provider=rt.provider)
        extraction = Extraction(tuple(n.candidate for n in consolidation.notes), info=consolidation.info)
        written = apply_extraction(rt, ns, turns[episode.start:episode.end], _existing(rt, ns), extraction,
                                   session_id, time.perf_counter())
        with rt.db.begin() as conn:
            conn.execute(update(E).where(E.c.id == row["id"]).values(
                consolidated=True, summary="; ".join(m.content for m in written.created)[:1000] or None))
            event_repo.record(conn, ns, EventKind.SUMMARIZED, Actor.ENGINE, rt.now(),
                              reason=f"episode {row['id']} consolidated into {len(written.created)} notes",
                              after={"episode": row["id"], "notes": [m.id for m in written.created],
                                     "trace_id": written.trace_id})
        report.notes.extend(written.created)
    return report


def episode_hits(rt: Runtime, ns: Namespace, query: str, limit: int = 3, scan: int = 2000) -> list[dict[str, Any]]:
    """Episodes whose turns best match the query's words (the two-tier fallback's second tier).

    Turns that a memory was extracted from are left out: the notes speak for them (and when such a
    note was superseded, expired or forgotten, its turn must not come back through the fallback)."""
    from ..index.text import content_term_set, keyword_overlap

    terms = content_term_set(query)
    if not terms:
        return []
    M = schema.memories
    with rt.db.read() as conn:
        rows = conn.execute(select(S.c.id, S.c.episode_id, S.c.session_id, S.c.role, S.c.content)
                            .where(S.c.user_id == ns.user_id, S.c.project_id == ns.project_id)
                            .order_by(S.c.at.desc()).limit(scan)).all()
        if not rows:
            return []
        sessions = list({r.session_id for r in rows})
        noted = {ref for (refs,) in conn.execute(select(M.c.source_ref).where(
            M.c.user_id == ns.user_id, M.c.project_id == ns.project_id, M.c.session_id.in_(sessions)))
            for ref in (refs or [])}
    best: dict[str, tuple[float, Any]] = {}
    for row in rows:
        if row.id in noted:
            continue
        score = keyword_overlap(terms, row.content)
        key = row.episode_id or f"session:{row.session_id}"
        if score > 0 and score > best.get(key, (0.0, None))[0]:
            best[key] = (score, row)
    ranked = sorted(best.items(), key=lambda kv: -kv[1][0])[:limit]
    return [{"episode_id": key, "session_id": row.session_id, "turn_id": row.id, "overlap": round(score, 3),
             "text": row.content} for key, (score, row) in ranked]
