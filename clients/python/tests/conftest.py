"""Shared test machinery: the real detentd on temporary sockets, a time
limit on every test, and both clients behind one face so each behaviour is
checked on the blocking and the asyncio client alike."""

from __future__ import annotations

import asyncio
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CLIENT_DIR = Path(__file__).resolve().parents[1]
REPO = CLIENT_DIR.parents[1]
sys.path.insert(0, str(CLIENT_DIR))

import detent  # noqa: E402

# Never an installed copy (python3-detent in dist-packages): the tree's own.
assert Path(detent.__file__).resolve().is_relative_to(CLIENT_DIR), f"detent imported from {detent.__file__}"

PLUGINS_JSON = REPO / "plugins.json"
CARDS = dict(viewport=375, item=343, count=5, spacing=8, lead=16, trail=16)
"""Seed 000's cards (detent-protocol(7) EXAMPLES)."""
LOOP = dict(viewport=375, item=300, spacing=10, count=4, loop=True)
"""The man page's carousel loop: 8 snaps, item 0 at 582.5."""


def bin_dir() -> Path:
    folder = os.environ.get("DETENT_BIN")
    if not folder:
        pytest.fail("DETENT_BIN is not set: run DETENT_BIN=folder-holding-detentd clients/python/run-tests")
    path = Path(folder)
    if not (path / "detentd").is_file():
        pytest.fail(f"no detentd in DETENT_BIN={folder}")
    return path


# -- time limits ---------------------------------------------------------------

class TimeLimitExceeded(Exception):
    pass


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "time_limit(seconds): fail the test when it runs longer")


@pytest.fixture(autouse=True)
def time_limit(request: pytest.FixtureRequest) -> Iterator[None]:
    """SIGALRM fails a test that hangs (a deadlock must fail, not stall CI)."""
    marker = request.node.get_closest_marker("time_limit")
    seconds = marker.args[0] if marker else 15

    def expire(signum: int, frame: Any) -> None:
        raise TimeLimitExceeded(f"the test ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def wait_until(condition: Callable[[], bool], seconds: float = 5.0, what: str = "a condition") -> None:
    """Polls instead of sleeping a fixed time."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.005)


# -- temporary folders with short paths (sun_path holds 107 bytes) --------------

@pytest.fixture
def short_tmp() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="dpy", dir="/tmp"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


# -- the daemon ----------------------------------------------------------------

class Daemon:
    """detentd --config FILE --socket PATH, ready once it logs that it listens."""

    def __init__(self, folder: Path, config: dict[str, Any] | Path = PLUGINS_JSON, name: str = "d") -> None:
        if isinstance(config, dict):
            path = folder / f"{name}.json"
            path.write_text(json.dumps(config))
            config = path
        self.config = config
        self.socket = str(folder / f"{name}.sock")
        self.log_path = folder / f"{name}.log"
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen([str(bin_dir() / "detentd"), "--config", str(config), "--socket", self.socket],
                                     stdout=self._log, stderr=self._log, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while b"listening on" not in self.log_path.read_bytes():
            if self.proc.poll() is not None:
                raise AssertionError(f"detentd exited {self.proc.returncode}: {self.log()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"detentd did not start: {self.log()}")
            time.sleep(0.005)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def signal(self, signum: int) -> None:
        os.kill(self.proc.pid, signum)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


@pytest.fixture(scope="session")
def shared_daemon() -> Iterator[Daemon]:
    """The bundled plugins.json, shared: sessions are per connection."""
    folder = Path(tempfile.mkdtemp(prefix="dpy", dir="/tmp"))
    daemon = Daemon(folder)
    try:
        yield daemon
    finally:
        daemon.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def start_daemon(short_tmp: Path) -> Iterator[Callable[..., Daemon]]:
    """Starts daemons of this test's own (stopped at its end)."""
    started: list[Daemon] = []

    def start(config: dict[str, Any] | Path = PLUGINS_JSON, name: str = "d") -> Daemon:
        daemon = Daemon(short_tmp, config, name)
        started.append(daemon)
        return daemon

    try:
        yield start
    finally:
        for daemon in started:
            daemon.stop()


def bundled_plugins() -> list[dict[str, Any]]:
    return json.loads(PLUGINS_JSON.read_text())["plugins"]


def someone_else() -> str:
    """A user that exists and is not the one running the tests."""
    me = os.getuid()
    for name in ("nobody", "root", "daemon"):
        try:
            if pwd.getpwnam(name).pw_uid != me:
                return name
        except KeyError:
            continue
    pytest.fail("no other user to name in allowUsers")


@pytest.fixture(scope="session")
def fixture_library() -> Iterator[Path]:
    """Tests/PluginFixtures/fixture.c built as a plugin library (fx-fails...)."""
    folder = Path(tempfile.mkdtemp(prefix="dpylib", dir="/tmp"))
    library = folder / "libfx.so"
    subprocess.run(["cc", "-std=c11", "-shared", "-fPIC", "-I", str(REPO / "Sources/CDetentPlugin/include"),
                    "-o", str(library), str(REPO / "Tests/PluginFixtures/fixture.c"), "-lm"], check=True)
    try:
        yield library
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# -- both clients behind one face ----------------------------------------------

class SyncFacade:
    """An AsyncClient driven through a private event loop, so one test body
    checks both clients; every coroutine method runs to completion."""

    def __init__(self, client: detent.AsyncClient, loop: asyncio.AbstractEventLoop) -> None:
        self._client = client
        self._loop = loop

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._client, name)
        if asyncio.iscoroutinefunction(value) or name in ("call", "send", "send_many", "call_many"):
            def run(*args: Any, **kwargs: Any) -> Any:
                return self._loop.run_until_complete(value(*args, **kwargs))
            return run
        if name == "pushes":
            def pushes(timeout: float | None = None) -> Iterator[detent.Snap]:
                while (push := self._loop.run_until_complete(self._client.next_push(timeout))) is not None:
                    yield push
            return pushes
        if name == "next_push":
            return lambda timeout=None: self._loop.run_until_complete(self._client.next_push(timeout))
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("_"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._client, name, value)

    def __enter__(self) -> SyncFacade:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.disconnect()


class Clients:
    """Connects clients of one kind: `blocking` or `async`."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.loop = asyncio.new_event_loop() if kind == "async" else None
        self.opened: list[Any] = []

    def connect(self, path: str | None = None, **options: Any) -> Any:
        if self.loop is None:
            client: Any = detent.Client(path, **options)
        else:
            async def opening() -> detent.AsyncClient:
                return await detent.AsyncClient.connect(path, **options)
            client = SyncFacade(self.loop.run_until_complete(opening()), self.loop)
        self.opened.append(client)
        return client

    def close(self) -> None:
        for client in self.opened:
            try:
                client.disconnect()
            except Exception:
                pass
        if self.loop is not None:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()


@pytest.fixture(params=["blocking", "async"])
def clients(request: pytest.FixtureRequest) -> Iterator[Clients]:
    made = Clients(request.param)
    try:
        yield made
    finally:
        made.close()


def run(coroutine: Any, seconds: float = 10) -> Any:
    """Runs an async test body on a fresh loop, bounded in time."""
    return asyncio.run(asyncio.wait_for(coroutine, seconds))
