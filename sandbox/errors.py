"""Exceptions of the sandbox.

``SandboxError`` is raised *in the test* when the test asks for something
Discord itself would refuse to send (an unknown command, a bad option value,
a click on a disabled button, ...) or when the bot does not behave (no answer
to an interaction within Discord's 3 s window).

``ApiError`` is internal: a REST handler raises it and the server turns it into
the JSON error body Discord would send to the bot.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class SandboxError(Exception):
    """The test asked for something Discord would not do, or the bot misbehaved."""


class SandboxTimeout(SandboxError, TimeoutError):
    """Something the test waited for did not happen in time.

    `interaction` is the `interactions.Interaction` that went unanswered, if any (typed
    `Any` so that the errors, which every module imports, import none of them)."""

    def __init__(self, message: str, interaction: Any = None) -> None:
        super().__init__(message)
        self.interaction = interaction


class ApiError(Exception):
    """An error answer of the fake REST API (status, Discord error code, message)."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            data["errors"] = self.errors
        return data


def not_found(code: int, message: str) -> ApiError:
    return ApiError(404, code, message)


def form_error(problems: list[tuple[str, str, str]]) -> ApiError:
    """400 Invalid Form Body; problems are (dotted path, error code, message)."""
    errors: dict[str, Any] = {}
    for path, code, message in problems:
        node = errors
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return ApiError(400, 50035, "Invalid Form Body", errors)


UNKNOWN_CHANNEL = (10003, "Unknown Channel")
UNKNOWN_MESSAGE = (10008, "Unknown Message")
UNKNOWN_USER = (10013, "Unknown User")
UNKNOWN_WEBHOOK = (10015, "Unknown Webhook")
UNKNOWN_INTERACTION = (10062, "Unknown interaction")


def for_tests(func: Callable[P, T]) -> Callable[P, T]:
    """Test-facing helpers raise SandboxError, not the REST ApiError of a failed lookup."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return func(*args, **kwargs)
        except ApiError as err:
            raise SandboxError(f"{func.__name__}: {err.message}") from err

    return wrapper


def for_tests_async(func: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """`for_tests` for a coroutine."""

    @functools.wraps(func)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await func(*args, **kwargs)
        except ApiError as err:
            raise SandboxError(f"{func.__name__}: {err.message}") from err

    return wrapper
