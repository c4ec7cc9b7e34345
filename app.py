"""memcore inspector: `streamlit run app.py` (or `memcore ui`). Database from MEMCORE_DB.

The one navigation mechanism is ``st.navigation``: every page is registered below; each page file
also runs on its own (it opens the engine through ``inspector.session``).
"""

from __future__ import annotations

import streamlit as st

from inspector.session import NAMESPACE_KEY, base_engine, database_url, namespace_options
from inspector.ui import shown_errors

st.set_page_config(page_title="memcore inspector", page_icon=":material/memory:", layout="wide")

PAGES = [
    st.Page("pages/1_memories.py", title="Memories", icon=":material/list_alt:", url_path="memories", default=True),
    st.Page("pages/2_timeline.py", title="Timeline", icon=":material/timeline:", url_path="timeline"),
    st.Page("pages/3_graph.py", title="Graph", icon=":material/hub:", url_path="graph"),
    st.Page("pages/4_trace.py", title="Trace explainer", icon=":material/manage_search:", url_path="trace"),
    st.Page("pages/5_analytics.py", title="Analytics", icon=":material/monitoring:", url_path="analytics"),
    st.Page("pages/6_blocks.py", title="Blocks", icon=":material/view_agenda:", url_path="blocks"),
    st.Page("pages/7_user_state.py", title="User state", icon=":material/person:", url_path="user-state"),
    st.Page("pages/8_evaluation.py", title="Evaluation", icon=":material/science:", url_path="evaluation"),
    st.Page("pages/9_settings.py", title="Settings", icon=":material/settings:", url_path="settings"),
]

page = st.navigation(PAGES)

with st.sidebar:
    st.markdown("**memcore** inspector")
    with shown_errors():
        engine = base_engine()
        options = namespace_options(engine)
        if st.session_state.get(NAMESPACE_KEY) not in options:
            st.session_state[NAMESPACE_KEY] = options[0]
        st.selectbox("User / project", options, key=NAMESPACE_KEY,
                     help="Every page shows one namespace; namespaces with memories are listed.")
        st.caption(f"Database: `{engine.db.safe_url}`" + ("" if database_url() else " (default; set MEMCORE_DB)"))

page.run()
