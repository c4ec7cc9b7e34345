"""Load the demo dataset into an engine: three people, two projects each, six months of history.

Everything goes through the engine's own operations (add_many, pin, forget, restore, edit, supersede,
undo, set_block, set_state, and recorded decisions for expiry / idle archive / promotion), replayed in
time order with the runtime clock swapped for a ``FakeClock`` set to each historical moment. So every
event, block version and user-state row carries the time it "happened", and as-of queries over the demo
behave like real history. Times are computed from the engine clock at load time: the demo never ages.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from importlib import resources
from itertools import pairwise
from typing import Any

from sqlalchemy import delete, select

from ..clock import FakeClock
from ..engine import Engine
from ..model import Actor, EventKind, MemoryState, MemoryType, Source, Tier
from ..ops import decisions
from ..ops.embedding import drop_from_index
from ..ops.inputs import TEMPORARY_TTL, MemoryInput
from ..store import schema
from .aiko import AIKO
from .maya import MAYA
from .seeds import Person, Seed, WrongSupersession
from .tomas import TOMAS

SEED = 20_240_611  # fixed: the same load time gives the same dataset
DATASET = "memcore-demo"
PEOPLE: tuple[Person, ...] = (MAYA, TOMAS, AIKO)
SAMPLE_USERS: tuple[str, ...] = tuple(p.user_id for p in PEOPLE)

# Defaults the seeds leave open: a base importance per type (jittered) and the tier a type usually lives in.
_BASE_IMPORTANCE = {
    "critical": 0.95, "constraint": 0.8, "project": 0.8, "deadline": 0.75, "decision": 0.7, "mistake": 0.65,
    "preference": 0.6, "learning_goal": 0.6, "task": 0.5, "fact": 0.5, "event": 0.45, "note": 0.35,
    "temporary": 0.3, "outdated": 0.2, "deleted_by_user": 0.2,
}
_EPISODIC_TYPES = {"event", "mistake", "note", "deadline"}
_WORKING_TYPES = {"task", "temporary"}
_REPLACEMENT_CUES = ("switched from", "moved from", "instead of", "no longer", "replaced")  # as the write path
_SWEEP_DELAY = timedelta(minutes=45)  # how long after expires_at the forgetting sweep noticed


@dataclass
class DemoReport:
    """What the demo holds after ``load_demo`` (counts over the sample users only)."""

    users: int = 0
    projects: int = 0
    memories: int = 0
    events: int = 0
    blocks: int = 0
    block_versions: int = 0
    state_changes: int = 0
    pinned: int = 0
    superseded: int = 0
    forgotten: int = 0
    expired: int = 0
    conversations: int = 0
    already_loaded: bool = False
    namespaces: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def load_demo(engine: Engine, reset: bool = False) -> DemoReport:
    """Load the sample users into ``engine``'s database (any namespace of it works).

    Loading twice does nothing the second time (the report says ``already_loaded``); ``reset=True``
    first removes every row of the sample users, then loads afresh. While loading, the runtime's clock
    is a historical ``FakeClock``: do not share the runtime with other writers during the call.
    """
    if reset:
        remove_demo(engine)
    elif is_loaded(engine):
        return demo_report(engine, already_loaded=True)
    _Loader(engine).run()
    return demo_report(engine)


def is_loaded(engine: Engine) -> bool:
    """True when any sample user already has memories or blocks in this database."""
    if any(ns.user_id in SAMPLE_USERS for ns in engine.namespaces()):
        return True
    return any(engine.scoped(user=p.user_id).blocks() for p in PEOPLE)


def remove_demo(engine: Engine) -> int:
    """Delete every row of the sample users in every table (scoped SQL; far faster than hard deletes).

    Only the sample users' rows are touched. Returns the number of memories removed.
    """
    memories = schema.memories
    with engine.db.begin() as conn:
        pks = [pk for (pk,) in conn.execute(select(memories.c.pk).where(memories.c.user_id.in_(SAMPLE_USERS)))]
        for table in reversed(schema.metadata.sorted_tables):
            if "user_id" in table.c:
                conn.execute(delete(table).where(table.c.user_id.in_(SAMPLE_USERS)))
    drop_from_index(engine.runtime, pks)
    return len(pks)


def demo_report(engine: Engine, *, already_loaded: bool = False) -> DemoReport:
    """Count what the sample users hold, through the engine's own views."""
    report = DemoReport(already_loaded=already_loaded)
    present = {(ns.user_id, ns.project_id) for ns in engine.namespaces()}
    sessions = [c["user"] for c in conversations()]
    for person in PEOPLE:
        user = engine.scoped(user=person.user_id)
        found = False
        for project in person.projects:
            if (person.user_id, project) not in present:
                continue
            found = True
            stats = user.scoped(project=project).stats()
            report.projects += 1
            report.namespaces.append(f"{person.user_id}/{project}")
            report.memories += stats.total
            report.events += sum(stats.events_by_kind.values())
            report.pinned += stats.by_state.get(MemoryState.PINNED.value, 0)
            report.superseded += stats.by_state.get(MemoryState.SUPERSEDED.value, 0)
            report.expired += stats.by_state.get(MemoryState.EXPIRED.value, 0)
            report.forgotten += stats.events_by_kind.get(EventKind.FORGOTTEN.value, 0)
        blocks = user.blocks()
        report.blocks += len(blocks)
        report.block_versions += sum(len(user.block_history(b.name)) for b in blocks)
        report.state_changes += len(user.state_history())
        report.users += int(found)
        report.conversations += sessions.count(person.user_id) if found else 0
    return report


def conversations() -> list[dict[str, Any]]:
    """The raw demo conversations (turns plus the memories extracted from them), from conversations.json."""
    text = resources.files(__package__).joinpath("conversations.json").read_text(encoding="utf-8")
    return json.loads(text)


# -- the loader ---------------------------------------------------------------------------------------

@dataclass
class _Planned:
    """A seed placed in time, and (once added) the id of its memory."""

    seed: Seed
    user: str
    project: str
    created: datetime
    input: MemoryInput
    memory_id: str | None = None


@dataclass(order=True)
class _Action:
    """Something to replay at ``at`` (ties keep planning order): add a planned memory, or run a call."""

    at: datetime
    seq: int
    run: Callable[[], Any] | None = field(default=None, compare=False)
    add: _Planned | None = field(default=None, compare=False)


class _Loader:
    """Plans every seed as timed actions, then replays them in time order on a historical clock."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.runtime = engine.runtime
        self.now = engine.runtime.now()
        self.rng = random.Random(SEED)
        self.actions: list[_Action] = []
        self.planned: list[_Planned] = []
        self.by_key: dict[tuple[str, str, str], _Planned] = {}
        self.undo_targets: dict[int, str] = {}
        self.offsets = {p.user_id: p.utc_offset for p in PEOPLE}

    def run(self) -> None:
        for person in PEOPLE:
            self._plan_person(person)
        self._plan_conversations()
        self._plan_lifecycle()
        with self._historical_clock() as clock:
            self._replay(clock)

    # -- planning ---------------------------------------------------------------------------------
    def _time(self, ago: float, user: str) -> datetime:
        """``ago`` days before now; a day or more back lands at a waking hour of that person's local day."""
        exact = self.now - timedelta(days=ago)
        if ago < 1:
            return exact
        offset = timedelta(hours=self.offsets[user])
        midnight = (exact + offset).replace(hour=0, minute=0, second=0, microsecond=0)
        at = midnight + timedelta(minutes=self.rng.randrange(7 * 60 + 30, 21 * 60 + 30)) - offset
        return min(at, self.now)

    def _after(self, ago: float, floor: datetime, user: str, minutes: float = 5) -> datetime:
        """The time ``ago`` days back, but never before ``floor`` (+ a few minutes) nor after now."""
        return min(max(self._time(ago, user), floor + timedelta(minutes=minutes)), self.now)

    def _deadline(self, due: float, user: str) -> datetime:
        """``due`` days from now (negative: past), at 17:00 on that person's local day."""
        offset = timedelta(hours=self.offsets[user])
        day = (self.now + timedelta(days=due) + offset).replace(hour=0, minute=0, second=0, microsecond=0)
        return day + timedelta(hours=17) - offset

    def _schedule(self, at: datetime, run: Callable[[], Any] | None = None, add: _Planned | None = None) -> None:
        self.actions.append(_Action(at, len(self.actions), run, add))

    def _plan_person(self, person: Person) -> None:
        for project, seeds in person.projects.items():
            for seed in seeds:
                self._plan_memory(person.user_id, project, seed)
        for block in person.blocks:
            ns = self.engine.scoped(person.user_id, block.project or person.home_project)
            self._schedule(self._time(block.ago, person.user_id), lambda ns=ns, b=block: ns.set_block(
                b.name, b.content, block_type=b.block_type, priority=b.priority, max_tokens=b.max_tokens))
        home = self.engine.scoped(person.user_id, person.home_project)
        for state in person.states:
            self._schedule(self._time(state.ago, person.user_id), lambda s=state: home.set_state(s.key, s.value))
        for wrong in person.wrong_supersessions:
            old = self.by_key[(person.user_id, wrong.project, wrong.old_key)]
            new = self.by_key[(person.user_id, wrong.project, wrong.new_key)]
            at = self._after(wrong.ago, new.created, person.user_id)
            self._schedule(at, lambda o=old, n=new, w=wrong: self._wrong(o, n, w))
            self._schedule(self._after(wrong.undo_ago, at, person.user_id),
                           lambda n=new, w=wrong: self._ns(n).undo(self.undo_targets[id(w)], w.undo_reason))
        for recall in person.recalls:
            ns = self.engine.scoped(person.user_id, recall.project)
            run = (lambda ns=ns, q=recall.query: ns.search(q)) if recall.kind == "search" else \
                (lambda ns=ns, q=recall.query: ns.build_context(q))
            self._schedule(self._time(recall.ago, person.user_id), run)

    def _plan_memory(self, user: str, project: str, seed: Seed, created: datetime | None = None) -> _Planned:
        created = created or self._time(seed.ago, user)
        mtype = seed.type
        importance = seed.importance
        if importance is None:
            importance = _BASE_IMPORTANCE[mtype] + self.rng.uniform(-0.08, 0.08)
            if seed.archive is not None:
                importance = min(importance, 0.3)  # the idle sweep only archives low-importance memories
        confidence = seed.confidence
        if confidence is None:
            confidence = self.rng.uniform(0.55, 0.85) if seed.session else self.rng.uniform(0.7, 0.98)
        expires = None
        if seed.due is not None:
            expires = self._deadline(seed.due, user)
        metadata = {"dataset": DATASET, **seed.metadata}
        modality, media_uri = seed.media or ("text", None)
        item = MemoryInput(
            content=seed.content, type=mtype, importance=round(min(max(importance, 0.05), 0.99), 2),
            confidence=round(confidence, 2), tags=seed.tags, entities=seed.entities, tier=self._tier(seed),
            privacy=seed.privacy, expires_at=expires, created_at=created, valid_from=created,
            session_id=seed.session, summary=seed.summary, modality=modality, media_uri=media_uri,
            metadata=metadata, emotion_intensity=seed.emotion[0], emotion_valence=seed.emotion[1],
            is_critical=seed.critical, source=Source.EXTRACTED if seed.session else Source.MANUAL,
            source_ref=[f"{seed.session}#{t}" for t in seed.turns] if seed.session else [])
        planned = _Planned(seed, user, project, created, item)
        self.planned.append(planned)
        if seed.key:
            self.by_key[(user, project, seed.key)] = planned
        self._schedule(created, add=planned)
        return planned

    def _tier(self, seed: Seed) -> str:
        if seed.tier:
            return seed.tier
        if seed.type in _WORKING_TYPES:
            return Tier.WORKING.value if seed.ago < 14 else Tier.EPISODIC.value
        return Tier.EPISODIC.value if seed.type in _EPISODIC_TYPES else Tier.SEMANTIC.value

    def _plan_conversations(self) -> None:
        for convo in conversations():
            start = self._time(convo["started_days_ago"], convo["user"])
            end = min(start + timedelta(minutes=max(t["minute"] for t in convo["turns"]) + 2), self.now)
            for item in convo["memories"]:
                seed = Seed(convo["started_days_ago"], item["type"], item["content"], item.get("tags", ""),
                            item.get("entities", ""), importance=item.get("importance"), tier=item.get("tier"),
                            privacy=item.get("privacy", "public"),
                            emotion=(item.get("emotion_intensity", 0.0), item.get("emotion_valence", 0.0)),
                            session=convo["session_id"], turns=tuple(item.get("turns", ())),
                            metadata={"conversation": convo["title"]})
                self._plan_memory(convo["user"], convo["project"], seed, created=end)

    def _plan_lifecycle(self) -> None:
        """Pins, forgets, edits, expiry, idle archive, promotion and supersession chains, each at its time."""
        chains: dict[tuple[str, str, str], list[_Planned]] = {}
        for p in self.planned:
            s = p.seed

            def at(ago: float, gap: float = 5, p: _Planned = p) -> datetime:
                return self._after(ago, p.created, p.user, gap)

            if s.pin is not None:
                self._schedule(at(s.pin), lambda p=p: self._ns(p).pin(p.memory_id))
            if s.unpin is not None:
                self._schedule(at(s.unpin, 10), lambda p=p: self._ns(p).unpin(p.memory_id))
            if s.edit is not None:
                ago, changes, reason = s.edit
                self._schedule(at(ago), lambda p=p, c=changes, r=reason: self._ns(p).edit(p.memory_id, r, **c))
            if s.forget is not None:
                ago, reason = s.forget
                self._schedule(at(ago, 15), lambda p=p, r=reason: self._forget(p, r))
            if s.restore is not None:
                ago, reason = s.restore
                self._schedule(at(ago, 30), lambda p=p, r=reason: self._ns(p).restore(p.memory_id, r))
            if s.archive is not None:
                self._schedule(at(s.archive), lambda p=p: self._decide(
                    p, EventKind.ARCHIVED, "idle more than 30 days, never used, importance below 0.35 "
                    "(forgetting sweep)", {"state": MemoryState.ARCHIVED}))
            if s.promote is not None:
                self._schedule(at(s.promote), lambda p=p: self._decide(
                    p, EventKind.PROMOTED, "recalled repeatedly: promoted episodic -> semantic",
                    {"tier": Tier.SEMANTIC, "importance": min(round(p.input.importance + 0.1, 2), 0.95)}))
            expires = self._expires(p)
            if expires is not None and expires + _SWEEP_DELAY <= self.now:
                self._schedule(expires + _SWEEP_DELAY, lambda p=p, e=expires: self._expire(p, e))
            if s.chain:
                chains.setdefault((p.user, p.project, s.chain), []).append(p)
        for (_user, _project, topic), members in chains.items():
            members.sort(key=lambda x: x.created)
            for old, new in pairwise(members):
                self._schedule(new.created + timedelta(minutes=3),
                               lambda o=old, n=new, t=topic: self._supersede(o, n, t))

    def _expires(self, p: _Planned) -> datetime | None:
        if p.seed.due is not None:
            return p.input.expires_at
        if p.seed.type == MemoryType.TEMPORARY.value:
            return p.created + TEMPORARY_TTL
        return None

    # -- replay -----------------------------------------------------------------------------------
    @contextmanager
    def _historical_clock(self) -> Iterator[FakeClock]:
        """Swap the runtime clock for a fake one while replaying, and always put the real one back.

        The forgetting sweep before context builds is off meanwhile: the dataset decides what expired or was
        archived when, instead of whatever a sweep at each replayed recall would pick.
        """
        original, settings = self.runtime.clock, self.runtime.settings
        clock = FakeClock(self.now)
        self.runtime.clock = clock
        self.runtime.settings = settings.with_(sweep_before_context=False)
        try:
            yield clock
        finally:
            self.runtime.clock, self.runtime.settings = original, settings

    def _replay(self, clock: FakeClock) -> None:
        """Run the actions in time order; adds at the same moment in one namespace go in one batch."""
        ordered = sorted(self.actions)
        i = 0
        while i < len(ordered):
            action = ordered[i]
            clock.set(action.at)
            i += 1
            if action.add is None:
                if action.run is not None:
                    action.run()
                continue
            batch = [action.add]
            while i < len(ordered) and ordered[i].at == action.at and self._same_namespace(ordered[i].add, action.add):
                batch.append(ordered[i].add)  # type: ignore[arg-type]  # checked by _same_namespace
                i += 1
            stored = self._ns(action.add).add_many([p.input for p in batch])
            for p, memory in zip(batch, stored, strict=True):
                p.memory_id = memory.id

    @staticmethod
    def _same_namespace(a: _Planned | None, b: _Planned) -> bool:
        return a is not None and (a.user, a.project) == (b.user, b.project)

    def _ns(self, p: _Planned) -> Engine:
        return self.engine.scoped(p.user, p.project)

    def _forget(self, p: _Planned, reason: str) -> None:
        ns = self._ns(p)
        if p.seed.as_deleted:
            ns.edit(p.memory_id, "marked deleted by user", type=MemoryType.DELETED_BY_USER.value)
        ns.forget(p.memory_id, reason)

    def _decide(self, p: _Planned, kind: EventKind, reason: str, changes: dict[str, Any]) -> None:
        decisions.apply(self.runtime, self._ns(p).namespace,
                        decisions.Decision(kind, reason, p.memory_id, {p.memory_id: changes}))

    def _expire(self, p: _Planned, expires: datetime) -> None:
        what = "deadline" if p.seed.due is not None else "temporary memory"
        self._decide(p, EventKind.EXPIRED, f"{what} past expires_at {expires.isoformat(timespec='minutes')} "
                     "(forgetting sweep)", {"state": MemoryState.EXPIRED, "expired_at": self.runtime.now()})

    def _supersede(self, old: _Planned, new: _Planned, topic: str) -> None:
        """Chains with a replacement cue were caught by the engine's contradiction rules; others by the user."""
        why = new.seed.reason or f"newer {topic} choice"
        ns = self._ns(new)
        if any(cue in new.seed.content.lower() for cue in _REPLACEMENT_CUES):
            decision = decisions.supersede(old.memory_id, new.memory_id, new.created,
                                           f"contradiction in topic group '{topic}': {why}", actor=Actor.ENGINE)
            decisions.apply(self.runtime, ns.namespace, decision)
        else:
            ns.supersede(old.memory_id, new.memory_id, f"{topic}: {why}")

    def _wrong(self, old: _Planned, new: _Planned, wrong: WrongSupersession) -> None:
        """An automatic supersession the user undoes a little later (an UNDONE event in the timeline)."""
        event = decisions.apply(self.runtime, self._ns(new).namespace, decisions.supersede(
            old.memory_id, new.memory_id, new.created, f"contradiction in topic group {wrong.reason}",
            actor=Actor.ENGINE))
        self.undo_targets[id(wrong)] = event.id
