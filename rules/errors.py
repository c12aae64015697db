"""The single error type of the rules engine."""

from __future__ import annotations

__all__ = ["RulesError"]


class RulesError(ValueError):
    """Bad input to a rules function: the message names the field and the allowed range."""
