"""Memories: browse with filters, sort and paging; one memory in full with its score, history and lineage;
Pin / Unpin / Forget / Restore / Edit / Delete."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from inspector import charts
from inspector.session import current_engine
from inspector.ui import (
    NO_MEMORIES,
    compact_json,
    event_text,
    flash,
    md,
    memory_option,
    memory_row,
    short,
    show_flash,
    shown_errors,
    when,
)
from memcore import MemoryState, MemoryType, Tier
from memcore.ops.memories import EDITABLE

SORTS = ["created_at", "updated_at", "importance", "usage_count", "strength", "confidence", "rating", "type", "state"]

st.title("Memories")
show_flash()
engine = current_engine()

with st.container(border=True):
    c1, c2, c3, c4 = st.columns([3, 2, 2, 2])
    text = c1.text_input("Search text", key="mem_text", placeholder="substring of the content")
    states = c2.multiselect("State", [s.value for s in MemoryState], key="mem_states")
    types = c3.multiselect("Type", [t.value for t in MemoryType], key="mem_types")
    tiers = c4.multiselect("Tier", [t.value for t in Tier], key="mem_tiers")
    c1, c2, c3, c4 = st.columns([3, 2, 2, 2])
    tag = c1.text_input("Tag", key="mem_tag", placeholder="e.g. frontend")
    sort = c2.selectbox("Sort by", SORTS, key="mem_sort")
    descending = c3.toggle("Descending", value=True, key="mem_desc")
    size = c4.selectbox("Rows per page", [25, 50, 100, 200], index=1, key="mem_size")

with shown_errors():
    total = engine.list(states=states, types=types, tiers=tiers, tags=[tag] if tag else [], text=text or None,
                        limit=1).total
    pages = max(1, -(-total // size))
    if st.session_state.get("mem_page", 1) > pages:  # the filters shrank the result: back to page 1
        st.session_state["mem_page"] = 1
    p1, p2 = st.columns([1, 4], vertical_alignment="bottom")
    page_no = p1.number_input(f"Page (of {pages:,})", min_value=1, max_value=pages, value=1, key="mem_page")
    result = engine.list(states=states, types=types, tiers=tiers, tags=[tag] if tag else [], text=text or None,
                         limit=size, offset=(page_no - 1) * size, sort=sort, descending=descending)
    if not result.total:
        st.info(NO_MEMORIES if not any((text, states, types, tiers, tag)) else "No memories match these filters.")
        st.stop()
    p2.caption(f"{result.total:,} memories match; showing {result.offset + 1:,}-{result.offset + len(result.items):,}")
    st.dataframe(pd.DataFrame([memory_row(m) for m in result.items]), hide_index=True,
                 column_config={"content": st.column_config.TextColumn(width="large"),
                                "importance": st.column_config.ProgressColumn(min_value=0, max_value=1, format="%.2f")})

    by_id = {m.id: m for m in result.items}
    chosen = st.selectbox("Open memory", list(by_id), format_func=lambda i: memory_option(by_id[i]), key="mem_selected")
    memory = engine.get(chosen)

    st.subheader(md(short(memory.content, 120)))
    st.caption(f"{memory.id} \u00b7 {memory.type.value} \u00b7 {memory.state.value} \u00b7 {memory.tier.value}")

    # -- actions --------------------------------------------------------------------------------------
    b = st.columns(6)
    if memory.state is MemoryState.PINNED:
        if b[0].button("Unpin", key="mem_unpin", width="stretch"):
            flash(event_text(engine.unpin(memory.id).event))
            st.rerun()
    elif b[0].button("Pin", key="mem_pin", width="stretch", disabled=not memory.state.retrievable):
        flash(event_text(engine.pin(memory.id).event))
        st.rerun()
    if b[1].button("Forget", key="mem_forget", width="stretch", disabled=not memory.state.retrievable):
        flash(event_text(engine.forget(memory.id).event))
        st.rerun()
    if b[2].button("Restore", key="mem_restore", width="stretch", disabled=memory.state.retrievable):
        flash(event_text(engine.restore(memory.id).event))
        st.rerun()
    edit_open = b[3].toggle("Edit", key="mem_edit_open")
    delete_open = b[4].toggle("Delete\u2026", key="mem_delete_open")

    if edit_open:
        with st.form("mem_edit_form"):
            content = st.text_area("Content", memory.content, key="mem_edit_content")
            e1, e2, e3 = st.columns(3)
            new_type = e1.selectbox("Type", [t.value for t in MemoryType], index=list(MemoryType).index(memory.type),
                                    key="mem_edit_type")
            importance = e2.slider("Importance", 0.0, 1.0, float(memory.importance), 0.05, key="mem_edit_importance")
            tags = e3.text_input("Tags (comma separated)", ", ".join(memory.tags), key="mem_edit_tags")
            reason = st.text_input("Reason (recorded in the event)", "edited in the inspector", key="mem_edit_reason")
            if st.form_submit_button("Save changes"):
                wanted = {"content": content, "type": new_type, "importance": importance,
                          "tags": [t.strip() for t in tags.split(",") if t.strip()]}
                changes = {k: v for k, v in wanted.items()
                           if v != (getattr(memory, k).value if k == "type" else getattr(memory, k))}
                if not changes:
                    st.warning("Nothing changed.")
                else:
                    flash(event_text(engine.edit(memory.id, reason=reason, **changes).event))
                    st.rerun()
        st.caption("Editable through the API: " + ", ".join(EDITABLE))

    if delete_open:
        with st.container(border=True):
            st.warning(f"Hard delete purges memory **{memory.id}** (\u201c{md(short(memory.content, 80))}\u201d): its content "
                       "is removed from the memories table, its versions, every event and trace that mentions it "
                       "and the search indexes. Only a content-free tombstone event remains. This cannot be undone.")
            confirm = st.checkbox(f"Yes, permanently delete {memory.id}", key="mem_delete_confirm")
            if st.button("Delete permanently", key="mem_delete", type="primary", disabled=not confirm):
                flash(event_text(engine.delete(memory.id)), "warning")
                st.session_state.pop("mem_selected", None)
                st.rerun()

    # -- detail ---------------------------------------------------------------------------------------
    tab_fields, tab_score, tab_history, tab_lineage = st.tabs(["Fields", "Score", "History", "Lineage & links"])
    with tab_fields:
        st.dataframe(pd.DataFrame([{"field": k, "value": v if isinstance(v, str) else compact_json(v)}
                                   for k, v in memory.to_dict().items()]),
                     hide_index=True, height=560)
    with tab_score:
        if hasattr(engine, "inspect"):
            inspection = engine.inspect(memory.id).to_dict()
            m = st.columns(5)
            m[0].metric("Strength", f"{float(inspection.get('strength', memory.strength)):.3f}",
                        help="importance x R(t): the FSRS forgetting curve since the last recall")
            if inspection.get("retrievability") is not None:
                m[1].metric("Retrievability R", f"{float(inspection['retrievability']):.3f}")
            m[2].metric("GC would", str(inspection.get("gc_action", "?")))
            m[3].metric("Predicted tier", str(inspection.get("predicted_tier", "?")))
            m[4].metric("Predicted state", str(inspection.get("predicted_state", "?")))
            if inspection.get("gc_reason"):
                st.caption(f"GC: {inspection['gc_reason']}")
            scores = [(name, inspection.get(name)) for name in ("score", "tiered") if inspection.get(name)]
            cols = st.columns(max(1, len(scores)))
            for col, (name, score) in zip(cols, scores, strict=False):
                if score.get("parts"):
                    title = f"{score.get('policy', name)} score {float(score.get('total', 0)):.3f}" + (
                        " (no query: semantic = 0)" if name == "score" else " (what GC uses)")
                    col.plotly_chart(charts.part_bars(score, title), key=f"mem_score_{name}")
            with st.expander("Full inspection (JSON)"):
                st.json(inspection, expanded=False)
        else:
            st.info("The score breakdown needs the engine's `inspect` operation, which this memcore build does not "
                    "have yet.")
    history = engine.history(memory.id)
    with tab_history:
        st.dataframe(pd.DataFrame([{"at": when(e.at, True), "kind": e.kind.value, "actor": e.actor.value,
                                    "reason": e.reason, "before": compact_json(e.before), "after": compact_json(e.after),
                                    "event": e.id} for e in reversed(history.events)]),
                     hide_index=True)
        if history.versions:
            st.markdown("**Older versions**")
            st.dataframe(pd.DataFrame([{k: (v if isinstance(v, (str, int, float)) else compact_json(v))
                                        for k, v in ver.items()} for ver in history.versions]),
                         hide_index=True)
    with tab_lineage:
        if len(history.lineage) > 1:
            st.markdown("**Supersession chain** (oldest first)")
            for i, mid in enumerate(history.lineage):
                marker = "\u2192 " if i else ""
                st.markdown(f"{marker}`{mid}`" + (" **(this memory)**" if mid == memory.id else ""))
        else:
            st.caption("Not part of a supersession chain.")
        if history.links:
            st.dataframe(pd.DataFrame([{"kind": lk.kind.value, "source": lk.source_id, "target": lk.target_id,
                                        "weight": round(lk.weight, 3), "created": when(lk.created_at)}
                                       for lk in history.links]), hide_index=True)
        else:
            st.caption("No links.")
