"""LLM providers: the protocol, an OpenAI-compatible stdlib client, a scripted fake, and fallback."""

from .client import OpenAICompatibleClient, chat_completions_url
from .failure import FailureKind, LLMFailure
from .fallback import RULES, FallbackInfo, Outcome, rules_only, with_fallback
from .provider import LLMProvider
from .schema import Field, Kind, Schema, parse_json_object
from .scripted import ScriptedCall, ScriptedLLM

__all__ = [
    "LLMProvider", "OpenAICompatibleClient", "chat_completions_url", "ScriptedLLM", "ScriptedCall",
    "FailureKind", "LLMFailure", "FallbackInfo", "Outcome", "RULES", "rules_only", "with_fallback",
    "Field", "Kind", "Schema", "parse_json_object",
]
