"""The write path (SPEC 7): redaction, extraction, dedupe, contradiction, episodes, compaction.

Everything here is pure: functions take turns, candidates and memories and return typed
plans; the engine applies a plan to the store in one transaction.

    extraction = extract(turns, now=now, provider=llm, existing=memories)   # rules when llm is None
    plan = plan_write(extraction.candidates, memories, now=now, provider=llm)
    # apply: plan.creates, plan.merges, plan.supersessions, plan.extensions,
    #        extraction.updates / extraction.forgets (already ownership-checked)
"""

from .candidates import Candidate, Turn
from .claims import Claim, NewRef, Ref
from .compaction import CompactionReport, CompactionSettings, Message, Stage, StageReport, compact
from .contradiction import Relation, Verdict, classify, classify_rules, decide_by_rules
from .dates import DateMention, find_dates
from .dedupe import DuplicateMatch, MatchMethod, find_duplicate, text_similarity
from .editor import (
                     EDITOR_SCHEMA,
                     EditorProposal,
                     ForgetRequest,
                     OwnershipCheck,
                     RejectedRequest,
                     RequestAction,
                     UpdateRequest,
                     check_ownership,
                     editor_prompt,
                     filter_owned,
                     parse_editor,
)
from .episodes import Boundary, Consolidation, Episode, Note, NoteKind, consolidate, segment
from .extract import DroppedCandidate, DropReason, Extraction, drop_secret_like, extract
from .extract_rules import extract_rules
from .plan import CreateAction, ExtendAction, MergeAction, SupersedeAction, WritePlan, plan_write
from .redact import MARKER, RedactionResult, SecretKind, contains_secret, find_secrets, redact, refuse_secrets
from .topics import Choice, TopicAnalysis, analyze

__all__ = [
    "Turn", "Candidate", "Claim", "NewRef", "Ref",
    "redact", "refuse_secrets", "contains_secret", "find_secrets", "RedactionResult", "SecretKind", "MARKER",
    "extract", "extract_rules", "Extraction", "DroppedCandidate", "DropReason", "drop_secret_like",
    "EDITOR_SCHEMA", "editor_prompt", "parse_editor", "check_ownership", "filter_owned", "EditorProposal",
    "UpdateRequest", "ForgetRequest", "RejectedRequest", "RequestAction", "OwnershipCheck",
    "plan_write", "WritePlan", "CreateAction", "MergeAction", "SupersedeAction", "ExtendAction",
    "find_duplicate", "text_similarity", "DuplicateMatch", "MatchMethod",
    "classify", "classify_rules", "decide_by_rules", "Relation", "Verdict",
    "analyze", "TopicAnalysis", "Choice", "find_dates", "DateMention",
    "segment", "consolidate", "Episode", "Boundary", "Note", "NoteKind", "Consolidation",
    "compact", "CompactionSettings", "CompactionReport", "Message", "Stage", "StageReport",
]
