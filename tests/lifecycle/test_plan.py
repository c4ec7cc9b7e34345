import json

import pytest

from memcore.errors import InvalidInput
from memcore.lifecycle import Change, PlannedLink, apply_change
from memcore.model import EventKind, LinkKind, MemoryState

from .conftest import NOW, mem


def test_change_to_dict_is_json_ready():
    change = Change("a", EventKind.EXPIRED, "why", before={"state": MemoryState.ACTIVE, "expired_at": None},
                    after={"state": MemoryState.EXPIRED, "expired_at": NOW, "metadata": {"k": [MemoryState.ARCHIVED]}},
                    links=(PlannedLink("a", "b", LinkKind.MERGED_INTO, 0.9),))
    data = json.loads(json.dumps(change.to_dict()))
    assert data["after"] == {"state": "expired", "expired_at": NOW.isoformat(), "metadata": {"k": ["archived"]}}
    assert data["links"] == [{"source_id": "a", "target_id": "b", "kind": "merged_into", "weight": 0.9}]


def test_apply_change_sets_after_fields_and_checks_the_id():
    m = mem("a")
    out = apply_change(m, Change("a", EventKind.ARCHIVED, "x", after={"state": MemoryState.ARCHIVED}))
    assert out.state is MemoryState.ARCHIVED and m.state is MemoryState.ACTIVE
    with pytest.raises(InvalidInput):
        apply_change(m, Change("b", EventKind.ARCHIVED, "x"))
