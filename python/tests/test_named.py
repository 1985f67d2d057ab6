"""The classic named layouts (关卡): every entry of the collection is a
legal layout that names itself, a name finds its layout, and a file's
named layouts carry the numbers the CLI gives them."""

import klotski
import pytest

NAME_KEYS = ["display", "name", "variant", "name_traditional", "pinyin", "english", "variants"]

ENTRIES = klotski.named_layouts()


def test_the_collection_is_several_hundred_entries_with_the_documented_keys():
    assert len(ENTRIES) > 300
    for entry in ENTRIES:
        assert list(entry) == NAME_KEYS + ["code", "published_steps", "source"]
        assert entry["published_steps"] is None or entry["published_steps"] > 0
        assert entry["source"].startswith("http")


def test_every_entry_is_a_legal_layout_that_carries_the_name():
    for entry in ENTRIES:
        layout = klotski.Layout(entry["code"])
        assert layout.code == entry["code"]
        name = {key: entry[key] for key in NAME_KEYS}
        assert name in layout.names, entry["display"]
        assert klotski.Layout(entry["display"]) == layout


def test_a_name_finds_its_layout_in_every_script():
    layout = klotski.Layout("将拥曹营")
    assert layout.name == "将拥曹营"
    (name,) = [name for name in layout.names if name["name"] == "将拥曹营"]
    for text in (name["name_traditional"], name["pinyin"], "jiangyongcaoying", name["english"]):
        assert klotski.Layout(text) == layout, text
    assert klotski.Layout("横刀立马") == klotski.Layout("1A9BF0C00")


def test_a_variant_is_its_own_layout():
    variants = [entry for entry in ENTRIES if entry["variant"] > 1]
    assert variants
    plain_codes = {entry["name"]: entry["code"] for entry in ENTRIES if entry["variant"] == 1}
    for entry in variants:
        assert entry["display"] == f"{entry['name']} {entry['variant']}"
        assert klotski.Layout(entry["display"]).code == entry["code"]
        plain = klotski.Layout(entry["name"])
        assert plain.code == plain_codes[entry["name"]]
        (name,) = [name for name in plain.names if name["name"] == entry["name"]]
        assert name["variant"] == 1 and entry["display"] in name["variants"]


def test_a_part_of_several_names_lists_them_and_an_unknown_name_the_nearest():
    with pytest.raises(ValueError) as several:
        klotski.Layout("曹营")
    assert "将拥曹营" in str(several.value) and "兵临曹营" in str(several.value)
    with pytest.raises(ValueError) as unknown:
        klotski.Layout("将拥曹菅")
    assert "将拥曹营" in str(unknown.value)


def test_most_layouts_have_no_name():
    layout = klotski.Layout("00000003F")
    assert layout.names == [] and layout.name is None
    assert repr(layout) == "Layout('00000003F')"
    assert str(layout).startswith("  abcd")


def test_a_named_layout_prints_its_name_beside_the_code(cli):
    layout = klotski.Layout("将拥曹营")
    assert repr(layout) == f"Layout('{layout.code}')  # 将拥曹营"
    assert str(layout) + "\n" == "将拥曹营\n" + cli.out("show", layout.code)
    assert klotski.Layout.from_board(str(layout)) == layout


def test_a_search_is_the_entries_whose_name_holds_it():
    found = klotski.named_layouts("曹营")
    names = [entry["name"] for entry in found]
    assert "将拥曹营" in names and "兵临曹营" in names
    assert all(entry in ENTRIES for entry in found)
    assert klotski.named_layouts("no such name at all") == []
    with pytest.raises(TypeError, match="^argument 'query'"):
        klotski.named_layouts(5)  # type: ignore[arg-type]


def test_the_frame_is_the_list():
    pytest.importorskip("pandas")
    frame = klotski.named_layouts_frame()
    assert len(frame) == len(ENTRIES)
    assert list(frame["code"]) == [entry["code"] for entry in ENTRIES]
    assert len(klotski.named_layouts_frame("曹营")) == len(klotski.named_layouts("曹营"))
    empty = klotski.named_layouts_frame("no such name at all")
    assert len(empty) == 0 and "published_steps" in empty.columns


def test_the_files_named_layouts_carry_the_clis_numbers(cli, db_path):
    with klotski.Database(db_path) as db:
        held = db.named_layouts()
    # The test database's only class holding named layouts is 0-14-0.
    in_file = [entry for entry in ENTRIES if klotski.Layout(entry["code"]).bing == 14]
    assert held and sorted(entry["display"] for entry in held) == sorted(entry["display"] for entry in in_file)
    numbers = ["code", "classification", "group_size", *klotski.AnalysisDict.__annotations__]
    for entry in held:
        info = cli.json("info", entry["display"], "--db", str(db_path))
        assert {key: entry[key] for key in NAME_KEYS} in info["names"]
        assert {key: entry[key] for key in numbers} == {key: info[key] for key in numbers}
        assert {key: entry[key] for key in ENTRIES[0]} in ENTRIES
