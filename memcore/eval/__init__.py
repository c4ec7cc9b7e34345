"""Evaluation: LoCoMo-format evidence recall and the shared metric code."""
