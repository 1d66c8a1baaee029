"""The discovery rule, every row of Tests/Conformance/discovery.txt, on the
blocking and the asyncio connect, with temporary paths standing in for
/run/detent/detent.sock and /tmp/detent-UID.sock."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import CLIENT_DIR, REPO, Clients, Daemon

import detent
from detent import discovery

TABLE = REPO / "Tests/Conformance/discovery.txt"


@dataclass
class Row:
    case: str
    variable: str
    xdg: str
    listening: list[str]
    stale: list[str]
    expect: str


def rows() -> list[Row]:
    out = []
    for line in TABLE.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        case, variable, xdg, listening, stale, expect = line.split()
        names = lambda cell: [] if cell == "-" else cell.split(",")  # noqa: E731
        out.append(Row(case, variable, xdg, names(listening), names(stale), expect))
    return out


def test_the_table_is_there_and_whole() -> None:
    cases = rows()
    assert len(cases) >= 15
    assert {row.expect.split(":")[0] for row in cases} >= {"variable", "user", "system", "fallback", "fail"}


class Stage:
    """Temporary candidates: listening sockets, stale socket files, absent paths."""

    def __init__(self, folder: Path) -> None:
        (folder / "xdg").mkdir()
        self.paths = {"variable": str(folder / "variable.sock"), "user": str(folder / "xdg" / "detent.sock"),
                      "system": str(folder / "system.sock"), "fallback": str(folder / "fallback.sock")}
        self.xdg = str(folder / "xdg")
        self.listeners: list[socket.socket] = []

    def listen(self, name: str) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(self.paths[name])
        sock.listen(8)
        self.listeners.append(sock)

    def stale(self, name: str) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(self.paths[name])
        sock.close()  # the file stays, nobody answers: ECONNREFUSED

    def environ(self, row: Row) -> dict[str, str]:
        env = {"HOME": "/nonexistent"}
        if row.variable == "empty":
            env["DETENT_SOCKET"] = ""
        elif row.variable == "variable":
            env["DETENT_SOCKET"] = self.paths["variable"]
        if row.xdg == "empty":
            env["XDG_RUNTIME_DIR"] = ""
        elif row.xdg == "set":
            env["XDG_RUNTIME_DIR"] = self.xdg
        return env

    def close(self) -> None:
        for sock in self.listeners:
            sock.close()


@pytest.fixture
def stage(short_tmp: Path) -> Iterator[Stage]:
    made = Stage(short_tmp)
    try:
        yield made
    finally:
        made.close()


def connect_blocking(stage: Stage, env: dict[str, str]) -> tuple[socket.socket, str]:
    return discovery.connect(environ=env, system_path=stage.paths["system"], fallback_path=stage.paths["fallback"],
                             timeout=2)


def connect_async(stage: Stage, env: dict[str, str]) -> tuple[socket.socket, str]:
    return asyncio.run(asyncio.wait_for(discovery.connect_async(
        environ=env, system_path=stage.paths["system"], fallback_path=stage.paths["fallback"], timeout=2), 5))


@pytest.mark.parametrize("connect", [connect_blocking, connect_async], ids=["blocking", "async"])
@pytest.mark.parametrize("row", rows(), ids=lambda row: row.case)
def test_discovery_row(row: Row, stage: Stage,
                       connect: Callable[[Stage, dict[str, str]], tuple[socket.socket, str]]) -> None:
    for name in row.listening:
        stage.listen(name)
    for name in row.stale:
        stage.stale(name)
    env = stage.environ(row)
    if not row.expect.startswith("fail:"):
        sock, path = connect(stage, env)
        sock.close()
        assert path == stage.paths[row.expect]
        return
    expected = [(stage.paths[name], why) for name, why in
                (pair.split("=") for pair in row.expect[len("fail:"):].split(","))]
    with pytest.raises(detent.DaemonNotFound) as caught:
        connect(stage, env)
    error = caught.value
    assert error.tried == expected
    message = str(error)
    at = -1
    for path, why in expected:  # every path with its reason, in order
        found = message.find(f"{path} ({why})")
        assert found > at, (path, why, message)
        at = found
    if row.variable == "variable":
        assert "DETENT_SOCKET" in message
    assert "systemctl --user start detentd.socket" in message and "scripts/run" in message


def test_an_explicit_path_wins_over_the_variable(clients: Clients, shared_daemon: Daemon, short_tmp: Path) -> None:
    env = {"DETENT_SOCKET": str(short_tmp / "elsewhere.sock")}
    client = clients.connect(shared_daemon.socket, environ=env)
    assert client.path == shared_daemon.socket
    with pytest.raises(detent.DaemonNotFound) as caught:
        clients.connect(str(short_tmp / "none.sock"), environ={"DETENT_SOCKET": shared_daemon.socket})
    assert caught.value.tried == [(str(short_tmp / "none.sock"), "absent")]


def test_clients_find_the_daemon_by_the_rule(clients: Clients, shared_daemon: Daemon, short_tmp: Path) -> None:
    client = clients.connect(environ={"DETENT_SOCKET": shared_daemon.socket})
    assert client.path == shared_daemon.socket and client.proto == 1
    fallback = clients.connect(environ={"XDG_RUNTIME_DIR": str(short_tmp)}, system_path=str(short_tmp / "no.sock"),
                               fallback_path=shared_daemon.socket)
    assert fallback.path == shared_daemon.socket
    with pytest.raises(detent.DaemonNotFound) as caught:
        clients.connect(environ={"DETENT_SOCKET": str(short_tmp / "gone.sock")})
    assert "DETENT_SOCKET" in str(caught.value) and str(short_tmp / "gone.sock") in str(caught.value)


def test_the_default_fixed_paths() -> None:
    listed = discovery.candidates(environ={})
    assert [(c.role, c.path) for c in listed] == [("system", "/run/detent/detent.sock"),
                                                  ("fallback", f"/tmp/detent-{os.getuid()}.sock")]
    assert [c.role for c in discovery.candidates(environ={"XDG_RUNTIME_DIR": "/r"})] == ["user", "system", "fallback"]
    assert discovery.candidates("/x.sock", environ={"DETENT_SOCKET": "/y"}) == [discovery.Candidate("explicit", "/x.sock")]


def test_permission_denied_is_recorded_and_the_next_candidate_tried(short_tmp: Path) -> None:
    """EACCES, for a user other than the socket's owner (root is never
    refused, so as root the check runs as nobody in a subprocess)."""
    short_tmp.chmod(0o755)
    closed = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    closed_path = str(short_tmp / "private.sock")
    closed.bind(closed_path)
    closed.listen(1)
    os.chmod(closed_path, 0o600 if os.getuid() == 0 else 0)
    open_sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    open_path = str(short_tmp / "open.sock")
    open_sock.bind(open_path)
    open_sock.listen(1)
    os.chmod(open_path, 0o777)
    code = ("import sys; from detent import discovery\n"
            "try:\n"
            f"    s, p = discovery.connect(environ={{}}, system_path={closed_path!r}, fallback_path={open_path!r})\n"
            "    print('connected', p)\n"
            f"    discovery.connect(environ={{}}, system_path={closed_path!r}, fallback_path={closed_path!r})\n"
            "except Exception as e:\n"
            "    print(type(e).__name__, e.tried)\n")
    try:
        extra = {"user": 65534, "group": 65534} if os.getuid() == 0 else {}
        done = subprocess.run([sys.executable, "-B", "-c", code], capture_output=True, text=True, timeout=10,
                              env={"PYTHONPATH": str(CLIENT_DIR)}, **extra)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert lines[0] == f"connected {open_path}"
        assert lines[1] == f"DaemonNotFound [({closed_path!r}, 'permission denied'), ({closed_path!r}, 'permission denied')]"
    finally:
        closed.close()
        open_sock.close()
