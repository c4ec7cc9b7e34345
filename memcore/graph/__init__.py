"""The memory graph (SPEC 10, P4): networkx building, JSON export, neighbours, and an escaped pyvis HTML view.

    from memcore.graph import build_graph, render_html
    mg = build_graph(engine, types=["preference"], as_of="2026-03-01", max_nodes=150)
    mg.to_dict()          # {"meta", "nodes", "edges"}
    render_html(mg)       # self-contained, offline, memory text escaped

Importing this package needs networkx; rendering needs pyvis (the ``ui`` extra).
"""

from .build import DEFAULT_MAX_NODES, MemoryGraph, build_graph, is_summary, sample, state_at, visible_at
from .neighbors import Neighbors, neighbors
from .render import render_html
from .style import SUMMARY_TAG, legend

__all__ = ["DEFAULT_MAX_NODES", "MemoryGraph", "Neighbors", "SUMMARY_TAG", "build_graph", "is_summary", "legend",
           "neighbors", "render_html", "sample", "state_at", "visible_at"]
