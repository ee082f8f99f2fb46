"""The server's log: text lines (the default) or JSON lines (`KLUBOVNA_LOG_FORMAT=json`), the
server's own loggers and uvicorn's (access and errors) alike, and nothing secret in any line.

A JSON line holds `time`, `level`, `logger`, `message`, and `request` (the request's or
socket's id: a well-formed `X-Request-ID` it came with, else one made up, and returned in the
response's header; http/observe.py) or `table` (the table a step is about, set by the hub) when
known; `exception` with the traceback. JSON lines all go to stderr, one stream for a collector;
text keeps uvicorn's own streams (its access lines on stdout).

Secrets never reach a line (`Scrub`, on every handler): the paths that carry a capability
(a replay link's token, a room's join code, a pairing ticket) are logged as their route,
query values but for a few harmless ones are left out, and anything shaped like a key,
ticket, secret or seed (32+ URL-safe characters, 16+ digits, a replay token) is masked, in
messages and tracebacks. Keys travel in headers and bodies, which nothing logs; views and
states are never logged (docs/decisions/0165-health-metrics-logs.md).
"""

from __future__ import annotations

import json
import logging
import logging.config
import re
import time
from contextvars import ContextVar
from typing import Any

request_id: ContextVar[str | None] = ContextVar("klubovna_request", default=None)
"""The request or socket being served (http/observe.py)."""
table_id: ContextVar[str | None] = ContextVar("klubovna_table", default=None)
"""The table whose step runs (the hub) or whose socket is served (realtime/ws.py)."""

FORMATS = ("text", "json")
TEXT = "%(levelname)s %(name)s: %(message)s"

_CAPABILITY_PATHS = re.compile(
    r"(/api/replays/|/api/pairing/|/api/lobbies/|/ws/lobbies/)[^/?#\s\"']+")
_PATH_NAMES = {"/api/replays/": "{token}", "/api/pairing/": "{ticket}",
               "/api/lobbies/": "{code}", "/ws/lobbies/": "{code}"}
_QUERY = re.compile(r"\?([\w.-]+=[^\s\"'#]*)")
PLAIN_QUERY = frozenset({"period", "mode", "game", "status", "day"})
"""Query parameters whose values are logged (the boards' and lists' filters); others' are
left out."""
_SECRET_SHAPES = re.compile(
    r"(?<![\w-])(?:[\w-]{8,}\.\d{1,3}\.[\w-]{16,}"  # a replay token: table.seat.mac
    r"|[\w-]{32,}"  # keys (43), tickets (32), secrets (64 hex), hashes
    r"|\d{16,})(?![\w-])")  # seeds (63 bits: 16 to 19 digits; ms times are 13)


def scrub(text: str) -> str:
    """`text` with nothing secret in it.

    >>> scrub('GET /api/replays/AbCdEfGhIjKlMnOp.0.q83v9X8x7-1Lr4VZwLw0Dg HTTP/1.1')
    'GET /api/replays/{token} HTTP/1.1'
    >>> scrub('/ws/lobbies/KX7P2Q'), scrub('/api/lobbies/KX7P2Q/join?x=1&game=nim')
    ('/ws/lobbies/{code}', '/api/lobbies/{code}/join?x=-&game=nim')
    >>> scrub('seed 1234567890123456789 key ' + 'k' * 43 + ' at 1765000000000')
    'seed - key - at 1765000000000'
    """
    text = _CAPABILITY_PATHS.sub(lambda m: m.group(1) + _PATH_NAMES[m.group(1)], text)
    text = _QUERY.sub(lambda m: "?" + "&".join(_plain(pair) for pair in m.group(1).split("&")),
                      text)
    return _SECRET_SHAPES.sub("-", text)


def _plain(pair: str) -> str:
    name, _, _value = pair.partition("=")
    return pair if name in PLAIN_QUERY else f"{name}=-"


_TRACEBACKS = logging.Formatter()


class Scrub(logging.Filter):
    """On every handler: the record's message, arguments and traceback scrubbed. uvicorn's
    access lines keep their arguments (its formatter reads them): the path is scrubbed there."""

    def filter(self, record: logging.LogRecord) -> bool:
        if _names_a_client(record):
            # No client address is written anywhere (platform.md; http/ratelimit.py keeps
            # them a minute, in memory): uvicorn's access and socket lines show "-".
            assert isinstance(record.args, tuple)
            record.args = ("-", *record.args[1:])
        if record.name == "uvicorn.access" and isinstance(record.args, tuple):
            record.args = tuple(scrub(arg) if isinstance(arg, str) else arg
                                for arg in record.args)
        else:
            message = record.getMessage()
            clean = scrub(message)
            if clean != message:
                record.msg, record.args = clean, ()
        if record.exc_info and not record.exc_text:
            record.exc_text = scrub(_TRACEBACKS.formatException(record.exc_info))
        return True


def _names_a_client(record: logging.LogRecord) -> bool:
    """uvicorn's lines whose first argument is the client's address: an access line, and a
    socket's accepted/rejected/closed line."""
    if not isinstance(record.args, tuple) or not record.args:
        return False
    return record.name == "uvicorn.access" or (
        record.name == "uvicorn.error" and isinstance(record.msg, str)
        and record.msg.startswith('%s - "WebSocket'))


class JsonLines(logging.Formatter):
    """One JSON object a line (see the module's docstring)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
                    + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if (request := request_id.get()) is not None:
            line["request"] = request
        if (table := table_id.get()) is not None:
            line["table"] = table
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) and len(
                record.args) == 5:
            _client, line["method"], line["path"], _version, line["status"] = record.args
        if record.exc_text:  # (scrubbed by Scrub)
            line["exception"] = record.exc_text
        elif record.exc_info:
            line["exception"] = scrub(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)


def configure(form: str) -> None:
    """Set up the process's logging in `form` ("text" or "json"), uvicorn's loggers with it
    (start uvicorn with `log_config=None` then, or it sets up its own again)."""
    scrubbed = {"filters": ["scrub"]}
    if form == "json":
        handlers: dict[str, Any] = {"stderr": {
            "class": "logging.StreamHandler", "stream": "ext://sys.stderr",
            "formatter": "json", **scrubbed}}
        uvicorn: dict[str, Any] = {name: {"handlers": [], "level": "INFO", "propagate": True}
                                   for name in ("uvicorn", "uvicorn.error", "uvicorn.access")}
    else:  # as before: uvicorn's own handlers and formats (access lines on stdout)
        handlers = {
            "stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                       "formatter": "text", **scrubbed},
            "uvicorn": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                        "formatter": "uvicorn", **scrubbed},
            "access": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout",
                       "formatter": "access", **scrubbed},
        }
        uvicorn = {
            "uvicorn": {"handlers": ["uvicorn"], "level": "INFO", "propagate": False},
            "uvicorn.error": {"level": "INFO"},
            "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
        }
    logging.config.dictConfig({
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"scrub": {"()": Scrub}},
        "formatters": {
            "json": {"()": JsonLines},
            "text": {"format": TEXT},
            "uvicorn": {"()": "uvicorn.logging.DefaultFormatter",
                        "fmt": "%(levelprefix)s %(message)s"},
            "access": {"()": "uvicorn.logging.AccessFormatter",
                       "fmt": '%(levelprefix)s %(client_addr)s - "%(request_line)s" '
                              "%(status_code)s"},
        },
        "handlers": handlers,
        "loggers": uvicorn,
        "root": {"handlers": ["stderr"], "level": "INFO"},
    })
