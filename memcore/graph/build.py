"""The memory graph of one namespace (SPEC 10, P4) as a networkx MultiDiGraph.

Nodes
    ``m:<id>``  a memory: colour by type, size by importance, faded when not active, red ring
                when critical; a consolidation summary (tag ``consolidation-summary``) is a gold star.
    ``t:<tag>`` a tag shared by at least ``min_shared`` shown memories.
    ``e:<name>`` an entity mentioned by at least ``min_shared`` shown memories.
Edges (attribute ``kind``)
    supersedes (old -> new), semantic (with weight), summary_of (summary -> member), merged_into,
    extends and related from the links table; related also for every pair of memories sharing a
    tag used by 2..8 memories; tagged (memory -> tag) and mentions (memory -> entity).

Large namespaces are capped at ``max_nodes`` memories: pinned, critical and summaries are kept
first, the rest is a deterministic hash sample, so the same data always gives the same picture.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import combinations
from typing import Any

import networkx as nx

from ..clock import parse_time
from ..errors import InvalidInput
from ..model import Link, LinkKind, Memory, MemoryState, MemoryType, Namespace
from ..model.validation import parse_enum
from ..store import links as link_repo
from ..store import memories as repo
from . import style

RELATED_MIN_USES = 2
RELATED_MAX_USES = 8
DEFAULT_MAX_NODES = 150
LABEL_CHARS = 30
TOOLTIP_CHARS = 400


@dataclass
class MemoryGraph:
    """A built graph plus what was left out: ``total`` memories matched, ``shown`` are drawn."""

    graph: nx.MultiDiGraph
    total: int
    shown: int
    as_of: datetime | None = None
    filters: dict[str, Any] = field(default_factory=dict)

    @property
    def sampled(self) -> bool:
        return self.shown < self.total

    def memory_nodes(self) -> list[str]:
        """Node ids of memories and summaries, in insertion order (most important first)."""
        return [n for n, d in self.graph.nodes(data=True) if d["kind"] in ("memory", "summary")]

    def node_of(self, memory_id: str) -> dict[str, Any] | None:
        data = self.graph.nodes.get(f"m:{memory_id}")
        return dict(data) if data is not None else None

    def edge_counts(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for _s, _t, kind in self.graph.edges(data="kind"):
            counts[kind] += 1
        return dict(sorted(counts.items()))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready node-link form: ``{"meta", "nodes", "edges"}`` (memory text is raw, not escaped)."""
        return {
            "meta": {"total_memories": self.total, "shown_memories": self.shown, "sampled": self.sampled,
                     "as_of": self.as_of.isoformat() if self.as_of else None, "filters": self.filters,
                     "nodes": self.graph.number_of_nodes(), "edges": self.graph.number_of_edges()},
            "nodes": [{"id": n, **d} for n, d in self.graph.nodes(data=True)],
            "edges": [{"source": s, "target": t, **d} for s, t, d in self.graph.edges(data=True)],
        }


def _scope(source: Any, namespace: Namespace | None) -> tuple[Any, Namespace]:
    """(runtime, namespace) from an Engine, or from a Runtime plus a namespace."""
    runtime = getattr(source, "runtime", None)
    if runtime is not None:
        return runtime, namespace or source.namespace
    if namespace is None:
        raise InvalidInput("namespace", "give a namespace with a runtime (or pass an Engine)")
    return source, namespace


def is_summary(memory: Memory) -> bool:
    return style.SUMMARY_TAG in memory.tags


def state_at(memory: Memory, when: datetime | None) -> MemoryState:
    """The state a memory had at ``when``: superseded / expired ones were still active inside their window."""
    if when is None:
        return memory.state
    if memory.state is MemoryState.SUPERSEDED and (memory.valid_until is None or memory.valid_until > when):
        return MemoryState.ACTIVE
    if memory.state is MemoryState.EXPIRED and memory.expired_at is not None and memory.expired_at > when:
        return MemoryState.ACTIVE
    return memory.state


def visible_at(memory: Memory, when: datetime) -> bool:
    """created_at <= t and valid_from <= t < valid_until (open ends allowed)."""
    if memory.created_at is not None and memory.created_at > when:
        return False
    if memory.valid_from is not None and memory.valid_from > when:
        return False
    return memory.valid_until is None or memory.valid_until > when


def _stable_key(seed: int, memory_id: str) -> str:
    return hashlib.sha256(f"{seed}:{memory_id}".encode()).hexdigest()


def sample(memories: Sequence[Memory], cap: int, seed: int = 0) -> list[Memory]:
    """At most ``cap`` memories: pinned, critical and summaries first (by importance), then a stable hash sample."""
    if cap < 1:
        raise InvalidInput("max_nodes", f"{cap!r} must be at least 1")
    keep = [m for m in memories if m.pinned or m.critical or is_summary(m)]
    keep.sort(key=lambda m: (-m.importance, m.id))
    if len(keep) >= cap:
        return keep[:cap]
    kept = {m.id for m in keep}
    rest = sorted((m for m in memories if m.id not in kept), key=lambda m: _stable_key(seed, m.id))
    chosen = keep + rest[:cap - len(keep)]
    return chosen


def _clip(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n - 1].rstrip() + "\u2026"


def _memory_node(m: Memory, state: MemoryState) -> dict[str, Any]:
    summary = is_summary(m)
    active = state.retrievable
    label = m.content
    if summary and 0 < m.content.find(":") <= LABEL_CHARS + 10:  # "4 active constraint memories: ..." -> the head
        label = m.content[:m.content.find(":")]
    return {
        "kind": "summary" if summary else "memory", "memory_id": m.id,
        "label": _clip(label, LABEL_CHARS + 10 if summary else LABEL_CHARS), "text": _clip(m.content, TOOLTIP_CHARS),
        "type": m.type.value, "state": state.value, "tier": m.tier.value, "importance": round(m.importance, 3),
        "critical": m.critical, "pinned": state is MemoryState.PINNED, "active": active,
        "tags": list(m.tags), "entities": list(m.entities),
        "created_at": m.created_at.isoformat() if m.created_at else None,
        "color": style.SUMMARY_COLOUR if summary else style.type_colour(m.type.value),
        "shape": "star" if summary else "dot",
        "size": style.SUMMARY_SIZE if summary else style.memory_size(m.importance),
        "opacity": 1.0 if active else style.INACTIVE_OPACITY,
        "border": style.CRITICAL_RING if m.critical else None,
    }


def build_graph(source: Any, namespace: Namespace | None = None, *, types: Iterable[str] = (),
                states: Iterable[str] = (), as_of: datetime | str | None = None, max_nodes: int = DEFAULT_MAX_NODES,
                tags: bool = True, entities: bool = True, related: bool = True, min_shared: int = 2,
                seed: int = 0) -> MemoryGraph:
    """Build the graph of a namespace.

    ``source`` is an Engine, or a Runtime with ``namespace``. ``types`` / ``states`` filter memories
    (states as they were at ``as_of`` when given); ``as_of`` shows only memories created by then and
    valid then; ``max_nodes`` caps the memory nodes; ``tags`` / ``entities`` add shared tag / entity
    nodes (used by at least ``min_shared`` shown memories); ``related`` adds shared-tag edges.
    """
    runtime, ns = _scope(source, namespace)
    when = parse_time(as_of, "as_of") if as_of is not None else None
    type_set = tuple(parse_enum(t, MemoryType, "type") for t in types)
    state_set = {parse_enum(s, MemoryState, "state") for s in states}
    if min_shared < 1:
        raise InvalidInput("min_shared", f"{min_shared!r} must be at least 1")
    flt = repo.MemoryFilter(types=type_set, valid_at=when,
                            created_before=when + timedelta(microseconds=1) if when else None)
    flush = getattr(runtime, "flush", None)
    if flush is not None:  # pending write-behind work (access bumps) first
        flush()
    with runtime.db.read() as conn:
        candidates = repo.select_all(conn, ns, flt)
        links = link_repo.all_links(conn, ns)
    states_at = {m.id: state_at(m, when) for m in candidates}
    if state_set:
        candidates = [m for m in candidates if states_at[m.id] in state_set]
    chosen = sample(candidates, max_nodes, seed)
    g = nx.MultiDiGraph()
    for m in chosen:
        g.add_node(f"m:{m.id}", **_memory_node(m, states_at[m.id]))
    shown = {m.id: m for m in chosen}
    _add_link_edges(g, links, shown, when)
    _add_summary_edges(g, chosen, shown)
    if related:
        _add_related_edges(g, candidates, shown)
    if tags:
        _add_shared_nodes(g, chosen, "tags", "t:", style.TAGGED, min_shared)
    if entities:
        _add_shared_nodes(g, chosen, "entities", "e:", style.MENTIONS, min_shared)
    filters = {"types": [t.value for t in type_set], "states": sorted(s.value for s in state_set),
               "max_nodes": max_nodes, "tags": tags, "entities": entities, "related": related}
    return MemoryGraph(g, total=len(candidates), shown=len(chosen), as_of=when, filters=filters)


def _add_link_edges(g: nx.MultiDiGraph, links: Sequence[Link], shown: dict[str, Memory],
                    when: datetime | None) -> None:
    seen: set[tuple[str, str, str]] = set()
    for link in links:
        if link.source_id not in shown or link.target_id not in shown:
            continue
        if when is not None and link.created_at is not None and link.created_at > when:
            continue
        source, target = link.source_id, link.target_id
        if link.kind is LinkKind.SUMMARY_OF and not is_summary(shown[source]) and is_summary(shown[target]):
            source, target = target, source  # always draw summary -> member
        key = (source, target, link.kind.value)
        if key in seen:
            continue
        seen.add(key)
        g.add_edge(f"m:{source}", f"m:{target}", kind=link.kind.value, weight=round(float(link.weight), 3))
    # a supersession recorded only on the memories (no link row) still gets its edge
    for m in shown.values():
        old = m.supersedes
        if old in shown and (old, m.id, LinkKind.SUPERSEDES.value) not in seen:
            if when is None or m.valid_from is None or m.valid_from <= when:
                seen.add((old, m.id, LinkKind.SUPERSEDES.value))
                g.add_edge(f"m:{old}", f"m:{m.id}", kind=LinkKind.SUPERSEDES.value, weight=1.0)


def _add_summary_edges(g: nx.MultiDiGraph, chosen: Sequence[Memory], shown: dict[str, Memory]) -> None:
    """Summaries name their members in source_ref; draw those edges when no summary_of link did."""
    for m in chosen:
        if not is_summary(m):
            continue
        for ref in m.source_ref:
            if ref in shown and ref != m.id and not g.has_edge(f"m:{m.id}", f"m:{ref}"):
                g.add_edge(f"m:{m.id}", f"m:{ref}", kind=LinkKind.SUMMARY_OF.value, weight=1.0)


def _add_related_edges(g: nx.MultiDiGraph, candidates: Sequence[Memory], shown: dict[str, Memory]) -> None:
    """One related edge per pair of shown memories sharing a tag used by 2..8 matching memories."""
    users: dict[str, list[str]] = defaultdict(list)
    for m in candidates:
        for tag in m.tags:
            if tag != style.SUMMARY_TAG:
                users[tag].append(m.id)
    pairs: dict[tuple[str, str], list[str]] = defaultdict(list)
    for tag, ids in sorted(users.items()):
        if not RELATED_MIN_USES <= len(ids) <= RELATED_MAX_USES:
            continue
        present = sorted(i for i in ids if i in shown)
        for a, b in combinations(present, 2):
            pairs[(a, b)].append(tag)
    for (a, b), shared in pairs.items():
        if g.has_edge(f"m:{a}", f"m:{b}") or g.has_edge(f"m:{b}", f"m:{a}"):
            continue  # an explicit link already says more
        g.add_edge(f"m:{a}", f"m:{b}", kind=LinkKind.RELATED.value, weight=1.0, tags=shared)


def _add_shared_nodes(g: nx.MultiDiGraph, chosen: Sequence[Memory], attr: str, prefix: str, edge_kind: str,
                      min_shared: int) -> None:
    users: dict[str, list[str]] = defaultdict(list)
    for m in chosen:
        for value in getattr(m, attr):
            if value != style.SUMMARY_TAG:
                users[value].append(m.id)
    is_tag = attr == "tags"
    for value in sorted(users):
        ids = users[value]
        if len(ids) < min_shared:
            continue
        node = f"{prefix}{value}"
        g.add_node(node, kind="tag" if is_tag else "entity", label=f"#{value}" if is_tag else value,
                   text=f"{'tag' if is_tag else 'entity'} {value}: {len(ids)} memories", uses=len(ids),
                   color=style.TAG_COLOUR if is_tag else style.ENTITY_COLOUR,
                   shape="diamond" if is_tag else "triangle",
                   size=style.TAG_SIZE if is_tag else style.ENTITY_SIZE, opacity=1.0, border=None)
        for memory_id in ids:
            g.add_edge(f"m:{memory_id}", node, kind=edge_kind, weight=1.0)
