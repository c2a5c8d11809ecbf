"""Followers that draw nothing: websocket clients speaking Streamlit's protocol (bench_follow_load.py).

A browser opening a game screen connects to ws://host:port/_stcore/stream (subprotocol "streamlit") and sends
one BackMsg asking for a script run with its page and query (`rerun_script`: ClientState with query_string
`g=<id>` and page_name `table`); the server then streams ForwardMsgs (the screen's deltas, then
`script_finished`) for that run and for every later run of the session, such as the reruns live follow pushes
when the game moves. These clients do the same and draw nothing, so the machine's CPU goes to the server.

Each client reads the revision the screen shows from the tap watch's marker (`companion-tap-watch ...
data-rev="N"`, an st.html delta of every game screen run) and notes, per run that showed a new revision, when
the marker arrived and when the run finished (epoch ms, comparable with the player's browser clock).

Run as a process of its own (so its CPU is not the server's):
    python benchmarks/follow_clients.py --url http://127.0.0.1:8501/ --game <id> --clients 50
Prints JSON lines: {"ready": n} once every client showed the game, then {"c": client, "rev": r, "seen": ms,
"done": ms} per run with a new revision; {"error": ...} for a client that failed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import connect

AGENTS = {  # what the screens' browsers say they are: a phone's screen starts with its long parts folded
    "desktop": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    "phone": ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/130.0.0.0 Mobile Safari/537.36"),
}
MARKER = re.compile(rb'companion-tap-watch" data-game="[^"]*" data-rev="(\d+)"')


def rerun_request(query: str, page: str, locale: str) -> bytes:
    """What a browser sends first on a fresh page: run the script for this page and query."""
    msg = BackMsg()
    state = msg.rerun_script
    state.query_string = query
    state.page_name = page
    state.context_info.locale = locale
    state.context_info.timezone = "UTC"
    return msg.SerializeToString()


def emit(record: dict) -> None:
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


async def follow(index: int, url: str, request: bytes, agent: str, shown: asyncio.Event, stop: asyncio.Event) -> None:
    """One open screen: connect, ask for the first run, then note each run that shows a new revision."""
    stream = url.replace("http://", "ws://").rstrip("/") + "/_stcore/stream"
    # no keepalive pings: a browser sends none, and a busy server answering late is what is measured, not a failure
    # nor a 10 s limit on the opening handshake: a swamped server accepts late, as a browser waits for it
    async with connect(stream, subprotocols=["streamlit"], max_size=None, compression=None, ping_interval=None,
                       open_timeout=300, user_agent_header=agent) as ws:
        await ws.send(request)
        last, seen_rev, seen_at = -1, None, 0.0
        while not stop.is_set():
            data = await ws.recv()
            found = MARKER.search(data)
            if found:
                seen_rev, seen_at = int(found.group(1)), time.time() * 1000
                continue
            msg = ForwardMsg()
            msg.ParseFromString(data)
            if msg.WhichOneof("type") != "script_finished" or seen_rev is None:
                continue
            if seen_rev > last:
                if last >= 0:
                    emit({"c": index, "rev": seen_rev, "seen": seen_at, "done": time.time() * 1000})
                else:
                    shown.set()
                last = seen_rev


async def main_async(url: str, game: str, clients: int, first: int, locale: str, agent: str) -> None:
    request = rerun_request(f"g={game}", "table", locale)
    stop = asyncio.Event()
    shown = [asyncio.Event() for _ in range(clients)]
    tasks = []
    for i in range(clients):
        tasks.append(asyncio.create_task(_guarded(first + i, url, request, agent, shown[i], stop)))
        await asyncio.sleep(0.05)  # as browsers arriving one after the other, not one burst
    await asyncio.gather(*(s.wait() for s in shown))
    emit({"ready": clients})
    await asyncio.gather(*tasks)


async def _guarded(index: int, url: str, request: bytes, agent: str, shown: asyncio.Event,
                   stop: asyncio.Event) -> None:
    try:
        await follow(index, url, request, agent, shown, stop)
    except Exception as err:  # told, not hidden: the bench counts this client's moves as missed
        emit({"error": f"client {index}: {type(err).__name__}: {err}"})
        shown.set()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--game", required=True)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="the first client's number (several processes)")
    parser.add_argument("--locale", default="en-GB")
    parser.add_argument("--agent", choices=list(AGENTS), default="desktop",
                        help="the browser the screens say they are (phone: folded board and log)")
    args = parser.parse_args()
    asyncio.run(main_async(args.url, args.game, args.clients, args.first, args.locale, AGENTS[args.agent]))


if __name__ == "__main__":
    main()
