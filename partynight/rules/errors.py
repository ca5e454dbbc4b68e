"""The one exception the Bunco rules raise."""


class RulesError(ValueError):
    """A move or setting the rules do not allow; the message is meant for a person to read.
    `code` tells the cases apart for clients ("wrong_state", "table_done", ...)."""

    def __init__(self, message: str, code: str = "invalid"):
        super().__init__(message)
        self.code = code
