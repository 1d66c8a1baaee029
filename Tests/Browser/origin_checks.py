"""scripts/demo's relay is for its own page only (detent-websocket(8): the origins of its config): a WebSocket
from another origin, from an opaque one (a sandboxed frame in the browser: Origin null) or with no Origin at all is
refused before the daemon is reached, and one from the page's own origin (127.0.0.1 or localhost on its
port) still reaches it: a hello is answered."""

import json
from urllib.parse import urlsplit

import websocket  # Debian's python3-websocket

# A sandboxed frame of the page: an opaque origin, as a page of another site has its own.
FRAME = """new Promise((done) => {
  const frame = document.createElement('iframe');
  frame.sandbox = 'allow-scripts';
  frame.srcdoc = `<script>const w = new WebSocket(URL, ['binary']);
    w.onopen = () => parent.postMessage('open', '*');
    w.onclose = (e) => parent.postMessage('closed ' + e.code, '*');<\\/script>`;
  window.addEventListener('message', function heard(e) {
    if (e.source !== frame.contentWindow) return;
    window.removeEventListener('message', heard);
    frame.remove();
    done(e.data);
  });
  document.body.append(frame);
})"""


def attempt(ws_url, origin):
    """'hello' when the relay let it through to the daemon (which answered hello), else the HTTP status."""
    options = {"suppress_origin": True} if origin is None else {"origin": origin}
    try:
        ws = websocket.create_connection(ws_url, timeout=10, subprotocols=["binary"], **options)
    except websocket.WebSocketBadStatusException as refused:
        return refused.status_code
    try:
        ws.send_binary(b'{"op":"hello","client":"origin check"}\n')
        reply = ws.recv()
        return json.loads(reply)["op"] if reply else None
    finally:
        ws.close()


def check_origin(check, browser, demo):
    own = urlsplit(demo.url)
    ws_url = f"ws://{own.netloc}/"
    origin = f"{own.scheme}://{own.netloc}"
    for other in ["http://example.com", f"http://127.0.0.1:{own.port + 1}", "null", None]:
        got = attempt(ws_url, other)
        check(f"relay: a WebSocket with Origin {other} is refused (403)" if other else "relay: a WebSocket without Origin is refused (403)",
              got == 403, str(got))
    for mine in [origin, f"http://localhost:{own.port}"]:
        got = attempt(ws_url, mine)
        check(f"relay: a WebSocket from the page's origin {mine} reaches the daemon (hello answered)", got == "hello", str(got))
    closed = browser.js(FRAME.replace("URL", json.dumps(ws_url)), timeout=20)
    check("relay: in the browser, a frame of another origin cannot open the page's WebSocket", closed == "closed 1006", str(closed))
    check("relay: the page's own WebSocket is up", browser.js("detentDemo.connection.state") == "ready")
