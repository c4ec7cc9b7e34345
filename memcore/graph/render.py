"""Render a :class:`MemoryGraph` as one self-contained HTML page with pyvis (vis-network).

Safety: every piece of memory text (labels, tooltips, tags, entities) is HTML-escaped before it
enters the page, and the node/edge data is embedded as JSON with ``<``, ``>`` and ``&`` written as
``\\u003c`` / ``\\u003e`` / ``\\u0026``, so nothing a memory says can close the script block or
inject markup. Tooltips are built from the escaped strings; labels are drawn on the canvas (as
text, never parsed as markup), after the browser decodes the entities for display.

The vis-network script and stylesheet are inlined from the pyvis package: the page works offline.
"""

from __future__ import annotations

import html
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import style
from .build import MemoryGraph

_VIS_VERSION = "vis-9.1.2"


def esc(value: Any) -> str:
    """HTML-escape any value (quotes included)."""
    return html.escape(str(value), quote=True)


def _script_json(value: Any) -> str:
    """JSON that is safe inside a <script> element."""
    return (json.dumps(value, ensure_ascii=False, sort_keys=True)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


@lru_cache(maxsize=1)
def _vis_assets() -> tuple[str, str]:
    import pyvis

    lib = Path(pyvis.__file__).resolve().parent / "lib" / _VIS_VERSION
    return (lib / "vis-network.min.js").read_text(encoding="utf-8"), (lib / "vis-network.css").read_text(encoding="utf-8")


def _tooltip(data: dict[str, Any]) -> str:
    """Tooltip HTML for a node; every value from a memory is escaped."""
    kind = data["kind"]
    if kind in ("tag", "entity"):
        return f"<b>{esc(data['label'])}</b><br>{esc(data['text'])}"
    flags = [f for f, on in (("pinned", data["pinned"]), ("critical", data["critical"])) if on]
    rows = [
        f"<b>{esc(data['type'].replace('_', ' '))}</b> &middot; {esc(data['state'])} &middot; {esc(data['tier'])}"
        + (f" &middot; {esc(', '.join(flags))}" if flags else ""),
        f"<div class='mc-text'>{esc(data['text'])}</div>",
        f"importance {float(data['importance']):.2f}",
    ]
    if data.get("tags"):
        rows.append("tags: " + esc(", ".join(data["tags"])))
    if data.get("entities"):
        rows.append("entities: " + esc(", ".join(data["entities"])))
    if data.get("created_at"):
        rows.append("created " + esc(data["created_at"][:16].replace("T", " ")))
    rows.append(f"<span class='mc-id'>{esc(data['memory_id'])}</span>")
    return "<br>".join(rows)


def _edge_title(data: dict[str, Any]) -> str:
    kind = data["kind"]
    text = str(style.EDGE_STYLES.get(kind, {}).get("label", kind))
    if kind == "semantic":
        text += f": {float(data.get('weight', 1.0)):.2f}"
    if data.get("tags"):
        text += ": #" + ", #".join(data["tags"])
    return esc(text)


def _network(mg: MemoryGraph, height: int) -> Any:
    from pyvis.network import Network

    net = Network(height=f"{height}px", width="100%", directed=True, cdn_resources="in_line")
    for node_id, d in mg.graph.nodes(data=True):
        colour = d["color"]
        border = d.get("border") or colour
        memory_like = d["kind"] in ("memory", "summary")
        # semantic zoom: prominent nodes keep a label in the overview, the rest appear when zoomed in
        prominent = d["kind"] == "summary" or (memory_like and (d["pinned"] or d["critical"] or d["importance"] >= 0.75))
        net.add_node(
            node_id, label=esc(d["label"]), title=_tooltip(d), shape=d["shape"], size=d["size"],
            color={"background": colour, "border": border,
                   "highlight": {"background": colour, "border": "#222222"}},
            borderWidth=4 if d.get("border") else (2 if d["kind"] == "summary" else 1),
            opacity=d.get("opacity", 1.0),
            font={"size": 26 if prominent else (16 if memory_like else 14),
                  "color": "#7a5c00" if d["kind"] == "summary" else ("#2b2b2b" if d.get("opacity", 1) >= 1 else "#9a9a9a"),
                  "strokeWidth": 3, "strokeColor": "#ffffff"},
        )
    for source, target, d in mg.graph.edges(data=True):
        s = style.EDGE_STYLES.get(d["kind"], style.EDGE_STYLES["related"])
        width = float(s["width"])
        if d["kind"] == "semantic":
            width = 1.0 + 4.0 * float(d.get("weight", 0.5))
        # a shared-tag tie whose tags are drawn as hubs is already held by the hub's springs: draw it, but
        # keep it out of the physics so cliques of a busy tag do not collapse into a knot of labels
        implied = d["kind"] == "related" and all(mg.graph.has_node(f"t:{t}") for t in d.get("tags") or ["\0"])
        net.add_edge(source, target, title=_edge_title(d), color={"color": s["color"], "opacity": 0.9},
                     length=_EDGE_LENGTH.get(d["kind"], 100), physics=not implied,
                     dashes=s["dashes"], width=width, arrows=s["arrows"] or {"to": {"enabled": False}},
                     smooth={"type": "continuous"})
    return net


# Spring lengths per edge kind: tag/entity spokes short, shared-tag ties long so clusters do not collapse.
_EDGE_LENGTH = {"related": 190, "tagged": 120, "mentions": 110, "supersedes": 120, "summary_of": 120, "semantic": 130}

_OPTIONS: dict[str, Any] = {
    "interaction": {"hover": True, "tooltipDelay": 120, "navigationButtons": False, "multiselect": False},
    "layout": {"randomSeed": 7, "improvedLayout": True},
    "physics": {"solver": "forceAtlas2Based", "timestep": 0.4,
                "forceAtlas2Based": {"gravitationalConstant": -90, "centralGravity": 0.012, "springLength": 100,
                                     "springConstant": 0.05, "avoidOverlap": 1.0},
                "stabilization": {"enabled": True, "iterations": 350, "fit": True}},
    "nodes": {"scaling": {"label": {"enabled": False, "drawThreshold": 8}}},
    "edges": {"selectionWidth": 2},
}


def render_html(mg: MemoryGraph, *, height: int = 680, legend: bool = True) -> str:
    """A self-contained HTML page drawing ``mg`` (escaped; works offline)."""
    net = _network(mg, height)
    nodes, edges, _heading, _h, _w, _options = net.get_network_data()
    js, css = _vis_assets()
    legend_html = _legend_html(mg) if legend else ""
    note = ""
    if mg.sampled:
        note = (f"<div class='mc-note'>showing {mg.shown} of {mg.total} memories "
                "(pinned, critical and summaries first, then a stable sample)</div>")
    if not mg.shown:
        note = "<div class='mc-note'>no memories match these filters</div>"
    return _PAGE.format(css=css, js=js, height=height, legend=legend_html, note=note,
                        nodes=_script_json(nodes), edges=_script_json(edges), options=_script_json(_OPTIONS))


def _legend_html(mg: MemoryGraph) -> str:
    types = sorted({d["type"] for _n, d in mg.graph.nodes(data=True) if d["kind"] == "memory"})
    kinds = sorted({k for _s, _t, k in mg.graph.edges(data="kind")})
    entries = style.legend(types, kinds)
    items = []
    for e in entries["nodes"]:
        shape = e["shape"]
        opacity = e.get("opacity", 1)
        if shape == "star":
            mark = f"<span class='mc-star' style='color:{esc(e['color'])}'>&#9733;</span>"
        elif shape == "ring":
            mark = f"<span class='mc-dot' style='background:#fff;border:3px solid {esc(e['border'])}'></span>"
        elif shape == "diamond":
            mark = f"<span class='mc-diamond' style='background:{esc(e['color'])}'></span>"
        elif shape == "triangle":
            mark = f"<span class='mc-tri' style='border-bottom-color:{esc(e['color'])}'></span>"
        else:
            mark = f"<span class='mc-dot' style='background:{esc(e['color'])};opacity:{opacity}'></span>"
        items.append(f"<span class='mc-item'>{mark}{esc(e['label'])}</span>")
    for e in entries["edges"]:
        line = "dashed" if e["dashed"] else "solid"
        items.append(f"<span class='mc-item'><span class='mc-line' style='border-top:3px {line} {esc(e['color'])}'>"
                     f"</span>{esc(e['label'])}</span>")
    return "<div class='mc-legend'>" + "".join(items) + "<span class='mc-item mc-hint'>size = importance</span></div>"


_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8">
<style>{css}</style>
<style>
  body {{ margin: 0; font-family: "Source Sans Pro", "Segoe UI", Arial, sans-serif; color: #262730; }}
  #mc-graph {{ width: 100%; height: {height}px; border: 1px solid #e6e9ef; border-radius: 6px; background: #ffffff; }}
  .mc-legend {{ display: flex; flex-wrap: wrap; gap: 4px 14px; padding: 8px 4px 2px; font-size: 12.5px; }}
  .mc-item {{ display: inline-flex; align-items: center; gap: 5px; white-space: nowrap; }}
  .mc-hint {{ color: #6b7280; }}
  .mc-dot {{ display: inline-block; width: 11px; height: 11px; border-radius: 50%; box-sizing: border-box; }}
  .mc-star {{ font-size: 15px; line-height: 11px; }}
  .mc-diamond {{ display: inline-block; width: 9px; height: 9px; transform: rotate(45deg); }}
  .mc-tri {{ display: inline-block; width: 0; height: 0; border-left: 6px solid transparent;
             border-right: 6px solid transparent; border-bottom: 11px solid; }}
  .mc-line {{ display: inline-block; width: 22px; height: 0; }}
  .mc-note {{ font-size: 12.5px; color: #6b7280; padding: 2px 4px; }}
  div.vis-tooltip {{ max-width: 380px; white-space: normal; font-family: inherit; font-size: 12.5px;
                     line-height: 1.35; padding: 8px 10px; background: #ffffff; border: 1px solid #d0d4dc;
                     border-radius: 6px; box-shadow: 0 2px 8px rgba(0,0,0,0.12); color: #262730; }}
  .mc-text {{ margin: 4px 0; }}
  .mc-id {{ color: #8a8f98; font-family: monospace; font-size: 11px; }}
</style>
<script>{js}</script>
</head><body>
{note}
<div id="mc-graph"></div>
{legend}
<script>
(function () {{
  var decoder = new DOMParser();
  function decode(s) {{
    if (typeof s !== "string") return s;
    return decoder.parseFromString("<!doctype html><body>" + s, "text/html").body.textContent;
  }}
  function tip(markup) {{
    var box = document.createElement("div");
    box.innerHTML = markup;  // built server-side from HTML-escaped memory text only
    return box;
  }}
  var nodes = {nodes};
  var edges = {edges};
  nodes.forEach(function (n) {{ n.label = decode(n.label); if (n.title) n.title = tip(n.title); }});
  edges.forEach(function (e) {{ if (e.title) e.title = tip(e.title); }});
  var data = {{ nodes: new vis.DataSet(nodes), edges: new vis.DataSet(edges) }};
  var network = new vis.Network(document.getElementById("mc-graph"), data, {options});
  network.once("stabilizationIterationsDone", function () {{ network.setOptions({{ physics: false }}); }});
  window.memcoreNetwork = network;
}})();
</script>
</body></html>
"""
