"""Authors' view, declared: the asking games' (``asking/observation.py``) without a Store."""

from __future__ import annotations

from ..asking.observation import EVENTS, schema

__all__ = ["EVENTS", "schema"]
