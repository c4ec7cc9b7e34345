"""The demo dataset behind `memcore demo`: what it holds, that its history is real, idempotence and reset."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

import memcore
from memcore import EventKind, MemoryState, MemoryType, Modality, Source, Tier
from memcore.clock import FakeClock
from memcore.sample import PEOPLE, SAMPLE_USERS, conversations, load_demo

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


class TinyEmbedder:
    """A deterministic stand-in with an odd dimension: the demo must not assume any particular embedder."""

    name = "tiny-test-embedder-12"
    dim = 12

    def embed(self, texts):
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().split():
                out[row, sum(map(ord, word)) % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return np.divide(out, norms, out=out, where=norms > 0)


def _open(path, **kwargs):
    return memcore.open(str(path), user="alice", project="webapp", clock=kwargs.pop("clock", FakeClock(NOW)),
                        **kwargs)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """One loaded demo, shared by the read-only tests below (loading takes about a second)."""
    engine = _open(tmp_path_factory.mktemp("demo") / "t.db")
    report = load_demo(engine)
    yield engine, report
    engine.close()


@pytest.fixture
def fresh(tmp_path):
    opened = []

    def make(**kwargs):
        engine = _open(tmp_path / f"db{len(opened)}.db", **kwargs)
        opened.append(engine)
        return engine

    yield make
    for engine in opened:
        engine.close()


def _all(engine, user, project, **filters):
    return engine.scoped(user, project).list(limit=1000, **filters).items


def _every_memory(engine):
    return [(p.user_id, project, m) for p in PEOPLE for project in p.projects
            for m in _all(engine, p.user_id, project)]


def _events(engine, user, project, **filters):
    return engine.scoped(user, project).timeline(limit=10_000, **filters).items


# -- what the demo holds ------------------------------------------------------------------------------

def test_three_users_two_projects_each_and_a_few_hundred_memories(demo):
    engine, report = demo
    namespaces = {(ns.user_id, ns.project_id) for ns in engine.namespaces()}
    assert namespaces == {(p.user_id, project) for p in PEOPLE for project in p.projects}
    assert len(SAMPLE_USERS) >= 3 and all(len(p.projects) == 2 for p in PEOPLE)
    per_project = {(u, p): engine.scoped(u, p).stats().total for u, p in namespaces}
    assert all(n >= 50 for n in per_project.values()), per_project
    assert 350 <= sum(per_project.values()) <= 450
    assert (report.users, report.projects, report.memories) == (3, 6, sum(per_project.values()))
    assert not report.already_loaded
    assert report.to_dict()["memories"] == report.memories


def test_every_type_tier_and_privacy_level_is_present(demo):
    engine, _ = demo
    memories = [m for _, _, m in _every_memory(engine)]
    assert {m.type for m in memories} == set(MemoryType)
    assert {m.tier for m in memories} == set(Tier)
    assert {m.privacy.value for m in memories} == {"public", "private", "sensitive"}
    perceptual = [m for m in memories if m.tier is Tier.PERCEPTUAL]
    assert {m.modality for m in perceptual} >= {Modality.IMAGE, Modality.AUDIO}
    assert all(m.media_uri and m.modality is not Modality.TEXT for m in perceptual)
    assert any(m.emotion_intensity > 0.7 for m in memories) and any(m.emotion_valence < 0 for m in memories)
    assert len({round(m.importance, 2) for m in memories}) > 20 and len({m.confidence for m in memories}) > 10
    assert all(m.metadata.get("dataset") == "memcore-demo" for m in memories)


def test_history_spreads_over_months_before_the_engine_clock(demo):
    engine, _ = demo
    memories = [m for _, _, m in _every_memory(engine)]
    oldest = min(m.created_at for m in memories)
    assert timedelta(days=170) < NOW - oldest < timedelta(days=200)
    assert all(m.created_at <= NOW for m in memories)
    months = {(m.created_at.year, m.created_at.month) for m in memories}
    assert len(months) >= 6
    for user, project, m in _every_memory(engine)[:60]:
        events = engine.scoped(user, project).history(m.id).events
        assert events[0].kind is EventKind.CREATED and events[0].at == m.created_at
        assert all(m.created_at <= e.at <= NOW for e in events)
    assert engine.runtime.clock.now() == NOW  # the loader put the real clock back


def test_pinned_forgotten_expired_and_superseded_memories_have_their_events(demo):
    engine, report = demo
    assert min(report.pinned, report.forgotten, report.expired, report.superseded) >= 5
    kinds_by_memory: dict[str, set[EventKind]] = {}
    for p in PEOPLE:
        for project in p.projects:
            for event in _events(engine, p.user_id, project):
                kinds_by_memory.setdefault(event.memory_id, set()).add(event.kind)
    memories = [m for _, _, m in _every_memory(engine)]
    for m in memories:
        kinds = kinds_by_memory[m.id]
        if m.state is MemoryState.PINNED:
            assert EventKind.PINNED in kinds
        if m.state is MemoryState.SUPERSEDED:
            assert EventKind.SUPERSEDED in kinds and m.superseded_by and m.valid_until is not None
        if m.state is MemoryState.EXPIRED:
            assert EventKind.EXPIRED in kinds and m.expired_at and m.expires_at < m.expired_at <= NOW
            assert m.type in (MemoryType.DEADLINE, MemoryType.TEMPORARY)
        if m.state is MemoryState.ARCHIVED:
            assert kinds & {EventKind.FORGOTTEN, EventKind.ARCHIVED}
        if m.expires_at is not None and m.type is MemoryType.DEADLINE:
            assert m.expires_at > m.created_at
    assert any(m.type is MemoryType.DELETED_BY_USER and m.state is MemoryState.ARCHIVED for m in memories)
    live_temporary = [m for m in memories if m.type is MemoryType.TEMPORARY and m.state.retrievable]
    assert live_temporary and all(m.expires_at > NOW for m in live_temporary)
    assert any(m.type is MemoryType.DEADLINE and m.state.retrievable and m.expires_at > NOW for m in memories)


def test_supersession_chains_cover_the_topic_groups(demo):
    engine, _ = demo
    tomas = engine.scoped("demo-tomas", "payments-api")
    mysql = next(m for m in _all(engine, "demo-tomas", "payments-api") if m.content.startswith("We use MySQL"))
    newer = tomas.get(mysql.superseded_by)
    assert "PostgreSQL" in newer.content and newer.supersedes == mysql.id
    assert tomas.history(mysql.id).lineage == [mysql.id, newer.id]
    superseded_tags = {t for _, _, m in _every_memory(engine) if m.state is MemoryState.SUPERSEDED for t in m.tags}
    assert {"frontend", "database", "hosting", "dependencies", "theme", "backend"} <= superseded_tags
    uv = next(m for m in _all(engine, "demo-maya", "churn-notebook") if "to uv" in m.content)
    lineage = engine.scoped("demo-maya", "churn-notebook").history(uv.id).lineage
    assert len(lineage) == 3 and lineage[-1] == uv.id
    actors = {e.actor.value for u, p, _ in [("demo-tomas", "payments-api", 0), ("demo-aiko", "app-redesign", 0)]
              for e in _events(engine, u, p, kinds="superseded")}
    assert actors == {"user", "engine"}


def test_an_automatic_supersession_was_undone(demo):
    engine, _ = demo
    undone = _events(engine, "demo-tomas", "home-automation", kinds="undone")
    assert len(undone) == 1
    conbee = next(m for m in _all(engine, "demo-tomas", "home-automation") if "ConBee II coordinator" in m.content)
    assert conbee.state is MemoryState.ACTIVE and conbee.superseded_by is None


def test_blocks_have_several_versions_written_over_time(demo):
    engine, report = demo
    for person in PEOPLE:
        user = engine.scoped(person.user_id)
        blocks = {b.name: b for b in user.blocks()}
        assert {"persona", "human"} <= set(blocks)
        assert sum(b.block_type == "project" for b in blocks.values()) == 2
        assert [b.name for b in user.blocks()][:2] == ["persona", "human"]  # listed by priority
        for name in blocks:
            history = user.block_history(name)
            assert len(history) >= 2
            times = [datetime.fromisoformat(h["recorded_at"]) for h in history]
            assert times == sorted(times) and times[0] < NOW - timedelta(days=100)
    assert report.blocks == 12 and report.block_versions >= 24


def test_user_state_history_answers_as_of_questions_in_the_past(demo):
    engine, report = demo
    maya = engine.scoped("demo-maya")
    assert maya.state()["timezone"] == "America/Toronto" and maya.state()["role"] == "Senior Data Scientist"
    past = maya.state_as_of(NOW - timedelta(days=140))
    assert past["timezone"] == "Europe/London" and past["role"] == "Data Scientist" and "nickname" in past
    assert maya.state_as_of(NOW - timedelta(days=365)) == {}
    tomas = engine.scoped("demo-tomas")
    assert tomas.state_as_of(NOW - timedelta(days=160))["preferred_address"] == "Tom"
    assert tomas.state()["preferred_address"] == "Tomás"
    aiko = engine.scoped("demo-aiko")
    assert [r.value for r in aiko.state_history("timezone")] == ["Asia/Tokyo", "Europe/Lisbon"]
    for person in PEOPLE:
        keys = {r.key for r in engine.scoped(person.user_id).state_history()}
        assert {"name", "preferred_address", "timezone", "role", "nickname"} <= keys
    assert report.state_changes == sum(len(engine.scoped(p.user_id).state_history()) for p in PEOPLE)


def test_conversation_memories_point_at_their_session_and_turns(demo):
    engine, report = demo
    raw = {c["session_id"]: c for c in conversations()}
    extracted = [(u, p, m) for u, p, m in _every_memory(engine) if m.source is Source.EXTRACTED]
    assert {m.session_id for _, _, m in extracted} == set(raw)
    for user, project, m in extracted:
        convo = raw[m.session_id]
        assert (convo["user"], convo["project"]) == (user, project)
        assert m.source_ref and all(int(ref.split("#")[1]) < len(convo["turns"]) for ref in m.source_ref)
    assert report.conversations == len(raw)
    assert all(turn["role"] in ("user", "assistant") and turn["content"] for c in raw.values() for turn in c["turns"])


def test_replayed_recalls_leave_usage_access_counts_and_traces(demo):
    engine, _ = demo
    memories = [m for _, _, m in _every_memory(engine)]
    assert len({m.usage_count for m in memories}) >= 3 and any(m.access_count for m in memories)
    assert all(m.last_used_at <= NOW for m in memories if m.last_used_at)
    for person in PEOPLE:
        for project in person.projects:
            ns = engine.scoped(person.user_id, project)
            assert ns.traces(limit=100) and _events(engine, person.user_id, project, kinds="injected")


# -- loading again, resetting, determinism ----------------------------------------------------------------

def test_second_load_does_not_duplicate(fresh):
    engine = fresh()
    first = load_demo(engine)
    second = load_demo(engine)
    assert second.already_loaded and not first.already_loaded
    assert (second.memories, second.events, second.block_versions, second.state_changes) == \
        (first.memories, first.events, first.block_versions, first.state_changes)


def test_reset_reloads_the_sample_users_and_leaves_everyone_else_alone(fresh):
    clock = FakeClock(NOW)
    engine = fresh(clock=clock)
    mine = engine.add("Prefers tabs over spaces", type="preference")
    engine.set_block("human", "Alice, not a sample user")
    first = load_demo(engine)
    clock.advance(days=3)
    again = load_demo(engine, reset=True)
    assert not again.already_loaded
    assert (again.memories, again.events, again.blocks, again.state_changes) == \
        (first.memories, first.events, first.blocks, first.state_changes)
    assert engine.get(mine.id).content == "Prefers tabs over spaces"
    assert engine.block("human").content == "Alice, not a sample user"
    newest = max(m.created_at for _, _, m in _every_memory(engine))
    assert newest > NOW  # reloaded relative to the clock at reset time


def test_same_clock_gives_the_same_dataset_with_any_embedder(fresh):
    def fingerprint(engine):
        return sorted((u, p, m.content, m.created_at, m.importance, m.confidence, m.state.value, m.tier.value)
                      for u, p, m in _every_memory(engine))

    default = fresh()
    tiny = fresh(embedder=TinyEmbedder())
    load_demo(default)
    load_demo(tiny)
    assert fingerprint(default) == fingerprint(tiny)
