"""Secret redaction: every kind, no false positives on prose, and Hypothesis properties."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.errors import InvalidInput, SecretDetected
from memcore.write import MARKER, SecretKind, Turn, contains_secret, extract_rules, find_secrets, redact, refuse_secrets

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

SAMPLES = [
    ("sk-abcdefghijklmnopqrstuvwxyz123456", SecretKind.API_KEY),
    ("sk-proj-AbCdEfGhIjKlMnOpQrStUv", SecretKind.API_KEY),
    ("AKIAABCDEFGHIJKLMNOP", SecretKind.AWS_ACCESS_KEY),
    ("LTAI5tAbCdEfGhIjKlMn", SecretKind.ALIBABA_ACCESS_KEY),
    ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", SecretKind.GITHUB_TOKEN),
    ("gho_abcdefghijklmnopqrstuvwxyz012345", SecretKind.GITHUB_TOKEN),
    ("ghu_abcdefghijklmnopqrstuvwxyz012345", SecretKind.GITHUB_TOKEN),
    ("ghs_abcdefghijklmnopqrstuvwxyz012345", SecretKind.GITHUB_TOKEN),
    ("ghr_abcdefghijklmnopqrstuvwxyz012345", SecretKind.GITHUB_TOKEN),
    ("Bearer abcdefghijklmnopqrstuvwxyz.123", SecretKind.BEARER_TOKEN),
    ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", SecretKind.JWT),
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----", SecretKind.PRIVATE_KEY),
    ("password = hunter22", SecretKind.CREDENTIAL_ASSIGNMENT),
    ("api_key: 'q8R2x9Lm3Kp'", SecretKind.CREDENTIAL_ASSIGNMENT),
    ("DB_PASSWORD=Summer2024!", SecretKind.CREDENTIAL_ASSIGNMENT),
    ("my password is Tr0ub4dor&3", SecretKind.CREDENTIAL_ASSIGNMENT),
    ("client_secret=abcd", SecretKind.CREDENTIAL_ASSIGNMENT),
]


@pytest.mark.parametrize("secret, kind", SAMPLES)
def test_every_kind_is_redacted_and_named(secret, kind):
    result = redact(f"please remember {secret} for later")
    assert kind in result.found
    assert MARKER in result.text
    assert not contains_secret(result.text)
    if kind is not SecretKind.CREDENTIAL_ASSIGNMENT:
        assert secret not in result.text


@pytest.mark.parametrize("prose", [
    "the token budget is 2500",
    "password managers are useful",
    "Constraint: never log user secrets or tokens.",
    "Never commit API keys to the repository.",
    "The password is stored in Vault.",
    "bearer tokens are sent in a header",
    "max_tokens=2500 works for summaries",
    "primary key: user_id",
    "the API key is in the .env file",
    "our task-management app uses scikit-learn",
    "secret: we ship on Friday",
])
def test_prose_is_not_redacted(prose):
    result = redact(prose)
    assert result.text == prose and result.found == ()
    assert not contains_secret(prose)


def test_refuse_secrets_names_kind_never_value():
    secret = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
    with pytest.raises(SecretDetected) as info:
        refuse_secrets(f"token is {secret}", "content")
    assert isinstance(info.value, InvalidInput)
    assert info.value.field == "content"
    assert "github token" in str(info.value)
    assert secret not in str(info.value)


def test_refuse_secrets_passes_clean_text_through():
    assert refuse_secrets("I prefer pnpm", "content") == "I prefer pnpm"


def test_find_secrets_lists_each_kind_once():
    kinds = find_secrets("sk-abcdefghijklmnopqrstuv and AKIAABCDEFGHIJKLMNOP and sk-zyxwvutsrqponmlkjihg")
    assert kinds.count(SecretKind.API_KEY) == 1 and SecretKind.AWS_ACCESS_KEY in kinds


# ------------------------------------------------------------------ properties

def _token(alphabet: str, size: int) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet, min_size=size, max_size=size + 12)


secrets = st.one_of(
    _token(ALNUM, 20).map(lambda s: "sk-" + s),
    _token(UPPER, 16).map(lambda s: "AKIA" + s[:16]),
    _token(ALNUM, 14).map(lambda s: "LTAI" + s),
    st.tuples(st.sampled_from(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]), _token(ALNUM, 24)).map("".join),
    _token(ALNUM, 20).map(lambda s: "Bearer " + s),
    st.tuples(_token(ALNUM, 8), _token(ALNUM, 8), _token(ALNUM, 8)).map(lambda p: "eyJ" + ".".join(p)),
    st.tuples(st.sampled_from(["password", "api_key", "secret", "token", "AWS_SECRET_KEY"]),
              st.sampled_from(["=", " = ", ": "]), _token(ALNUM, 6).map(lambda s: s + "9x")).map("".join),
    _token(ALNUM, 30).map(lambda s: f"-----BEGIN PRIVATE KEY-----\n{s}\n-----END PRIVATE KEY-----"),
)
filler = st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N", "Zs", "P")), max_size=40)


@settings(max_examples=300, deadline=None)
@given(before=filler, secret=secrets, after=filler)
def test_redacted_output_never_matches_a_secret_pattern(before, secret, after):
    out = redact(f"{before} {secret} {after}")
    assert not contains_secret(out.text)
    assert out.found


@settings(max_examples=150, deadline=None)
@given(before=filler, secret=secrets, after=filler,
       cue=st.sampled_from(["I prefer to keep", "Never commit", "Remember that we use", "We decided to rotate",
                            "Lesson learned: do not paste", "Temporary note: testing with"]))
def test_extraction_output_never_contains_a_secret(before, secret, after, cue):
    turns = [Turn("user", f"{before}. {cue} {secret} {after}", "t1")]
    for candidate in extract_rules(turns, now=NOW):
        assert not contains_secret(candidate.content)
        for item in (*candidate.tags, *candidate.entities):
            assert not contains_secret(item)
