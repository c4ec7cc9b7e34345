"""Export / import as JSON lines: a lossless copy of a namespace (memories with embeddings, versions,
events, links, traces, episodes, session events, feedback) plus the user's blocks and user state.

Line 1 is a header; every other line is ``{"table": name, "row": {...}}``. Import validates every
line first and writes everything in one transaction: a malformed line writes nothing.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from sqlalchemy import LargeBinary, insert, select

from ..errors import Conflict, InvalidInput
from ..model import Actor, EventKind, MemoryState, MemoryType, Namespace, Privacy, Tier
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import schema
from ..store.migrations import LATEST

FORMAT = 1
NAMESPACED = ("memories", "memory_vectors", "memory_versions", "events", "links", "traces", "episodes", "session_events", "feedback")
PER_USER = ("blocks", "block_versions", "user_state")
TABLES = NAMESPACED + PER_USER
_CHECKED_ENUMS = {"type": MemoryType, "state": MemoryState, "tier": Tier, "privacy": Privacy}


def _columns(table: str) -> list[Any]:
    return [c for c in schema.metadata.tables[table].c if c.name != "pk"]


def _encode(row: dict[str, Any], table: str) -> dict[str, Any]:
    out = {}
    for column in _columns(table):
        value = row[column.name]
        if isinstance(column.type, LargeBinary) and value is not None:
            value = base64.b64encode(bytes(value)).decode("ascii")
        out[column.name] = value
    return out


def export_lines(rt: Runtime, ns: Namespace) -> Iterator[str]:
    """The namespace as JSON lines (a generator: large namespaces stream)."""
    yield json.dumps({"memcore_export": FORMAT, "schema_version": LATEST, "user_id": ns.user_id,
                      "project_id": ns.project_id, "exported_at": rt.now().isoformat()})
    with rt.db.read() as conn:
        for table in TABLES:
            t = schema.metadata.tables[table]
            where = [t.c.user_id == ns.user_id]
            if table in NAMESPACED:
                where.append(t.c.project_id == ns.project_id)
            order = t.c.pk if "pk" in t.c else t.c.memory_id
            for row in conn.execute(select(t).where(*where).order_by(order)).mappings():
                yield json.dumps({"table": table, "row": _encode(dict(row), table)}, ensure_ascii=False)


def export_to(rt: Runtime, ns: Namespace, stream: IO[str]) -> int:
    count = 0
    for line in export_lines(rt, ns):
        stream.write(line + "\n")
        count += 1
    return count - 1


@dataclass
class ImportReport:
    rows: dict[str, int]
    source_namespace: tuple[str, str]

    def to_dict(self) -> dict[str, Any]:
        return {"rows": self.rows, "source_user": self.source_namespace[0], "source_project": self.source_namespace[1]}


def _decode(table: str, row: Any, lineno: int, ns: Namespace) -> dict[str, Any]:
    where = f"line {lineno}"
    if not isinstance(row, dict):
        raise InvalidInput(where, f"'row' must be an object for table {table}")
    columns = {c.name: c for c in _columns(table)}
    unknown = set(row) - set(columns)
    if unknown:
        raise InvalidInput(where, f"unknown column(s) {sorted(unknown)} for table {table}")
    out: dict[str, Any] = {}
    for name, column in columns.items():
        value = row.get(name)
        if value is None and not column.nullable and column.default is None:
            raise InvalidInput(where, f"{table}.{name} is required")
        if isinstance(column.type, LargeBinary) and value is not None:
            try:
                value = base64.b64decode(value, validate=True)
            except (ValueError, TypeError):
                raise InvalidInput(where, f"{table}.{name} is not base64") from None
        out[name] = value
    out["user_id"] = ns.user_id
    if table in NAMESPACED:
        out["project_id"] = ns.project_id
    if table == "memories":
        for name, enum in _CHECKED_ENUMS.items():
            if out[name] not in {m.value for m in enum}:
                raise InvalidInput(where, f"memories.{name} {out[name]!r} is not one of {[m.value for m in enum]}")
        for name in ("importance", "confidence"):
            if not isinstance(out[name], (int, float)) or not 0 <= out[name] <= 1:
                raise InvalidInput(where, f"memories.{name} must be a number in [0, 1]")
        if not isinstance(out["content"], str) or not out["content"].strip():
            raise InvalidInput(where, "memories.content must be non-empty text")
    if table == "events" and out["kind"] not in {k.value for k in EventKind}:
        raise InvalidInput(where, f"events.kind {out['kind']!r} is not a known event kind")
    return out


def parse_lines(lines: Iterable[str], ns: Namespace) -> tuple[dict[str, list[dict[str, Any]]], tuple[str, str]]:
    """Validate an export; returns rows per table. Raises InvalidInput naming the first bad line."""
    rows: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
    source = ("?", "?")
    saw_header = False
    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise InvalidInput(f"line {lineno}", f"is not JSON ({exc.msg})") from None
        if not isinstance(item, dict):
            raise InvalidInput(f"line {lineno}", "must be a JSON object")
        if not saw_header:
            if item.get("memcore_export") != FORMAT:
                raise InvalidInput("line 1", f"is not a memcore export header (expected memcore_export={FORMAT})")
            if int(item.get("schema_version", 0)) > LATEST:
                raise InvalidInput("line 1", f"export is from a newer schema ({item['schema_version']} > {LATEST})")
            source = (str(item.get("user_id")), str(item.get("project_id")))
            saw_header = True
            continue
        table = item.get("table")
        if table not in TABLES:
            raise InvalidInput(f"line {lineno}", f"table {table!r} is not one of: {', '.join(TABLES)}")
        rows[table].append(_decode(table, item.get("row"), lineno, ns))
    if not saw_header:
        raise InvalidInput("line 1", "the file is empty; expected a memcore export")
    return rows, source


def import_lines(rt: Runtime, ns: Namespace, lines: Iterable[str]) -> ImportReport:
    """Import an export into ``ns``, all or nothing. Ids already present are a Conflict."""
    rows, source = parse_lines(lines, ns)
    with rt.db.begin() as conn:
        for table in ("memories", "events", "traces", "episodes", "session_events", "memory_vectors"):
            key = "memory_id" if table == "memory_vectors" else "id"
            ids = [r[key] for r in rows[table]]
            t = schema.metadata.tables[table]
            for start in range(0, len(ids), 900):
                clash = conn.execute(select(t.c[key]).where(t.c[key].in_(ids[start:start + 900]))).first()
                if clash:
                    raise Conflict(f"{table} id {clash[0]} already exists in this database; "
                                   "import into a fresh database or delete the existing copy first")
        if rows["blocks"]:
            names = [r["name"] for r in rows["blocks"]]
            b = schema.blocks
            clash = conn.execute(select(b.c.name).where(b.c.user_id == ns.user_id, b.c.name.in_(names))).first()
            if clash:
                raise Conflict(f"block {clash[0]!r} already exists for user {ns.user_id}")
        for table in TABLES:
            if rows[table]:
                conn.execute(insert(schema.metadata.tables[table]), rows[table])
        event_repo.record(conn, ns, EventKind.IMPORTED, Actor.USER, rt.now(),
                          reason=f"imported from {source[0]}/{source[1]}",
                          after={t: len(r) for t, r in rows.items() if r})
    rt.forget_index()  # rebuilt from stored embeddings on next use
    return ImportReport({t: len(r) for t, r in rows.items()}, source)
