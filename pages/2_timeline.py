"""Timeline: every event newest first, filtered by kind and actor, with reason and before/after;
events over time; Undo on automatic decisions."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from inspector import charts
from inspector.session import current_engine
from inspector.ui import compact_json, event_text, flash, show_flash, shown_errors, when
from memcore import Actor, EventKind
from memcore.analytics import events_over_time
from memcore.model import UNDOABLE_KINDS

st.title("Timeline")
show_flash()
engine = current_engine()

c1, c2, c3, c4 = st.columns([3, 2, 2, 1])
kinds = c1.multiselect("Kind", [k.value for k in EventKind], key="tl_kinds")
actors = c2.multiselect("Actor", [a.value for a in Actor], key="tl_actors")
memory_id = c3.text_input("Memory id", key="tl_memory", placeholder="all memories")
limit = c4.selectbox("Show", [100, 250, 1000], key="tl_limit")

with shown_errors():
    page = engine.timeline(kinds=kinds, actors=actors, memory_id=memory_id.strip() or None, limit=limit)
    if not page.total:
        st.info("No events match." if (kinds or actors or memory_id) else
                "No events yet: run `memcore demo` to load the sample data; every change appears here.")
        st.stop()
    st.caption(f"{page.total:,} events; newest {len(page.items):,} shown")
    span_days = (page.items[0].at - page.items[-1].at).days
    period = "day" if span_days <= 45 else "week"
    st.plotly_chart(charts.events_over_time(events_over_time(((e.kind.value, e.at) for e in page.items), period),
                                            f"Events per {period} by kind (the {len(page.items)} shown)"))
    st.dataframe(pd.DataFrame([{
        "at": when(e.at, True), "kind": e.kind.value, "actor": e.actor.value, "memory": e.memory_id or "",
        "reason": e.reason, "before": compact_json(e.before), "after": compact_json(e.after),
        "undone": "yes" if e.undone_by else "", "event": e.id} for e in page.items]),
        hide_index=True, column_config={"reason": st.column_config.TextColumn(width="large")})

    st.subheader("Event detail")
    by_id = {e.id: e for e in page.items}
    chosen = st.selectbox("Event", list(by_id), key="tl_event",
                          format_func=lambda i: f"{when(by_id[i].at)} \u00b7 {by_id[i].kind.value} \u00b7 "
                                                f"{by_id[i].actor.value} \u00b7 {by_id[i].reason[:70]}")
    event = by_id[chosen]
    st.markdown(f"**{event.kind.value}** by **{event.actor.value}** at {when(event.at, True)}"
                + (f" on memory `{event.memory_id}`" if event.memory_id else ""))
    st.text(f"Reason: {event.reason or '(none recorded)'}")
    left, right = st.columns(2)
    left.markdown("Before")
    left.json(event.before or {}, expanded=True)
    right.markdown("After")
    right.json(event.after or {}, expanded=True)
    if event.kind in UNDOABLE_KINDS:
        if event.undone_by:
            st.caption(f"Already undone by event {event.undone_by}.")
        elif st.button("Undo this decision", key="tl_undo", type="primary"):
            flash(event_text(engine.undo(event.id)))
            st.rerun()
    else:
        st.caption("Undo applies to automatic decisions: " + ", ".join(sorted(k.value for k in UNDOABLE_KINDS)) + ".")
