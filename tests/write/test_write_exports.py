"""The public surface of memcore.write and memcore.llm: curated, importable, documented."""

from __future__ import annotations

import inspect
import subprocess
import sys

import pytest

import memcore.llm as llm
import memcore.write as write


@pytest.mark.parametrize("module", [write, llm])
def test_all_names_exist_and_public_callables_are_documented(module):
    assert len(module.__all__) == len(set(module.__all__))
    for name in module.__all__:
        obj = getattr(module, name)
        if inspect.isfunction(obj):
            assert obj.__doc__, f"{module.__name__}.{name} has no docstring"


def test_write_and_llm_import_without_http_client_packages():
    code = ("import sys, memcore.write, memcore.llm; "
            "bad = [m for m in ('httpx', 'requests', 'aiohttp', 'openai') if m in sys.modules]; "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
