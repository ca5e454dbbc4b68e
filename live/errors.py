from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from .words import Text, english

# Redis (the channel layer, the cache) unreachable for a moment: a restart, a network blip.
# A socket then closes with TRY_AGAIN and its client reconnects with its backoff.
UNAVAILABLE = (RedisConnectionError, RedisTimeoutError, OSError)
TRY_AGAIN = 4503


class ServiceError(Exception):
    """An action that cannot be done now; `message` is for the person who tried (Words,
    rendered in their language; str() is the English, for logs). `code` lets clients tell
    cases apart (e.g. "already_recorded", "not_your_turn")."""

    def __init__(self, message: Text, code: str = "invalid"):
        super().__init__(english(message))
        self.message = message
        self.code = code
