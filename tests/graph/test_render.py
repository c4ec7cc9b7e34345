"""render_html: a self-contained page; every piece of memory text is escaped."""

from __future__ import annotations

import json
import re

from memcore.graph import build_graph, render_html

EVIL = '<script>alert(1)</script> & "quotes" <img src=x onerror=alert(2)>'


def _data(html: str, name: str) -> list[dict]:
    match = re.search(rf"var {name} = (\[.*?\]);\n", html, re.S)
    assert match, name
    return json.loads(match.group(1))


def test_memory_text_is_escaped_everywhere(engine) -> None:  # noqa: ANN001
    engine.add(EVIL, tags=["x<b>", "shared"], entities=["<i>Evil</i>"])
    engine.add("another one", tags=["x<b>", "shared"], entities=["<i>Evil</i>"])
    html = render_html(build_graph(engine))
    assert "<script>alert(1)" not in html
    assert "<img src=x" not in html
    assert "<i>Evil</i>" not in html and "<b>" not in html.split("<script>", 1)[0]
    nodes = _data(html, "nodes")
    evil = next(n for n in nodes if "alert(1)" in n["title"])
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in evil["title"]
    assert "&lt;img src=x onerror=alert(2)&gt;" in evil["title"]
    assert evil["label"].startswith("&lt;script&gt;")
    tag = next(n for n in nodes if n["id"] == "t:x<b>")
    assert tag["label"] == "#x&lt;b&gt;"
    entity = next(n for n in nodes if n["id"] == "e:<i>Evil</i>")
    assert entity["label"] == "&lt;i&gt;Evil&lt;/i&gt;"


def test_page_is_offline_and_has_a_legend(engine) -> None:  # noqa: ANN001
    engine.add("Prefers dark mode", type="preference", tags=["ui"])
    html = render_html(build_graph(engine))
    assert not re.search(r"""<(script|link)[^>]+(src|href)=["']?https?://""", html)  # nothing fetched
    assert "vis.Network" in html and "mc-legend" in html
    assert "preference" in html.split("mc-legend", 1)[1]


def test_edges_carry_styles(engine, clock) -> None:  # noqa: ANN001
    a = engine.add("Deploys to Heroku", type="decision").id
    clock.advance(days=1)
    b = engine.add("Deploys to Fly.io", type="decision").id
    engine.supersede(a, b)
    edges = _data(render_html(build_graph(engine)), "edges")
    (sup,) = [e for e in edges if e["from"] == f"m:{a}" and e["to"] == f"m:{b}"]
    assert sup["dashes"] is True and sup["color"]["color"] == "#d62728" and sup["arrows"] == "to"


def test_empty_graph_says_so(engine) -> None:  # noqa: ANN001
    assert "no memories match" in render_html(build_graph(engine))
