"""Evaluation: run the scenario suite, LoCoMo evidence recall or the labelled extraction check on a chosen
file, with progress; results as tables and charts."""

from __future__ import annotations

import pandas as pd
import plotly.express as px
import streamlit as st

from inspector.evaluation import SUITES, accepts, markdown, run
from inspector.session import ensure_app_navigation
from inspector.ui import compact_json, shown_errors

RESULT_KEY = "eval_result"  # session_state: (suite label, file, report dict, markdown)

ensure_app_navigation()
st.title("Evaluation")
st.caption("Evaluations run on their own temporary databases; the inspected database is not touched.")

label = st.radio("Suite", list(SUITES), horizontal=True, key="ev_suite")
suite = SUITES[label]
runner = suite.load()
if runner is None:
    st.info(f"{label} needs `{suite.module}.{suite.runner}`, which this memcore build does not have yet.")
    st.stop()

files = suite.files()
c1, c2, c3 = st.columns([3, 2, 1])
chosen = c1.selectbox("File", [str(f) for f in files], key="ev_file",
                      placeholder="no data files found", index=0 if files else None)
other = c2.text_input("\u2026or a path", key="ev_path", placeholder="/path/to/file.json")
budget = c3.number_input("Token budget", min_value=0, max_value=32_000, value=0, step=100, key="ev_budget",
                         help="0 uses the engine's default context budget.") if accepts(runner, "budget") else 0
path = other.strip() or chosen

with shown_errors():
    if st.button("Run evaluation", key="ev_run", type="primary", disabled=not path):
        bar = st.progress(0.0, text="starting\u2026")

        def progress(done: int, total: int, label: str = "") -> None:
            bar.progress(min(1.0, done / max(total, 1)), text=f"{done} / {total} {label}".strip())

        report = run(runner, path, progress, int(budget) or None)
        bar.progress(1.0, text="done")
        st.session_state[RESULT_KEY] = (label, path, report.to_dict(), markdown(report))

result = st.session_state.get(RESULT_KEY)
if not result:
    st.info("Choose a file and run an evaluation; results stay here until the next run.")
    st.stop()
shown_label, shown_path, data, report_md = result
st.subheader(f"{shown_label}: {shown_path.rsplit('/', 1)[-1]}")

if "rows" in data and data["rows"] and "recall" in data["rows"][0]:  # LoCoMo report
    m = st.columns(3)
    m[0].metric("Questions", data.get("questions", 0))
    m[1].metric("Search p50", f"{data.get('latency_p50_ms', 0):.1f} ms")
    m[2].metric("Search p95", f"{data.get('latency_p95_ms', 0):.1f} ms")
    table = pd.DataFrame([{"group": r["label"], "n": r["questions"],
                           **{f"R@{k}": round(v, 3) for k, v in r["recall"].items()},
                           "in context": None if r.get("context_recall") is None else round(r["context_recall"], 3)}
                          for r in data["rows"]])
    st.dataframe(table, hide_index=True)
    long = [{"group": r["label"], "k": f"R@{k}", "recall": v} for r in data["rows"] for k, v in r["recall"].items()]
    fig = px.bar(long, x="group", y="recall", color="k", barmode="group", range_y=[0, 1],
                 title="Evidence recall@k by category", template="plotly_white",
                 color_discrete_sequence=["#c6dbef", "#9ecae1", "#6baed6", "#3182bd", "#08519c", "#08306b"])
    st.plotly_chart(fig)
elif "by_type" in data:  # labelled extraction: kept, typed right, expiry right, junk stored
    summary = data["summary"]
    m = st.columns(4)
    m[0].metric("Statements kept", f"{summary['kept_rate']:.1%}", help=f"of {summary['statements']} statements")
    m[1].metric("Typed right", f"{summary['type_accuracy']:.1%}", help="of the kept statements")
    m[2].metric("Expiry right", f"{summary['expiry_accuracy']:.1%}", help="of the kept statements")
    m[3].metric("Junk stored", f"{summary['junk_stored_rate']:.1%}", help=f"of {summary['junk_anchors']} junk anchors")
    by_type = pd.DataFrame([{"expected type": t, "statements": r["statements"], "kept": r["kept"],
                             "typed right": r["type_right"],
                             "stored instead as": ", ".join(f"{k} {n}" for k, n in r["as"].items())}
                            for t, r in data["by_type"].items()])
    st.dataframe(by_type, hide_index=True)
    outcome = by_type.assign(**{"typed otherwise": by_type["kept"] - by_type["typed right"],
                                "not kept": by_type["statements"] - by_type["kept"]})
    st.plotly_chart(px.bar(outcome, x="expected type", y=["typed right", "typed otherwise", "not kept"],
                           title="Statements by expected type", template="plotly_white",
                           labels={"value": "statements", "variable": ""},
                           color_discrete_sequence=["#4e79a7", "#f28e2b", "#bab0ac"]))
    st.markdown("**Statements**")
    st.dataframe(pd.DataFrame([{"item": r["item"], "anchor": r["anchor"], "expected": r["type"],
                                "stored as": (r["memory"] or {}).get("type"), "expires": r["expires"],
                                "expires_at": (r["memory"] or {}).get("expires_at"),
                                "memory": (r["memory"] or {}).get("content")} for r in data["statements"]]),
                 hide_index=True)
elif data.get("summaries"):  # scenario report: one summary per system (memcore and the baselines)
    summaries = pd.DataFrame(data["summaries"])
    st.dataframe(summaries, hide_index=True)
    rates = [{"system": r["system"], "metric": m.replace("_", " "), "value": r[m]} for r in data["summaries"]
             for m in ("keyword_recall", "forbidden_avoidance", "pass_rate") if m in r]
    colours = {"memcore": "#4e79a7", "no memory": "#bab0ac", "raw history": "#f28e2b", "history summary": "#76b7b2"}
    c1, c2 = st.columns(2)
    c1.plotly_chart(px.bar(rates, x="metric", y="value", color="system", barmode="group", range_y=[0, 1],
                           title="Recall, outdated avoidance, pass rate", template="plotly_white",
                           color_discrete_map=colours))
    tokens = px.bar(summaries, x="system", y="total_tokens", color="system", template="plotly_white",
                    title="Context tokens (all scenarios)", color_discrete_map=colours)
    c2.plotly_chart(tokens.update_layout(showlegend=False))
    if data.get("results"):
        st.markdown("**Per scenario**")
        st.dataframe(pd.DataFrame([{k: v if isinstance(v, (str, int, float, bool)) or v is None else compact_json(v)
                                    for k, v in row.items()} for row in data["results"]]), hide_index=True)
else:  # any other report: its lists of records become tables
    for key, value in data.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            st.markdown(f"**{key.replace('_', ' ').capitalize()}**")
            st.dataframe(pd.DataFrame([{k: v if isinstance(v, (str, int, float, bool)) or v is None
                                        else compact_json(v) for k, v in row.items()} for row in value]),
                         hide_index=True)
if report_md:
    with st.expander("Report (markdown)"):
        st.code(report_md, language="markdown")
