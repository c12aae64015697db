"""Fixtures for the fault tests."""

from __future__ import annotations

from tests.faults.disk import disk

__all__ = ["disk"]
