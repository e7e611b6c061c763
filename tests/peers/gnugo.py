"""A small GTP client for GNU Go, the peer engine of the differential tests.

``GnuGo(["--chinese-rules", "--situational-superko"])`` starts ``gnugo --mode
gtp`` with those options; ``send`` runs one command, ``batch`` many at once (the
commands are written by a thread while the replies are read, so a long batch
cannot fill both pipes and block). Replies come back as ``Reply(ok, text)``
with the ``=``/``?`` and the id stripped.

Where GNU Go is missing, ``require_gnugo()`` skips the calling test locally and
fails it in CI (the environment variable ``CI`` is set), so that CI cannot pass
without running the comparison.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from collections.abc import Sequence
from typing import NamedTuple

import pytest

GNUGO = "/usr/games/gnugo"


def gnugo_path() -> str | None:
    if os.access(GNUGO, os.X_OK):
        return GNUGO
    return shutil.which("gnugo")


def require_gnugo() -> str:
    path = gnugo_path()
    if path is None:
        message = f"GNU Go is not installed ({GNUGO}; Debian package gnugo)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


class Reply(NamedTuple):
    ok: bool
    text: str


class GtpFailure(RuntimeError):
    pass


class GnuGo:
    def __init__(self, options: Sequence[str] = ("--chinese-rules",), path: str | None = None):
        path = path or require_gnugo()
        self.process = subprocess.Popen(
            [path, "--mode", "gtp", *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1 << 16,
        )

    def __enter__(self) -> GnuGo:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _read_reply(self) -> Reply:
        stdout = self.process.stdout
        line = stdout.readline()
        while line == "\n":  # tolerate stray blank lines between replies
            line = stdout.readline()
        if not line:
            raise GtpFailure("GNU Go closed its output")
        lines = [line.rstrip("\n")]
        while True:
            line = stdout.readline()
            if line in ("\n", ""):
                break
            lines.append(line.rstrip("\n"))
        head = lines[0]
        if head[:1] not in "=?":
            raise GtpFailure(f"not a GTP reply: {head!r}")
        # "=12 text" / "= text" / "=": drop the sign and an id.
        first = head[1:].lstrip("0123456789").strip()
        text = "\n".join([first, *lines[1:]] if first else lines[1:])
        return Reply(head[0] == "=", text)

    def batch(self, commands: Sequence[str]) -> list[Reply]:
        """Send every command, then return the replies in order."""
        stdin = self.process.stdin
        payload = "".join(command + "\n" for command in commands)

        def write() -> None:
            stdin.write(payload)
            stdin.flush()

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        replies = [self._read_reply() for _ in commands]
        writer.join()
        return replies

    def send(self, command: str) -> str:
        """Run one command; its reply text, or GtpFailure for a ``?`` reply."""
        (reply,) = self.batch([command])
        if not reply.ok:
            raise GtpFailure(f"{command!r}: {reply.text}")
        return reply.text

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.flush()
                self.process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        self.process.stdin.close()
        self.process.stdout.close()
