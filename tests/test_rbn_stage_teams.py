"""RBN's S (session or stage) and K (teams and carry-overs) lines as the board's tags Stage, HomeTeam,
VisitTeam, HomeCarryOver and VisitCarryOver (PBN's tags, LIN's ``vg`` match line), so RBN -> PBN -> RBN
and PBN -> RBN -> PBN keep them; what an S or K line cannot hold is named as left out."""

from __future__ import annotations

import warnings

import pytest

from bridgetools import Board, Deal, dumps, loads

DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
HANDS = "H W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:\n"
MATCH = (f"E Spingold\nS Final:: segment 1\nK Nickell:Meltzer:12.5:-3\nB 1\n{HANDS}A NZ:1SP2HP4SA\n\n"
         f"B 2\n{HANDS}")


def _quietly(boards: list[Board], fmt: str) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dumps(boards, fmt)


def test_an_s_line_is_the_stage_with_its_doubled_colon_read_as_one() -> None:
    assert loads(MATCH, "rbn")[0].tags["Stage"] == "Final: segment 1"


def test_a_k_line_gives_the_teams_and_their_carry_overs() -> None:
    assert loads(MATCH, "rbn")[0].tags == {"Stage": "Final: segment 1", "HomeTeam": "Nickell",
                                           "HomeCarryOver": "12.5", "VisitTeam": "Meltzer",
                                           "VisitCarryOver": "-3"}


def test_the_stage_and_teams_carry_over_to_later_records() -> None:
    first, second = loads(MATCH, "rbn")
    assert second.tags == first.tags


def test_a_k_line_of_two_teams_alone_gives_no_carry_overs() -> None:
    board = loads(f"K Lions:Tigers\nB 1\n{HANDS}", "rbn")[0]
    assert board.tags == {"HomeTeam": "Lions", "VisitTeam": "Tigers"}


def test_rbn_to_pbn_and_back_writes_the_s_and_k_lines_again_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pbn = dumps(loads(MATCH, "rbn"), "pbn")
        rbn = dumps(loads(pbn, "pbn"), "rbn")
    assert '[Stage "Final: segment 1"]' in pbn and '[VisitCarryOver "-3"]' in pbn
    assert "S Final: segment 1\n" in rbn and "K Nickell:Meltzer:12.5:-3\n" in rbn
    assert [b.tags for b in loads(rbn, "rbn")] == [b.tags for b in loads(MATCH, "rbn")]


def test_pbns_stage_and_teams_go_through_rbn_and_come_back() -> None:
    pbn = ('[Event "Spingold"]\n[Board "1"]\n[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ '
           '876.T98.765.T987 543.7654.A432.65"]\n[Stage "Quarter-final"]\n[HomeTeam "Lions"]\n'
           '[VisitTeam "Tigers"]\n')
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rbn = dumps(loads(pbn, "pbn"), "rbn")
    assert rbn.splitlines()[1:3] == ["S Quarter-final", "K Lions:Tigers"]
    assert loads(rbn, "rbn")[0].tags == loads(pbn, "pbn")[0].tags


@pytest.mark.parametrize("line", ["S Final:Segment 1", "E Cup:Final", "L Rome:Italy", "K A:B:7",
                                  "K A:B::-3"])
def test_an_rbn_line_with_colons_comes_back_as_written(line: str) -> None:
    # The writer doubled every colon (S Final::Segment 1) and wrote an empty carry-over (K A:B:7:).
    text = f"{line}\nB 1\n{HANDS}\n"
    assert _quietly(loads(text, "rbn"), "rbn").splitlines()[0] == line


@pytest.mark.parametrize("stage", ["Final: segment 1", "a::b", "a:::b"])
def test_a_stage_with_colons_goes_through_rbn_and_comes_back(stage: str) -> None:
    board = Board(number=1, deal=DEAL, tags={"Stage": stage})
    assert loads(_quietly([board], "rbn"), "rbn")[0].tags["Stage"] == stage


def test_a_board_with_no_stage_after_one_with_a_stage_does_not_take_it() -> None:
    boards = [Board(number=1, deal=DEAL, tags={"Stage": "Round 1", "HomeTeam": "A", "VisitTeam": "B"}),
              Board(number=2, deal=DEAL)]
    text = _quietly(boards, "rbn")
    assert "\nS\nK\n" in text  # bare labels end the session and teams carried over
    assert loads(text, "rbn")[1].tags == {}


@pytest.mark.parametrize("line", ["K Lions:Tigers:ten:0", "K A:B:C:D:E", "K Lions"])
def test_a_k_line_of_other_fields_is_kept_as_written_and_named_when_converting(line: str) -> None:
    board = loads(f"{line}\nB 1\n{HANDS}", "rbn")[0]
    assert "HomeTeam" not in board.tags
    assert f"\n{line}\n" in "\n" + _quietly([board], "rbn")
    with pytest.warns(UserWarning, match=r"PBN has no place for RBN K \(teams\)"):
        dumps([board], "pbn")


def test_a_team_name_with_a_colon_and_a_tag_rbn_has_no_line_for_are_named_as_left_out() -> None:
    board = Board(number=1, deal=DEAL, tags={"Stage": "Final", "HomeTeam": "Lions: Juniors",
                                             "VisitTeam": "Tigers", "Round": "3"})
    with pytest.warns(UserWarning) as said:
        text = dumps([board], "rbn")
    assert "S Final\n" in text and "\nK " not in text
    [lost] = [str(w.message) for w in said if "RBN has no place for" in str(w.message)]
    assert "tag HomeTeam" in lost and "tag VisitTeam" in lost and "tag Round" in lost
    assert "tag Stage" not in lost


@pytest.mark.parametrize("carry_overs", [{"HomeCarryOver": "+7"}, {"VisitCarryOver": "0.5"},
                                         {"HomeCarryOver": "12", "VisitCarryOver": "-3"}])
def test_carry_overs_given_alone_or_together_come_back_through_rbn(carry_overs: dict[str, str]) -> None:
    tags = {"HomeTeam": "Lions", "VisitTeam": "Tigers", **carry_overs}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = dumps([Board(number=1, deal=DEAL, tags=tags)], "rbn")
    assert loads(text, "rbn")[0].tags == tags
