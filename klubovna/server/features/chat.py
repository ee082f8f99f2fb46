"""The chat of every room and its table, safe for children (docs/api.md, "Chat").

Everyone may send the preset phrases and emoji below; the app shows each phrase in the
reader's language. Own words only where the room's host allowed them (`free_chat`) and from
a member whose profile chose them; they pass the nickname rules' normalisation (PRECIS
FreeformClass: no controls or invisible characters, NFKC, spaces collapsed), a length limit
and a Czech and English word filter (LDNOOBW's lists, chat_words/). Every member has a rate
limit. Muting is the reader's own (the app hides that person). A report is stored with the
messages around it for the moderators (`klubovna admin`); nothing else of the chat is: the
last messages live in the room's memory and go with it.

The frames come over the room's socket (realtime/ws.py hands `chat`, `chat_history` and
`report` frames to `handle`, which the app wires up: the realtime layer imports no feature).
"""

from __future__ import annotations

import json
import re
import secrets
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from precis_i18n import get_profile
from starlette.concurrency import run_in_threadpool

from klubovna.server.clock import now_ms
from klubovna.server.metrics import UNMETERED, Metrics
from klubovna.server.realtime.lobbies import LiveLobby
from klubovna.server.storage.store import Store
from klubovna.tables import ProtocolError

PHRASES = ("hello", "gg", "again", "moment", "nice", "oops", "thanks", "bye")
"""The preset phrases' ids; their words are the app's catalogue's (chat.phrase.ID):
"Ahoj!", "Dobrá hra!", "Ještě jednu?", "Moment…", "Pěkný tah!", "Jejda!", "Díky!",
"Musím jít, ahoj!"."""
EMOJI = ("👍", "👏", "😀", "😅", "😮", "🤔", "🎉", "❤️", "🍀", "😢")
TEXT_MAX = 200
KEPT = 50
"""Messages a room keeps in memory for a member who comes (back) in."""
BURST, EVERY = 5, 2.0
"""A member's budget: 5 messages at once, then one every 2 s."""
FRAMES = frozenset({"chat", "chat_history", "report"})

_TEXT = get_profile("NicknameCasePreserved")  # the nickname rules' normalisation
_LEET = str.maketrans("013457@$", "oieastas")


@dataclass
class RoomChat:
    """One room's chat in memory: the last messages and each member's budget."""

    messages: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=KEPT))
    budgets: dict[int, tuple[float, float]] = field(default_factory=dict)

    def allow(self, seat: int, clock: float) -> bool:
        tokens, then = self.budgets.get(seat, (float(BURST), clock))
        tokens = min(float(BURST), tokens + (clock - then) / EVERY)
        if tokens < 1:
            self.budgets[seat] = (tokens, clock)
            return False
        self.budgets[seat] = (tokens - 1, clock)
        return True


def _fold(text: str) -> str:
    """Lower case, no accents, digits read as letters: what is compared."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold())
                    if not unicodedata.combining(ch))
    return plain.translate(_LEET)


def _variants(token: str) -> set[str]:
    """A word as written, with letters said thrice or more said twice, and said once."""
    return {token, re.sub(r"(.)\1{2,}", r"\1\1", token), re.sub(r"(.)\1+", r"\1", token)}


STEM_MIN, ENDING_MAX = 4, 4


def _stem(word: str) -> str:
    """A Czech word without the ending its forms change ("kurva" → "kurv": kurvo, kurvy)."""
    for ending in ("at", "it", "et"):
        if word.endswith(ending):
            return word[: -len(ending)]
    return word[:-1] if word[-1] in "aeiouy" else word


@cache
def _banned() -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]:
    """The lists' words, the Czech ones' stems (Czech inflects), and phrases, folded."""
    lists = {name: json.loads((Path(__file__).parent / "chat_words" / f"{name}.json")
                              .read_text()) for name in ("cs", "en")}
    exact = {_fold(w).strip() for words in lists.values() for w in words if w.strip()}
    stems = {stem for w in lists["cs"] if " " not in w
             if len(stem := _stem(_fold(w).strip())) >= STEM_MIN}
    return (frozenset(w for w in exact if " " not in w), tuple(sorted(stems)),
            tuple(w for w in exact if " " in w))


def refused_words(text: str) -> bool:
    """Whether the text holds a listed word: whole words, a Czech word in any of its forms,
    spelled with digits, repeated letters or spaces between single letters.

    >>> refused_words("Dobrá hra, díky!"), refused_words("KURVA"), refused_words("k u r v a")
    (False, True, True)
    >>> refused_words("ty kurvo"), refused_words("analýza tahu"), refused_words("sh1t")
    (True, False, True)
    >>> refused_words("xxxxx"), refused_words("x"), refused_words("as good as it gets")
    (True, False, False)
    """
    exact, stems, phrases = _banned()
    tokens = re.findall(r"\w+", _fold(text))
    joined = " ".join(tokens)
    spelled = "".join(t for t in tokens if len(t) == 1)
    for token in [*tokens, spelled]:
        for form in _variants(token):
            if form in exact or any(form.startswith(stem) and len(form) <= len(stem)
                                    + ENDING_MAX for stem in stems):
                return True
    return any(f" {phrase} " in f" {joined} " for phrase in phrases)


def clean_text(raw: str) -> str:
    """Own words as shown; raises ProtocolError (`bad_chat`, `chat_refused`).

    >>> clean_text("  Hezky\\u00a0 zahráno ")
    'Hezky zahráno'
    """
    if len(raw) > TEXT_MAX:
        raise ProtocolError("bad_chat", f"A message has at most {TEXT_MAX} characters.")
    try:
        text = _TEXT.enforce(raw)
    except UnicodeEncodeError:
        raise ProtocolError("bad_chat", "The message is empty or holds characters that "
                                        "cannot be shown.") from None
    assert isinstance(text, str)
    if refused_words(text):
        raise ProtocolError("chat_refused", "This message was not sent: it holds words the "
                                            "club does not allow.")
    return text


class Chat:
    """Every room's chat on this process (each room's lives on its LiveLobby)."""

    def __init__(self, store: Store, clock: Any = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self.metrics: Metrics = UNMETERED
        """The app's metrics (set by the app): messages sent and refused."""

    @staticmethod
    def of(room: LiveLobby) -> RoomChat:
        chat = room.extras.get("chat")
        if chat is None:
            chat = room.extras["chat"] = RoomChat()
        assert isinstance(chat, RoomChat)
        return chat

    async def handle(self, room: LiveLobby, seat: int, data: dict[str, Any], link: Any) -> None:
        """One chat frame of a member's socket: answered or broadcast; ProtocolError for a
        bad one (the socket answers it and stays open)."""
        chat = self.of(room)
        kind = data["t"]
        member = room.lobby.member(seat)
        assert member is not None
        if kind == "chat_history":
            speakers = {m["seat"] for m in chat.messages}
            muted = {s for s in speakers if await self._blocks(member.profile, room, s)}
            messages = [m for m in chat.messages if m["seat"] not in muted]
            await link.send_json({"t": "chat_history", "messages": messages})
            return
        if kind == "report":
            await self._report(room, chat, member, data)
            await link.send_json({"t": "reported"})
            return
        try:
            message = await self._message(room, member, data)
            if not chat.allow(seat, self.clock()):
                raise ProtocolError("rate_limited", "Too many messages; wait a moment.")
        except ProtocolError as error:
            self.metrics.chat_refused.labels(error.code).inc()
            raise
        self.metrics.chat_sent.inc()
        chat.messages.append(message)
        text = json.dumps({"t": "chat", **message}, ensure_ascii=False, separators=(",", ":"))
        # Whoever blocked the sender hears nothing from them (friends.py's blocks).
        blockers = (await run_in_threadpool(self.store.friends.blockers_of, member.profile)
                    if member.profile else set())
        for conn_id, socket in list(room.sockets.items()):
            heard_by = room.presence.seat_of(conn_id)
            listener = room.lobby.member(heard_by) if heard_by is not None else None
            if listener is not None and listener.profile in blockers:
                continue
            try:
                await socket.send_text(text)
            except Exception:  # a socket closing meanwhile: its reader cleans up
                continue

    async def _blocks(self, listener: str | None, room: LiveLobby, seat: int) -> bool:
        """Whether `listener` (a profile) blocked the member at `seat`."""
        speaker = room.lobby.member(seat)
        if listener is None or speaker is None or speaker.profile is None:
            return False
        return listener in await run_in_threadpool(self.store.friends.blockers_of,
                                                   speaker.profile)

    async def _message(self, room: LiveLobby, member: Any, data: dict[str, Any]) -> dict[str, Any]:
        fields = set(data) - {"t"}
        base = {"id": secrets.token_urlsafe(6), "seat": member.seat,
                "nickname": member.nickname, "at": now_ms()}
        if fields == {"phrase"} and data["phrase"] in PHRASES:
            return {**base, "phrase": data["phrase"]}
        if fields == {"emoji"} and data["emoji"] in EMOJI:
            return {**base, "emoji": data["emoji"]}
        if fields == {"text"} and isinstance(data["text"], str):
            if not room.lobby.free_chat:
                raise ProtocolError("chat_phrases_only",
                                    "The host allows only the preset phrases and emoji here.")
            if member.profile is None or not await run_in_threadpool(
                    self.store.free_chat, member.profile):
                raise ProtocolError("chat_phrases_only", "Own words need a profile that "
                                    "chose them (in the profile's settings).")
            return {**base, "text": clean_text(data["text"])}
        raise ProtocolError("bad_chat", 'A chat message is {"t": "chat"} with one of '
                            '"phrase" (a preset one), "emoji" (a preset one) or "text".')

    async def _report(self, room: LiveLobby, chat: RoomChat, member: Any,
                      data: dict[str, Any]) -> None:
        """A member reports a message (its id) or a member's nickname (its seat), with the
        room's last messages for context."""
        if set(data) - {"t", "message", "seat", "reason"}:
            raise ProtocolError("bad_report", "A report names a message or a seat.")
        reason = data.get("reason", "")
        if not isinstance(reason, str) or len(reason) > TEXT_MAX:
            raise ProtocolError("bad_report", f"A reason has at most {TEXT_MAX} characters.")
        message = next((m for m in chat.messages if m["id"] == data.get("message")), None)
        seat = message["seat"] if message else data.get("seat")
        reported = room.lobby.member(seat) if isinstance(seat, int) else None
        if reported is None or (data.get("message") is not None and message is None):
            raise ProtocolError("bad_report", "There is no such message or member here.")
        await run_in_threadpool(
            self.store.reports.add, now_ms(), room.lobby.code, room.game,
            member.profile, member.nickname, reported.profile, reported.nickname,
            message, list(chat.messages), reason)
