"""Library discipline: a curated public API, and an engine that imports without UI/server/LLM packages."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import memcore


def test_all_lists_exactly_the_public_names():
    public = {name for name in dir(memcore) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(memcore, name)).__name__ == "module"}
    assert set(memcore.__all__) == public - modules


def test_every_exception_derives_from_the_root():
    for name in memcore.__all__:
        obj = getattr(memcore, name)
        if isinstance(obj, type) and issubclass(obj, Exception):
            assert issubclass(obj, memcore.MemcoreError)


def test_engine_works_without_optional_packages(tmp_path):
    script = textwrap.dedent(f"""
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                root = name.split(".")[0]
                if root in {{"streamlit", "fastapi", "uvicorn", "mcp", "plotly", "pyvis", "pandas", "openai",
                             "httpx", "sentence_transformers", "torch", "sklearn", "psycopg"}}:
                    raise ImportError("blocked " + name)
        sys.meta_path.insert(0, Block())
        import memcore
        mem = memcore.open(r"{tmp_path / 'x.db'}")
        m = mem.add("works offline", type="note")
        assert mem.get(m.id).content == "works offline"
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
