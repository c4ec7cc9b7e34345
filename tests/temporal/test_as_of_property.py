"""Hypothesis: as_of(t) never sees a row recorded after t, and always sees the latest value known at t."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memcore

changes = st.lists(st.tuples(st.sampled_from(["name", "nickname", "timezone"]), st.integers(0, 999),
                             st.integers(1, 5000)), min_size=1, max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=changes, probes=st.lists(st.integers(-10, 60000), min_size=1, max_size=8))
def test_as_of_never_sees_the_future(tmp_path_factory, clock, changes, probes):
    start = clock.now()
    engine = memcore.open(f"sqlite:///{tmp_path_factory.mktemp('asof') / 's.db'}", user="u", clock=clock)
    try:
        written = []  # (recorded_at, key, value)
        for key, value, gap in changes:
            clock.advance(seconds=gap)
            engine.set_state(key, f"v{value}")
            written.append((clock.now(), key, f"v{value}"))
        for offset in probes:
            t = start + timedelta(seconds=offset)
            seen = engine.state_as_of(t)
            expected: dict = {}
            for recorded, key, value in written:
                if recorded <= t:
                    expected[key] = value
            assert seen == expected
    finally:
        engine.close()
