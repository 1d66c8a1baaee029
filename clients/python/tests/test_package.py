"""The README's examples run as written, and the package builds the way
dh-python's pyproject plugin builds it (setuptools, no network)."""

from __future__ import annotations

import email
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from conftest import CLIENT_DIR, Daemon

import detent


def examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", (CLIENT_DIR / "README.md").read_text(), re.S)


def run_example(code: str, socket_path: str) -> list[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(CLIENT_DIR),
           "DETENT_SOCKET": socket_path, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=10)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_readme_example(shared_daemon: Daemon) -> None:
    first = examples()[0]
    assert len([line for line in first.splitlines() if line.strip()]) <= 10
    out = run_example(first, shared_daemon.socket)
    assert out[0] == "1 351.0 animate"
    assert out[1] == "   0 ms    90.00"
    assert out[-1] == " 516 ms   351.00"
    assert len(out) == 2 + 6


@pytest.mark.time_limit(10)
def test_the_readme_asyncio_example(shared_daemon: Daemon) -> None:
    out = run_example(examples()[1], shared_daemon.socket)
    assert out == ["1 892.5 None", "2 1202.5 None", "3 1512.5 None", "0 1822.5 582.5"]


def test_the_readme_wheel_example(shared_daemon: Daemon) -> None:
    out = run_example(examples()[2], shared_daemon.socket)
    assert out == ["Snap 1 wheel", "Kept 1", "430.0", "Snap 2 scroll"]


def test_the_readme_keyboard_example(shared_daemon: Daemon) -> None:
    out = run_example(examples()[3], shared_daemon.socket)
    assert out == ["Kept", "1 step spring 573", "5 none 0 2000.0"]


def test_the_metadata() -> None:
    project = tomllib.loads((CLIENT_DIR / "pyproject.toml").read_text())
    assert project["build-system"]["build-backend"] == "setuptools.build_meta"
    meta = project["project"]
    assert (meta["name"], meta["version"], meta["requires-python"]) == ("detent", "1.0.0", ">=3.11")
    assert meta["license"] == {"text": "Apache-2.0"} and meta.get("dependencies", []) == []
    assert project["tool"]["setuptools"]["packages"] == ["detent"]
    assert detent.__version__ == meta["version"]


@pytest.mark.time_limit(60)
def test_a_wheel_builds_offline_and_works_installed(short_tmp: Path, shared_daemon: Daemon) -> None:
    source = short_tmp / "src"
    shutil.copytree(CLIENT_DIR, source, ignore=shutil.ignore_patterns("tests", "__pycache__", "*.egg-info", "build"))
    out = short_tmp / "dist"
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", str(out), str(source)],
                   check=True, capture_output=True, timeout=60)
    [wheel] = out.glob("detent-1.0.0-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = email.message_from_bytes(archive.read("detent-1.0.0.dist-info/METADATA"))
    modules = {path.name for path in (CLIENT_DIR / "detent").glob("*.py")}
    assert {"__init__.py", "aio.py", "client.py", "core.py", "replies.py", "_requests.py"} <= modules
    for module in modules:  # the generated ones and the core included
        assert f"detent/{module}" in names
    assert "detent/py.typed" in names and not any(name.startswith("tests/") for name in names)
    assert (metadata["Name"], metadata["Version"], metadata["Requires-Python"]) == ("detent", "1.0.0", ">=3.11")
    assert metadata["License"] == "Apache-2.0" and metadata.get_all("Requires-Dist") is None
    target = short_tmp / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)  # a wheel is importable as unpacked
    code = "import detent, sys; c = detent.Client(); print(detent.__file__, c.ping().__class__.__name__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=10,
                          env={"PYTHONPATH": str(target), "DETENT_SOCKET": shared_daemon.socket})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(target / "detent/__init__.py"), "Pong"]


def test_the_repository_readme_example(shared_daemon: Daemon) -> None:
    """README.md's Python section: ten lines that run as written."""
    from conftest import REPO
    section = (REPO / "README.md").read_text().split("### Python", 1)[1]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    assert len([line for line in code.splitlines() if line.strip()]) <= 10
    out = run_example(code, shared_daemon.socket)
    assert out[0] == "1 351.0 animate"
    assert out[1] == "   0 ms    90.00"
    assert len(out) == 7  # 0, 100, ... 500 ms: the motion lasts 516 ms
