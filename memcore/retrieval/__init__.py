"""Retrieval: channels, fusion, scoring and the search operation."""
