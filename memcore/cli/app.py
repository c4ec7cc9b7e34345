"""The argument parser and the dispatch: errors become one ``error: ...`` line and an exit code."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable
from typing import Any, NoReturn

from ..errors import InvalidInput, MemcoreError, NotFound
from .output import emit_json

EXIT_INVALID = 2
EXIT_FAILURE = 1


class UsageError(Exception):
    """Bad command-line usage (exit 2)."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


Handler = Callable[[argparse.Namespace, Any], tuple[Any, Callable[[Any], str] | None]]


def add_common(parser: argparse.ArgumentParser) -> None:
    """Global options; accepted before or after the command (``memcore --json list`` or ``memcore list --json``)."""
    parser.add_argument("--db", default=argparse.SUPPRESS, help="database URL or file (env MEMCORE_DB)")
    parser.add_argument("--user", default=argparse.SUPPRESS, help="user id (env MEMCORE_USER, default 'default')")
    parser.add_argument("--project", default=argparse.SUPPRESS,
                        help="project id (env MEMCORE_PROJECT, default 'default')")
    parser.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print only JSON on stdout")
    parser.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help="show tracebacks on errors")


def build_parser() -> tuple[Parser, Any]:
    from . import commands_core, commands_more

    parser = Parser(prog="memcore", description="memcore: explainable memory for LLM agents")
    add_common(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands_core.register(sub)
    commands_more.register(sub)
    return parser, sub


def open_engine(args: argparse.Namespace) -> Any:
    import memcore
    from memcore.settings import Settings

    return memcore.open(getattr(args, "db", None) or os.environ.get("MEMCORE_DB") or None,
                        user=getattr(args, "user", None) or os.environ.get("MEMCORE_USER") or "default",
                        project=getattr(args, "project", None) or os.environ.get("MEMCORE_PROJECT") or "default",
                        settings=Settings.from_env())


def fail(message: str, code: int) -> int:
    sys.stderr.write("error: " + " ".join(str(message).split()) + "\n")
    return code


def run(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    parser, _ = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        return fail(f"{exc} (see memcore --help)", EXIT_INVALID)
    if not getattr(args, "command", None):
        parser.print_help()
        return EXIT_INVALID
    want_json = bool(getattr(args, "json", False))
    try:
        engine = None if getattr(args, "no_engine", False) else open_engine(args)
        try:
            result, render = args.handler(args, engine)
        finally:
            if engine is not None:
                engine.close()
        if want_json:
            emit_json(result)
        elif render is not None:
            text = render(result)
            if text:
                sys.stdout.write(text.rstrip("\n") + "\n")
        return 0
    except (InvalidInput, NotFound, UsageError) as exc:
        if debug:
            traceback.print_exc()
        return fail(str(exc), EXIT_INVALID)
    except MemcoreError as exc:
        if debug:
            traceback.print_exc()
        return fail(str(exc), EXIT_FAILURE)
    except KeyboardInterrupt:
        return fail("interrupted", EXIT_FAILURE)
    except OSError as exc:
        if debug:
            traceback.print_exc()
        return fail(f"{exc.strerror or exc}: {exc.filename or ''}".strip(": "), EXIT_FAILURE)
    except Exception as exc:  # noqa: BLE001 - the last line of defence of a CLI: one line, never a traceback
        if debug:
            traceback.print_exc()
        return fail(f"unexpected {type(exc).__name__}: {exc} (rerun with --debug for details)", EXIT_FAILURE)
