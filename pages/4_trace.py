"""Trace explainer: build a context for a query under a budget and policy, then see what went in, what was
left out and why, with score breakdowns, token costs and latency; reopen past traces; give feedback."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from inspector import charts
from inspector.session import current_engine
from inspector.ui import md, needs_engine, plot_label, short, show_flash, shown_errors, when

POLICIES = ["governance", "tiered", "cognitive", "strength", "rating"]
TRACE_KEY = "trace_id"  # session_state: the trace on screen

st.title("Trace explainer")
show_flash()
engine = current_engine()

if not hasattr(engine, "build_context"):
    needs_engine("Building a context", "build_context")
    st.stop()

with st.form("tr_form"):
    query = st.text_area("Query", key="tr_query", height=80,
                         placeholder="e.g. What stack should the new dashboard use?")
    c1, c2 = st.columns(2)
    budget = c1.number_input("Token budget", min_value=50, max_value=32_000, value=2500, step=50, key="tr_budget")
    policy = c2.selectbox("Scoring policy", POLICIES, key="tr_policy")
    run = st.form_submit_button("Build context", type="primary")

with shown_errors():
    if run:
        if not query.strip():
            st.warning("Type a query first.")
        else:
            result = engine.build_context(query, budget=int(budget), policy=policy)
            st.session_state[TRACE_KEY] = result.trace_id

    past = engine.traces(limit=50) if hasattr(engine, "traces") else []
    if past:
        with st.expander(f"Past traces ({len(past)})", expanded=TRACE_KEY not in st.session_state):
            by_id = {t["id"]: t for t in past}
            chosen = st.selectbox("Trace", list(by_id), key="tr_past",
                                  format_func=lambda i: f"{when(by_id[i]['created_at'])} \u00b7 {by_id[i]['kind']} "
                                                        f"\u00b7 {short(by_id[i]['query'], 60)} \u00b7 "
                                                        f"{by_id[i]['tokens_used']} tokens")
            if st.button("Open trace", key="tr_open"):
                st.session_state[TRACE_KEY] = chosen

    trace_id = st.session_state.get(TRACE_KEY)
    if not trace_id:
        st.info("Run a query to see which memories go into the prompt and why. Past traces appear above once "
                "there are some.")
        st.stop()
    trace = engine.trace(trace_id)

    st.subheader("Context")
    st.caption(f"trace {trace_id} \u00b7 {trace.get('kind', '')} \u00b7 {when(trace.get('created_at'), True)} "
               f"\u00b7 policy {trace.get('policy', '?')} \u00b7 tokens counted by {trace.get('counter', '?')}")
    st.markdown(f"**Query:** {md(trace.get('query') or '')}")
    candidates = trace.get("candidates") or []
    included = [c for c in candidates if c.get("decision") == "included"]
    skipped = [c for c in candidates if c.get("decision") != "included"]
    used = int(trace.get("tokens_used") or 0)
    budget_of = int(trace.get("budget") or budget)
    latency = trace.get("latency_ms") or {}
    latency = latency if isinstance(latency, dict) else {"total": float(latency)}
    m = st.columns(4)
    m[0].metric("Tokens used", f"{used:,} / {budget_of:,}")
    m[1].metric("Included", len(included))
    m[2].metric("Skipped", len(skipped))
    total_ms = float(latency["total"]) if "total" in latency else sum(float(v) for v in latency.values())
    m[3].metric("Latency", f"{total_ms:.1f} ms")
    st.plotly_chart(charts.budget_bar([{"label": plot_label(c.get("text") or c.get("line")), "tokens": c.get("tokens")}
                                       for c in included], budget_of))
    st.code(trace.get("context") or "(empty context: nothing passed the gate)", language=None, wrap_lines=True)

    def rows(items: list[dict]) -> pd.DataFrame:
        return pd.DataFrame([{
            "memory": c.get("memory_id"), "type": c.get("type"), "state": c.get("state"),
            "line": c.get("line") or c.get("text"), "tokens": c.get("tokens"),
            "score": round(float((c.get("score") or {}).get("total", 0.0)), 3),
            "similarity": round(float(c.get("similarity") or 0.0), 3), "dense": round(float(c.get("dense") or 0.0), 3),
            "keyword": round(float(c.get("keyword") or 0.0), 3), "reason": c.get("reason"),
            "why": c.get("detail") or c.get("reason")} for c in items])

    def bars(items: list[dict], title: str) -> None:
        shown = items[:20]
        if shown and any((c.get("score") or {}).get("parts") for c in shown):
            st.plotly_chart(charts.score_parts([{"label": f"{i + 1}. {plot_label(c.get('text') or c.get('line'), 44)}",
                                                 "score": c.get("score")} for i, c in enumerate(shown)], title))

    tab_in, tab_out, tab_latency = st.tabs([f"Included ({len(included)})", f"Skipped ({len(skipped)})", "Latency"])
    with tab_in:
        if included:
            st.dataframe(rows(included), hide_index=True,
                         column_config={"line": st.column_config.TextColumn(width="large")})
            bars(included, "Why these went in: score components")
        else:
            st.caption("Nothing was included.")
    with tab_out:
        if skipped:
            st.dataframe(rows(skipped), hide_index=True,
                         column_config={"line": st.column_config.TextColumn(width="large"),
                                        "why": st.column_config.TextColumn(width="large")})
            bars(skipped, "Skipped candidates: score components (top 20)")
        else:
            st.caption("Nothing was skipped.")
    with tab_latency:
        if latency:
            st.plotly_chart(charts.latency({k: v for k, v in latency.items() if k != "total"}))
            st.caption(f"Total {total_ms:.1f} ms.")

    if hasattr(engine, "feedback") and candidates:
        st.subheader("Feedback")
        label = {c["memory_id"]: short(c.get("line") or c.get("text"), 70) for c in candidates}
        f1, f2 = st.columns(2)
        useful = f1.multiselect("Useful", list(label), format_func=label.get, key="tr_useful")
        not_useful = f2.multiselect("Not useful", list(label), format_func=label.get, key="tr_not_useful")
        if st.button("Send feedback", key="tr_feedback", disabled=not (useful or not_useful)):
            engine.feedback(trace_id, useful=useful, not_useful=not_useful)
            st.success(f"Feedback recorded: {len(useful)} useful, {len(not_useful)} not useful.")
