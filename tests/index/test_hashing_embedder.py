"""The default offline embedder: deterministic unit vectors that put related texts close together."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.errors import InvalidInput
from memcore.index.hashing import HashingEmbedder


@pytest.fixture(scope="module")
def emb() -> HashingEmbedder:
    return HashingEmbedder(256)


def cos(emb: HashingEmbedder, a: str, b: str) -> float:
    va, vb = emb.embed([a, b])
    return float(va @ vb)


def test_shape_dtype_and_unit_rows(emb):
    out = emb.embed(["I adopted a greyhound", "Pottery classes on Tuesday", ""])
    assert out.shape == (3, 256) and out.dtype == np.float32
    assert np.allclose(np.linalg.norm(out[:2], axis=1), 1.0, atol=1e-5)
    assert not out[2].any()


def test_empty_batch(emb):
    assert emb.embed([]).shape == (0, 256)


def test_refuses_a_bare_string(emb):
    with pytest.raises(InvalidInput):
        emb.embed("not a list")


def test_same_text_same_vector_across_processes(emb):
    code = ("from memcore.index.hashing import HashingEmbedder;"
            "print(HashingEmbedder(256).embed(['Pixel chewed my running shoes'])[0][:8].tolist())")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    mine = emb.embed(["Pixel chewed my running shoes"])[0][:8].tolist()
    assert np.allclose(eval(other.stdout), mine)


def test_related_texts_are_closer_than_unrelated(emb):
    query = "When did Caroline go to the LGBTQ support group?"
    assert cos(emb, query, "I went to a LGBTQ support group yesterday") > \
        cos(emb, query, "We roasted marshmallows around the campfire")


def test_morphology_and_typos_still_match(emb):
    assert cos(emb, "education", "educaton") > max(0.12, cos(emb, "education", "vacation"))
    assert cos(emb, "counseling certification", "counselling certificaton") > 0.3
    assert cos(emb, "painting", "paintings") > 0.9


def test_concept_groups_link_related_words(emb):
    assert cos(emb, "my new job", "career change") > cos(emb, "my new job", "a purple umbrella")


def test_common_chatter_weighs_less_than_content(emb):
    base = "amazing awesome really great greyhound"
    assert cos(emb, base, "greyhound") > cos(emb, base, "amazing")


def test_embed_query_weights_shift_similarity(emb):
    doc = emb.embed(["Caroline researched adoption agencies"])[0]
    plain = emb.embed_query("Caroline adoption")
    weighted = emb.embed_query("Caroline adoption", {"carolin": 0.1, "adopt": 3.0})
    other = emb.embed(["Caroline said hello"])[0]
    assert weighted @ doc - weighted @ other > plain @ doc - plain @ other


def test_embed_query_without_weights_equals_embed(emb):
    assert np.allclose(emb.embed_query("half marathon in May"), emb.embed(["half marathon in May"])[0])


def test_name_identifies_dimension_and_settings():
    assert HashingEmbedder(256).name == "memcore-hash-v1-256"
    assert HashingEmbedder(384).name == "memcore-hash-v1-384"
    assert HashingEmbedder(256, ngram_weight=0.1).name.startswith("memcore-hash-v1-256-")


@pytest.mark.parametrize("dim", [0, 8, 10_000, "256"])
def test_bad_dimension_is_refused(dim):
    with pytest.raises(InvalidInput) as err:
        HashingEmbedder(dim)  # type: ignore[arg-type]
    assert err.value.field == "dim"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=60), min_size=1, max_size=6))
def test_rows_are_unit_or_zero_and_batch_independent(texts):
    emb = HashingEmbedder(64)
    batch = emb.embed(texts)
    norms = np.linalg.norm(batch, axis=1)
    assert np.all((np.abs(norms - 1) < 1e-4) | (norms == 0))
    assert np.allclose(batch[0], emb.embed(texts[:1])[0], atol=1e-6)
