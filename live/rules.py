"""The one exception the pure rules raise: the Bunco reducer's (partynight/rules/) and every
card-game engine's (games/engines/). Pure, like them: no Django, no Redis."""

from .words import Text, english


class RulesError(ValueError):
    """A move or setting the rules do not allow. `message` is for a person to read (Words,
    rendered in their language; str() is the English, for logs); `code` tells the cases apart
    for clients ("wrong_state", "table_done", ...)."""

    def __init__(self, message: Text, code: str = "invalid"):
        super().__init__(english(message))
        self.message = message
        self.code = code
