"""Every HTTP error as JSON `{"code", "message"}` with a stable code; never a 500.

Also the request body limit: a body over 4 KiB is refused before it is parsed.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from klubovna.core import IllegalAction

MAX_BODY_BYTES = 4096
log = logging.getLogger("klubovna.errors")


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers
        """Extra response headers, e.g. a 429's Retry-After."""


# Every error's body in the OpenAPI document (a docstring would be its description there).
class ErrorBody(BaseModel):
    code: str
    message: str


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """A route's `responses` in the OpenAPI document: ErrorBody for each status."""
    return {status: {"model": ErrorBody} for status in statuses}


ERRORS = error_responses(400, 401, 403, 404, 409, 413, 422, 429)
"""What a route of a table, a lobby or a replay may answer besides its own success."""


def error_response(status: int, code: str, message: str,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status, headers=headers)


_HTTP_CODES = {
    404: ("not_found", "No such address."),
    405: ("method_not_allowed", "This address does not take that method."),
}


def _describe(error: dict[str, Any]) -> str:
    where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
    return f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg"))


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, error: ApiError) -> JSONResponse:
        return error_response(error.status, error.code, error.message, error.headers)

    @app.exception_handler(IllegalAction)
    async def _illegal(_request: Request, error: IllegalAction) -> JSONResponse:
        return error_response(422, error.code, error.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        errors = list(error.errors())
        if any(e.get("type") == "json_invalid" for e in errors):
            return error_response(400, "bad_json", "The request body is not valid JSON.")
        message = "; ".join(_describe(e) for e in errors[:5]) or "Invalid request."
        return error_response(422, "invalid_request", message)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        status = error.status_code
        if status == 404 and api_methods(request):
            # The static web app takes every GET: its 404 for an API path that takes other
            # methods (GET /api/tables) is the 405 the same path gives for PUT.
            status = 405
        code, message = _HTTP_CODES.get(status, ("http_error", str(error.detail)))
        response = error_response(status, code, message)
        if status == 405:
            response.headers["Allow"] = allowed_methods(request)
        return response

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, error: Exception) -> JSONResponse:
        log.error("unexpected error on %s", request.url.path, exc_info=error)
        return error_response(500, "internal", "Something went wrong on our side.")


METHODS = ("DELETE", "GET", "PATCH", "POST", "PUT")


def api_methods(request: Request) -> set[str]:
    """The methods the API's routes (not the static web app) take at the request's path."""
    api = [r for r in request.app.router.routes if not isinstance(r, Mount)]
    return {m for m in METHODS
            if any(r.matches({**request.scope, "method": m})[0] == Match.FULL for r in api)}


def allowed_methods(request: Request) -> str:
    """The 405's `Allow`: every method some route takes at this path (the router answers
    405 from the first route whose path matched, or from the static app, never from all)."""
    methods = api_methods(request)
    if not methods and any(r.matches(request.scope)[0] == Match.FULL
                           for r in request.app.router.routes):
        methods = {"GET"}  # the static web app
    if "GET" in methods:
        methods.add("HEAD")  # app.py answers HEAD wherever GET works
    return ", ".join(sorted(methods))


class BodyLimit:
    """ASGI middleware: refuse HTTP bodies over MAX_BODY_BYTES with 413, chunked ones too."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            size += len(message.get("body", b""))
            if size > MAX_BODY_BYTES:
                await self._refuse(send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        await self.app(scope, replay(b"".join(chunks), receive), send)

    @staticmethod
    async def _refuse(send: Send) -> None:
        body = json.dumps({
            "code": "payload_too_large",
            "message": f"The request body is larger than {MAX_BODY_BYTES} bytes.",
        }).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives a body read before, then waits on the real one."""
    given = False

    async def again() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
