"""Turns the generated request builders into client methods, keeping each
builder's signature and docstring (for help() and type checkers) in one
place: a method builds its request and hands it to the client's `call`."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

if TYPE_CHECKING:
    from ._lines import Request

P = ParamSpec("P")
R = TypeVar("R")


def blocking(build: Callable[P, Request[R]]) -> Callable[Concatenate[Any, P], R]:
    """A blocking Client's method for a verb."""
    def method(self: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
        result: R = self.call(build(*args, **kwargs))
        return result
    _name(method, "Client", build)
    return method


def asynchronous(build: Callable[P, Request[R]]) -> Callable[Concatenate[Any, P], Coroutine[Any, Any, R]]:
    """An AsyncClient's coroutine method for a verb."""
    async def method(self: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
        result: R = await self.call(build(*args, **kwargs))
        return result
    _name(method, "AsyncClient", build)
    return method


def method_signature(build: Callable[..., Any]) -> inspect.Signature:
    """The builder's signature with `self` in front and the reply (the
    `R` of its `Request[R]`) as the result."""
    signature = inspect.signature(build)
    returns = signature.return_annotation
    if isinstance(returns, str) and returns.startswith("Request[") and returns.endswith("]"):
        returns = returns[len("Request["):-1]
    self_param = inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)
    return signature.replace(parameters=[self_param, *signature.parameters.values()],
                             return_annotation=returns)


def _name(method: Any, owner: str, build: Callable[..., Any]) -> None:
    method.__name__ = build.__name__
    method.__qualname__ = f"{owner}.{build.__name__}"
    method.__doc__ = build.__doc__
    method.__signature__ = method_signature(build)
