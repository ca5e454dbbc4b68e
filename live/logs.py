"""Log lines for a Redis outage: one line each, not a traceback. A restart of Redis is an
expected event (sockets close with "try again", the cache fails open), yet our code, Django's
cache and channels_redis's receive task all log it with the exception attached."""

import logging

from live.errors import UNAVAILABLE


class OutageInOneLine(logging.Filter):
    """On the console handler (config/settings.py LOGGING): a record whose exception is
    Redis being unreachable keeps its message and the error's text, and drops the trace."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info and record.exc_info[1]
        if isinstance(error, UNAVAILABLE):
            record.msg = f"{record.getMessage()} [{type(error).__name__}: {error}]"
            record.args, record.exc_info, record.exc_text = None, None, None
        return True
