#!/usr/bin/env python3
"""How soon a layout view is playable in a fresh browser.

Playable: the board drawn (a piece in the play board) and the layout's name in
the heading, in milliseconds from navigation start (the page's
`performance.now()` when both are first in the document, seen by a
MutationObserver installed before any of the page's scripts run). Each run is
a new headless Chromium (a new profile: nothing cached), one navigation.

    bench/scripts/playable.py URL [URL ...] [--runs 7] [--path /ui/case/1A9BF0C00] [--lang en zh]

With several servers (URL each), the runs take them in turn, so that a slow
moment of the machine falls on each alike; the median of each server and
language is printed. Needs chromedriver and chromium on the PATH (the
browser tests' programs); nothing from PyPI.
"""

import argparse
import json
import shutil
import socket
import statistics
import subprocess
import time
import urllib.request

# Installed before the page's scripts: notes the first moment the view is
# playable (a piece on the play board and a heading with text).
WATCH = """
new MutationObserver((changes, watcher) => {
  const board = document.querySelector('[data-play-board] [data-piece]');
  const name = document.querySelector('[data-game-name]');
  if (board && name && name.textContent.trim()) {
    window.__playable = performance.now();
    watcher.disconnect();
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    """A chromedriver process and the calls of the W3C WebDriver protocol."""

    def __init__(self):
        self.port = free_port()
        self.process = subprocess.Popen(
            ["chromedriver", f"--port={self.port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.time() + 20
        while True:
            try:
                self.call("GET", "/status")
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.1)

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.load(answer)["value"]

    def close(self):
        self.process.terminate()
        self.process.wait()


def playable_ms(driver, url):
    """One fresh browser's time to playable at `url`, in ms."""
    options = {
        "binary": shutil.which("chromium"),
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800"],
    }
    session = driver.call(
        "POST",
        "/session",
        {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}},
    )["sessionId"]
    try:
        base = f"/session/{session}"
        driver.call(
            "POST",
            f"{base}/goog/cdp/execute",
            {"cmd": "Page.addScriptToEvaluateOnNewDocument", "params": {"source": WATCH}},
        )
        driver.call("POST", f"{base}/url", {"url": url})
        deadline = time.time() + 30
        while time.time() < deadline:
            ms = driver.call(
                "POST", f"{base}/execute/sync", {"script": "return window.__playable ?? null", "args": []}
            )
            if ms is not None:
                return ms
            time.sleep(0.05)
        raise RuntimeError(f"{url}: not playable within 30 s")
    finally:
        driver.call("DELETE", f"/session/{session}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("servers", nargs="+", help="a server's base address, e.g. http://127.0.0.1:8080")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--path", default="/ui/case/1A9BF0C00")
    parser.add_argument("--lang", nargs="+", default=["en", "zh"])
    args = parser.parse_args()
    driver = Driver()
    times = {(server, lang): [] for server in args.servers for lang in args.lang}
    try:
        for run in range(args.runs):
            for lang in args.lang:
                for server in args.servers:
                    ms = playable_ms(driver, f"{server}{args.path}?lang={lang}")
                    times[(server, lang)].append(ms)
                    print(f"run {run + 1} {lang} {server}: {ms:.0f} ms", flush=True)
    finally:
        driver.close()
    for (server, lang), samples in times.items():
        print(
            f"{server} {lang}: median {statistics.median(samples):.0f} ms of {len(samples)}"
            f" (min {min(samples):.0f}, max {max(samples):.0f})"
        )


if __name__ == "__main__":
    main()
