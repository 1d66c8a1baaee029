"""Turns the command table's builders into client methods, keeping each
builder's signature (for help() and type checkers) in one place."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any


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


def name(method: Any, owner: str, build: Callable[..., Any]) -> None:
    method.__name__ = build.__name__
    method.__qualname__ = f"{owner}.{build.__name__}"
    method.__doc__ = build.__doc__
    method.__signature__ = method_signature(build)
