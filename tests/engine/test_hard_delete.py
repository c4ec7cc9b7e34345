"""Hard delete purges the content from every table, the full-text index and the database file."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect, text

from memcore import EventKind, NotFound
from memcore.ops import decisions

SECRETISH = "Zanzibar-Quokka-7731 lives at 12 Heron Lane"


def _all_text(engine) -> str:
    """Every value of every column of every table, as one string."""
    chunks = []
    with engine.db.read() as conn:
        for table in inspect(conn).get_table_names():
            if table.startswith("memories_fts"):
                continue
            for row in conn.execute(text(f'SELECT * FROM "{table}"')):
                chunks.append(" ".join(str(v) for v in row))
    return "\n".join(chunks)


def _populate(engine, clock):
    keep = engine.add("The deploy window is Tuesday morning", type="decision")
    doomed = engine.add(SECRETISH, type="fact", tags="address")
    engine.edit(doomed.id, content=SECRETISH + " (confirmed)")
    engine.pin(doomed.id)
    clock.advance(days=1)
    newer = engine.add("Moved to 4 Kestrel Road", type="fact")
    decisions.apply(engine.runtime, engine.namespace, decisions.supersede(doomed.id, newer.id, newer.valid_from, "moved"))
    return keep, doomed


def test_hard_delete_leaves_only_a_content_free_tombstone(engine, clock):
    keep, doomed = _populate(engine, clock)
    tombstone = engine.delete(doomed.id)
    assert tombstone.kind is EventKind.DELETED and tombstone.memory_id == doomed.id
    assert "Zanzibar" not in _all_text(engine) and "Heron" not in _all_text(engine)
    assert engine.get(keep.id).content.startswith("The deploy window")
    try:
        engine.get(doomed.id)
        raise AssertionError("deleted memory still readable")
    except NotFound:
        pass
    history = engine.history(doomed.id)
    assert history.memory is None and history.events[-1].kind is EventKind.DELETED
    assert all("Zanzibar" not in str(e.before) + str(e.after) + e.reason for e in history.events)


def test_hard_delete_removes_it_from_full_text_search(engine, clock):
    _, doomed = _populate(engine, clock)
    engine.delete(doomed.id)
    with engine.db.read() as conn:
        if engine.db.dialect == "sqlite":
            hits = conn.execute(text("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'zanzibar'")).scalar()
        else:
            hits = conn.execute(text("SELECT count(*) FROM memories WHERE fts @@ to_tsquery('english', 'zanzibar')")).scalar()
    assert hits == 0


def test_no_byte_of_the_content_remains_in_the_sqlite_file(lite, clock):
    _, doomed = _populate(lite, clock)
    path = Path(lite.db.sqlite_path)
    lite.delete(doomed.id)
    lite.close()
    raw = b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*"))
    for fragment in (b"Zanzibar", b"zanzibar", b"Quokka", b"quokka", b"Heron", b"heron"):
        assert fragment not in raw, fragment
    assert b"deploy window" in raw  # the file is readable and the other memory is still there
