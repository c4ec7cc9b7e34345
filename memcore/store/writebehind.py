"""Write-behind for retrieval records: traces, access/usage bumps and their events are persisted by
one background thread, so a search never waits for them. Reads of traces flush first, and closing
the engine flushes, so nothing recorded is lost in normal operation.
"""

from __future__ import annotations

import atexit
import queue
import threading
from collections.abc import Callable
from typing import Any

Job = Callable[[Any], None]  # receives an open transaction (Connection)


class WriteBehind:
    """A single writer thread that applies queued jobs in batches, each batch one transaction."""

    def __init__(self, db: Any, *, batch: int = 64) -> None:
        self._db = db
        self._batch = batch
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._idle = threading.Condition()
        self._pending = 0
        self._errors: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, name="memcore-write-behind", daemon=True)
        self._thread.start()
        atexit.register(self._flush_quietly)

    def _flush_quietly(self) -> None:
        if self._thread.is_alive():
            self.flush(timeout=10)

    def submit(self, job: Job) -> None:
        with self._idle:
            self._pending += 1
        self._queue.put(job)

    def flush(self, timeout: float = 30.0) -> None:
        """Wait until every submitted job is written; re-raise the first failure, if any."""
        with self._idle:
            self._idle.wait_for(lambda: self._pending == 0, timeout=timeout)
            if self._errors:
                error = self._errors.pop(0)
                raise error

    def close(self) -> None:
        self.flush()
        self._queue.put(None)
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            jobs = [job]
            while len(jobs) < self._batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)
                    break
                jobs.append(more)
            try:
                with self._db.begin() as conn:
                    for item in jobs:
                        item(conn)
            except BaseException as exc:  # noqa: BLE001 - kept and re-raised to the caller at flush()
                self._errors.append(exc)
            finally:
                with self._idle:
                    self._pending -= len(jobs)
                    self._idle.notify_all()
