"""What the blocking and the asyncio client share that is not I/O: the
greeting's properties and the connection's state, read from the core."""

from __future__ import annotations

from .core import Connection
from .replies import Hello

DEFAULT_TIMEOUT = 10.0
DEFAULT_NAME = "detent-python"


class Front:
    """The base of `Client` and `AsyncClient`."""

    path: str
    """The socket it connected to."""
    timeout: float
    """Seconds a call waits without progress (settable; per call with `call`)."""
    _core: Connection

    def _limit(self, timeout: float | None) -> float:
        return self.timeout if timeout is None else timeout

    @property
    def greeting(self) -> Hello:
        """What the daemon said to the greeting (hello) on connect."""
        if self._core.greeting is None:
            raise AttributeError("no greeting yet")
        return self._core.greeting

    @property
    def server(self) -> str:
        return self.greeting.server

    @property
    def proto(self) -> int:
        return self.greeting.proto

    @property
    def plugin_names(self) -> list[str]:
        return self.greeting.plugins

    @property
    def closed(self) -> bool:
        return self._core.closed is not None

    def __repr__(self) -> str:
        state = f"closed: {self._core.closed}" if self._core.closed else "connected"
        return f"<detent.{type(self).__name__} {self.path} {state}>"
