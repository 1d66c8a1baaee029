"""detent-websocket (detent-websocket(8)) outside systemd: its config and the
errors it names, the owner of a real connection's other end as the kernel
lists it (a second user is `nobody`, through setpriv: root only), and the
relay itself between a real detentd and WebSocket clients: a page of an
allowed origin pages through it, any other origin and any other user is
refused, under socket activation (systemd-socket-activate) as well.
Tests/System/service-test runs it under a real systemd, from the package.
    DETENT_BIN=.build/release /usr/bin/python3 -m pytest -q Tests/Relay"""

import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
import websocket

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from relay import (PROGRAM, PYTHON, ROOT, SNAP, Daemon, Relay, as_user, free_port, is_root, load_program, page,  # noqa: E402
                   page_as, run_relay, write_config)

NOBODY = 65534
needs_root = pytest.mark.skipif(not is_root(), reason="a second user needs root (setpriv); CI runs as root")
ALLOWED = "http://localhost:8000"


@pytest.fixture(scope="module")
def program():
    return load_program()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("relay")


@pytest.fixture(scope="module")
def daemon(folder):
    bin_dir = os.environ.get("DETENT_BIN") or os.path.join(ROOT, ".build", "release")
    d = Daemon(bin_dir, str(folder))
    yield d
    d.stop()


@pytest.fixture
def config(folder):
    path = os.path.join(folder, "websocket.json")
    write_config(path, [ALLOWED])
    return path


def test_origins_are_read_as_browsers_send_them(folder):
    path = os.path.join(folder, "spelled.json")
    write_config(path, ["http://localhost:8000/", "HTTP://LocalHost:8001", "https://app.example:443",
                        "http://127.0.0.1:80", "http://[::1]:9000"])
    status, out, err = run_relay("--check", "--config", path)
    assert (status, err) == (0, "")
    assert out.splitlines() == [f"{path}: ok", "  http://localhost:8000", "  http://localhost:8001",
                                "  https://app.example", "  http://127.0.0.1", "  http://[::1]:9000"]


@pytest.mark.parametrize("text, says", [
    ('{"origins": ["http://a:1"]', "not JSON: Expecting ',' delimiter: line 1 column 27"),
    ('["http://a:1"]', 'the file is one object, { "origins": [ ... ] }'),
    ('{"origin": ["http://a:1"]}', 'unknown key "origin" (the one key is "origins")'),
    ('{}', '"origins" is missing'),
    ('{"origins": "http://a:1"}', '"origins" is a list of strings, not "http://a:1"'),
    ('{"origins": [], "origins": []}', 'the key "origins" is given twice'),
    ('{"origins": ["http://a:1", 8000]}', '"origins"[1]: an origin is a string, not 8000'),
    ('{"origins": ["null"]}', '"origins"[0]: "null" cannot be allowed'),
    ('{"origins": ["*"]}', '"origins"[0]: "*" cannot be allowed'),
    ('{"origins": ["localhost:8000"]}', '"origins"[0]: "localhost:8000" is not an origin: write http:// or https://'),
    ('{"origins": ["ftp://a"]}', '"origins"[0]: "ftp://a" is not an origin'),
    ('{"origins": ["http://a:1/page.html"]}', 'it has no path, query or user (write http://a:1)'),
    ('{"origins": ["http://a:99999"]}', '"http://a:99999" is not an origin (Port out of range 0-65535)'),
    (b'\xff{}', "not JSON"),
])
def test_a_bad_config_is_named_with_its_key(program, folder, capsys, text, says):
    path = os.path.join(folder, "bad.json")
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode())
    for args in (["--check"], ["--socket", "/nonexistent", "--listen", "127.0.0.1:0"]):
        assert program.main([*args, "--config", path]) == 1, args
        out, err = capsys.readouterr()
        assert out == "" and err.startswith(f"detent-websocket: {path}: ") and says in err, err
        assert err.count("\n") == 1


def test_the_process_exits_1_on_a_config_error_and_64_on_a_usage_error(folder):
    missing = os.path.join(folder, "absent.json")
    assert run_relay("--config", missing) == (1, "", f"detent-websocket: {missing}: no such file or directory\n")
    status, _, err = run_relay("--listen", "8000")
    assert status == 64 and "--listen 8000: give HOST:PORT, as in 127.0.0.1:7468" in err


def test_the_user_file_before_the_system_file(program, folder):
    home = os.path.join(folder, "home")
    mine = os.path.join(home, ".config", "detent", "websocket.json")
    assert program.config_path(None, {"HOME": home}) == "/etc/detent/websocket.json"
    os.makedirs(os.path.dirname(mine), exist_ok=True)
    write_config(mine, ["http://mine.example"])
    assert program.config_path(None, {"HOME": home}) == mine
    assert program.config_path(None, {"HOME": home, "XDG_CONFIG_HOME": "relative/is/ignored"}) == mine
    xdg = os.path.join(folder, "xdg")
    assert program.config_path(None, {"HOME": home, "XDG_CONFIG_HOME": xdg}) == "/etc/detent/websocket.json"
    os.makedirs(os.path.join(xdg, "detent"), exist_ok=True)
    write_config(os.path.join(xdg, "detent", "websocket.json"), ["http://xdg.example"])
    assert program.config_path(None, {"HOME": home, "XDG_CONFIG_HOME": xdg}) == os.path.join(xdg, "detent", "websocket.json")
    assert program.config_path("here.json", {"HOME": home}) == os.path.abspath("here.json")
    assert run_relay("--check", env={"HOME": home, "XDG_CONFIG_HOME": ""})[1] == f"{mine}: ok\n  http://mine.example\n"


def hold_connection(user, host, port):
    """A process of `user` holding a TCP connection to host:port open; (process, its own port)."""
    code = ("import socket, sys; s = socket.create_connection((sys.argv[1], int(sys.argv[2]))); "
            "print(s.getsockname()[1], flush=True); sys.stdin.read()")
    process = subprocess.Popen([*as_user(user), PYTHON, "-c", code,
                                host, str(port)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return process, int(process.stdout.readline())


@needs_root
@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_the_kernel_names_the_owner_of_the_other_end(program, host):
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as server:
        server.bind((host, 0))
        server.listen()
        port = server.getsockname()[1]
        mine = socket.create_connection((host, port))
        accepted, _ = server.accept()
        assert program.peer_uid(accepted) == os.getuid()
        holder, their_port = hold_connection("nobody", host, port)
        theirs, address = server.accept()
        assert address[1] == their_port
        assert program.peer_uid(theirs) == NOBODY
        # No socket of this machine has that pair of ends.
        assert program.socket_uid((host, their_port), (host, port + 1 if port < 65535 else port - 1)) is None
        holder.stdin.close()
        holder.wait(10)
        for s in (mine, accepted, theirs):
            s.close()


def test_a_page_of_an_allowed_origin_pages_through_it(folder, daemon, config):
    relay = Relay(str(folder), ["--config", config, "--socket", daemon.socket])
    try:
        got = page(relay.url, ALLOWED)
        assert got[0].startswith("opened s=c plugin=cards index=0") and got[1].startswith(SNAP)
        for origin in ["http://evil.example", "http://localhost:8001", "https://localhost:8000", "null", None]:
            assert page(relay.url, origin) == 403, origin
        log = relay.output()
        assert "refused a WebSocket with Origin http://evil.example: not among the origins of " + config in log
        assert "refused a WebSocket with no Origin" in log
        # Read again for each connection: a new origin needs no restart, a broken file refuses all.
        write_config(config, [ALLOWED, "http://localhost:8001"])
        assert page(relay.url, "http://localhost:8001")[1].startswith(SNAP)
        with open(config, "w") as f:
            f.write('{"origins": ["http://localhost:8000"],}')
        assert page(relay.url, ALLOWED) == 403
        assert f"refused a WebSocket: {config}: not JSON" in relay.output()
    finally:
        assert relay.stop() == 0


@needs_root
def test_another_user_is_refused_whatever_origin_it_sends(folder, daemon, config):
    relay = Relay(str(folder), ["--config", config, "--socket", daemon.socket])
    try:
        assert page_as("nobody", relay.url, ALLOWED) == 403
        assert "a socket of user nobody (uid 65534), not of root, this relay's user" in relay.output()
        assert page(relay.url, ALLOWED)[1].startswith(SNAP)
    finally:
        relay.stop()


@needs_root
def test_its_web_files_go_to_its_own_user_only(folder, daemon, config):
    web = os.path.join(folder, "web")
    os.makedirs(web, exist_ok=True)
    with open(os.path.join(web, "index.html"), "w") as f:
        f.write("<title>mine</title>")
    relay = Relay(str(folder), ["--config", config, "--socket", daemon.socket, "--web", web])
    url = f"http://127.0.0.1:{relay.port}/index.html"
    try:
        assert urllib.request.urlopen(url, timeout=10).read() == b"<title>mine</title>"
        code = (f"import urllib.request, urllib.error\ntry: urllib.request.urlopen({url!r}, timeout=10)\n"
                "except urllib.error.HTTPError as e: print(e.code)")
        r = subprocess.run([*as_user("nobody"), PYTHON, "-c", code],
                           capture_output=True, text=True, timeout=30)
        assert r.stdout.strip() == "403", r.stderr
    finally:
        relay.stop()


@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_socket_activation_of_either_family(folder, daemon, config, host):
    port = free_port(host)
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    relay = Relay(str(folder), ["--config", config, "--socket", daemon.socket], host=host, port=port, activate=[address])
    try:
        assert page(relay.url, ALLOWED)[1].startswith(SNAP)
        assert page(relay.url, "http://evil.example") == 403
        if is_root():
            assert page_as("nobody", relay.url, ALLOWED) == 403
        assert f"on the socket systemd passed (ws://{address}/)" in relay.output()
    finally:
        relay.stop()


def test_two_sockets_passed_are_an_error(folder, daemon, config):
    ports = [free_port("127.0.0.1"), free_port("127.0.0.1")]
    # systemd-socket-activate waits for a first connection before it starts the program.
    process = subprocess.Popen(["systemd-socket-activate", "-l", f"127.0.0.1:{ports[0]}", "-l", f"127.0.0.1:{ports[1]}",
                                PYTHON, "-B", PROGRAM, "--config", config,
                                "--socket", daemon.socket], stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(400):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", ports[0])) == 0:
                    break
        assert process.wait(30) == 1
        assert "systemd passed 2 sockets: the relay listens on one (one ListenStream= in detent-websocket.socket)" \
            in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()


@needs_root
def test_a_dual_stack_socket_sees_ipv4_peers_as_themselves(folder, daemon, config):
    relay = Relay(str(folder), ["--config", config, "--socket", daemon.socket], host="::")
    url = f"ws://127.0.0.1:{relay.port}/"
    try:
        assert page(url, ALLOWED)[1].startswith(SNAP)
        assert page_as("nobody", url, ALLOWED) == 403
        assert "refused ::ffff:127.0.0.1:" in relay.output()
    finally:
        relay.stop()


def test_without_its_daemon_a_websocket_is_closed_1011(folder, config):
    relay = Relay(str(folder), ["--config", config, "--socket", os.path.join(folder, "nobody-here.sock")])
    try:
        ws = websocket.create_connection(relay.url, timeout=10, origin=ALLOWED, subprotocols=["binary"])
        opcode, frame = ws.recv_data_frame(True)  # accepted, then closed at once
        assert opcode == websocket.ABNF.OPCODE_CLOSE
        assert int.from_bytes(frame.data[:2], "big") == 1011 and frame.data[2:] == b"no Detent daemon answers"
        assert "no Detent daemon answers on " + os.path.join(str(folder), "nobody-here.sock") + " (no such file or directory)" \
            in relay.output()
    finally:
        relay.stop()


def test_json_lines_in_binary_frames_and_no_text_frames(folder, daemon, config):
    """Lines travel in binary frames, as detent.js sends them; websockify closes a
    WebSocket that sends a text frame (1003), as detent-websocket(8) says."""
    write_config(config, [ALLOWED])
    relay = Relay(str(folder), ["--config", config, "--socket", daemon.socket])
    try:
        ws = websocket.create_connection(relay.url, timeout=10, origin=ALLOWED)  # no subprotocol
        ws.send_binary(b'{"op": "ping", "id": 7}\n')
        assert json.loads(ws.recv()) == {"op": "pong", "id": 7}
        ws.send("ping\n")
        opcode, frame = ws.recv_data_frame(True)
        assert opcode == websocket.ABNF.OPCODE_CLOSE and int.from_bytes(frame.data[:2], "big") == 1003
        ws.close()
    finally:
        relay.stop()
