"""Graph: memories, consolidation summaries (gold stars), tags and entities with their links, as of a date."""

from __future__ import annotations

import json
from datetime import UTC, datetime, time, timedelta

import pandas as pd
import streamlit as st

from inspector.session import current_engine
from inspector.ui import NO_MEMORIES, compact_json, md, memory_row, short, shown_errors, when
from memcore import MemoryState, MemoryType
from memcore.graph import build_graph, neighbors, render_html

STAR = "\u2605 "

st.title("Graph")
engine = current_engine()
graph_of = getattr(engine, "graph", None) or (lambda **options: build_graph(engine, **options))
neighbours_of = getattr(engine, "neighbors", None) or (lambda entity: neighbors(engine, entity))

with shown_errors():
    first = engine.list(limit=1, sort="created_at", descending=False)
    if not first.total:
        st.info(NO_MEMORIES)
        st.stop()
    start = first.items[0].created_at.date()
    today = datetime.now(UTC).date()

    with st.container(border=True):
        c1, c2, c3 = st.columns([3, 3, 2])
        types = c1.multiselect("Types", [t.value for t in MemoryType], key="g_types")
        states = c2.multiselect("States", [s.value for s in MemoryState], key="g_states",
                                placeholder="all states (inactive ones are faded)")
        cap = c3.slider("Node cap", 20, 400, 120, 10, key="g_cap",
                        help="At most this many memories; pinned, critical and summaries are kept first.")
        c1, c2, c3, c4 = st.columns([4, 1, 1, 1])
        if start < today:
            as_of_day = c1.slider("As of", start, today, today, timedelta(days=1), key="g_asof", format="YYYY-MM-DD",
                                  help="Only memories created by then and valid then; move left to travel back.")
        else:
            as_of_day = today
        show_tags = c2.toggle("Tags", value=True, key="g_tags")
        show_entities = c3.toggle("Entities", value=True, key="g_entities")
        show_related = c4.toggle("Related", value=True, key="g_related")

    as_of = None if as_of_day >= today else datetime.combine(as_of_day, time.max, tzinfo=UTC)
    mg = graph_of(types=types, states=states, as_of=as_of, max_nodes=cap, tags=show_tags,
                  entities=show_entities, related=show_related)
    edge_counts = mg.edge_counts()
    st.caption(f"{mg.shown:,} of {mg.total:,} memories" + (" (sampled)" if mg.sampled else "")
               + (f" as of {as_of_day.isoformat()}" if as_of else "") + " \u00b7 "
               + (", ".join(f"{n} {k.replace('_', ' ')}" for k, n in edge_counts.items()) or "no edges"))
    page_html = render_html(mg, height=760)  # memory text escaped inside; see memcore.graph.render
    if hasattr(st, "iframe"):
        st.iframe(page_html, height=860)
    else:  # Streamlit before st.iframe
        import streamlit.components.v1 as components

        components.html(page_html, height=860, scrolling=False)
    st.caption("Hover a node for its text; scroll to zoom (all labels show when zoomed in); drag to move.")

    left, right = st.columns([3, 2])
    with left:
        nodes = {n: d for n, d in mg.graph.nodes(data=True) if d["kind"] in ("memory", "summary")}
        if nodes:
            chosen = st.selectbox("Node", list(nodes), key="g_node",
                                  format_func=lambda n: (STAR if nodes[n]["kind"] == "summary" else "")
                                  + f"{short(nodes[n]['text'], 80)} [{nodes[n]['type']}]")
            memory = engine.get(nodes[chosen]["memory_id"])
            st.markdown(f"**{md(memory.type.value)}** \u00b7 {memory.state.value} \u00b7 importance "
                        f"{memory.importance:.2f} \u00b7 created {when(memory.created_at)}")
            st.text(memory.content)
            neighbours = [(t, d["kind"]) for _s, t, d in mg.graph.out_edges(chosen, data=True)] + \
                         [(s, d["kind"]) for s, _t, d in mg.graph.in_edges(chosen, data=True)]
            if neighbours:
                st.dataframe(pd.DataFrame([{"edge": k, "node": short(mg.graph.nodes[n].get("text", n), 80)}
                                           for n, k in neighbours]), hide_index=True)
    with right:
        entity = st.text_input("Neighbours of an entity or tag", key="g_entity", placeholder="e.g. frontend")
        if entity.strip():
            found = neighbours_of(entity)
            st.caption(f"{len(found.memories)} active memories mention {entity!r}")
            if found.memories:
                st.dataframe(pd.DataFrame([memory_row(m) for m in found.memories])[["content", "type", "state"]],
                             hide_index=True)
            if found.entities or found.tags:
                st.text("Co-occurs with: " + ", ".join(f"{n} ({c})" for n, c in (found.entities + found.tags)[:15]))
        st.download_button("Export graph as JSON", json.dumps(mg.to_dict(), ensure_ascii=False, indent=1,
                                                              default=str),
                           file_name="memcore-graph.json", mime="application/json", key="g_export")
        with st.expander("Filters applied"):
            st.code(compact_json(mg.to_dict()["meta"]), language="json")
