from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

# Redis (the channel layer, the cache) unreachable for a moment: a restart, a network blip.
# A socket then closes with TRY_AGAIN and its client reconnects with its backoff.
UNAVAILABLE = (RedisConnectionError, RedisTimeoutError, OSError)
TRY_AGAIN = 4503


class ServiceError(Exception):
    """An action that cannot be done now; the message is for the person who tried.
    `code` lets clients tell cases apart (e.g. "already_recorded", "not_your_turn")."""

    def __init__(self, message: str, code: str = "invalid"):
        super().__init__(message)
        self.message = message
        self.code = code
