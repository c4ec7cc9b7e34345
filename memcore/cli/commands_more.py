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

    p = command(sub, "episodes", cmd_episodes, "segment a session into episodes and consolidate them into notes")
    p.add_argument("session", nargs="?", default=None, help="session id (omit to list episodes)")
    p.add_argument("--consolidate", action="store_true")

    p = command(sub, "eval", cmd_eval, "evaluate: scenarios FILE | locomo FILE | extraction FILE", no_engine=True)
    p.add_argument("suite", choices=["scenarios", "locomo", "extraction"])
    p.add_argument("file", nargs="?", default=None,
                   help="scenario file (default: the bundled set), LoCoMo JSON or labelled extraction file")
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

    p = command(sub, "decay", cmd_decay, "recompute FSRS strength (importance x R) in one vectorised pass")
    p.add_argument("--all", action="store_true", help="every namespace, not just this user/project")
    p.add_argument("--curve", default="fsrs4.5", help="fsrs4.5 (w = 0.5, default), fsrs6 (w20 = 0.1542) or seed")

    p = command(sub, "gc", cmd_gc, "tier GC: promote, demote, archive (delete only when enabled)")
    p.add_argument("--preview", action="store_true", help="list what would happen and why; change nothing")
    p.add_argument("--limit", type=int, default=20, help="entries shown per list")

    p = command(sub, "inspect", cmd_inspect, "a memory's score breakdown, GC action and why, tier, lineage")
    p.add_argument("id")

    p = command(sub, "reflect", cmd_reflect, "merge near-duplicates, promote used memories, write summaries")
    p.add_argument("--preview", action="store_true")

    p = command(sub, "feedback", cmd_feedback, "rate the memories of a trace")
    p.add_argument("trace_id")
    p.add_argument("--useful", nargs="*", default=[])
    p.add_argument("--not-useful", nargs="*", default=[])

    p = command(sub, "best", cmd_best, "top memories by rating plus random others (one list cycle)")
    p.add_argument("--top", type=int, default=5)
    p.add_argument("--random", type=int, default=3)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--remove", action="store_true", help="archive memories past the removal rule")

    p = command(sub, "simulate", cmd_simulate, "rating simulation: convergence with and without exploration",
                no_engine=True)
    p.add_argument("--rounds", type=int, default=20)
    p.add_argument("--read-only-rounds", type=int, default=50, help="list cycles per round")
    p.add_argument("--memories", type=int, default=40)
    p.add_argument("--seed", type=int, default=0)

    p = command(sub, "strategy", cmd_strategy, "HelloAgents strategies with a dry run: forget-by-importance, "
                "forget-by-age, forget-by-capacity, consolidate")
    p.add_argument("name", choices=["forget-by-importance", "forget-by-age", "forget-by-capacity", "consolidate"])
    p.add_argument("--threshold", type=float, default=None)
    p.add_argument("--days", type=float, default=None)
    p.add_argument("--capacity", type=int, default=None)
    p.add_argument("--from-tier", default="working")
    p.add_argument("--to-tier", default="episodic")
    p.add_argument("--apply", action="store_true", help="apply (default: dry run)")

    p = command(sub, "working", cmd_working, "working-memory capacity and TTL: evict lowest priority")
    p.add_argument("--preview", action="store_true")

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
    if args.baseline_queries:
        import importlib.util

        from ..errors import InvalidInput

        if importlib.util.find_spec("sklearn") is None:
            raise InvalidInput("baseline-queries", "the seed-002 baseline needs scikit-learn: "
                                                   "pip install 'memcore[bench]', or pass --baseline-queries 0")
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
        lines += [f"  ~ {s['old']} superseded by {s['new']}: {s['reason']}" if not s.get("kept") else
                  f"  ~ {s['old']} partly superseded by {s['new']}: {s['reason']}; it keeps: {s['kept']}"
                  for s in r.superseded]
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
    elif args.suite == "extraction":
        from ..errors import InvalidInput
        from ..eval import labels

        if not args.file:
            raise InvalidInput("file", "eval extraction needs a labelled extraction file")
        report = labels.evaluate_labels_file(args.file, progress=progress)
        text = labels.render_markdown(report)
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


def _changes_text(changes: Any) -> str:
    return "\n".join(f"  {c.kind.value} {c.memory_id}: {c.reason}" for c in changes) or "  (nothing to do)"


def cmd_decay(args: Any, engine: Any) -> tuple[Any, Any]:
    report = engine.decay(all_namespaces=args.all, curve=args.curve)
    return report, lambda r: (f"decay ({r.curve}): {r.memories} memories, {r.updated} strengths changed, "
                              f"mean strength {r.mean_strength}, {r.seconds} s")


def cmd_gc(args: Any, engine: Any) -> tuple[Any, Any]:
    if args.preview:
        from ..model.validation import positive_int

        limit = positive_int(args.limit, "limit", minimum=0)
        plan = engine.gc_preview()
        data = plan.to_dict(limit=limit)

        def render(_: Any) -> str:
            lines = [plan.summary]
            for name in ("promote", "demote", "archive", "delete"):
                for entry in data[name]:
                    lines.append(f"  {name:8} {entry['memory_id']}  {entry['reason']}")
            return "\n".join(lines)

        return data, render
    plan, events = engine.gc()
    return {"summary": plan.summary, "events": [e.id for e in events]}, \
        lambda r: f"applied: {r['summary']} ({len(r['events'])} events)"


def cmd_inspect(args: Any, engine: Any) -> tuple[Any, Any]:
    inspection = engine.inspect(args.id)

    def render(i: Any) -> str:
        parts = "\n".join(f"    {p.name:16} raw {p.raw:7.3f} x {p.weight:5.2f} = {p.contribution:7.3f}"
                          for p in i.score.parts)
        return (f"{i.memory.id} [{i.memory.type.value}, {i.memory.state.value}, {i.memory.tier.value}] "
                f"{short(i.memory.content, 70)}\n  score ({i.score.policy}) {i.score.total:.3f}\n{parts}\n"
                f"  strength {i.strength:.3f} (R {i.retrievability:.3f}, stability {i.memory.stability:g} d)\n"
                f"  GC: {i.gc.action.value} -> {i.gc.to_tier.value}: {i.gc.reason}\n"
                f"  lineage: {' -> '.join(i.lineage)}")

    return inspection, render


def cmd_reflect(args: Any, engine: Any) -> tuple[Any, Any]:
    outcome = engine.reflect(apply=not args.preview)
    return outcome, lambda o: ("preview\n" if args.preview else "") + o.report.to_markdown()


def cmd_feedback(args: Any, engine: Any) -> tuple[Any, Any]:
    events = engine.feedback(args.trace_id, args.useful, args.not_useful)
    return events, lambda es: "\n".join(f"  {e.memory_id}: {e.reason}" for e in es)


def cmd_best(args: Any, engine: Any) -> tuple[Any, Any]:
    best = engine.list_best(args.top, args.random, seed=args.seed, remove=args.remove)
    data = {"top": [vars_of(i) for i in best.top], "random": [vars_of(i) for i in best.random],
            "removable": list(best.removable)}
    return data, lambda d: "top:\n" + "\n".join(f"  {i['id']} rating {i['rating']:.1f}" for i in d["top"]) + \
        "\nrandom:\n" + "\n".join(f"  {i['id']} rating {i['rating']:.1f}" for i in d["random"])


def vars_of(item: Any) -> dict[str, Any]:
    return {"id": item.id, "rating": item.rating, "feedback_count": item.feedback_count, "age_cycles": item.age_cycles}


def cmd_simulate(args: Any, engine: Any) -> tuple[Any, Any]:
    from ..lifecycle import simulate

    report = simulate(rounds=args.rounds, read_only_rounds=args.read_only_rounds, n_memories=args.memories,
                      seed=args.seed)
    return report, lambda r: r.to_markdown()


def cmd_strategy(args: Any, engine: Any) -> tuple[Any, Any]:
    name = args.name.replace("-", "_")
    options: dict[str, Any] = {}
    if name == "forget_by_importance" and args.threshold is not None:
        options["threshold"] = args.threshold
    if name == "forget_by_age" and args.days is not None:
        options["max_age_days"] = args.days
    if name == "forget_by_capacity":
        from ..errors import InvalidInput

        if args.capacity is None:
            raise InvalidInput("capacity", "forget-by-capacity needs --capacity N")
        options["capacity"] = args.capacity
    if name == "consolidate":
        plan, events = engine.consolidate(args.from_tier, args.to_tier,
                                          0.7 if args.threshold is None else args.threshold, apply=args.apply)
    else:
        plan, events = engine.strategy(name, apply=args.apply, **options)
    data = {"applied": args.apply, "summary": plan.summary, "changes": [c.to_dict() for c in plan.changes()],
            "events": [e.id for e in events]}
    return data, lambda d: ("applied: " if d["applied"] else "dry run: ") + d["summary"] + "\n" + \
        _changes_text(list(plan.changes()))


def cmd_working(args: Any, engine: Any) -> tuple[Any, Any]:
    plan, events = engine.working_memory(apply=not args.preview)
    data = {"applied": not args.preview, "summary": plan.summary, "changes": [c.to_dict() for c in plan.changes()]}
    return data, lambda d: d["summary"] + "\n" + _changes_text(list(plan.changes()))


def cmd_episodes(args: Any, engine: Any) -> tuple[Any, Any]:
    if args.session and args.consolidate:
        report = engine.consolidate_session(args.session)
        return report, lambda r: (f"{len(r.episodes)} new episodes, {len(r.notes)} notes\n" +
                                  "\n".join(f"  + [{m.type.value}] {short(m.content, 70)}" for m in r.notes))
    items = engine.episodes(args.session)
    return items, lambda es: table([{"id": e["id"], "session": e["session_id"], "turns": e["turn_count"],
                                     "consolidated": e["consolidated"], "title": short(e["title"], 50)}
                                    for e in es], ["id", "session", "turns", "consolidated", "title"])
