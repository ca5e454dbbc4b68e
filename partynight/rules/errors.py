"""The one exception the Bunco rules raise: the live layer's, shared with the card engines."""

from live.rules import RulesError

__all__ = ["RulesError"]
