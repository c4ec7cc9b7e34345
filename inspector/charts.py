"""Plotly figures built from the plain structures the engine returns (analytics, traces, state history)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import plotly.express as px
import plotly.graph_objects as go

from memcore.graph.style import TYPE_COLOURS

PALETTE = px.colors.qualitative.Safe + px.colors.qualitative.Pastel
PART_COLOURS = {
    "semantic": "#4e79a7", "similarity": "#4e79a7", "importance": "#f28e2b", "recency": "#59a14f",
    "confidence": "#76b7b2", "usage": "#edc948", "project_match": "#b07aa1", "critical_bonus": "#c0392b",
    "outdated": "#8c8c8c", "privacy": "#9c755f", "superseded": "#e15759", "access_frequency": "#ff9da7",
    "keyword": "#2f6690", "vector": "#4e79a7", "time_decay": "#59a14f", "rating": "#bab0ac", "strength": "#86bcb6",
}


KIND_COLOURS = {
    "created": "#59a14f", "edited": "#4e79a7", "pinned": "#b07aa1", "unpinned": "#d4a6c8", "forgotten": "#9d9d9d",
    "restored": "#76b7b2", "deleted": "#262730", "forgot_all": "#6b6b6b", "merged": "#8cd17d", "superseded": "#e15759",
    "extended": "#a0cbe8", "expired": "#f28e2b", "archived": "#9c755f", "promoted": "#499894", "demoted": "#ffbe7d",
    "tier_changed": "#86bcb6", "injected": "#edc948", "accessed": "#a0cbe8", "evolved": "#f1ce63",
    "summarized": "#f5b301", "decayed": "#d7b5a6", "rated": "#fabfd2", "undone": "#ff9d9a", "imported": "#79706e",
    "block_set": "#bab0ac", "block_deleted": "#8c8c8c", "state_set": "#d37295", "job_run": "#cfcfcf",
}


def _layout(fig: go.Figure, height: int = 320, margin: dict[str, int] | None = None, **kw: Any) -> go.Figure:
    fig.update_layout(height=height, margin=margin or {"l": 10, "r": 10, "t": 48, "b": 10}, template="plotly_white",
                      title_font_size=15, legend={"font": {"size": 11}}, **kw)
    return fig


def bar_counts(counts: Mapping[str, int], title: str, colours: Mapping[str, str] | None = None) -> go.Figure:
    names = list(counts)
    colour = [(colours or {}).get(n, "#4e79a7") for n in names]
    fig = go.Figure(go.Bar(x=[counts[n] for n in names], y=[n.replace("_", " ") for n in names], orientation="h",
                           marker_color=colour, text=[f"{counts[n]:,}" for n in names], textposition="outside",
                           textangle=0, cliponaxis=False))
    fig.update_xaxes(range=[0, max(counts.values(), default=1) * 1.12])
    fig.update_yaxes(autorange="reversed")
    return _layout(fig, max(200, 60 + 26 * len(names)), title=title)


def type_counts(counts: Mapping[str, int], title: str = "Memories by type") -> go.Figure:
    return bar_counts(counts, title, TYPE_COLOURS)


def growth(rows: Sequence[Mapping[str, Any]], by_type: Sequence[Mapping[str, Any]]) -> go.Figure:
    fig = go.Figure()
    types = sorted({r["type"] for r in by_type})
    for t in types:
        pts = [r for r in by_type if r["type"] == t]
        fig.add_bar(x=[r["period"] for r in pts], y=[r["created"] for r in pts], name=t.replace("_", " "),
                    marker_color=TYPE_COLOURS.get(t))
    fig.add_scatter(x=[r["period"] for r in rows], y=[r["total"] for r in rows], name="total", mode="lines+markers",
                    yaxis="y2", line={"color": "#262730", "width": 2})
    fig.update_layout(barmode="stack", yaxis={"title": "created per week"},
                      yaxis2={"title": "total", "overlaying": "y", "side": "right", "showgrid": False,
                              "rangemode": "tozero", "tickformat": ",d"})
    fig = _layout(fig, 420, title="Growth: memories created per week (bars) and in total (line)")
    fig.update_layout(legend={"orientation": "h", "yanchor": "top", "y": -0.12, "x": 0, "font": {"size": 11}},
                      margin={"l": 10, "r": 10, "t": 48, "b": 10})
    return fig


def events_over_time(rows: Sequence[Mapping[str, Any]], title: str = "Events per week by kind") -> go.Figure:
    kinds = sorted({r["kind"] for r in rows})
    fig = go.Figure()
    for i, k in enumerate(kinds):
        pts = [r for r in rows if r["kind"] == k]
        fig.add_bar(x=[r["period"] for r in pts], y=[r["count"] for r in pts], name=k.replace("_", " "),
                    marker_color=KIND_COLOURS.get(k, PALETTE[i % len(PALETTE)]))
    fig.update_layout(barmode="stack")
    return _layout(fig, 340, title=title)


def histogram(hist: Mapping[str, Any], title: str, colour: str = "#4e79a7") -> go.Figure:
    edges = hist["edges"]
    centres = [(edges[i] + edges[i + 1]) / 2 for i in range(len(edges) - 1)]
    width = edges[1] - edges[0] if len(edges) > 1 else 0.1
    fig = go.Figure(go.Bar(x=centres, y=hist["counts"], width=[width * 0.92] * len(centres), marker_color=colour,
                           hovertemplate="%{x:.2f}: %{y}<extra></extra>"))
    mean = hist.get("mean")
    top = max(hist["counts"], default=0) or 1
    if mean is not None:
        fig.add_vline(x=mean, line_dash="dot", line_color="#262730")
        fig.add_annotation(x=mean, y=top * 1.16, text=f"mean {mean:.2f}", showarrow=False, xanchor="left",
                           xshift=4, font={"size": 11})
    fig.update_xaxes(range=[edges[0], edges[-1]])
    fig.update_yaxes(range=[0, top * 1.25])
    return _layout(fig, 280, title=title, bargap=0.05)


def decay_curves(curves: Sequence[Mapping[str, Any]]) -> go.Figure:
    fig = go.Figure()
    for i, c in enumerate(curves):
        fig.add_scatter(x=c["days"], y=c["retrievability"], mode="lines", name=f"S = {c['stability']:g} d",
                        line={"color": PALETTE[i % len(PALETTE)], "width": 2})
    fig.add_hline(y=0.9, line_dash="dot", line_color="#999", annotation_text="R = 0.9 at t = S",
                  annotation_position="bottom left")
    fig.update_xaxes(title="days since last recall")
    fig.update_yaxes(title="retrievability R", range=[0, 1.02])
    name = curves[0]["curve"] if curves else ""
    return _layout(fig, 320, title=f"Forgetting curves ({name})")


def gc_pressure(rows: Sequence[Mapping[str, Any]]) -> go.Figure:
    """Live tokens of each tier as a share of its budget (over 100 %: GC will demote or archive)."""
    pct = [100.0 * r["ratio"] for r in rows]
    fig = go.Figure(go.Bar(y=[r["tier"] for r in rows], x=pct, orientation="h",
                           marker_color=["#e15759" if p > 100 else "#4e79a7" for p in pct],
                           text=[f"{r['tokens']:,} of {r['budget']:,} tokens ({p:.0f}%)" for r, p in zip(rows, pct,
                                                                                                    strict=True)],
                           textposition="outside", cliponaxis=False))
    fig.add_vline(x=100, line_dash="dot", line_color="#262730", annotation_text="budget",
                  annotation_position="top")
    fig.update_yaxes(autorange="reversed")
    fig.update_xaxes(title="% of the tier's token budget", range=[0, max(130.0, max(pct, default=0) * 1.35)])
    return _layout(fig, 240, title="GC pressure: live tokens per tier against its budget")


def score_parts(items: Sequence[Mapping[str, Any]], title: str = "Score breakdown") -> go.Figure:
    """Stacked horizontal bars: one row per item (``label``), one segment per score part contribution."""
    fig = go.Figure()
    names: list[str] = []
    for it in items:
        for p in (it.get("score") or {}).get("parts", []):
            if p["name"] not in names:
                names.append(p["name"])
    labels = [it["label"] for it in items]
    for i, n in enumerate(names):
        values = []
        for it in items:
            part = next((p for p in (it.get("score") or {}).get("parts", []) if p["name"] == n), None)
            values.append(_contribution(part) if part else 0.0)
        fig.add_bar(y=labels, x=values, name=n.replace("_", " "), orientation="h",
                    marker_color=PART_COLOURS.get(n, PALETTE[i % len(PALETTE)]),
                    hovertemplate=f"{n}: %{{x:.3f}}<extra></extra>")
    totals = [float((it.get("score") or {}).get("total", 0.0)) for it in items]
    fig.add_scatter(y=labels, x=totals, mode="markers", name="total", marker={"symbol": "diamond", "size": 9,
                                                                            "color": "#262730"})
    fig.update_layout(barmode="relative")
    fig.update_yaxes(autorange="reversed", automargin=True)
    fig.update_xaxes(title="contribution to the score", zeroline=True, zerolinecolor="#999")
    return _layout(fig, max(220, 90 + 30 * len(items)), title=title)


def part_bars(score: Mapping[str, Any], title: str) -> go.Figure:
    """One memory's score: a bar per component (contribution = raw x weight), negatives to the left."""
    parts = list(score.get("parts") or [])
    names = [p["name"].replace("_", " ") for p in parts]
    values = [_contribution(p) for p in parts]
    fig = go.Figure(go.Bar(
        y=names, x=values, orientation="h",
        marker_color=[PART_COLOURS.get(p["name"], "#4e79a7") if v >= 0 else "#e15759" for p, v in zip(parts, values,
                                                                                                      strict=True)],
        text=[f"{float(p.get('raw', 0)):.2f} \u00d7 {float(p.get('weight', 0)):+.2f} = {v:+.3f}"
              for p, v in zip(parts, values, strict=True)],
        textposition="outside", cliponaxis=False, hovertemplate="%{y}: %{x:.3f}<extra></extra>"))
    low = min(0.0, min(values, default=0.0))
    high = max(0.0, max(values, default=0.0))
    span = (high - low) or 1.0
    fig.update_xaxes(range=[low - 0.05 * span, high + 0.6 * span], zeroline=True, zerolinecolor="#999",
                     title="contribution")
    fig.update_yaxes(autorange="reversed")
    return _layout(fig, max(220, 70 + 26 * len(parts)), title=title, showlegend=False)


def _contribution(part: Mapping[str, Any]) -> float:
    if "contribution" in part and part["contribution"] is not None:
        return float(part["contribution"])
    return float(part.get("raw", 0.0)) * float(part.get("weight", 0.0))


def budget_bar(items: Sequence[Mapping[str, Any]], budget: int) -> go.Figure:
    """One stacked bar: the token cost of each included line, then what is left of the budget."""
    fig = go.Figure()
    used = 0
    for i, it in enumerate(items):
        tokens = int(it.get("tokens") or 0)
        used += tokens
        fig.add_bar(x=[tokens], y=["budget"], orientation="h", name=it["label"], showlegend=False,
                    marker_color=PALETTE[i % len(PALETTE)], hovertemplate=f"{it['label']}: {tokens} tokens<extra></extra>")
    fig.add_bar(x=[max(0, budget - used)], y=["budget"], orientation="h", name="unused", showlegend=False,
                marker_color="#eceff3", hovertemplate="unused: %{x} tokens<extra></extra>")
    fig.update_layout(barmode="stack")
    fig.update_xaxes(range=[0, max(budget, used)], title=f"tokens ({used:,} of {budget:,} used)")
    fig.update_yaxes(visible=False)
    return _layout(fig, 130, title=None, margin={"l": 10, "r": 10, "t": 10, "b": 40})


def latency(stages: Mapping[str, float]) -> go.Figure:
    names = list(stages)
    fig = go.Figure(go.Bar(x=[float(stages[n]) for n in names], y=names, orientation="h", marker_color="#76b7b2",
                           text=[f"{float(stages[n]):.1f} ms" for n in names], textposition="auto"))
    fig.update_yaxes(autorange="reversed")
    fig.update_xaxes(title="ms")
    return _layout(fig, max(180, 60 + 28 * len(names)), title="Latency per stage")


def state_timeline(rows: Sequence[Mapping[str, Any]], now: datetime, as_of: datetime | None = None) -> go.Figure:
    """Bi-temporal user state: one bar per (key, value) over its validity window (open ends run to now)."""
    data = [{"key": html.escape(str(r["key"])), "value": html.escape(str(r["value"])), "from": r["valid_from"],
             "until": r["valid_until"] or now, "open": r["valid_until"] is None} for r in rows]
    fig = px.timeline(data, x_start="from", x_end="until", y="key", color="value", text="value",
                      color_discrete_sequence=PALETTE)
    fig.update_traces(textposition="inside", insidetextanchor="middle", showlegend=False)
    fig.update_yaxes(autorange="reversed", title=None)
    if as_of is not None:
        fig.add_vline(x=as_of.timestamp() * 1000, line_dash="dot", line_color="#262730")
        fig.add_annotation(x=as_of.timestamp() * 1000, y=1.0, yref="paper", text="as of", showarrow=False,
                           yanchor="bottom", font={"size": 11})
    return _layout(fig, max(200, 80 + 44 * len({d["key"] for d in data})), title="Values over world time")


def line(rows: Sequence[Mapping[str, Any]], x: str, y: str, colour: str | None, title: str) -> go.Figure:
    fig = px.line(rows, x=x, y=y, color=colour, markers=True, color_discrete_sequence=PALETTE)
    return _layout(fig, 320, title=title)


def bars(rows: Sequence[Mapping[str, Any]], x: str, y: str, colour: str | None, title: str,
         barmode: str = "group") -> go.Figure:
    fig = px.bar(rows, x=x, y=y, color=colour, barmode=barmode, color_discrete_sequence=PALETTE)
    return _layout(fig, 320, title=title)
