"""The one exception the Bunco rules raise."""


class RulesError(ValueError):
    """A move or setting the rules do not allow; the message is meant for a person to read."""
