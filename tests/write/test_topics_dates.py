"""Topic-group analysis (choices, polarity, scopes, slots) and date resolution."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from memcore.write import analyze, find_dates

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)  # Wednesday


def choices(text: str) -> set[tuple[str, str, bool]]:
    return {(c.group, c.term, c.positive) for c in analyze(text).choices}


@pytest.mark.parametrize("text, expected", [
    ("Use Next.js instead of React + Vite.", {("frontend", "next.js", True), ("frontend", "react", False),
                                              ("bundler", "vite", False)}),
    ("We switched from npm to pnpm.", {("package-manager-js", "npm", False), ("package-manager-js", "pnpm", True)}),
    ("We replaced MySQL with Postgres.", {("database", "mysql", False), ("database", "postgresql", True)}),
    ("Flask was replaced by FastAPI.", {("backend", "flask", False), ("backend", "fastapi", True)}),
    ("Not React anymore, we're on Svelte now.", {("frontend", "react", False), ("frontend", "svelte", True)}),
    ("I used to use Vim but now I use VS Code.", {("editor", "vim", False), ("editor", "vs code", True)}),
    ("Let's go with Postgres over MongoDB.", {("database", "postgresql", True), ("database", "mongodb", False)}),
    ("Azure is deprecated for us.", {("cloud", "azure", False)}),
    ("We migrated off Heroku to Google Cloud.", {("cloud", "heroku", False), ("cloud", "gcp", True)}),
    ("Never deploy to Azure or GCP.", {("cloud", "azure", False), ("cloud", "gcp", False)}),
])
def test_polarity_from_replacement_and_negation_cues(text, expected):
    assert choices(text) == expected


def test_ambiguous_words_need_context():
    assert choices("Use a dark UI.") == {("ui-theme", "dark", True)}
    assert choices("It was a dark and stormy night.") == set()
    assert choices("Keep answers short.") == {("answer-style", "concise", True)}
    assert choices("The meeting was short.") == set()


def test_case_sensitive_terms_are_not_matched_at_sentence_start():
    assert choices("Go ahead and write it in Python.") == {("language", "python", True)}
    assert ("language", "go", True) in choices("We ported the backend to Go.")


def test_npm_is_not_pnpm():
    assert choices("Use pnpm.") == {("package-manager-js", "pnpm", True)}


def test_profile_slots():
    assert choices("My name is Alex Chen.") == {("name", "alex chen", True)}
    assert choices("I moved to Berlin last month.") == {("location", "berlin", True)}
    assert ("favourite:color", "blue", True) in choices("My favourite colour is blue.")


def test_scopes_and_replacement_intent():
    a = analyze("Use Postgres in production.")
    assert "production" in a.scopes and not a.replacement_intent
    assert analyze("Actually, use MySQL.").replacement_intent
    assert analyze("We ported the backend to Go.").replacement_intent


@pytest.mark.parametrize("text, day", [
    ("due 2026-12-01", date(2026, 12, 1)),
    ("by March 3", date(2026, 3, 3)),
    ("on the 3rd of March 2027", date(2027, 3, 3)),
    ("by Friday", date(2026, 1, 9)),
    ("next Wednesday", date(2026, 1, 14)),
    ("this Wednesday", date(2026, 1, 7)),
    ("tomorrow", date(2026, 1, 8)),
    ("in 3 days", date(2026, 1, 10)),
    ("in two weeks", date(2026, 1, 21)),
    ("end of month", date(2026, 1, 31)),
    ("by Jan 2", date(2027, 1, 2)),
    ("before 2/14", date(2026, 2, 14)),
])
def test_dates_resolve_against_now(text, day):
    found = find_dates(text, NOW)
    assert found and found[0].day == day


def test_no_dates_in_plain_text_and_invalid_dates_are_skipped():
    assert find_dates("we use FastAPI for the API", NOW) == []
    assert find_dates("version 2026-13-45 is odd", NOW) == []
