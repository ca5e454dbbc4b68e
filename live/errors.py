class ServiceError(Exception):
    """An action that cannot be done now; the message is for the person who tried.
    `code` lets clients tell cases apart (e.g. "already_recorded", "not_your_turn")."""

    def __init__(self, message: str, code: str = "invalid"):
        super().__init__(message)
        self.message = message
        self.code = code
