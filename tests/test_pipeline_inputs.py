"""The library's pipeline takes its inputs as the commands do: `load_results` and `export_files` find the
files of a folder or a glob pattern, say an input that names nothing, and raise when nothing could be
read; the frame of several files has the dtypes of one export read back."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from test_cli_analysis import DEAL_1, DEAL_2, game

from bridgetools.analysis import read_dataframe
from bridgetools.analysis.pipeline import drop_repeated_results, export_files, load_results
from bridgetools.errors import BridgeError, NothingReadError


def _two_sessions(folder: Path) -> tuple[Path, Path]:
    """Two club files in ``folder``, of other deals and contracts (so other categories a file)."""
    folder.mkdir(exist_ok=True)
    first, second = folder / "mon.pbn", folder / "tue.pbn"
    first.write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 9), encoding="ascii")
    second.write_text(game(2, "E", "NS", DEAL_2, "4SX", "W", 8), encoding="ascii")
    return first, second


def test_load_results_of_a_folder_reads_the_hand_records_in_it(tmp_path: Path) -> None:
    _two_sessions(tmp_path / "club")
    frame, problems = load_results([str(tmp_path / "club")], ["file", "contract"])
    assert problems == []
    assert sorted(frame["contract"].astype(str)) == ["3NT", "4SX"]


def test_load_results_of_a_glob_pattern_reads_the_files_it_matches(tmp_path: Path) -> None:
    _two_sessions(tmp_path)
    frame, _ = load_results([str(tmp_path / "*.pbn")], ["board"])
    assert sorted(frame["board"]) == [1, 2]


def test_load_results_takes_a_path_as_a_file_name(tmp_path: Path) -> None:
    first, _ = _two_sessions(tmp_path)
    frame, _ = load_results([first], ["contract"])
    assert list(frame["contract"].astype(str)) == ["3NT"]


def test_load_results_gives_every_column_of_the_boards_table_when_none_are_named(tmp_path: Path) -> None:
    first, _ = _two_sessions(tmp_path)
    export_files([first], tmp_path / "out.parquet")
    frame, _ = load_results([first])
    assert list(frame.columns) == list(read_dataframe(tmp_path / "out.parquet").columns)


def test_load_results_of_a_missing_file_raises_naming_it(tmp_path: Path) -> None:
    with pytest.raises(NothingReadError, match=r"nowhere\.pbn: No such file or directory") as raised:
        load_results([str(tmp_path / "nowhere.pbn")], ["contract"])
    assert isinstance(raised.value, BridgeError)
    assert raised.value.problems == [f"{tmp_path / 'nowhere.pbn'}: No such file or directory"]


def test_load_results_of_a_folder_of_no_hand_record_raises(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(NothingReadError, match=r"no .*pbn.* files in this directory"):
        load_results([str(tmp_path / "empty")], ["contract"])


def test_load_results_of_unreadable_files_raises_with_each_ones_line(tmp_path: Path) -> None:
    for name in ("a.pbn", "b.pbn"):
        (tmp_path / name).write_bytes(b"")
    with pytest.raises(NothingReadError, match=r"no input could be read \(2 inputs\)") as raised:
        load_results([str(tmp_path / "a.pbn"), str(tmp_path / "b.pbn")], ["contract"])
    assert [line.split(":")[0] for line in raised.value.problems] == [str(tmp_path / "a.pbn"),
                                                                       str(tmp_path / "b.pbn")]


def test_load_results_says_an_input_naming_nothing_beside_those_read(tmp_path: Path) -> None:
    first, _ = _two_sessions(tmp_path)
    frame, problems = load_results([str(first), str(tmp_path / "none-*.pbn")], ["contract"])
    assert list(frame["contract"].astype(str)) == ["3NT"]
    assert problems == [f"{tmp_path / 'none-*.pbn'}: no file matches"]


def test_export_files_of_a_folder_exports_the_hand_records_in_it(tmp_path: Path) -> None:
    _two_sessions(tmp_path / "club")
    report = export_files([str(tmp_path / "club")], tmp_path / "out.parquet")
    assert (report.boards, report.failed) == (2, [])
    assert pq.read_table(tmp_path / "out.parquet").num_rows == 2


def test_load_results_of_several_files_keeps_the_dtypes_of_an_export_read_back(tmp_path: Path) -> None:
    files = [str(file) for file in _two_sessions(tmp_path)]
    export_files(files, tmp_path / "out.parquet")
    exported = read_dataframe(tmp_path / "out.parquet")
    frame, _ = load_results(files, list(exported.columns))
    assert {name: str(frame[name].dtype) for name in frame} == {name: str(exported[name].dtype)
                                                                for name in exported}
    assert frame["contract"].cat.ordered


def test_concat_dataframes_unites_each_categorical_columns_categories() -> None:
    from bridgetools.analysis.export import concat_dataframes

    first = pd.DataFrame({"file": pd.Categorical(["a.pbn"]), "room": pd.Categorical([None], ["Open"])})
    second = pd.DataFrame({"file": pd.Categorical(["b.pbn"]), "room": pd.Categorical(["Closed"])})
    joined = concat_dataframes([first, second])
    assert list(joined["file"].cat.categories) == ["a.pbn", "b.pbn"]
    assert list(joined["room"].astype(object).fillna("-")) == ["-", "Closed"]
    assert isinstance(joined["room"].dtype, pd.CategoricalDtype)


def test_concat_dataframes_keeps_the_schemas_contract_order_whichever_frame_comes_first() -> None:
    # the union took the first frame's categories and kind: an unordered or reordered first frame (an
    # export re-saved by another tool) left contracts unordered or out of bidding order
    from bridgetools.analysis.export import concat_dataframes
    from bridgetools.analysis.schema import CONTRACTS

    ordered = pd.DataFrame({"contract": pd.Categorical(["3NT"], CONTRACTS, ordered=True)})
    for first in (pd.Categorical(["7NT", "1C"]), pd.Categorical(["1C"], CONTRACTS[::-1], ordered=True)):
        joined = concat_dataframes([pd.DataFrame({"contract": first}), ordered])["contract"]
        assert joined.cat.ordered and tuple(joined.cat.categories) == CONTRACTS
        assert list(joined) == [*first, "3NT"]


def test_a_frame_pandas_read_from_a_re_saved_export_repeats_the_exports_results(tmp_path: Path) -> None:
    first, _ = _two_sessions(tmp_path / "club")
    export = tmp_path / "mon.parquet"
    export_files([str(first)], export)
    copy = tmp_path / "copy.parquet"
    pq.read_table(export).to_pandas().to_parquet(copy)  # the tags map comes back as arrays of pairs
    kept = drop_repeated_results([(str(export), read_dataframe(export)), (str(copy), pd.read_parquet(copy))])
    assert len(kept[0]) == 1 and kept[1].empty
