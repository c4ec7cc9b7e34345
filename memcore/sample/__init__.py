"""The demo dataset behind ``memcore demo``: three people, two projects each, six months of history.

    import memcore
    from memcore.sample import load_demo

    engine = memcore.open("demo.db")
    report = load_demo(engine)          # a second call returns already_loaded=True
    load_demo(engine, reset=True)       # wipe the sample users and load afresh

Data lives in ``maya.py``, ``tomas.py``, ``aiko.py`` (memories, blocks, user state) and
``conversations.json`` (raw conversation turns and the memories extracted from them).
"""

from .loader import PEOPLE, SAMPLE_USERS, DemoReport, conversations, demo_report, is_loaded, load_demo, remove_demo

__all__ = ["DemoReport", "PEOPLE", "SAMPLE_USERS", "conversations", "demo_report", "is_loaded", "load_demo",
           "remove_demo"]
