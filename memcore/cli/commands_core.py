"""Core commands: init, demo, add, get, list, edit, pin, unpin, forget, restore, delete, forget-all,
timeline, history, stats, export, import, blocks, state, ui."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from ..errors import InvalidInput
from .app import UsageError, add_common
from .output import memory_line, short, show_memory, table, to_jsonable


def command(sub: Any, name: str, handler: Any, help: str, *, no_engine: bool = False) -> argparse.ArgumentParser:
    parser = sub.add_parser(name, help=help, description=help)
    add_common(parser)
    parser.set_defaults(handler=handler, no_engine=no_engine)
    return parser


def _mutation(result: Any) -> str:
    m, e = result.memory, result.event
    return f"{e.kind.value}: {m.id} is now {m.state.value} (event {e.id}: {e.reason})"


def register(sub: Any) -> None:
    command(sub, "init", cmd_init, "create or migrate the database")
    p = command(sub, "demo", cmd_demo, "load the sample data (several users and projects)")
    p.add_argument("--reset", action="store_true", help="remove existing sample namespaces first")

    p = command(sub, "add", cmd_add, "store a memory")
    p.add_argument("text")
    p.add_argument("--type", default="note")
    p.add_argument("--importance", type=float, default=0.5)
    p.add_argument("--confidence", type=float, default=0.8)
    p.add_argument("--tags", default="")
    p.add_argument("--entities", default="")
    p.add_argument("--tier", default="semantic")
    p.add_argument("--privacy", default="public")
    p.add_argument("--expires-at", default=None)
    p.add_argument("--valid-from", default=None)
    p.add_argument("--pinned", action="store_true", help="store it pinned")

    p = command(sub, "get", cmd_get, "show one memory")
    p.add_argument("id")

    p = command(sub, "list", cmd_list, "browse memories")
    p.add_argument("--state", default="", help="comma-separated states")
    p.add_argument("--type", default="", help="comma-separated types")
    p.add_argument("--tier", default="", help="comma-separated tiers")
    p.add_argument("--tag", default="", help="comma-separated tags (all must match)")
    p.add_argument("--text", default=None, help="substring of the content")
    p.add_argument("--sort", default="created_at")
    p.add_argument("--asc", action="store_true")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--offset", type=int, default=0)

    p = command(sub, "edit", cmd_edit, "change a memory (versioned)")
    p.add_argument("id")
    p.add_argument("--text", dest="content", default=None)
    for name in ("type", "importance", "confidence", "tags", "entities", "tier", "privacy", "expires-at",
                 "valid-from", "valid-until", "summary"):
        p.add_argument(f"--{name}", default=None)
    p.add_argument("--reason", default="edited by user")

    for name, helptext in (("pin", "pin a memory (always considered first)"), ("unpin", "unpin a memory"),
                           ("forget", "forget a memory (soft, reversible)"),
                           ("restore", "restore a forgotten, archived, expired or superseded memory")):
        p = command(sub, name, cmd_state_change, helptext)
        p.add_argument("id")
        p.add_argument("--reason", default=None)
        p.set_defaults(action=name)

    p = command(sub, "delete", cmd_delete, "hard-delete a memory: purge its content everywhere")
    p.add_argument("id")
    p.add_argument("--hard", action="store_true", help="required: confirms the purge")

    p = command(sub, "forget-all", cmd_forget_all, "forget every live memory of this user/project")
    p.add_argument("--yes", action="store_true", help="required: confirms")

    p = command(sub, "timeline", cmd_timeline, "events, newest first")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--kind", default="")
    p.add_argument("--actor", default="")
    p = command(sub, "history", cmd_history, "a memory's events, versions, links and lineage")
    p.add_argument("id")
    command(sub, "stats", cmd_stats, "counts by state, type, tier, privacy and event kind")

    p = command(sub, "export", cmd_export, "write this user/project as JSON lines")
    p.add_argument("file")
    p = command(sub, "import", cmd_import, "read a JSON-lines export into this user/project")
    p.add_argument("file")

    p = command(sub, "blocks", cmd_blocks, "named memory blocks: list | set NAME CONTENT | delete NAME | history NAME")
    p.add_argument("action", choices=["list", "set", "delete", "history", "get"])
    p.add_argument("name", nargs="?")
    p.add_argument("content", nargs="?")
    p.add_argument("--max-tokens", type=int, default=None)
    p.add_argument("--priority", type=int, default=None)
    p.add_argument("--block-type", default=None)

    p = command(sub, "state", cmd_state, "user state: set KEY VALUE | get [KEY] | history KEY | as-of TIME")
    p.add_argument("action", choices=["set", "get", "history", "as-of"])
    p.add_argument("key", nargs="?")
    p.add_argument("value", nargs="?")

    p = command(sub, "ui", cmd_ui, "start the inspector (Streamlit)", no_engine=True)
    p.add_argument("--port", type=int, default=8501)
    p.add_argument("--open-browser", action="store_true", help="also open a browser window")


def cmd_init(args: Any, engine: Any) -> tuple[Any, Any]:
    from ..store.migrations import LATEST

    return {"db": engine.db.safe_url, "schema_version": LATEST}, lambda r: f"ready: {r['db']} (schema v{r['schema_version']})"


def cmd_demo(args: Any, engine: Any) -> tuple[Any, Any]:
    from ..sample import load_demo

    report = load_demo(engine, reset=args.reset)
    return report, lambda r: (f"loaded sample data into {engine.db.safe_url}: " +
                              ", ".join(f"{k} {v}" for k, v in to_jsonable(r).items() if isinstance(v, int)))


def cmd_add(args: Any, engine: Any) -> tuple[Any, Any]:
    memory = engine.add(args.text, type=args.type, importance=args.importance, confidence=args.confidence,
                        tags=args.tags, entities=args.entities, tier=args.tier, privacy=args.privacy,
                        expires_at=args.expires_at, valid_from=args.valid_from,
                        state="pinned" if args.pinned else "active")
    return memory, lambda m: f"added {m.id} [{m.type.value}] {short(m.content)}"


def cmd_get(args: Any, engine: Any) -> tuple[Any, Any]:
    return engine.get(args.id), show_memory


def cmd_list(args: Any, engine: Any) -> tuple[Any, Any]:
    page = engine.list(states=args.state, types=args.type, tiers=args.tier, tags=args.tag, text=args.text,
                       sort=args.sort, descending=not args.asc, limit=args.limit, offset=args.offset)

    def render(p: Any) -> str:
        footer = f"\n{len(p.items)} of {p.total} (offset {p.offset})"
        return table([memory_line(m) for m in p.items], ["id", "type", "state", "tier", "imp", "created", "content"]) + footer

    return page, render


def cmd_edit(args: Any, engine: Any) -> tuple[Any, Any]:
    changes = {k.replace("-", "_"): v for k, v in vars(args).items()
               if k in ("content", "type", "importance", "confidence", "tags", "entities", "tier", "privacy",
                        "expires_at", "valid_from", "valid_until", "summary") and v is not None}
    if not changes:
        raise InvalidInput("edit", "nothing to change; give --text, --type, --importance, --tags, ...")
    return engine.edit(args.id, reason=args.reason, **changes), _mutation


def cmd_state_change(args: Any, engine: Any) -> tuple[Any, Any]:
    method = getattr(engine, args.action)
    result = method(args.id, args.reason) if args.reason else method(args.id)
    return result, _mutation


def cmd_delete(args: Any, engine: Any) -> tuple[Any, Any]:
    if not args.hard:
        raise UsageError("delete purges content for good; add --hard to confirm (or use 'forget' to hide it)")
    event = engine.delete(args.id)
    return event, lambda e: f"purged {e.memory_id}; tombstone event {e.id}"


def cmd_forget_all(args: Any, engine: Any) -> tuple[Any, Any]:
    if not args.yes:
        raise UsageError(f"forget-all archives every live memory of {engine.user_id}/{engine.project_id}; add --yes")
    result = engine.forget_all()
    return {"forgotten": len(result), "ids": [r.memory.id for r in result]}, lambda r: f"forgot {r['forgotten']} memories"


def cmd_timeline(args: Any, engine: Any) -> tuple[Any, Any]:
    page = engine.timeline(limit=args.limit, kinds=args.kind, actors=args.actor)

    def render(p: Any) -> str:
        return table([{"at": e.at.strftime("%Y-%m-%d %H:%M"), "kind": e.kind.value, "actor": e.actor.value,
                       "memory": e.memory_id or "", "reason": short(e.reason, 60)} for e in p.items],
                     ["at", "kind", "actor", "memory", "reason"])

    return page, render


def cmd_history(args: Any, engine: Any) -> tuple[Any, Any]:
    history = engine.history(args.id)

    def render(h: Any) -> str:
        head = show_memory(h.memory) if h.memory else f"{args.id}: hard-deleted (content purged)"
        events = table([{"at": e.at.strftime("%Y-%m-%d %H:%M"), "kind": e.kind.value, "actor": e.actor.value,
                         "reason": short(e.reason, 60)} for e in h.events], ["at", "kind", "actor", "reason"])
        lineage = " -> ".join(h.lineage)
        return f"{head}\n\nevents:\n{events}\n\nversions: {len(h.versions)}  lineage: {lineage}"

    return history, render


def cmd_stats(args: Any, engine: Any) -> tuple[Any, Any]:
    def render(s: Any) -> str:
        parts = [f"memories: {s.total}  live tokens: {s.tokens_live}  links: {s.links}"]
        for label in ("by_state", "by_type", "by_tier", "by_privacy", "events_by_kind"):
            values = getattr(s, label)
            parts.append(f"{label}: " + ", ".join(f"{k} {v}" for k, v in sorted(values.items())))
        return "\n".join(parts)

    return engine.stats(), render


def cmd_export(args: Any, engine: Any) -> tuple[Any, Any]:
    rows = engine.export(args.file)
    return {"file": args.file, "rows": rows}, lambda r: f"exported {r['rows']} rows to {r['file']}"


def cmd_import(args: Any, engine: Any) -> tuple[Any, Any]:
    if not Path(args.file).exists():
        raise InvalidInput("file", f"{args.file} does not exist")
    report = engine.import_(args.file)
    return report, lambda r: "imported " + ", ".join(f"{k} {v}" for k, v in r.rows.items() if v)


def cmd_blocks(args: Any, engine: Any) -> tuple[Any, Any]:
    def need(value: Any, what: str) -> Any:
        if value is None:
            raise UsageError(f"blocks {args.action} needs {what}")
        return value

    if args.action == "list":
        blocks = engine.blocks()
        return blocks, lambda bs: table([{"name": b.name, "type": b.block_type, "priority": b.priority,
                                          "tokens": f"{b.token_count}/{b.max_tokens}", "v": b.version,
                                          "content": short(b.content, 50)} for b in bs],
                                        ["name", "type", "priority", "tokens", "v", "content"])
    if args.action == "get":
        return engine.block(need(args.name, "NAME")), lambda b: f"{b.name} v{b.version} ({b.token_count}/{b.max_tokens} tokens)\n{b.content}"
    if args.action == "set":
        block = engine.set_block(need(args.name, "NAME"), need(args.content, "CONTENT"), max_tokens=args.max_tokens,
                                 priority=args.priority, block_type=args.block_type)
        return block, lambda b: f"block {b.name} is now v{b.version} ({b.token_count}/{b.max_tokens} tokens)"
    if args.action == "delete":
        block = engine.delete_block(need(args.name, "NAME"))
        return block, lambda b: f"deleted block {b.name}"
    history = engine.block_history(need(args.name, "NAME"))
    return history, lambda h: table([{"v": x["version"], "at": x["recorded_at"][:16],
                                      "content": "(deleted)" if x["deleted"] else short(x["content"], 60)} for x in h],
                                    ["v", "at", "content"])


def cmd_state(args: Any, engine: Any) -> tuple[Any, Any]:
    if args.action == "set":
        if args.key is None or args.value is None:
            raise UsageError("state set needs KEY and VALUE")
        row = engine.set_state(args.key, args.value)
        return row, lambda r: f"{r.key} = {r.value!r} (valid from {r.valid_from.isoformat()})"
    if args.action == "get":
        values = engine.state(args.key)
        return values, lambda v: "\n".join(f"{k} = {val!r}" for k, val in v.items()) or "(no user state yet)"
    if args.action == "history":
        if args.key is None:
            raise UsageError("state history needs KEY")
        rows = engine.state_history(args.key)
        return rows, lambda rs: table([{"value": r.value, "valid_from": r.valid_from.isoformat()[:19],
                                        "valid_until": r.valid_until.isoformat()[:19] if r.valid_until else "now"}
                                       for r in rs], ["value", "valid_from", "valid_until"])
    if args.key is None:
        raise UsageError("state as-of needs TIME (ISO-8601, or -3d)")
    values = engine.state_as_of(args.key)
    return values, lambda v: "\n".join(f"{k} = {val!r}" for k, val in v.items()) or "(nothing was known then)"


def cmd_ui(args: Any, engine: Any) -> tuple[Any, Any]:
    app = Path(__file__).resolve().parents[2] / "app.py"
    if not app.exists():
        raise InvalidInput("ui", f"the inspector app was not found at {app}; run from a memcore checkout")
    env = dict(os.environ)
    for key in ("db", "user", "project"):
        if getattr(args, key, None):
            env[f"MEMCORE_{key.upper()}"] = getattr(args, key)
    command_line = [sys.executable, "-m", "streamlit", "run", str(app), "--server.port", str(args.port),
                    "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
                    "--server.headless", "false" if args.open_browser else "true"]
    sys.stderr.write(f"memcore inspector on http://127.0.0.1:{args.port} (Ctrl+C to stop)\n")
    code = subprocess.call(command_line, env=env)
    return {"exit_code": code}, None
