"""The table's web app: a Starlette ASGI app serving the page (plain HTML, CSS and JavaScript from the
package) and a JSON API over `bridgetools.table.game`. Every response shows only what South may see."""

from __future__ import annotations

import itertools
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bridgetools.board import Board
from bridgetools.errors import BridgeError, OutOfTurnError
from bridgetools.model.cards import Seat, Vul
from bridgetools.table.game import Game, Phase, Player, south_view

STATIC = Path(__file__).parent / "static"
MAX_GAMES = 2000
"""Games kept in memory; the oldest are forgotten first when more are started."""

PlayersFactory = Callable[[], Mapping[Seat, Player]]
Recorder = Callable[[Board], None]


class ApiError(Exception):
    """A request the API refuses: the HTTP status and one line saying why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class _Entry:
    game: Game
    board_index: int | None
    lock: threading.Lock = field(default_factory=threading.Lock)
    recorded: bool = False


@dataclass
class Tables:
    """The games being played, each behind its own lock so that many can be played at once."""

    players: PlayersFactory
    boards: Sequence[Board] = ()
    record: Recorder | None = None
    confirm: bool = True
    _games: OrderedDict[str, _Entry] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _seq: itertools.count[int] = field(default_factory=itertools.count)

    def start(self, options: Mapping[str, Any]) -> tuple[str, _Entry]:
        unknown = set(options) - {"vulnerability", "seed", "board"}
        if unknown:
            raise ApiError(400, f"unknown option {sorted(unknown)[0]!r}: "
                           "expected vulnerability, seed or board")
        board_index = options.get("board")
        if board_index is not None:
            if not isinstance(board_index, int) or isinstance(board_index, bool) \
                    or not 0 <= board_index < len(self.boards):
                raise ApiError(400, f"board must be a number from 0 to {len(self.boards) - 1}"
                               if self.boards else "no file of boards was given to play")
            game = Game.from_board(self.boards[board_index], self.players())
        else:
            seed = options.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
                raise ApiError(400, "seed must be a whole number 0 or more")
            vul_text = options.get("vulnerability", "None")
            if not isinstance(vul_text, str):
                raise ApiError(400, "vulnerability must be None, NS, EW or Both")
            try:
                vul = Vul.parse(vul_text)
            except BridgeError as e:
                raise ApiError(400, f"vulnerability must be None, NS, EW or Both ({e})") from None
            game = Game.new(self.players(), vul, seed)
        entry = _Entry(game, board_index)
        game_id = f"{next(self._seq):x}-{secrets.token_hex(6)}"
        with entry.lock:
            game.advance()
            self._finish(entry)
        with self._lock:
            self._games[game_id] = entry
            while len(self._games) > MAX_GAMES:
                self._games.popitem(last=False)
        return game_id, entry

    def get(self, game_id: str) -> _Entry:
        with self._lock:
            entry = self._games.get(game_id)
        if entry is None:
            raise ApiError(404, f"no game {game_id!r}")
        return entry

    def act(self, game_id: str, entry: _Entry, what: str, value: str) -> dict[str, Any]:
        """South's call or card, then the computer seats until South's turn; the new state, with the
        time the computers spent thinking."""
        game = entry.game
        with entry.lock:
            try:
                if what == "call":
                    game.call(value)
                else:
                    game.card(value)
            except OutOfTurnError as e:
                raise ApiError(409, str(e)) from None
            except BridgeError as e:
                raise ApiError(422, str(e)) from None
            before = game.thinking
            game.advance()
            self._finish(entry)
            payload = self._state(game_id, entry)
            payload["timing"] = {"thinking_ms": round((game.thinking - before) * 1000, 3)}
            return payload

    def _finish(self, entry: _Entry) -> None:
        if entry.game.phase is Phase.OVER and not entry.recorded:
            entry.recorded = True
            if self.record is not None:
                self.record(entry.game.board())

    def state(self, game_id: str, entry: _Entry) -> dict[str, Any]:
        with entry.lock:
            return self._state(game_id, entry)

    def _state(self, game_id: str, entry: _Entry) -> dict[str, Any]:
        state = south_view(entry.game)
        state["board_index"] = entry.board_index
        state["boards_total"] = len(self.boards)
        state["confirm"] = self.confirm
        return {"id": game_id, "state": state}


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.body() or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return data


def create_app(players: PlayersFactory | None = None, boards: Sequence[Board] = (),
               record: Recorder | None = None, confirm: bool = True) -> Starlette:
    """The ASGI app: the page at ``/`` and the JSON API under ``/api/games``. ``players`` makes the
    computer seats of each new game; ``boards`` is a practice set to play in turn; ``record`` is given
    each finished board."""
    if players is None:
        from bridgetools.table.players import simple_players

        players = simple_players
    tables = Tables(players, boards, record, confirm)

    def guarded(handler: Callable[..., Any]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            try:
                result: Response = await handler(request)
                return result
            except ApiError as e:
                return _error(e.status, e.message)
        return endpoint

    async def new_game(request: Request) -> Response:
        options = await _body(request)
        game_id, entry = await run_in_threadpool(tables.start, options)
        return JSONResponse(await run_in_threadpool(tables.state, game_id, entry), status_code=201)

    async def show_game(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        entry = tables.get(game_id)
        if entry.lock.acquire(blocking=False):  # the usual case: nobody is thinking in this game
            try:
                return JSONResponse(tables._state(game_id, entry))
            finally:
                entry.lock.release()
        return JSONResponse(await run_in_threadpool(tables.state, game_id, entry))

    def action(what: str) -> Callable[[Request], Any]:
        async def handler(request: Request) -> Response:
            game_id = request.path_params["game_id"]
            entry = tables.get(game_id)
            value = (await _body(request)).get(what)
            if not isinstance(value, str) or not value.strip():
                raise ApiError(400, f'expected {{"{what}": "..."}}, e.g. '
                               + ('{"call": "1NT"}' if what == "call" else '{"card": "SA"}'))
            started = time.perf_counter()
            payload = await run_in_threadpool(tables.act, game_id, entry, what, value.strip())
            payload["timing"]["server_ms"] = round((time.perf_counter() - started) * 1000, 3)
            return JSONResponse(payload)
        return handler

    async def explain(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        entry = tables.get(game_id)
        index = request.path_params["index"]

        def explained() -> str:
            with entry.lock:
                try:
                    return entry.game.explain(index)
                except BridgeError as e:
                    raise ApiError(404, str(e)) from None

        text = await run_in_threadpool(explained)
        return JSONResponse({"index": index, "explanation": text})

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    async def table_info(request: Request) -> Response:
        return JSONResponse({"boards": len(tables.boards), "confirm": tables.confirm})

    async def not_found(request: Request) -> Response:
        raise ApiError(404, f"no such address {request.url.path}")

    routes = [
        Route("/", page),
        Route("/api/table", table_info, methods=["GET"]),
        Route("/api/games", guarded(new_game), methods=["POST"]),
        Route("/api/games/{game_id}", guarded(show_game), methods=["GET"]),
        Route("/api/games/{game_id}/call", guarded(action("call")), methods=["POST"]),
        Route("/api/games/{game_id}/card", guarded(action("card")), methods=["POST"]),
        Route("/api/games/{game_id}/calls/{index:int}/explanation", guarded(explain), methods=["GET"]),
        Route("/api/{rest:path}", guarded(not_found), methods=["GET", "POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.tables = tables
    return app
