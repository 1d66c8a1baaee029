"""qt-window-test's parts adapter and pool: <detent/qt.h> alone, adapter-test.cpp and pool-test.cpp built with
the line the header promises, their checks relayed as this run's."""

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

from qt_window import HERE, OUT, PREFIX


def build(check, part, name):
    """Tests/QtWindow/NAME.cpp built with exactly the line <detent/qt.h> promises (no moc); the binary, or None."""
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(PREFIX, "lib", "pkgconfig"))
    binary = os.path.join(OUT, name)
    line = f"c++ {os.path.join(HERE, name + '.cpp')} $(pkg-config --cflags --libs detent Qt6Quick) -o {binary}"
    r = subprocess.run(["bash", "-c", line + " -Wall -Wextra -Werror"], env=env, capture_output=True, text=True,
                       timeout=300)
    ok = check(f"{part}: {name}.cpp builds with `c++ app.cpp $(pkg-config --cflags --libs detent Qt6Quick)` "
               "(no moc step), warnings as errors", r.returncode == 0, r.stderr[-2000:])
    return binary if ok else None


def relay(check, stdout):
    """The checks a test binary printed, as checks of this run; how many."""
    lines = [l for l in stdout.splitlines() if l.startswith(("ok - ", "not ok - "))]
    for l in lines:
        if l.startswith("ok - "):
            check(l[5:], True)
        else:
            name, _, detail = l[9:].partition(": ")
            check(name, False, detail)
    return len(lines)


def adapter(check, d, bin_dir, config):
    """<detent/qt.h> alone, on a QCoreApplication, against a detentd of its own."""
    binary = build(check, "adapter", "adapter-test")
    if not binary:
        return
    work = tempfile.mkdtemp(prefix="detent-qt-adapter.")
    sock = os.path.join(work, "a.sock")
    daemon = subprocess.Popen([os.path.join(bin_dir, "detentd"), "--config", config, "--socket", sock,
                               "--log-level", "warning"])
    try:
        deadline = time.monotonic() + 10
        while not os.path.exists(sock) and time.monotonic() < deadline:
            time.sleep(0.05)
        env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(PREFIX, "lib"), QT_QPA_PLATFORM="offscreen")
        r = subprocess.run([binary, sock, str(daemon.pid)], env=env, capture_output=True, text=True, timeout=60)
        n = relay(check, r.stdout)
        check("adapter: adapter-test ran to the end", r.returncode in (0, 1) and n >= 15,
              f"exit {r.returncode}; {r.stderr[-500:]}")
    finally:
        os.kill(daemon.pid, signal.SIGCONT)
        daemon.terminate()
        daemon.wait(10)
        shutil.rmtree(work, ignore_errors=True)


def pool(check, d, bin_dir, config):
    """detent::QtPool of <detent/qt.h> alone, on a QCoreApplication: four strips in a pool against a detentd
    pool-test starts, kills and starts again, under the config with 2 sessions a connection (two sockets)."""
    binary = build(check, "pool", "pool-test")
    if not binary:
        return
    work = tempfile.mkdtemp(prefix="detent-qt-pool.")
    with open(config) as f:
        conf = json.load(f)
    conf.setdefault("limits", {})["maxSessionsPerConnection"] = 2
    limited = os.path.join(work, "plugins.json")
    with open(limited, "w") as f:
        json.dump(conf, f)
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(PREFIX, "lib"), QT_QPA_PLATFORM="offscreen")
    process = subprocess.Popen([binary, os.path.join(bin_dir, "detentd"), limited, work], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    def kill_group():                                      # pool-test and its detentd, had it crashed
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        out, err = process.communicate(timeout=90)
    except subprocess.TimeoutExpired:
        kill_group()
        out, err = process.communicate()
        err += " (timed out after 90 s)"
    finally:
        kill_group()
    n = relay(check, out)
    check("pool: pool-test ran to the end", process.returncode in (0, 1) and n >= 30,
          f"exit {process.returncode}; {err[-800:]}")
    shutil.rmtree(work, ignore_errors=True)
