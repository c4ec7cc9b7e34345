"""How graph elements look: colours per memory type, node shapes, edge styles, the legend.

Kept as data beside the graph builder so the JSON export, the HTML renderer and any other
front end draw the same picture.
"""

from __future__ import annotations

from ..model import LinkKind, MemoryType

# One colour per memory type (colour-blind-friendly where possible; greys for the retired types).
TYPE_COLOURS: dict[str, str] = {
    MemoryType.PREFERENCE.value: "#4e79a7",
    MemoryType.PROJECT.value: "#59a14f",
    MemoryType.DECISION.value: "#9c755f",
    MemoryType.MISTAKE.value: "#e15759",
    MemoryType.CONSTRAINT.value: "#b07aa1",
    MemoryType.DEADLINE.value: "#f28e2b",
    MemoryType.LEARNING_GOAL.value: "#76b7b2",
    MemoryType.TASK.value: "#edc948",
    MemoryType.CRITICAL.value: "#c0392b",
    MemoryType.TEMPORARY.value: "#bab0ac",
    MemoryType.OUTDATED.value: "#8c8c8c",
    MemoryType.DELETED_BY_USER.value: "#6b6b6b",
    MemoryType.FACT.value: "#2f6690",
    MemoryType.EVENT.value: "#ff9da7",
    MemoryType.NOTE.value: "#86bcb6",
}
DEFAULT_COLOUR = "#86bcb6"

SUMMARY_COLOUR = "#f5b301"  # gold star: a consolidation summary
SUMMARY_TAG = "consolidation-summary"
CRITICAL_RING = "#d62728"
TAG_COLOUR = "#a0a7b4"
ENTITY_COLOUR = "#5d6d7e"
INACTIVE_OPACITY = 0.35

MEMORY_SIZE_MIN = 10.0
MEMORY_SIZE_SPAN = 22.0  # size = MIN + SPAN x importance
SUMMARY_SIZE = 30.0
TAG_SIZE = 9.0
ENTITY_SIZE = 11.0

# Edge kinds: the link kinds of the store plus the structural ones the graph adds.
TAGGED = "tagged"
MENTIONS = "mentions"

EDGE_STYLES: dict[str, dict[str, object]] = {
    LinkKind.SUPERSEDES.value: {"color": "#d62728", "dashes": True, "width": 2.5, "arrows": "to",
                                "label": "supersedes (old \u2192 new)"},
    LinkKind.RELATED.value: {"color": "#b8bec8", "dashes": False, "width": 1.0, "arrows": "",
                             "label": "related (shared tag)"},
    LinkKind.SEMANTIC.value: {"color": "#1f77b4", "dashes": False, "width": 1.5, "arrows": "",
                              "label": "semantic link (width = weight)"},
    LinkKind.SUMMARY_OF.value: {"color": "#d4a000", "dashes": [2, 4], "width": 1.5, "arrows": "to",
                                "label": "summary of"},
    LinkKind.MERGED_INTO.value: {"color": "#8e44ad", "dashes": True, "width": 1.5, "arrows": "to",
                                 "label": "merged into"},
    LinkKind.EXTENDS.value: {"color": "#27ae60", "dashes": False, "width": 1.5, "arrows": "to",
                             "label": "extends"},
    TAGGED: {"color": "#dde1e7", "dashes": False, "width": 0.8, "arrows": "", "label": "has tag"},
    MENTIONS: {"color": "#c9d3dd", "dashes": [1, 3], "width": 0.8, "arrows": "", "label": "mentions entity"},
}


def type_colour(memory_type: str) -> str:
    return TYPE_COLOURS.get(memory_type, DEFAULT_COLOUR)


def memory_size(importance: float) -> float:
    return round(MEMORY_SIZE_MIN + MEMORY_SIZE_SPAN * max(0.0, min(1.0, importance)), 2)


def legend(types: list[str] | None = None, edge_kinds: list[str] | None = None) -> dict[str, list[dict[str, object]]]:
    """Legend entries: node kinds (types present, summary, tag, entity, critical, inactive) and edge kinds."""
    nodes: list[dict[str, object]] = [
        {"label": t.replace("_", " "), "color": type_colour(t), "shape": "dot"}
        for t in (types if types is not None else list(TYPE_COLOURS))
    ]
    nodes += [
        {"label": "consolidation summary", "color": SUMMARY_COLOUR, "shape": "star"},
        {"label": "critical (red ring)", "color": "#ffffff", "shape": "ring", "border": CRITICAL_RING},
        {"label": "not active (faded)", "color": DEFAULT_COLOUR, "shape": "dot", "opacity": INACTIVE_OPACITY},
        {"label": "tag", "color": TAG_COLOUR, "shape": "diamond"},
        {"label": "entity", "color": ENTITY_COLOUR, "shape": "triangle"},
    ]
    kinds = edge_kinds if edge_kinds is not None else list(EDGE_STYLES)
    edges = [{"label": str(EDGE_STYLES[k]["label"]), "color": EDGE_STYLES[k]["color"],
              "dashed": bool(EDGE_STYLES[k]["dashes"])} for k in kinds if k in EDGE_STYLES]
    return {"nodes": nodes, "edges": edges}
