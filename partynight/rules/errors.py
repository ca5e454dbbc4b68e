"""The one exception the Bunco rules raise."""

from live.words import Text, english


class RulesError(ValueError):
    """A move or setting the rules do not allow. `message` is for a person to read (Words,
    rendered in their language; str() is the English, for logs); `code` tells the cases apart
    for clients ("wrong_state", "table_done", ...)."""

    def __init__(self, message: Text, code: str = "invalid"):
        super().__init__(english(message))
        self.message = message
        self.code = code
