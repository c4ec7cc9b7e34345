"""Switching embedders re-embeds stored memories; concurrent writers lose nothing."""

from __future__ import annotations

import threading

from sqlalchemy import select

import memcore
from memcore.index.embedders import make_embedder
from memcore.store import schema


def test_switching_embedder_re_embeds_with_progress(tmp_path, clock):
    url = f"sqlite:///{tmp_path / 'e.db'}"
    first = memcore.open(url, clock=clock, embedder=make_embedder("hash-128"))
    ids = [first.add(f"memory number {i} about the deploy pipeline").id for i in range(5)]
    first.close()

    progress: list[tuple[int, int]] = []
    second = memcore.open(url, clock=clock, embedder=make_embedder("default"))
    from memcore.index.sync import build_index

    index, _ = build_index(second.runtime, progress=lambda done, total: progress.append((done, total)))
    assert progress and progress[-1] == (5, 5) and len(index) == 5
    with second.db.read() as conn:
        models = {r[0] for r in conn.execute(select(schema.memory_vectors.c.model))}
    assert models == {second.runtime.get_embedder().name}
    assert second.search("deploy pipeline", k=5, record=False).items[0].memory.id in ids
    second.close()


def test_concurrent_writers_lose_nothing(tmp_path, clock):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    engines = [memcore.open(url, user=f"w{i}", clock=clock) for i in range(4)]
    errors: list[BaseException] = []

    def write(engine):
        try:
            for n in range(25):
                engine.add(f"note {n} from {engine.user_id}")
        except BaseException as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(e,)) for e in engines]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [e.stats().total for e in engines] == [25, 25, 25, 25]
    assert sum(e.timeline(kinds="created").total for e in engines) == 100
    for e in engines:
        e.close()
