"""neighbors(entity): memories mentioning an entity or tag, and what co-occurs with it."""

from __future__ import annotations

import pytest

from memcore import InvalidInput
from memcore.graph import neighbors


def test_neighbors_by_entity_and_tag(engine, clock) -> None:  # noqa: ANN001
    a = engine.add("Postgres is the main database", entities=["PostgreSQL"], tags=["database"]).id
    clock.advance(hours=1)
    b = engine.add("Postgres backups run nightly", entities=["PostgreSQL", "S3"], tags=["ops"]).id
    engine.add("Redis caches sessions", entities=["Redis"], tags=["database"])
    found = neighbors(engine, "postgresql")
    assert [m.id for m in found.memories] == [b, a]  # newest first
    assert found.entities == [("S3", 1)]
    assert dict(found.tags) == {"database": 1, "ops": 1}
    by_tag = neighbors(engine, "database")
    assert len(by_tag.memories) == 2
    assert dict(by_tag.entities) == {"PostgreSQL": 1, "Redis": 1}
    assert found.to_dict()["entity"] == "postgresql"


def test_inactive_memories_only_when_asked(engine) -> None:  # noqa: ANN001
    m = engine.add("Old vendor Acme", entities=["Acme"])
    engine.forget(m.id)
    assert neighbors(engine, "Acme").memories == []
    assert [x.id for x in neighbors(engine, "Acme", include_inactive=True).memories] == [m.id]


def test_blank_entity_is_refused(engine) -> None:  # noqa: ANN001
    with pytest.raises(InvalidInput, match="entity"):
        neighbors(engine, "  ")
