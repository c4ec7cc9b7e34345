"""Blocks: named, prioritised context blocks (Letta style). List by priority, create, edit with a token count
against max_tokens, delete, and every version."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from inspector.session import count_tokens, current_engine
from inspector.ui import flash, md, show_flash, shown_errors, when
from memcore.blocks.service import BLOCK_TYPES

NEW = "\u2795 new block"

st.title("Blocks")
show_flash()
engine = current_engine()
st.caption(f"Blocks belong to user **{md(engine.user_id)}** (shared by all of this user's projects).")

with shown_errors():
    blocks = engine.blocks()
    if blocks:
        st.dataframe(pd.DataFrame([{"priority": b.priority, "name": b.name, "type": b.block_type,
                                    "tokens": f"{b.token_count} / {b.max_tokens}", "version": b.version,
                                    "updated": when(b.updated_at), "content": b.content} for b in blocks]),
                     hide_index=True, column_config={"content": st.column_config.TextColumn(width="large")})
    else:
        st.info("No blocks yet: create one below (e.g. `persona` or `human`), or run `memcore demo`.")

    by_name = {b.name: b for b in blocks}
    if st.session_state.get("bl_pending_select") in by_name:  # select a block just created
        st.session_state["bl_select"] = st.session_state.pop("bl_pending_select")
    choice = st.selectbox("Block", [*by_name, NEW], key="bl_select")
    block = by_name.get(choice)
    slot = block.name if block else "+new"  # widget keys per block ("+" is never in a block name)
    with st.container(border=True):
        if block is None:
            name = st.text_input("Name", key="bl_new_name", placeholder="e.g. persona")
        else:
            name = block.name
            st.markdown(f"**{md(block.name)}** \u00b7 version {block.version} \u00b7 updated {when(block.updated_at)}")
        content = st.text_area("Content", block.content if block else "", key=f"bl_content_{slot}", height=160)
        c1, c2, c3 = st.columns(3)
        max_tokens = c1.number_input("max_tokens", 1, 100_000, block.max_tokens if block else 500,
                                     key=f"bl_max_{slot}")
        priority = c2.number_input("Priority", -1000, 1000, block.priority if block else 0, key=f"bl_priority_{slot}")
        btype = c3.selectbox("Type", BLOCK_TYPES, index=BLOCK_TYPES.index(block.block_type) if block else 4,
                             key=f"bl_type_{slot}")
        tokens = count_tokens(engine, content)
        over = tokens > max_tokens
        st.progress(min(1.0, tokens / max_tokens), text=f"{tokens} / {max_tokens} tokens"
                    + (" \u2014 over the limit: shorten it or raise max_tokens" if over else ""))
        b1, b2, b3 = st.columns([1, 1, 3])
        if b1.button("Save" if block else "Create", key="bl_save", type="primary", disabled=over):
            if not name.strip():
                st.warning("Give the block a name.")
            else:
                saved = engine.set_block(name.strip(), content, max_tokens=int(max_tokens), priority=int(priority),
                                         block_type=btype)
                flash(f"Block {saved.name} saved as version {saved.version} ({saved.token_count} tokens).")
                st.session_state["bl_pending_select"] = saved.name
                st.rerun()
        if block is not None:
            confirm = b3.checkbox(f"Confirm deleting {block.name}", key="bl_delete_confirm")
            if b2.button("Delete", key="bl_delete", disabled=not confirm):
                engine.delete_block(block.name)
                flash(f"Block {block.name} deleted (its versions stay in the history).", "warning")
                st.session_state.pop("bl_select", None)
                st.rerun()

    if block is not None:
        st.subheader("Versions")
        history = engine.block_history(block.name)
        st.dataframe(pd.DataFrame([{"version": h["version"], "recorded": when(h["recorded_at"], True),
                                    "content": "(deleted)" if h["deleted"] else h["content"],
                                    "type": h["block_type"], "max_tokens": h["max_tokens"], "priority": h["priority"]}
                                   for h in reversed(history)]), hide_index=True,
                     column_config={"content": st.column_config.TextColumn(width="large")})
