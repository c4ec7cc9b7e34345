"""Retrieval channels' building blocks: text helpers, embedders and the dense vector index."""

from .dense import DenseIndex, RebuildReport, vector_from_bytes, vector_to_bytes
from .documents import BM25_WEIGHTS, CONTEXT_KEY, embedding_text, keywords_text, retrieval_context
from .embedders import (
                        DEFAULT_DIM,
                        DEFAULT_EMBEDDER,
                        Embedder,
                        HashingEmbedder,
                        OpenAIEmbeddings,
                        SentenceTransformerEmbedder,
                        embed_query,
                        make_embedder,
                        normalize_rows,
)
from .termstats import TermStats, bm25_idf
from .text import content_term_set, content_terms, fts5_query, keyword_overlap, pg_tsquery, stem, words

__all__ = [
    "BM25_WEIGHTS", "CONTEXT_KEY", "embedding_text", "keywords_text", "retrieval_context",
    "DenseIndex", "RebuildReport", "vector_from_bytes", "vector_to_bytes", "DEFAULT_DIM", "DEFAULT_EMBEDDER",
    "Embedder", "HashingEmbedder", "OpenAIEmbeddings", "SentenceTransformerEmbedder", "make_embedder",
    "embed_query", "normalize_rows", "TermStats", "bm25_idf", "content_term_set", "content_terms", "fts5_query",
    "keyword_overlap", "pg_tsquery", "stem", "words",
]
