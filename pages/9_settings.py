"""Settings: the one settings table (name, value, help) of the engine behind this inspector."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from inspector.session import current_engine, database_url
from inspector.ui import compact_json, shown_errors
from memcore import SETTINGS

st.title("Settings")
engine = current_engine()
with shown_errors():
    values = engine.runtime.settings.as_dict()
    values["db"] = engine.db.safe_url
    for name in values:  # never show a credential
        if name.endswith(("api_key", "password", "token")) and values[name]:
            values[name] = "(set, hidden)"
    st.dataframe(pd.DataFrame([{"name": s.name, "value": values[s.name] if isinstance(values[s.name], str)
                                else compact_json(values[s.name]), "default": compact_json(s.default), "help": s.help}
                               for s in SETTINGS]), hide_index=True,
                 column_config={"help": st.column_config.TextColumn(width="large")})
    st.caption(f"Database: `{engine.db.safe_url}` ({'MEMCORE_DB' if database_url() else 'default location'}). "
               "Settings come from `memcore.open(settings=...)` or MEMCORE_* variables read by the CLI.")
