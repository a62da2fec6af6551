"""The table's web app: a Starlette ASGI app serving the page (plain HTML, CSS and JavaScript from the
package) and a JSON API over `bridgetools.table.game` (standard bridge) and `bridgetools.table.variants` (a
rubber of a variant). Every response shows only what the person may see."""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bridgetools.board import Board
from bridgetools.errors import BridgeError, HintRefused, OutOfTurnError, UndoRefused
from bridgetools.model.calls import Call
from bridgetools.model.cards import Seat, Vul
from bridgetools.table.game import HUMAN, Game, Phase, Player, south_view

if TYPE_CHECKING:
    from bridgetools.table.variants import PlayersFactory as VariantPlayersFactory
    from bridgetools.table.variants import VariantTable

STATIC = Path(__file__).parent / "static"
MAX_GAMES = 2000
"""Games kept in memory; the oldest are forgotten first when more are started."""

PlayersFactory = Callable[[int | None], Mapping[Seat, Player]]
"""Makes the computer seats of a new game, given the seed it is dealt from (None: a random deal, or a
file's board): the players of a seeded game are seeded from it too, and think by a count of layouts
rather than a clock, so that the seed replays the whole deal (`computer_players`)."""
Recorder = Callable[[Board], None]
VariantRecorder = Callable[[str, "VariantTable"], None]
STANDARD = "standard"
ELSEWHERE = "/api/{rest:path}"
"""The API's catch-all address: JSON errors for what no other route answers."""


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
    version: int = 0
    """How many times South's calls, cards and undos have changed the game: a request naming the version
    it acted on (``seen``) is refused once the game has moved past it (a double click's second call)."""
    shown: dict[str, Any] | None = None
    """The game's state as it stands, published (`Tables._publish`) after each change, the computer
    players' calls and cards one by one too: a reload or a second tab is served it at once, never waiting
    for the lock a long play-out holds. A new dict each time, never changed once published."""


@dataclass
class _VariantEntry:
    table: VariantTable
    lock: threading.Lock = field(default_factory=threading.Lock)
    recorded: int = 0
    """How many of the rubber's finished deals have been given to the recorder."""
    version: int = 0
    """How many times the person's actions have changed the rubber, as `_Entry.version` counts South's."""
    shown: dict[str, Any] | None = None
    """The rubber's state as it stands, as `_Entry.shown` is the game's."""


def _not_done(kind: str, value: str | Sequence[str] | None) -> str:
    """What was not done when an action is refused, named as the player sent it: `your card SA was not
    played`, `your call Pass was not made` (sent P), `your discard SA, H7, D2, C3 was not made`, `your
    exchange of no cards (keep my hand) was not made`, `the next deal was not started` (a variant's
    refusal said only `your card was not made`, not which); the page's `notDone` says the same."""
    if kind == "next":
        return "the next deal was not started"
    if kind == "exchange" and not value:
        return "your exchange of no cards (keep my hand) was not made"
    named = value if isinstance(value, str) else ", ".join(value or ())
    if kind == "call":
        with contextlib.suppress(BridgeError):  # (a variant's call, 2N0 or 10S, as sent)
            named = str(Call.parse(named))
    words = {"choose_dummy": "choice of dummy"}.get(kind, kind)
    return f"your {words} {named} was not {'played' if kind == 'card' else 'made'}"


def _refuse_unseen(entry: _Entry | _VariantEntry, seen: int | None, not_done: str) -> None:
    """A request naming the version it acted on (``seen``) refused once the game has moved past it, so a
    double click's second call is not made on an auction or trick the player has not seen; one naming a
    version the game has not reached (or a negative one) is a client's mistake, refused as such (400)."""
    if seen is not None and not 0 <= seen <= entry.version:
        raise ApiError(400, f'{not_done}: "seen" is version {seen}, which this game has never been at (it '
                            f"is at version {entry.version}, counted from 0): send the version of the "
                            "state the action was made on")
    if seen is not None and seen != entry.version:
        raise ApiError(409, f"{not_done}: the game has moved on since the table it was made on (version "
                            f"{seen}, now {entry.version}); here it is as it stands")


@dataclass
class Tables:
    """The games being played, each behind its own lock so that many can be played at once."""

    players: PlayersFactory
    boards: Sequence[Board] = ()
    record: Recorder | None = None
    confirm: bool = True
    variant: str = STANDARD
    """The variant a new game plays when the request does not say."""
    variant_players: VariantPlayersFactory | None = None
    variant_record: VariantRecorder | None = None
    practice: bool = False
    """Whether a new game is in practice mode (the double-dummy review at the end) unless the request says."""
    _games: OrderedDict[str, _Entry | _VariantEntry] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _seq: itertools.count[int] = field(default_factory=itertools.count)

    def start(self, options: Mapping[str, Any]) -> tuple[str, _Entry | _VariantEntry]:
        unknown = set(options) - {"vulnerability", "seed", "board", "variant", "practice"}
        if unknown:
            raise ApiError(400, f"unknown option {sorted(unknown)[0]!r}: "
                           "expected variant, vulnerability, seed, board or practice")
        practice = options.get("practice", self.practice)
        if not isinstance(practice, bool):
            raise ApiError(400, "practice must be true or false")
        variant = options.get("variant", self.variant)
        if not isinstance(variant, str):
            raise ApiError(400, "variant must be a name: standard, booby, nullo, sholem, chinese or konstam")
        unrecorded = self.unrecorded(variant.strip().lower() == STANDARD)
        if unrecorded:
            raise ApiError(409, unrecorded)
        if variant.strip().lower() != STANDARD:
            return self._remember(self._start_variant(variant, options))
        board_index = options.get("board")
        if board_index is not None:
            if not isinstance(board_index, int) or isinstance(board_index, bool) \
                    or not 0 <= board_index < len(self.boards):
                raise ApiError(400, f"board must be a number from 0 to {len(self.boards) - 1}"
                               if self.boards else "no file of boards was given to play")
            given = [name for name in ("seed", "vulnerability") if options.get(name) is not None]
            if given:  # (taken and ignored, they said the board was dealt or scored otherwise than it is)
                raise ApiError(400, f"a file's board has its own cards, dealer and vulnerability: leave "
                                    f"{' and '.join(given)} out")
            game = Game.from_board(self.boards[board_index], self.players(None))
        else:
            seed = _seed(options)
            vul_text = options.get("vulnerability", "None")
            if not isinstance(vul_text, str):
                raise ApiError(400, "vulnerability must be None, NS, EW or All")
            try:
                vul = Vul.parse(vul_text)
            except BridgeError as e:
                raise ApiError(400, str(e)) from None  # (it names the text, cut short, and what is expected)
            game = Game.new(self.players(seed), vul, seed)
        game.practice = practice
        if practice:  # (a player of its own, made afresh for each hint: asking changes nothing North does)
            adviser_seed = None if board_index is not None else game.seed
            game.adviser = lambda: self.players(adviser_seed)[HUMAN.partner]
        entry = _Entry(game, board_index)
        with entry.lock:
            game.advance()
            self._finish(entry)
        return self._remember(entry)

    def unrecorded(self, standard: bool) -> str | None:
        """Why a game of standard bridge (``standard``) or of a variant may not be started at this table,
        or None: a table that records keeps one kind only (boards as PBN, or the variants' rubbers as JSON),
        and a game of the other kind would be lost from the record without a word."""
        if standard and self.record is None and self.variant_record is not None:
            return ("this table records the variants' rubbers as JSON, which cannot hold a board of standard "
                    "bridge: play it at a table of its own (bridgetools play --record FILE.pbn)")
        if not standard and self.variant_record is None and self.record is not None:
            return ("this table records boards of standard bridge as PBN, which cannot hold a variant's "
                    "rubber: play it at a table of its own "
                    "(bridgetools play --variant NAME --record FILE.json)")
        return None

    def _start_variant(self, name: str, options: Mapping[str, Any]) -> _VariantEntry:
        from bridgetools.table.variants import VariantTable, parse_variant, simple_players

        try:
            name = parse_variant(name)
        except BridgeError as e:
            raise ApiError(400, str(e)) from None
        if options.get("board") is not None:
            raise ApiError(400, "a file's boards are standard bridge deals: a variant is dealt afresh")
        if options.get("vulnerability", "None") not in ("None", None):
            raise ApiError(400, "in a variant the rubber sets the vulnerability: leave it out")
        if options.get("practice") is True:
            raise ApiError(400, "practice mode is for standard bridge (undo and the double-dummy review): "
                           "a variant's rubber has neither; leave practice out")
        seed = _seed(options)
        from bridgetools.rules.variants import rules_of

        players = (self.variant_players or simple_players)(name, rules_of(name).players, seed)
        entry = _VariantEntry(VariantTable(name, players, seed))
        with entry.lock:
            entry.table.advance()
            self._finish_variant("", entry)
        return entry

    def _remember(self, entry: _Entry | _VariantEntry) -> tuple[str, _Entry | _VariantEntry]:
        game_id = f"{next(self._seq):x}-{secrets.token_hex(6)}"
        with entry.lock:
            self._publish(game_id, entry)
        with self._lock:
            self._games[game_id] = entry
            while len(self._games) > MAX_GAMES:
                self._games.popitem(last=False)
        if isinstance(entry, _VariantEntry) and entry.recorded:
            entry.recorded = 0  # the deals finished before the game had its id are recorded now
            self._finish_variant(game_id, entry)
        return game_id, entry

    def get(self, game_id: str) -> _Entry | _VariantEntry:
        with self._lock:
            entry = self._games.get(game_id)
        if entry is None:
            raise ApiError(404, f"no game {game_id!r}")
        return entry

    def act(self, game_id: str, entry: _Entry | _VariantEntry, what: str, value: str,
            seen: int | None = None) -> dict[str, Any]:
        """South's call or card, then the computer seats until South's turn; the new state, with the
        time the computers spent thinking. With ``seen`` (the state's version the player acted on) a
        game that has moved on since refuses the action rather than apply it to an auction or trick South
        has not seen."""
        if isinstance(entry, _VariantEntry):
            return self.act_variant(game_id, entry, what, value, seen)
        game = entry.game
        with entry.lock:
            _refuse_unseen(entry, seen, _not_done(what, value))
            try:
                if what == "call":
                    game.call(value)
                else:
                    game.card(value)
            except OutOfTurnError as e:
                raise ApiError(409, str(e)) from None
            except BridgeError as e:
                raise ApiError(422, str(e)) from None
            entry.version += 1
            before = game.thinking
            with self._published(game_id, entry) as acted:
                acted()  # (South's call or card, shown while the computer players answer it)
                game.advance(acted)
                self._finish(entry)
            payload = dict(self._shown(entry))
            payload["timing"] = {"thinking_ms": round((game.thinking - before) * 1000, 3)}
            return payload

    def undo(self, game_id: str, entry: _Entry | _VariantEntry, seen: int | None = None) -> dict[str, Any]:
        """South's last call or card taken back, with what the computer seats did after it (practice mode
        only); the new state. A deal is recorded at its end and undo stops there, so a record never holds
        a card that was taken back. With ``seen``, refused once the game has moved on (`_refuse_unseen`),
        as a call or card is: a double click's second undo would take back a call South has not seen go."""
        if isinstance(entry, _VariantEntry):
            raise ApiError(409, "a variant's rubber has no undo: it is for standard bridge in practice mode")
        with entry.lock:
            _refuse_unseen(entry, seen, "nothing was taken back")
            try:
                entry.game.undo()
            except UndoRefused as e:
                raise ApiError(409, str(e)) from None
            entry.version += 1
            self._publish(game_id, entry)
            return self._shown(entry)

    def hint(self, entry: _Entry | _VariantEntry) -> dict[str, str]:
        """What the computer would call or play in South's place, and what the call shows (practice mode)."""
        if isinstance(entry, _VariantEntry):
            raise ApiError(409, "a variant's rubber has no hints: they are for standard bridge in practice "
                                "mode")
        with entry.lock:
            try:
                return entry.game.hint()
            except HintRefused as e:
                raise ApiError(409, str(e)) from None

    def act_variant(self, game_id: str, entry: _Entry | _VariantEntry, kind: str,
                    value: str | Sequence[str] | None, seen: int | None = None) -> dict[str, Any]:
        """The person's action in a variant (``kind`` "next" starts the rubber's next deal), then the
        computer players until the person's turn; the new state with the computers' thinking time. With
        ``seen``, refused once the rubber has moved on (`_refuse_unseen`), as standard bridge's `act`."""
        if not isinstance(entry, _VariantEntry):
            raise ApiError(409, "this game is standard bridge: send calls and cards")
        table = entry.table
        with entry.lock:
            _refuse_unseen(entry, seen, _not_done(kind, value))
            before = table.thinking
            with self._published(game_id, entry) as acted:
                try:
                    if kind == "next":
                        table.next_deal()
                    else:
                        assert value is not None
                        table.act(kind, value)
                except OutOfTurnError as e:
                    raise ApiError(409, str(e)) from None
                except BridgeError as e:
                    raise ApiError(422, str(e)) from None
                entry.version += 1
                if not table.deal_over:  # (the new deal, or the deal after your action, with the new
                    acted()          # version; a deal your card ended is published once scored, below)
                table.advance(acted)
                self._finish_variant(game_id, entry)
            payload = dict(self._shown(entry))
            payload["timing"] = {"thinking_ms": round((table.thinking - before) * 1000, 3)}
            return payload

    def _finish_variant(self, game_id: str, entry: _VariantEntry) -> None:
        if len(entry.table.finished) > entry.recorded:
            entry.recorded = len(entry.table.finished)
            if self.variant_record is not None and game_id:
                with _recording(self.variant_record):
                    self.variant_record(game_id, entry.table)

    def record_of(self, entry: _Entry | _VariantEntry) -> dict[str, Any]:
        """The variant rubber's record so far, as JSON."""
        if not isinstance(entry, _VariantEntry):
            raise ApiError(404, "a standard game's record is its PBN: start the table with --record")
        with entry.lock:
            return entry.table.to_json()

    def _finish(self, entry: _Entry) -> None:
        if entry.game.phase is Phase.OVER and not entry.recorded:
            entry.recorded = True
            if self.record is not None:
                with _recording(self.record):
                    self.record(self._recorded(entry))

    def _recorded(self, entry: _Entry) -> Board:
        """The finished game as its record holds it: a board of the practice file keeps the file's event
        and site (the set it came from); the players and date were another table's, and are not kept."""
        board = entry.game.board()
        if entry.board_index is None:
            return board
        given = self.boards[entry.board_index]
        return dataclasses.replace(board, event=given.event, site=given.site)

    def state(self, entry: _Entry | _VariantEntry) -> dict[str, Any]:
        """The game's state as it stands, without waiting for its lock: while the computer players think
        (a long play-out) it is the state as of their last call or card, marked ``"thinking": true``."""
        return self._shown(entry)

    @staticmethod
    def _shown(entry: _Entry | _VariantEntry) -> dict[str, Any]:
        shown = entry.shown
        assert shown is not None, "a game is published before it is remembered"
        return shown

    def _publish(self, game_id: str, entry: _Entry | _VariantEntry, thinking: bool = False) -> None:
        """Publish the game's state as it stands (`_Entry.shown`); called with its lock held."""
        shown = self._state(game_id, entry)
        shown["state"]["thinking"] = thinking
        entry.shown = shown

    @contextlib.contextmanager
    def _published(self, game_id: str, entry: _Entry | _VariantEntry) -> Iterator[Callable[[], None]]:
        """While the computer players answer an action: what to call after each of their actions, to
        publish the state as it stands marked as thinking; the state published once they are done, an
        error (a record not written, an action refused) too."""
        try:
            yield lambda: self._publish(game_id, entry, thinking=True)
        finally:
            self._publish(game_id, entry)

    def _state(self, game_id: str, entry: _Entry | _VariantEntry) -> dict[str, Any]:
        if isinstance(entry, _VariantEntry):
            view = entry.table.view()
            view["confirm"] = self.confirm
            view["version"] = entry.version
            return {"id": game_id, "state": view}
        state = south_view(entry.game)
        state["board_index"] = entry.board_index
        state["boards_total"] = len(self.boards)
        state["confirm"] = self.confirm
        state["version"] = entry.version
        return {"id": game_id, "state": state}


@contextlib.contextmanager
def _recording(record: Callable[..., None]) -> Iterator[None]:
    """A record that cannot be written (its folder gone, the disk full) as a JSON error saying so, not an
    Internal Server Error with a traceback: the game is over all the same, and the page shows it."""
    try:
        yield
    except OSError as e:
        where = getattr(record, "path", None) or e.filename
        raise ApiError(500, f"the deal is over but could not be recorded in {where}: "
                            f"{e.strerror or e}") from None


def _variant_names() -> list[str]:
    from bridgetools.rules.variants import VARIANT_NAMES

    return list(VARIANT_NAMES)


def _seed(options: Mapping[str, Any]) -> int | None:
    seed = options.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise ApiError(400, "seed must be a whole number 0 or more")
    return seed


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


def _seen(body: Mapping[str, Any]) -> int | None:
    """The state's version a request says it acted on (``"seen"``), if it says."""
    seen = body.get("seen")
    if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
        raise ApiError(400, f'expected "seen" to be the state\'s version, a whole number; got {seen!r}')
    return seen


def create_app(players: PlayersFactory | None = None, boards: Sequence[Board] = (),
               record: Recorder | None = None, confirm: bool = True, variant: str = STANDARD,
               variant_players: VariantPlayersFactory | None = None,
               variant_record: VariantRecorder | None = None, practice: bool = False) -> Starlette:
    """The ASGI app: the page at ``/`` and the JSON API under ``/api/games``. ``players`` makes the
    computer seats of each new game; ``boards`` is a practice set to play in turn; ``record`` is given
    each finished board. ``variant`` is what a new game plays unless the request says;
    ``variant_players`` makes a variant's computer players, ``variant_record`` is given the game id and
    its rubber after each finished deal of a variant. With ``practice`` a game shows par and the cards
    that cost a trick at the end of each deal (a request may say ``"practice": true`` for its own game)."""
    if players is None:
        from bridgetools.table.players import simple_players

        players = simple_players
    tables = Tables(players, boards, record, confirm, variant, variant_players, variant_record, practice)

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
        _, entry = await run_in_threadpool(tables.start, options)
        return JSONResponse(tables.state(entry), status_code=201)

    async def show_game(request: Request) -> Response:
        return JSONResponse(tables.state(tables.get(request.path_params["game_id"])))

    def action(what: str) -> Callable[[Request], Any]:
        async def handler(request: Request) -> Response:
            game_id = request.path_params["game_id"]
            entry = tables.get(game_id)
            body = await _body(request)
            value, seen = body.get(what), _seen(body)
            if not isinstance(value, str) or not value.strip():
                raise ApiError(400, f'expected {{"{what}": "..."}}, e.g. '
                               + ('{"call": "1NT"}' if what == "call" else '{"card": "SA"}'))
            started = time.perf_counter()
            payload = await run_in_threadpool(tables.act, game_id, entry, what, value.strip(), seen)
            payload["timing"]["server_ms"] = round((time.perf_counter() - started) * 1000, 3)
            return JSONResponse(payload)
        return handler

    async def hint(request: Request) -> Response:
        entry = tables.get(request.path_params["game_id"])
        return JSONResponse(await run_in_threadpool(tables.hint, entry))

    async def undo(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        entry = tables.get(game_id)
        seen = _seen(await _body(request))
        return JSONResponse(await run_in_threadpool(tables.undo, game_id, entry, seen))

    async def generic(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        entry = tables.get(game_id)
        body = await _body(request)
        kind, value = body.get("kind"), body.get("value")
        cards = isinstance(value, list) and all(isinstance(v, str) for v in value)
        if not isinstance(kind, str) or not (isinstance(value, str) or cards):
            raise ApiError(400, 'expected {"kind": "...", "value": ...}, e.g. '
                           '{"kind": "discard", "value": ["SA", "H7", "D2", "C3"]}')
        payload = await run_in_threadpool(tables.act_variant, game_id, entry, kind.strip(), value,
                                          _seen(body))
        return JSONResponse(payload)

    async def next_deal(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        entry = tables.get(game_id)
        seen = _seen(await _body(request))
        return JSONResponse(await run_in_threadpool(tables.act_variant, game_id, entry, "next", None, seen))

    async def rubber_record(request: Request) -> Response:
        entry = tables.get(request.path_params["game_id"])
        record = await run_in_threadpool(tables.record_of, entry)
        return JSONResponse(record, headers={
            "Content-Disposition": f'attachment; filename="{record["variant"]}-rubber.json"'})

    async def explain(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        entry = tables.get(game_id)
        index = request.path_params["index"]
        if isinstance(entry, _VariantEntry):
            raise ApiError(404, "the computer players of a variant do not explain their calls")

        def explained() -> str:
            """Without the game's lock, which the computer players hold while they act (a long play-out):
            the explanation needs only the auction as it stands."""
            assert isinstance(entry, _Entry)
            try:
                return entry.game.explain(index)
            except BridgeError as e:
                raise ApiError(404, str(e)) from None

        text = await run_in_threadpool(explained)
        return JSONResponse({"index": index, "explanation": text})

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    async def table_info(request: Request) -> Response:
        playable = [name for name in [STANDARD, *_variant_names()] if not tables.unrecorded(name == STANDARD)]
        return JSONResponse({"boards": len(tables.boards), "numbers": [b.number for b in tables.boards],
                             "confirm": tables.confirm, "variant": tables.variant, "variants": playable})

    async def not_found(request: Request) -> Response:
        path = request.url.path
        methods = sorted({m for route in routes if isinstance(route, Route) and route.path != ELSEWHERE
                          and route.path_regex.match(path) for m in route.methods or () if m != "HEAD"})
        if methods:  # the address is the API's, asked the wrong way (GET /api/games)
            raise ApiError(405, f"{path} takes {' or '.join(methods)}, not {request.method}")
        raise ApiError(404, f"no such address {path}")

    routes = [
        Route("/", page),
        Route("/api/table", table_info, methods=["GET"]),
        Route("/api/games", guarded(new_game), methods=["POST"]),
        Route("/api/games/{game_id}", guarded(show_game), methods=["GET"]),
        Route("/api/games/{game_id}/call", guarded(action("call")), methods=["POST"]),
        Route("/api/games/{game_id}/card", guarded(action("card")), methods=["POST"]),
        Route("/api/games/{game_id}/undo", guarded(undo), methods=["POST"]),
        Route("/api/games/{game_id}/hint", guarded(hint), methods=["GET"]),
        Route("/api/games/{game_id}/action", guarded(generic), methods=["POST"]),
        Route("/api/games/{game_id}/next", guarded(next_deal), methods=["POST"]),
        Route("/api/games/{game_id}/record", guarded(rubber_record), methods=["GET"]),
        Route("/api/games/{game_id}/calls/{index:int}/explanation", guarded(explain), methods=["GET"]),
        Route(ELSEWHERE, guarded(not_found), methods=["GET", "POST", "PUT", "PATCH", "DELETE"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.tables = tables
    return app
