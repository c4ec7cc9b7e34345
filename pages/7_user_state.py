"""User state: current values, the full bi-temporal history of every key (table and timeline), and the
values as of any moment."""

from __future__ import annotations

from datetime import UTC, datetime, time

import pandas as pd
import streamlit as st

from inspector import charts
from inspector.session import current_engine
from inspector.ui import compact_json, flash, md, show_flash, shown_errors, when

st.title("User state")
show_flash()
engine = current_engine()
st.caption(f"Keys of user **{md(engine.user_id)}**. Each change closes the current row (valid_until) and opens a "
           "new one, so nothing is overwritten.")


def shown(value: object) -> str:
    return value if isinstance(value, str) else compact_json(value)


with shown_errors():
    current = engine.state()
    history = list(engine.state_history())
    if not history:
        st.info("No user state yet: set a key below (e.g. `name`, `preferred_address`), or run `memcore demo`.")
    else:
        left, right = st.columns([2, 3])
        with left:
            st.subheader("Current")
            st.dataframe(pd.DataFrame([{"key": k, "value": shown(v)} for k, v in sorted(current.items())]),
                         hide_index=True)
        with right:
            st.subheader("As of")
            first = min(r.valid_from for r in history).date()
            a1, a2 = st.columns(2)
            day = a1.date_input("Date", value=datetime.now(UTC).date(), min_value=first, key="us_asof_date")
            moment = a2.time_input("Time (UTC)", value=time(23, 59), key="us_asof_time")
            as_of = datetime.combine(day, moment, tzinfo=UTC)
            values = engine.state_as_of(as_of)
            if values:
                st.dataframe(pd.DataFrame([{"key": k, "value": shown(v)} for k, v in sorted(values.items())]),
                             hide_index=True)
            else:
                st.caption(f"No key had a value at {when(as_of)}.")

        keys = sorted({r.key for r in history})
        chosen = st.multiselect("Keys", keys, default=keys, key="us_keys")
        rows = [r for r in history if r.key in chosen]
        now = datetime.now(UTC)
        if rows:
            st.plotly_chart(charts.state_timeline([{"key": r.key, "value": shown(r.value), "valid_from": r.valid_from,
                                                    "valid_until": r.valid_until} for r in rows], now, as_of))
            st.dataframe(pd.DataFrame([{"key": r.key, "value": shown(r.value), "valid_from": when(r.valid_from, True),
                                        "valid_until": when(r.valid_until, True) or "(current)",
                                        "recorded_at": when(r.recorded_at, True)}
                                       for r in sorted(rows, key=lambda r: (r.key, r.valid_from))]),
                         hide_index=True)

    with st.form("us_set"):
        st.markdown("**Set a value**")
        f1, f2 = st.columns(2)
        key = f1.text_input("Key", key="us_key", placeholder="e.g. preferred_address")
        value = f2.text_input("Value", key="us_value")
        if st.form_submit_button("Set"):
            row = engine.set_state(key, value)
            flash(f"{row.key} = {shown(row.value)} from {when(row.valid_from, True)}.")
            st.rerun()
