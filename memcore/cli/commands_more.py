"""Commands of retrieval, the write path, the lifecycle and evaluation."""

from __future__ import annotations

from typing import Any

from .commands_core import command
from .output import short, table


def register(sub: Any) -> None:
    p = command(sub, "search", cmd_search, "hybrid search with a persisted trace")
    p.add_argument("query")
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--type", default="")
    p.add_argument("--tier", default="")
    p.add_argument("--tag", default="")
    p.add_argument("--state", default=None)
    p.add_argument("--valid-at", default=None)
    p.add_argument("--policy", default=None)
    p.add_argument("--fusion", default=None, choices=["max_blend", "rrf", "linear"])
    p.add_argument("--graph", action="store_true", help="expand through links")

    p = command(sub, "context", cmd_context, "build the budgeted memory context for a prompt")
    p.add_argument("query")
    p.add_argument("--budget", type=int, default=None)
    p.add_argument("--policy", default=None)

    p = command(sub, "trace", cmd_trace, "show one trace: candidates, decisions, reasons, tokens, latency")
    p.add_argument("id")
    p = command(sub, "traces", cmd_traces, "recent traces")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--kind", default=None, choices=["search", "context", "write"])

    p = command(sub, "sweep", cmd_sweep, "forgetting sweep: expire past-due, archive idle unimportant")
    p.add_argument("--preview", action="store_true", help="show the plan, change nothing")

    p = command(sub, "extract", cmd_extract, "extract memories from conversation turns (rules offline, LLM if set)")
    p.add_argument("text", nargs="*", help="user turns; or use --file")
    p.add_argument("--file", default=None, help="JSON list of {role, text} turns, or a text file (one user turn a line)")
    p.add_argument("--session", default=None)

    p = command(sub, "eval", cmd_eval, "evaluate: scenarios FILE | locomo FILE", no_engine=True)
    p.add_argument("suite", choices=["scenarios", "locomo"])
    p.add_argument("file", nargs="?", default=None, help="scenario file (default: the bundled set) or LoCoMo JSON")
    p.add_argument("--k", type=int, nargs="+", default=[1, 5, 10, 25, 50])
    p.add_argument("--budget", type=int, default=None)
    p.add_argument("--markdown", default=None, help="also write the tables to this file")

    p = command(sub, "bench", cmd_bench, "benchmark ingest, search and context at scale against the seed-002 baseline",
                no_engine=True)
    p.add_argument("--n", type=int, nargs="+", default=[10_000])
    p.add_argument("--queries", type=int, default=200)
    p.add_argument("--baseline-queries", type=int, default=5)
    p.add_argument("--dir", default=None, help="where to put the benchmark databases (default: a temp dir)")
    p.add_argument("--markdown", default=None, help="also write the table to this file")

    p = command(sub, "undo", cmd_undo, "reverse an automatic supersede, merge, archive, expiry or tier change")
    p.add_argument("event_id")


def cmd_search(args: Any, engine: Any) -> tuple[Any, Any]:
    result = engine.search(args.query, args.k, types=args.type, tiers=args.tier, tags=args.tag, states=args.state,
                           valid_at=args.valid_at, policy=args.policy, fusion=args.fusion, expand_graph=args.graph)

    def render(r: Any) -> str:
        rows = [{"id": i.memory.id, "score": f"{i.score.total:.3f}", "sim": f"{i.similarity:.2f}",
                 "type": i.memory.type.value, "content": short(i.memory.content, 60)} for i in r.items]
        return table(rows, ["id", "score", "sim", "type", "content"]) + f"\ntrace {r.trace_id} ({r.latency_ms['total']:.1f} ms)"

    return result, render


def cmd_context(args: Any, engine: Any) -> tuple[Any, Any]:
    result = engine.build_context(args.query, args.budget, policy=args.policy)

    def render(r: Any) -> str:
        skipped = "\n".join(f"  {i.memory_id} {i.reason}: {short(i.detail, 70)}" for i in r.skipped[:15])
        return (f"{r.text or '(no memory passed the gate)'}\n\nincluded {len(r.included)}, skipped {len(r.skipped)}, "
                f"tokens {r.tokens_used}/{r.budget}, trace {r.trace_id}\nskipped:\n{skipped or '  (none)'}")

    return result, render


def cmd_trace(args: Any, engine: Any) -> tuple[Any, Any]:
    trace = engine.trace(args.id)

    def render(t: Any) -> str:
        head = (f"{t['kind']} trace {t['id']} at {t['created_at']}\nquery: {t['query']}\n"
                f"latency ms: {t.get('latency_ms')}")
        if t["kind"] == "write":
            return head + "\n" + "\n".join(f"  {d.get('verdict', '')}: {short(str(d.get('reason', '')), 90)}"
                                           for d in t.get("decisions", []))
        rows = [{"id": c["memory_id"], "decision": c.get("decision", ""), "reason": c.get("reason", ""),
                 "score": f"{(c.get('score') or {}).get('total', 0):.3f}", "sim": f"{c.get('similarity', 0):.2f}",
                 "tok": c.get("tokens", ""), "text": short(c.get("text", ""), 40)} for c in t.get("candidates", [])[:40]]
        return head + f"\ntokens {t.get('tokens_used', 0)}/{t.get('budget', '-')}\n" + \
            table(rows, ["id", "decision", "reason", "score", "sim", "tok", "text"])

    return trace, render


def cmd_traces(args: Any, engine: Any) -> tuple[Any, Any]:
    items = engine.traces(args.limit, args.kind)
    return items, lambda ts: table([{"id": t["id"], "kind": t["kind"], "at": t["created_at"][:19],
                                     "ms": f"{t['latency_ms']:.1f}", "tokens": t["tokens_used"],
                                     "query": short(t["query"], 50)} for t in ts],
                                   ["id", "kind", "at", "ms", "tokens", "query"])


def cmd_sweep(args: Any, engine: Any) -> tuple[Any, Any]:
    report = engine.sweep(apply=not args.preview)

    def render(r: Any) -> str:
        lines = [("applied: " if r.applied else "preview: ") + r.plan.summary]
        lines += [f"  expire {c.memory_id}: {c.reason}" for c in r.plan.expire]
        lines += [f"  archive {c.memory_id}: {c.reason}" for c in r.plan.archive]
        lines += [f"  keep {s.memory_id}: {s.reason}" for s in r.plan.skipped]
        return "\n".join(lines)

    return report, render


def cmd_undo(args: Any, engine: Any) -> tuple[Any, Any]:
    event = engine.undo(args.event_id)
    return event, lambda e: f"undone: {e.reason} (event {e.id})"


def cmd_bench(args: Any, engine: Any) -> tuple[Any, Any]:
    import sys

    from ..bench import run_bench
    from ..model.validation import positive_int

    sizes = [positive_int(n, "n", minimum=100, maximum=5_000_000) for n in args.n]
    report = run_bench(sizes, queries=positive_int(args.queries, "queries", minimum=1), db_dir=args.dir,
                       baseline_queries=args.baseline_queries, progress=lambda m: sys.stderr.write(m + "\n"))
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as out:
            out.write(report.markdown() + "\n")
    return report, lambda r: r.markdown()


def cmd_extract(args: Any, engine: Any) -> tuple[Any, Any]:
    import json
    from pathlib import Path

    from ..errors import InvalidInput

    turns: list[Any] = list(args.text)
    if args.file:
        path = Path(args.file)
        if not path.exists():
            raise InvalidInput("file", f"{args.file} does not exist")
        raw = path.read_text(encoding="utf-8")
        if path.suffix == ".json":
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise InvalidInput("file", f"is not JSON ({exc.msg} at line {exc.lineno})") from None
            if not isinstance(data, list):
                raise InvalidInput("file", "must be a JSON list of turns ({role, text}) or strings")
            turns += data
        else:
            turns += [line for line in raw.splitlines() if line.strip()]
    if not turns:
        raise InvalidInput("text", "give at least one turn (as arguments or --file)")
    report = engine.extract(turns, session_id=args.session)

    def render(r: Any) -> str:
        lines = [f"created {len(r.created)}, merged {len(r.merged)}, superseded {len(r.superseded)}, "
                 f"extended {len(r.extended)}, dropped {len(r.dropped)} (trace {r.trace_id})"]
        lines += [f"  + {m.id} [{m.type.value}] {short(m.content, 70)}" for m in r.created]
        lines += [f"  = merged into {m['into']}: {m['reason']}" for m in r.merged]
        lines += [f"  ~ {s['old']} superseded by {s['new']}: {s['reason']}" for s in r.superseded]
        return "\n".join(lines)

    return report, render


def cmd_eval(args: Any, engine: Any) -> tuple[Any, Any]:
    import sys

    def progress(done: int, total: int, label: str) -> None:
        if sys.stderr.isatty():
            sys.stderr.write(f"\r{done}/{total} {label[:40]:<40}")
            if done == total:
                sys.stderr.write("\n")

    if args.suite == "scenarios":
        from ..eval.scenario_engine import evaluate_scenarios
        from ..eval.scenarios import render_markdown

        report = evaluate_scenarios(args.file, budget=args.budget, progress=progress)
        text = render_markdown(report)
    else:
        from ..errors import InvalidInput
        from ..eval.locomo_engine import evaluate_locomo_file

        if not args.file:
            raise InvalidInput("file", "eval locomo needs the LoCoMo JSON file")
        report = evaluate_locomo_file(args.file, ks=args.k, budget=args.budget, progress=progress)
        text = report.markdown()
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    return report, lambda r: text
