"""Analytics: counts, growth, events, score / strength distributions, decay curves, tokens and GC pressure;
the GC preview (what a GC run would do, no side effects); Reflect with its report."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from inspector import charts
from inspector.session import current_engine
from inspector.ui import NO_MEMORIES, compact_json, needs_engine, short, shown_errors
from memcore.analytics import report

REFLECT_KEY = "reflect_report"  # session_state: the last Reflect report shown
GC_ROWS = 50

st.title("Analytics")
engine = current_engine()
analytics_of = getattr(engine, "analytics", None) or (lambda: report(engine))


def cell(value: object) -> object:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value)
    return compact_json(value)


def plain(rows: list[dict]) -> pd.DataFrame:
    return pd.DataFrame([{k: cell(v) for k, v in r.items()} for r in rows])


def first_memory(ids: list[str]) -> str:
    """The text of the first memory an action names (empty when it is gone)."""
    try:
        return short(engine.get(ids[0]).content, 90) if ids else ""
    except LookupError:
        return ""


with shown_errors():
    data = analytics_of()
    if not data["total"]:
        st.info(NO_MEMORIES)
        st.stop()

    tokens, savings = data["tokens"], data["token_savings"]
    m = st.columns(5)
    m[0].metric("Memories", f"{data['total']:,}")
    m[1].metric("Live (active + pinned)", f"{sum(v for k, v in data['counts']['state'].items() if k in ('active', 'pinned')):,}")
    m[2].metric("Live tokens", f"{tokens['live']:,}")
    m[3].metric("Context builds", f"{savings['builds']:,}")
    m[4].metric("Saved per build", f"{savings['saved_ratio']:.0%}" if savings["builds"] else "\u2013",
                help="Tokens a budgeted context saves compared with injecting every live memory.")

    tab_overview, tab_scores, tab_gc, tab_reflect = st.tabs(["Overview", "Scores & decay", "GC preview", "Reflect"])
    with tab_overview:
        c1, c2 = st.columns(2)
        c1.plotly_chart(charts.type_counts(data["counts"]["type"]))
        c2.plotly_chart(charts.bar_counts(data["counts"]["state"], "Memories by state"))
        c2.plotly_chart(charts.bar_counts(data["counts"]["tier"], "Memories by tier"))
        c2.plotly_chart(charts.bar_counts(data["counts"]["privacy"], "Memories by privacy"))
        st.plotly_chart(charts.growth(data["growth"], data["growth_by_type"]))
        st.plotly_chart(charts.events_over_time(data["events"]))
        st.markdown("**Most used memories**")
        if data["top_used"]:
            st.dataframe(plain(data["top_used"]), hide_index=True,
                         column_config={"content": st.column_config.TextColumn(width="large")})
        else:
            st.caption("No memory has been used in a context or accessed yet.")
    with tab_scores:
        c1, c2 = st.columns(2)
        c1.plotly_chart(charts.histogram(data["score_distribution"], "Tiered score (no query), live memories"))
        c2.plotly_chart(charts.histogram(data["strength_distribution"], "FSRS strength, live memories", "#59a14f"))
        c1.plotly_chart(charts.histogram(data["importance_distribution"], "Importance, live memories", "#f28e2b"))
        c2.plotly_chart(charts.decay_curves(data["decay_curves"]))
        st.plotly_chart(charts.gc_pressure(data["gc_pressure"]))
        c1, c2 = st.columns(2)
        c1.plotly_chart(charts.bar_counts(tokens["by_state"], "Tokens by state"))
        c2.plotly_chart(charts.type_counts(tokens["by_type"], "Tokens by type"))

    with tab_gc:
        if not hasattr(engine, "gc_preview"):
            needs_engine("The GC preview", "gc_preview")
        else:
            plan = engine.gc_preview()
            st.markdown(f"**{plan.summary}**" if hasattr(plan, "summary") else "")
            st.caption("A dry run: nothing changes until GC is applied (CLI `memcore gc`).")
            names = ["promote", "demote", "archive", "delete", "keep"]
            lists = {n: getattr(plan, n) for n in names} if hasattr(plan, "keep") else plan.to_dict()
            tabs = st.tabs([f"{n} ({len(lists.get(n, [])):,})" for n in names])
            for name, tab in zip(names, tabs, strict=True):
                with tab:
                    entries = list(lists.get(name, [])[:GC_ROWS])
                    if not entries:
                        st.caption(f"Nothing to {name}.")
                        continue
                    rows = []
                    for e in entries:
                        d = e.to_dict() if hasattr(e, "to_dict") else dict(e)
                        try:
                            content = short(engine.get(d["memory_id"]).content, 80)
                        except LookupError:
                            content = ""
                        score = d.get("score")
                        rows.append({"content": content, "reason": d.get("reason"),
                                     "move": f"{d.get('from_tier', '')}/{d.get('from_state', '')} \u2192 "
                                             f"{d.get('to_tier', '')}/{d.get('to_state', '')}",
                                     "score": round(float(score["total"] if isinstance(score, dict) else score or 0), 3),
                                     "token delta": d.get("token_delta"), "memory": d["memory_id"]})
                    st.dataframe(pd.DataFrame(rows), hide_index=True,
                                 column_config={"reason": st.column_config.TextColumn(width="large"),
                                                "content": st.column_config.TextColumn(width="medium")})
                    if len(lists.get(name, [])) > GC_ROWS:
                        st.caption(f"First {GC_ROWS} of {len(lists[name]):,}.")

    with tab_reflect:
        st.markdown("Reflection merges near-duplicates, promotes well-used memories and writes one "
                    "consolidation summary per busy type (gold stars in the graph). Running it twice changes nothing.")
        if not hasattr(engine, "reflect"):
            needs_engine("Reflection", "reflect")
        elif st.button("Reflect now", key="an_reflect", type="primary"):
            st.session_state[REFLECT_KEY] = engine.reflect().to_dict()
        result = st.session_state.get(REFLECT_KEY)
        if result:
            counts = result.get("counts") or {k: len(v) for k, v in result.items() if isinstance(v, list)}
            done = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in counts.items() if n) or "nothing to do"
            st.success(f"Reflection done over {result.get('considered', '?')} memories: {done}.")
            for key in ("merged", "promoted", "summaries", "other"):
                items = result.get(key) or []
                if items:
                    st.markdown(f"**{key.capitalize()}** ({len(items)})")
                    rows = [{"reason": it.get("reason"),
                             **({} if key == "summaries" else {"memory": first_memory(it.get("memory_ids") or [])}),
                             "memory ids": cell(it.get("memory_ids"))} for it in items[:200]]
                    st.dataframe(pd.DataFrame(rows), hide_index=True,
                                 column_config={"reason": st.column_config.TextColumn(width="large"),
                                                "memory": st.column_config.TextColumn(width="large")})
            if result.get("summary_ids"):
                st.caption("New summaries appear as gold stars on the Graph page: " + ", ".join(result["summary_ids"]))
