"""A board whose auction or play the computer has replaced, as its format records must then say it: the
file's own calls from the first one the computer did not keep (PBN's notes on them, LIN's explanations)
and its own play (PBN's play section and card notes, LIN's cards) are gone, and what the file said of
them is kept, not beside the computer's calls and cards, where it would describe calls and cards not
made, but in one comment after the computer's last call (the explanations and comments on the calls)
and one after its last card (the comments on the cards), each on a line naming the call or card it
followed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bridgetools.board import Board
from bridgetools.errors import BridgeError, Issue
from bridgetools.formats._quiz import is_quiz_turn
from bridgetools.formats.lin_codes import (
    Event,
    LinRecord,
    calls_and_explanations,
    read_layout,
    written_claim,
)
from bridgetools.formats.pbn_record import Anchor, PbnRecord, comment_text
from bridgetools.formats.rbn import PART_OF_LABEL
from bridgetools.formats.rbn_comments import RbnComments, moved_anchor
from bridgetools.model import Annotation, Call
from bridgetools.rules import Play

OWN_PLAY_HEADING = "The play this file gave was replaced by the computer's. The comments on it were:"
"""The first line of the comment holding a replaced play's comments, after the computer's play."""

OWN_AUCTION_HEADING = ("The auction this file gave was replaced by the computer's. "
                       "The explanations and comments on it were:")
"""The first line of the comment holding a replaced auction's explanations and comments, after the
computer's last call."""


RESULT_TAGS = ("Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber", "ScoreRubberHistory")
"""The PBN tags that score the file's own result: a board whose contract, declarer or tricks the
computer changed no longer has that result, so they go with it, with a warning (autoplay then writes its
own Score); they stay when the computer's result is the same."""


AUCTION_TABLES = ("AuctionTimeTable", "ActionTable")
"""The PBN tables tied to the file's own calls (PBN 2.1 §5.3, §5.4: the time each call took, a quiz on the
next call): they go with a replaced auction, with a warning."""

PLAY_TABLES = ("PlayTimeTable", "ActionTable")
"""The PBN tables tied to the file's own cards (§5.8, §5.3): they go with a replaced play, with a
warning."""


RESULT_CODES = ("zz", "mp")
"""The LIN codes that score the file's own result (kemistry's ``zz|3.53|``, BBO's ``mp``): left out of a
board whose contract or result the computer changed, with a warning, as nothing in the board says them
again."""


def without_stale_records(own: Board, board: Board) -> Board:
    """``board`` (``own`` bid or played by the computer) less ``own``'s tags and tables that describe what
    the computer replaced (`stale_scores`, `stale_tables`): kept, they would score or time a result,
    auction or play the board no longer has."""
    scores, tables = set(stale_scores(own, board)), set(stale_tables(own, board))
    return replace(board, tags={name: value for name, value in board.tags.items() if name not in scores},
                   tables={name: table for name, table in board.tables.items() if name not in tables})


def stale_scores(own: Board, board: Board) -> list[str]:
    """``own``'s PBN tags (`RESULT_TAGS`) and LIN codes (`RESULT_CODES`, as ``zz|``) that scored its
    result, when ``board`` (``own`` bid or played by the computer) has another one."""
    if not result_changed(own, board):
        return []
    tags = [name for name in own.tags if name in RESULT_TAGS]
    record = own.extra.get("lin")
    events = record.events or () if isinstance(record, LinRecord) else ()
    codes = {code.lower() for _, code, _ in events if code.lower() in RESULT_CODES}
    return [*tags, *(f"LIN {code}|" for code in RESULT_CODES if code in codes)]


def stale_tables(own: Board, board: Board) -> list[str]:
    """``own``'s PBN tables tied to the calls or the cards ``board`` (``own`` bid or played by the
    computer) replaced (`AUCTION_TABLES`, `PLAY_TABLES`)."""
    tied = (AUCTION_TABLES if _replaced(_calls(own), _calls(board)) else ()) + (
        PLAY_TABLES if _replaced(_cards_played(own), _cards_played(board)) else ())
    return [name for name in own.tables if name in tied]


def _replaced(own: list[str], new: list[str]) -> bool:
    """Whether ``new`` calls or cards replace some of ``own`` (rather than go on from all of them)."""
    return new[:len(own)] != own


def still_true_issues(own: Board, board: Board) -> list[Issue]:
    """``own``'s issues less those about a part of it ``board`` (``own`` bid or played by the computer)
    replaced: its calls, its cards, its Contract, Declarer, Result and Score as given. Kept, they would
    tell of an illegal card or a disagreeing Result the board no longer has."""
    gone = {part for part, replaced in _parts_replaced(own, board).items() if replaced}
    return [issue for issue in own.issues if issue.about not in gone]


def _given_result(board: Board) -> tuple[object, ...]:
    """The contract, declarer and tricks ``board``'s file gave (None for each it left to the auction and
    play)."""
    return board.given("contract"), board.given("declarer"), board.given("tricks")


def stale_rbn_lines(own: Board, board: Board) -> list[str]:
    """The labels of the lines ``own``'s RBN file gave, kept as written, that tell of the calls, cards or
    result ``board`` (``own`` bid or played by the computer) replaced: written after the computer's, they
    would give the board a second auction or play. A line's part is its label's (`rbn.PART_OF_LABEL`); a
    digit line kept is a note on a card, of the play."""
    gone = {part for part, replaced in _parts_replaced(own, board).items() if replaced}
    kept = own.extra.get("rbn") or ()
    labels = [label for label, _ in (kept.items() if isinstance(kept, dict) else kept)]
    return list(dict.fromkeys(label for label in labels
                              if PART_OF_LABEL.get(label, "play" if label.isdecimal() else "") in gone))


def _parts_replaced(own: Board, board: Board) -> dict[str, bool]:
    """Which parts of ``own`` (`ISSUE_PARTS`: the calls, the cards, the given result) ``board`` (``own``
    bid or played by the computer) replaced: the cards go with the calls they followed."""
    return {"auction": _calls(own) != _calls(board),
            "play": _cards_played(own) != _cards_played(board) or _calls(own) != _calls(board),
            "result": result_changed(own, board) or _given_result(own) != _given_result(board)}


def _without_stale_rbn_lines(own: Board, board: Board, extra: dict[str, Any]) -> dict[str, Any]:
    """``extra`` (``board``'s format records) less the RBN lines `stale_rbn_lines` names."""
    gone = set(stale_rbn_lines(own, board))
    kept = extra.get("rbn")
    if not gone or not kept:
        return extra
    pairs = kept.items() if isinstance(kept, dict) else kept
    return {**extra, "rbn": [(label, value) for label, value in pairs if label not in gone]}


def stale_records_left_out(own: Board, board: Board) -> list[str]:
    """The warnings that ``board`` (``own`` bid or played by the computer) leaves out ``own``'s records
    of a replaced result, auction or play (`stale_scores`, `stale_rbn_lines`, `stale_tables`), to follow
    the boards they name: none when it leaves out none."""
    warnings = []
    scores = [name for name in stale_scores(own, board) if name not in board.tags]  # not autoplay's Score
    tables = stale_tables(own, board)
    if scores:
        warnings.append(f"the file's score of its result ({', '.join(scores)}) left out: the computer's "
                        "result is another")
    lines = stale_rbn_lines(own, board)
    if lines:
        warnings.append(f"the file's RBN {', '.join(lines)} line{'s' * (len(lines) > 1)} (kept as written, "
                        "not read) left out: the computer's calls, cards or result replace what "
                        f"{'they' if len(lines) > 1 else 'it'} said")
    if tables:
        warnings.append(f"the file's {', '.join(tables)} left out: {'they' if len(tables) > 1 else 'it'} "
                        "timed or quizzed the calls or cards the computer replaced")
    return warnings


def with_replacements(own: Board, computer_s: Board) -> Board:
    """``computer_s`` (``own`` with the computer's auction or play) with ``own``'s format records,
    commentary and notes, less what the computer replaced: the calls after those it kept (the same
    call with the same explanation, from the first) and the play. What the file said of them is moved
    into a comment after the computer's last call (explanations and comments on the calls) and one
    after its last card (comments on the cards)."""
    kept = _calls_in_common(own, computer_s)
    computer_s = _kept_calls_as_written(own, computer_s, kept)
    gone = _notes_of_replaced_calls(own, kept)
    notes = {n: text for n, text in own.notes.items() if n not in gone}
    commentary, extra = _pbn_without_replaced(own, computer_s, kept, gone)
    board = replace(computer_s, commentary=commentary, extra=_without_stale_rbn_lines(own, computer_s, extra),
                    notes=notes, issues=still_true_issues(own, computer_s))
    if not _placed_by_a_record(own):
        return _result_replaced(own, _without_a_record(own, board, kept))
    return _result_replaced(own, _rbn_without_replaced(own, _lin_without_replaced(own, board, kept), kept))


def _result_replaced(own: Board, board: Board) -> Board:
    """``board`` with its LIN record marked when its result is no longer ``own``'s, so that the vugraph
    header's ``rs`` entry for it is written anew (`LinRecord.result_replaced`)."""
    record = board.extra.get("lin")
    if not isinstance(record, LinRecord) or not result_changed(own, board) or not record.header:
        return board
    return replace(board, extra={**board.extra, "lin": replace(record, result_replaced=True)})


def _placed_by_a_record(own: Board) -> bool:
    """Whether ``own``'s format record (PBN's, LIN's with its display pairs in order, or RBN's comments
    when they are still the board's) places its comments, so that `_pbn_without_replaced`,
    `_lin_without_replaced` or `_rbn_without_replaced` writes the moved ones."""
    lin, rbn = own.extra.get("lin"), own.extra.get(RbnComments.FORMAT)
    return isinstance(own.extra.get("pbn"), PbnRecord) or (isinstance(lin, LinRecord)
                                                           and lin.events is not None) or (
        isinstance(rbn, RbnComments) and rbn.comment_places(own) is not None)


def _without_a_record(own: Board, board: Board, kept: int) -> Board:
    """``board`` with the explanations of ``own``'s replaced calls as a comment after the board's
    commentary, when no format record places comments (a LIN file laid out as BBO writes it, JSON):
    without it they were dropped with the calls they explained. The board's comments are the
    board's, tied to no call or card, so they stay as they are."""
    comment = _Moved().auction_comment(own, kept)
    if comment is None:
        return board
    return replace(board, commentary=[*board.commentary, comment])


def auction_replaced(own: Board, computer_s: Board) -> bool:
    """Whether ``computer_s`` replaces calls ``own``'s file gave (not only finishes its auction)."""
    return own.auction is not None and _calls_in_common(own, computer_s) < len(own.auction.calls)


def kept_calls_replaced(own: Board, computer_s: Board) -> bool:
    """Whether ``computer_s`` bids on from the last legal call of an auction ``own``'s file broke with an
    illegal call, so that the calls the reader kept as written from it on (PBN's, LIN's) are gone."""
    if _calls(own) == _calls(computer_s):
        return False
    pbn, lin = own.extra.get("pbn"), own.extra.get("lin")
    return (isinstance(pbn, PbnRecord) and pbn.auction is not None) or (
        isinstance(lin, LinRecord) and any(code.lower() == "mb" for _, code, _ in lin.events or ()))


KEPT_CALLS_REPLACED = ("the calls the file kept as written after an illegal one are replaced by the "
                       "computer's auction, bid on from the last legal call")
"""The warning `kept_calls_replaced` calls for, after the boards it names, when an illegal call (one out of
turn, an insufficient bid) broke the file's auction off; `kept_calls_words` gives the words for each board."""


def kept_calls_words(own: Board) -> str:
    """The warning `kept_calls_replaced` calls for on ``own``: `KEPT_CALLS_REPLACED` when an illegal call
    broke its auction off, else what did, a word that is not a call at all (a bidding quiz's blank
    ``____``, which asks the student for the next call; PBN's calls are Pass, X, XX, 1C..7NT, AP and -)."""
    kept = _kept_as_written(own)
    first = kept[0][0] if kept else ""
    if is_quiz_turn(first):
        return ("the bidding quiz's blank turn that ends the file's auction (underscores, not a call) is "
                "left out, the computer's calls in its place")
    if first and not _is_a_call(first):
        return (f"the calls the file kept as written from '{first}', which is not a call, are replaced by "
                "the computer's auction, bid on from the last call before it")
    return KEPT_CALLS_REPLACED


def irregular_auction(own: Board) -> bool:
    """Whether ``own``'s file gives calls past an illegal one (an insufficient bid, a call out of turn)
    that its reader kept as written (PBN's, LIN's): the table's record of an irregular auction, which `bid`
    keeps as it is unless asked to bid the board anew, rather than bid on from the last legal call. A
    bidding quiz's blank turn, or a word that is no call, is no such record."""
    kept = _kept_as_written(own)
    return bool(kept) and _is_a_call(kept[0][0])


def _is_a_call(text: str) -> bool:
    """Whether ``text`` is a call as written in a file (``1NT``, ``pass``, ``X``; PBN's ``AP`` and ``-``),
    legal there or not."""
    if text.upper() in ("AP", "-"):
        return True
    try:
        Call.parse(text)
    except BridgeError:
        return False
    return True


PLAY_REPLACED = "the play the file gave is replaced by the computer's (its notes on cards left out)"
"""The warning `play_replaced` calls for, after the boards it names."""


def play_replaced(own: Board, computer_s: Board) -> bool:
    """Whether ``computer_s``'s play leaves out some of ``own``'s: it does not begin with all the cards
    ``own``'s file gave, or not with their notes (played anew from the lead, with ``--replay`` or in
    another contract than the file's play was of, the same cards may come again without them); the
    file's comments on the cards left out are moved (`with_replacements`)."""
    mine, theirs = own.play, computer_s.play
    if _cards_as_written(own) and _cards_played(own) != _cards_played(computer_s):
        return True  # the cards and claim kept as written go with the file's play (`_still_true`)
    if mine is None or not mine.cards:
        return False
    return theirs is None or _replaced(_cards_played(own), _cards_played(computer_s)) or any(
        theirs.annotations.get(i) != note for i, note in mine.annotations.items())


def _cards_as_written(own: Board) -> bool:
    """Whether ``own``'s file gives cards or a claim its reader kept as written, not played (LIN's ``pc``
    and ``mc`` after an illegal call or card, PBN's play rows that could not be replayed)."""
    pbn, lin = own.extra.get("pbn"), own.extra.get("lin")
    return (isinstance(pbn, PbnRecord) and bool(pbn.play_rows)) or (
        isinstance(lin, LinRecord) and any(code.lower() in ("pc", "mc") for _, code, _ in lin.events or ()))


CONTRACT_REPLACED = ("the contract and result the file gave (with no finished auction) are replaced by the "
                     "computer's")
"""The warning `contract_replaced` calls for, after the boards it names: the file's auction may have been
none or cut off part way (`bid` finishes it)."""


def contract_replaced(own: Board, computer_s: Board) -> bool:
    """Whether ``computer_s`` drops a contract or result ``own``'s file gave with no complete auction (a
    hand record of the table's results: Contract, Declarer and Result tags alone), which no replaced call
    or card tells of."""
    if own.contract is None or (own.auction is not None and own.auction.is_complete):
        return False
    return (own.contract, own.declarer, own.tricks) != (computer_s.contract, computer_s.declarer,
                                                        computer_s.tricks)


def _replaced_calls(own: Board, kept: int) -> list[tuple[int, str, str | None]]:
    """``own``'s calls after the first ``kept``, then those its reader kept as written after an illegal
    one (PBN's, LIN's), each with its index, its name (``S's 1C``) and its explanation."""
    auction = own.auction
    replaced = [] if auction is None else [
        (i, f"{auction.dealer.offset(i).name}'s {auction.calls[i]}", _explanation(auction.annotations[i]))
        for i in range(kept, len(auction.calls))]
    legal = len(auction.calls) if auction is not None else 0
    dealer = auction.dealer if auction is not None else own.dealer
    for j, (call, explanation) in enumerate(_kept_as_written(own)):
        seat = f"{dealer.offset(legal + j).name}'s " if dealer is not None else ""
        why = "after an illegal call" if _is_a_call(call) else "though not a call"
        replaced.append((legal + j, f"{seat}{call} (kept as written {why})", explanation))
    return replaced


def _kept_calls_line(own: Board) -> str | None:
    """The calls ``own``'s reader kept as written past the legal ones, each with its seat, on one line
    (None when there are none): the table's record of an irregular auction, which the computer's auction
    replaced, is kept in the comment whether or not a call was explained. A bidding quiz's blank alone
    (``2D Pass Pass ____``) is none: it says nothing but whose turn the student's call was, the file's
    calls before it stay, and the computer's call in its place answers it (the warning names it), so no
    comment says that the file's auction was replaced."""
    kept = _kept_as_written(own)
    if not kept or (len(kept) == 1 and is_quiz_turn(kept[0][0])):
        return None
    legal = len(own.auction.calls) if own.auction is not None else 0
    dealer = own.auction.dealer if own.auction is not None else own.dealer
    calls = [f"{dealer.offset(legal + j).name}'s {call}" if dealer is not None else call
             for j, (call, _) in enumerate(kept)]
    why = "from its illegal call on" if _is_a_call(kept[0][0]) else "from a word that is not a call on"
    return f"the calls the file kept as written {why}: {', '.join(calls)}"


def _is_quiz_blank(own: Board, index: int) -> bool:
    """Whether ``own``'s call ``index`` is a bidding quiz's blank ending the calls its reader kept as
    written (``2D Pass Pass ____``): the turn the computer's call answers, not a call it replaced."""
    kept = _kept_as_written(own)
    legal = len(own.auction.calls) if own.auction is not None else 0
    return index == legal + len(kept) - 1 and bool(kept) and is_quiz_turn(kept[-1][0])


def _explanation(annotation: Annotation | None) -> str | None:
    """A call's explanation, if it has one."""
    return None if annotation is None else annotation.explanation


def _kept_as_written(own: Board) -> list[tuple[str, str | None]]:
    """The calls ``own``'s reader kept as written after an illegal one, each with its explanation: PBN's
    tokens past the legal calls (a note reference's Note), LIN's ``mb`` pairs (the ``an`` after one)."""
    pbn, lin = own.extra.get("pbn"), own.extra.get("lin")
    legal = len(own.auction.calls) if own.auction is not None else 0
    if isinstance(pbn, PbnRecord) and pbn.auction is not None:
        return [(text, None if note is None else own.notes.get(note))
                for text, note, _, _ in pbn.auction[legal:]]
    calls: list[tuple[str, str | None]] = []
    for _, code, value in (lin.events or ()) if isinstance(lin, LinRecord) else ():
        if code.lower() == "mb" and value is not None:
            calls.append((value, None))
        elif code.lower() == "an" and calls and calls[-1][1] is None:
            calls[-1] = (calls[-1][0], value)
    return calls


def _calls_in_common(own: Board, computer_s: Board) -> int:
    """How many of ``own``'s calls, from the first, ``computer_s`` has as they were (call and annotation)."""
    if own.auction is None:
        return 0
    mine = list(zip(own.auction.calls, map(_unnumbered, own.auction.annotations), strict=True))
    theirs = [] if computer_s.auction is None else list(zip(
        computer_s.auction.calls, map(_unnumbered, computer_s.auction.annotations), strict=True))
    kept = 0
    while kept < min(len(mine), len(theirs)) and mine[kept] == theirs[kept]:
        kept += 1
    return kept


def _kept_calls_as_written(own: Board, computer_s: Board, kept: int) -> Board:
    """``computer_s`` with the first ``kept`` calls annotated as ``own``'s file wrote them (the same
    explanation, in the file's own Note), so a kept Note is not written twice under two numbers."""
    if not kept or own.auction is None or computer_s.auction is None:
        return computer_s
    auction = computer_s.auction.copy()
    for index, annotation in enumerate(own.auction.annotations[:kept]):
        auction.annotate(index, annotation)
    return replace(computer_s, auction=auction)


def _unnumbered(annotation: Annotation | None) -> Annotation | None:
    """``annotation`` less the number of the PBN Note that holds its explanation: a file's `1D =1=` with
    Note 1 explains its call as the computer's 1D with the same words does (its own output bid again)."""
    return None if annotation is None else replace(annotation, note=None)


def _notes_of_replaced_calls(own: Board, kept: int) -> set[int]:
    """The numbers of the Notes on ``own``'s replaced calls (after the first ``kept``, and those kept as
    written after an illegal call) that no kept call refers to."""
    numbers = [a.note if a is not None else None for a in own.auction.annotations] if own.auction else []
    pbn = own.extra.get("pbn")
    if isinstance(pbn, PbnRecord) and pbn.auction is not None:  # calls kept as written after an illegal one
        numbers += [note for _, note, _, _ in pbn.auction[len(numbers):]]
    return {n for n in numbers[kept:] if n is not None} - {n for n in numbers[:kept] if n is not None}


@dataclass
class _Moved:
    """What a file said of its replaced calls and cards, gathered to be written as two comments."""

    after_calls: dict[int, list[str]] = field(default_factory=dict)
    """Comments by the index of the call they followed."""
    after_notes: list[str] = field(default_factory=list)
    """Lines for comments after a Note on a replaced call, naming the note."""
    after_cards: list[tuple[tuple[int, int, int], str]] = field(default_factory=list)
    """Comments on the play: where they stood (`_order_on_the_play`) and their line."""
    again: dict[int, list[str]] = field(default_factory=dict)
    """A LIN call's second explanations (``an`` after its first), by the call's index."""
    kept_cards: int = 0
    """How many of the file's cards, from the lead, the computer's play kept (a play it went on from):
    the comments on them stay where they stood."""

    def took(self, own: Board, kept: int, place: tuple[str, int] | None, comment: str) -> bool:
        """Whether a LIN comment at ``place`` (after a call or card of ``own``'s) is one to move: after a
        replaced call (the first ``kept`` stay) or after a card of the file's play; taken in if so."""
        if place is not None and place[0] == "call" and place[1] >= kept and own.auction is not None:
            self.after_calls.setdefault(place[1], []).append(comment)
            return True
        if place is not None and place[0] == "card" and place[1] >= self.kept_cards and own.play is not None:
            trick, j = own.play.trick_list[place[1] // 4], place[1] % 4
            self.after_cards.append(((1, place[1], 0), f"after trick {place[1] // 4 + 1}, "
                                     f"{trick.leader.offset(j).name}'s {trick.cards[j]}: {comment}"))
            return True
        return False

    def explained_again(self, call: int | None, text: str) -> None:
        """A second explanation of the replaced call ``call`` (None: before any call, kept as a comment)."""
        self.again.setdefault(-1 if call is None else call, []).append(text)

    def auction_comment(self, own: Board, kept: int) -> str | None:
        """One comment under `OWN_AUCTION_HEADING`: each replaced call's explanation and the comments
        after it, on lines naming the call (None when the file said nothing of them)."""
        kept_as_written = _kept_calls_line(own)
        lines: list[str] = [] if kept_as_written is None else [kept_as_written]
        for i, said, explanation in _replaced_calls(own, kept):
            if explanation is not None:
                lines.append(f"{said} was explained: {explanation}")
            lines.extend(f"{said} was explained again: {text}" for text in self.again.get(i, []))
            lines.extend(f"after {said}: {text}" for text in self.after_calls.get(i, []))
        lines.extend(self.after_notes)
        return "\n".join([OWN_AUCTION_HEADING, *lines]) if lines else None

    def play_comment(self) -> str | None:
        """One comment under `OWN_PLAY_HEADING`: the comments on the file's play, in its order, each
        on a line naming the card it followed (None when there were none)."""
        if not self.after_cards:
            return None
        return "\n".join([OWN_PLAY_HEADING, *(line for _, line in sorted(self.after_cards,
                                                                           key=lambda c: c[0]))])


def _pbn_without_replaced(own: Board, computer_s: Board, kept: int,
                          gone: set[int]) -> tuple[list[str], dict[str, Any]]:
    """``own``'s commentary and format records less what a PBN file said of the calls and play the
    computer replaced (calls' notes, end mark, play rows and card notes); its comments on them become
    the comments after the computer's last call and card (`_Moved`)."""
    record = own.extra.get("pbn")
    if not isinstance(record, PbnRecord):
        return list(own.commentary), own.extra
    comments = list(record.comments)
    changed = _calls(own) != _calls(computer_s)
    if [comment_text(token) for _, token in comments] == own.commentary:
        moved = _Moved(kept_cards=_cards_in_common(own, computer_s))
        staying: list[tuple[Anchor, str]] = []
        for anchor, token in comments:
            text = comment_text(token)
            # a lesson's question after its quiz blank stays at the turn the computer's call answers
            if (anchor[0] == "call" and isinstance(anchor[1], int) and anchor[1] >= kept and own.auction
                    and not (anchor[1] == kept and _is_quiz_blank(own, kept))):
                moved.after_calls.setdefault(anchor[1], []).append(text)
            elif anchor[:2] == ("note", "auction") and str(anchor[2]).isdecimal() and int(anchor[2]) in gone:
                moved.after_notes.append(f"{_where_on_the_play(anchor, own.notes)} {text}")
            elif own.play is not None and _on_the_play(anchor) and not _stays(anchor, own, moved.kept_cards):
                where = _where_on_the_play(anchor, record.play_notes, own.play)
                moved.after_cards.append((_order_on_the_play(anchor, own.play), f"{where} {text}"))
            else:
                staying.append((anchor, token))
        comments = staying
        auction_comment = moved.auction_comment(own, kept)
        if auction_comment is not None:
            calls = computer_s.auction.calls if computer_s.auction is not None else []
            last_call: Anchor = ("call", len(calls) - 1) if calls else ("tag", "Auction")
            comments.append((last_call, "{" + auction_comment.replace("}", ")") + "}"))
        play_comment = moved.play_comment()
        if play_comment is not None:
            comments.append((_after_the_play(computer_s.play), "{" + play_comment.replace("}", ")") + "}"))
    if changed:
        record = replace(record, auction_seat=None, auction_end=None, auction=None)
    record = replace(record, play_seat=None, play_end=None, play_rows=None, play_notes={},
                     comments=tuple(comments))
    return [comment_text(token) for _, token in comments], {**own.extra, "pbn": record}


def _calls(board: Board) -> list[str]:
    """A board's calls as text (none without an auction)."""
    return [] if board.auction is None else [str(c) for c in board.auction.calls]


def _after_the_play(play: Play | None) -> Anchor:
    """The anchor of a comment after the last card of ``play`` (after the play section without one)."""
    if play is None or not play.cards:
        return ("played",)
    last = play.trick_list[-1]
    column = (last.leader.offset(len(last.cards) - 1) - play.opening_leader) % 4
    return ("card", len(play.trick_list) - 1, column)


def _lin_without_replaced(own: Board, board: Board, kept: int) -> Board:
    """``board`` with the LIN ``nt`` comments that followed the calls and cards the computer replaced
    (``own``'s) taken out of their places, which are the computer's calls and cards now, into the
    comments after its last call and card (`_Moved`, as `_pbn_without_replaced` does for PBN's); the
    file's other display pairs keep their places relative to the calls and cards kept."""
    record = board.extra.get("lin")
    if not isinstance(record, LinRecord) or record.events is None:
        return board
    places = record.comment_places(own)  # None: the commentary is not the record's nt, none can be moved
    heads = len(read_layout(own, record)[0])
    own_pairs = calls_and_explanations(own)
    base, own_end = heads + _pairs_of_calls(own_pairs, kept), heads + len(own_pairs)
    new_end = heads + len(calls_and_explanations(board))
    own_played, new_played = own_end + _cards(own), new_end + _cards(board)
    last = new_played + (written_claim(board) is not None)
    moved = _Moved(kept_cards=_cards_in_common(own, board))
    on = 0 < moved.kept_cards == _cards(own)  # played on from the file's last card: what followed it stays
    placed: list[tuple[Event, str | None]] = []
    n = 0
    for event in _still_true(own, board, record.events):
        comment = None
        if event[1].lower() == "nt" and event[2] is None and places is not None:
            place, comment, n = places[n], board.commentary[n], n + 1
            if moved.took(own, kept, place, comment):
                continue
        k, page = event[0], event[1].lower() == "pg"
        if event[1].lower() == "an" and base < k <= own_end and event[2] is not None:
            moved.explained_again(_call_ending_at(own_pairs, k - heads), event[2])
            continue  # a second explanation of a replaced call (an illegal call's own went in _still_true)
        at = new_end if page and k == own_end else _new_place(k, base, (own_end, own_played + (page or on)),
                                                               (new_end, new_played, last))  # auction's end
        if page and (base < k < own_end or at > last or any(e[0][0] == at and e[0][1].lower() == "pg"
                                                             for e in placed)):
            continue  # a page break among the replaced calls, on cards no longer there, or said already
        placed.append(((min(at, last), event[1], event[2]), comment))
    auction_comment = moved.auction_comment(own, kept)
    if auction_comment is not None:
        placed.append(((new_end, "nt", None), auction_comment))
    play_comment = moved.play_comment()
    if play_comment is not None:
        placed.append(((last, "nt", None), play_comment))
    placed.sort(key=lambda p: p[0][0])
    events = tuple(e for e, _ in placed)
    if events == record.events:
        return board
    commentary = list(board.commentary) if places is None else [c for _, c in placed if c is not None]
    return replace(board, commentary=commentary,
                   extra={**board.extra, "lin": replace(record, events=events)})


def _rbn_without_replaced(own: Board, board: Board, kept: int) -> Board:
    """``board`` with the RBN comments that followed the calls and cards the computer replaced (``own``'s:
    after the ``A`` line or its notes, after the ``P`` line) taken out of their places, which are the
    computer's calls and cards now, into the comments after its auction and its play (`_Moved`, as
    `_lin_without_replaced` does for LIN's); the others stay after the lines they followed."""
    record = own.extra.get(RbnComments.FORMAT)
    places = record.comment_places(own) if isinstance(record, RbnComments) else None
    if not isinstance(record, RbnComments) or places is None or board.commentary != own.commentary:
        return board  # not the RBN record's comments, or another record's moved them
    moved = _Moved()
    said = zip(record.anchors, record.texts, places, strict=True)
    staying = [(anchor, text) for anchor, text, place in said if not moved.took(own, kept, place, text)]
    for part, comment in (("A", moved.auction_comment(own, kept)), ("P", moved.play_comment())):
        if comment is not None:
            staying.append((moved_anchor(part), comment))
    record = replace(record, texts=tuple(text for _, text in staying),
                     anchors=tuple(anchor for anchor, _ in staying))
    return replace(board, commentary=list(record.texts), extra={**board.extra, RbnComments.FORMAT: record})


def _still_true(own: Board, board: Board, events: tuple[Event, ...]) -> tuple[Event, ...]:
    """``own``'s LIN pairs less those ``board`` (the computer's) makes untrue: the scores of a result it
    no longer has (`RESULT_CODES`), the cards and claim the file kept as written after an illegal call or
    card when the computer played the board anew, and the calls (with their explanations) kept after an
    illegal one when it bid on from the last legal call: written after the computer's, they would follow
    its play or auction as more cards and calls."""
    stale = result_changed(own, board)
    new_play = _cards_played(own) != _cards_played(board)
    new_calls = _calls(own) != _calls(board)
    still: list[Event] = []
    raw_calls = False
    for event in events:
        code = event[1].lower()
        raw_calls = raw_calls or code == "mb"
        if not ((stale and code in RESULT_CODES) or (new_play and code in ("pc", "mc"))
                or (new_calls and raw_calls and code in ("mb", "an"))):
            still.append(event)
    return tuple(still)


def _cards_played(board: Board) -> list[str]:
    """A board's cards as text, in the order played (none without a play)."""
    return [] if board.play is None else [str(c) for c in board.play.cards]


def _stays(anchor: Anchor, own: Board, kept_cards: int) -> bool:
    """Whether a PBN comment on ``own``'s play stays where it stood: on a card the computer's play kept,
    or anywhere on the play (a note's comment too) when the computer played on from the file's last card;
    a note of a card the computer replaced goes, so the comment after it moves with the others."""
    assert own.play is not None
    if kept_cards and kept_cards == _cards(own):
        return True
    return anchor[0] == "card" and _order_on_the_play(anchor, own.play)[1] < kept_cards


def _cards_in_common(own: Board, computer_s: Board) -> int:
    """How many of ``own``'s cards, from the lead, ``computer_s``'s play has as they were: all of them when
    the computer played on from the file's last card, none when it played the board anew."""
    mine, theirs = _cards_played(own), _cards_played(computer_s)
    kept = 0
    while kept < min(len(mine), len(theirs)) and mine[kept] == theirs[kept]:
        kept += 1
    return kept


def _cards(board: Board) -> int:
    """How many cards ``board``'s play gives (none without a play)."""
    return len(board.play.cards) if board.play is not None else 0


def _new_place(k: int, base: int, own: tuple[int, int], new: tuple[int, int, int]) -> int:
    """Where a LIN pair that stood after ``k`` modelled pairs of the file's board stands among the
    computer's: in place among the calls kept (``base`` pairs), after the computer's last call when it
    stood among the replaced ones (``own``: the ends of the file's calls and cards), among the
    computer's cards as it was among the file's, and after the computer's play and claim (``new``:
    the ends of its calls, cards and claim) when it stood after the file's last card (a page break
    after the last card stands after that trick, the file's ``own`` play ending after it)."""
    own_end, own_played = own
    new_end, new_played, last = new
    if k <= base:
        return k
    if k <= own_end:
        return new_end
    if k < own_played:
        return k + new_end - own_end
    return min(new_played + k - own_played, last)


def result_changed(own: Board, board: Board) -> bool:
    """Whether ``board`` (``own`` bid or played by the computer) has another contract, declarer or
    result than ``own``: what scored ``own``'s result (PBN's `RESULT_TAGS`, LIN's `RESULT_CODES`) no
    longer holds."""
    return (own.contract, own.declarer, own.tricks) != (board.contract, board.declarer, board.tricks)


def _call_ending_at(pairs: list[tuple[str, str]], k: int) -> int | None:
    """The index of the call whose ``mb`` and ``an`` pairs end after the first ``k`` of ``pairs`` (an
    auction's, `calls_and_explanations`); None before the first call."""
    calls = sum(1 for code, _ in pairs[:k] if code == "mb")
    return calls - 1 if calls else None


def _pairs_of_calls(pairs: list[tuple[str, str]], calls: int) -> int:
    """How many of an auction's ``mb`` and ``an`` pairs its first ``calls`` calls take."""
    seen = 0
    for k, (code, _) in enumerate(pairs):
        seen += code == "mb"
        if seen > calls:
            return k
    return len(pairs)


def _on_the_play(anchor: tuple[str | int, ...]) -> bool:
    """Whether a PBN comment stood in the play section: before its first card, after a card, after a
    Note on a card."""
    return anchor[:1] in (("play",), ("card",)) or anchor == ("tag", "Play") or anchor[:2] == ("note", "play")


def _order_on_the_play(anchor: tuple[str | int, ...], play: Play) -> tuple[int, int, int]:
    """Where a comment of the play section stood: before the lead, after a card (by trick, then in the
    order played), after a Note (by number)."""
    if anchor[0] == "card" and isinstance(anchor[1], int) and isinstance(anchor[2], int):
        trick, seat = anchor[1], play.opening_leader.offset(anchor[2])
        tricks = play.trick_list
        leader = tricks[trick].leader if trick < len(tricks) else play.opening_leader
        return (1, 4 * trick + (seat - leader) % 4, 0)
    if anchor[0] == "note":
        return (2, int(anchor[2]) if str(anchor[2]).isdecimal() else 0, 0)
    return (0, 0, 0)


def _where_on_the_play(anchor: tuple[str | int, ...], notes: Mapping[int, str],
                       play: Play | None = None) -> str:
    """Where a comment stood in a file's play or after a Note, in words: the trick and the card it
    followed, or the note."""
    if anchor[0] == "note":
        number = str(anchor[2])
        noted = notes.get(int(number)) if number.isdecimal() else None
        return f"after its note {number} ({noted}):" if noted is not None else f"after its note {number}:"
    if play is not None and anchor[0] == "card" and isinstance(anchor[1], int) and isinstance(anchor[2], int):
        trick, seat = anchor[1], play.opening_leader.offset(anchor[2])
        tricks = play.trick_list
        if trick < len(tricks) and (seat - tricks[trick].leader) % 4 < len(tricks[trick].cards):
            card = tricks[trick].cards[(seat - tricks[trick].leader) % 4]
            return f"after trick {trick + 1}, {seat.name}'s {card}:"
        return f"after trick {trick + 1}, {seat.name}'s place (no card):"
    return "before the opening lead:"
