"""What the channels index for a memory: content, keywords column text, embedding text."""

from __future__ import annotations

from memcore.index.documents import embedding_text, keywords_text, retrieval_context
from memcore.model import Memory


def memory(**kw) -> Memory:
    return Memory(id="m", user_id="u", project_id="p", content="Adoption agencies!", **kw)


def test_context_goes_to_keywords_and_embedding_but_not_content():
    m = memory(tags=["family"], entities=["Caroline"],
               metadata={"context": "Melanie: What are you\nresearching?", "dia_id": "D2:8"})
    assert retrieval_context(m) == "Melanie: What are you researching?"
    assert keywords_text(m) == "family Caroline Melanie: What are you researching?"
    assert embedding_text(m) == "Adoption agencies!\nMelanie: What are you researching?"
    assert m.content == "Adoption agencies!"


def test_without_context_nothing_is_added():
    m = memory(metadata={"context": 42})
    assert retrieval_context(m) == "" and keywords_text(m) == "" and embedding_text(m) == m.content
