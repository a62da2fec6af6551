"""Load test of the table's web API: many games at once, each played to the end through HTTP.

Starts ``bridgetools play --no-browser`` on a free loopback port (or uses ``--url``, which must be a
loopback address), plays ``--games`` deals concurrently (South bids a little and plays the first legal
card, pausing about ``--think`` seconds before each action as a person does), and reports the latency
of South's actions as the client sees them, the part of it the computer
players spent thinking (the server reports it per action), and the rest. Bounded in time (``--timeout``)
and in requests per game; exits 1 on any error.

    python scripts/bench_table.py                  # 50 games at once, a pause of about 1 s per action
    python scripts/bench_table.py --think 0        # flat out: the server's throughput
    python scripts/bench_table.py --games 10 --json
    python scripts/bench_table.py --games 10 --seeded   # seeded deals: no clock, a 10 s ceiling
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
MAX_REQUESTS = 120
"""A deal needs at most 13 cards and a few calls from South; more requests than this is a runaway."""
OPENINGS = ["1NT", "Pass", "1S", "Pass", "2H", "Pass"]


class Connection:
    """A minimal HTTP/1.1 keep-alive client for JSON, so that the load generator costs little CPU and the
    measurement is of the server (a full client library costs more per request than the table does)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            sock = self.writer.get_extra_info("socket")
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        assert self.reader is not None
        data = json.dumps(body).encode()
        self.writer.write(f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        status_line = await self.reader.readline()
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        payload = json.loads(await self.reader.readexactly(length)) if length else {}
        return int(status_line.split()[1]), payload

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def play_one(client: Connection, number: int, timings: list[tuple[float, float, float]],
                   think: float, seeded: bool = False) -> dict[str, Any]:
    """One deal to the end, pausing about ``think`` seconds before each of South's actions as a person
    would; appends (latency, thinking) in seconds for each of them. ``seeded``: a deal from a seed, whose
    computer players think without the table's clock, within its 10 s ceiling a decision."""
    rng = random.Random(number)
    vulnerability = ["None", "NS", "EW", "All"][number % 4]
    # by default a random deal, as New deal gives a person, at the table's usual pace
    request: dict[str, Any] = {"vulnerability": vulnerability} | ({"seed": number + 1} if seeded else {})
    status, reply = await client.post("/api/games", request)
    if status != 201:
        raise RuntimeError(f"new game: HTTP {status} {reply}")
    game_id, state = reply["id"], reply["state"]
    opening = OPENINGS[number % len(OPENINGS)]
    for _ in range(MAX_REQUESTS):
        if state["phase"] == "over":
            final: dict[str, Any] = state
            return final
        if state["phase"] == "auction":
            call = opening if opening in state["legal_calls"] else "Pass"
            opening = "Pass"
            path, body = "call", {"call": call}
        else:
            path, body = "card", {"card": state["legal_cards"][0]}
        if think:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        started = time.perf_counter()
        status, data = await client.post(f"/api/games/{game_id}/{path}", body)
        latency = time.perf_counter() - started
        if status != 200:
            raise RuntimeError(f"{path} {body}: HTTP {status} {data}")
        timings.append((latency, data["timing"]["thinking_ms"] / 1000, data["timing"]["server_ms"] / 1000))
        state = data["state"]
    raise RuntimeError(f"game {game_id} did not finish in {MAX_REQUESTS} requests")


async def run(url: str, games: int, timeout: float, think: float, seeded: bool = False) -> dict[str, Any]:
    timings: list[tuple[float, float, float]] = []
    parts = urlsplit(url)
    clients = [Connection(parts.hostname or "127.0.0.1", parts.port or 80) for _ in range(games)]
    started = time.perf_counter()
    try:
        results = await asyncio.wait_for(
            asyncio.gather(*(play_one(clients[n], n, timings, think, seeded) for n in range(games)),
                           return_exceptions=True),
            timeout)
    finally:
        for client in clients:
            client.close()
    wall = time.perf_counter() - started
    errors = [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    finished = [r for r in results if isinstance(r, dict)]
    latency = [t[0] * 1000 for t in timings]
    thinking = [t[1] * 1000 for t in timings]
    own = [(t[0] - t[1]) * 1000 for t in timings]
    server = [t[2] * 1000 for t in timings]
    return {
        "games": games, "seeded": seeded, "think_s": think, "finished": len(finished),
        "errors": errors[:5], "error_count": len(errors),
        "south_actions": len(timings), "wall_s": round(wall, 2),
        "latency_ms": {"p50": round(percentile(latency, 50), 1), "p95": round(percentile(latency, 95), 1),
                       "max": round(max(latency, default=0), 1)},
        "thinking_ms": {"p50": round(percentile(thinking, 50), 2), "p95": round(percentile(thinking, 95), 2),
                        "total": round(sum(thinking), 1)},
        "latency_without_thinking_ms": {"p95": round(percentile(own, 95), 1)},
        "server_ms": {"p50": round(percentile(server, 50), 1), "p95": round(percentile(server, 95), 1)},
        "roles": sorted({"passed out" if r["declarer"] is None else
                         {"S": "south declares", "N": "north declares"}.get(r["declarer"], "south defends")
                         for r in finished}),
    }


def start_server() -> tuple[subprocess.Popen[str], str]:
    """``bridgetools play --no-browser`` on a free loopback port; returns the process and its address."""
    command = [sys.executable, "-m", "bridgetools", "play", "--no-browser", "--port", "0"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if not found:
        process.kill()
        said = process.stderr.read() if process.stderr else ""
        raise RuntimeError(f"the server did not start: {line!r} {said}")
    return process, found.group()


def is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50, help="games played at once (default 50)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds for the whole run (default 120)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="a person's pause before each action, seconds, varied 0.5-1.5x "
                             "(default 1; 0 = flat out)")
    parser.add_argument("--url", help="an already running table (loopback only); default: start one")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--seeded", action="store_true",
                        help="seeded deals, whose computer players think to the 10 s ceiling, not the clock")
    args = parser.parse_args()
    if not 1 <= args.games <= 500:
        parser.error("--games must be 1 to 500")
    if args.url and not is_loopback(args.url):
        parser.error("--url must be a loopback address (127.0.0.1, ::1 or localhost)")
    process = None
    url = args.url
    if url is None:
        process, url = start_server()
    try:
        report = asyncio.run(run(url, args.games, args.timeout, args.think, args.seeded))
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=10)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['finished']}/{report['games']} games at once ({report['think_s']} s pauses) "
              f"finished in {report['wall_s']} s, "
              f"{report['error_count']} errors, {report['south_actions']} South actions")
        print(f"South's actions: p50 {report['latency_ms']['p50']} ms, p95 {report['latency_ms']['p95']} ms, "
              f"max {report['latency_ms']['max']} ms")
        print(f"computer thinking inside them: p50 {report['thinking_ms']['p50']} ms, "
              f"p95 {report['thinking_ms']['p95']} ms, {report['thinking_ms']['total']} ms in all; "
              f"p95 without it {report['latency_without_thinking_ms']['p95']} ms")
        print(f"inside the server (request read to reply): p50 {report['server_ms']['p50']} ms, "
              f"p95 {report['server_ms']['p95']} ms")
        print("roles: " + ", ".join(report["roles"]))
        for error in report["errors"]:
            print("error: " + error)
    return 1 if report["error_count"] or report["finished"] != report["games"] else 0


if __name__ == "__main__":
    sys.exit(main())
