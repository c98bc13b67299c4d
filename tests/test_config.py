"""config.json: the shipped file, every kind of bad file, and random JSON thrown at the loader."""
import collections
import json
import os

import pytest
from hypothesis import given, settings, strategies as st

import config
import solvers
from config import ConfigError

GOOD = {"window-width": 800, "window-height": 600, "block-size": 50, "speed": 0.3, "auto": True}


def write(tmp_path, text, name="config.json", mode="w"):
    path = tmp_path / name
    if mode == "wb":
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def error_of(tmp_path, text, mode="w"):
    with pytest.raises(ConfigError) as info:
        config.load(write(tmp_path, text, mode=mode))
    message = str(info.value)
    assert "\n" not in message and message
    return message


def test_shipped_config_is_exactly_the_five_keys():
    with open(config.default_path(), encoding="utf-8") as f:
        assert json.load(f) == GOOD
    loaded = config.load(config.default_path())
    assert config.board_size(loaded) == (16, 12)
    assert loaded["initial-length"] == 3 and loaded["solver"] == "greedy" and loaded["seed"] is None


def test_default_path_is_beside_the_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert os.path.isfile(config.default_path())


def test_optional_keys(tmp_path):
    data = dict(GOOD, **{"initial-length": 5, "seed": 7, "solver": "hamilton"})
    loaded = config.load(write(tmp_path, json.dumps(data)))
    assert (loaded["initial-length"], loaded["seed"], loaded["solver"]) == (5, 7, "hamilton")


def test_utf8_bom_is_accepted(tmp_path):
    path = write(tmp_path, b"\xef\xbb\xbf" + json.dumps(GOOD).encode(), mode="wb")
    assert config.load(path)["block-size"] == 50


def test_integral_float_is_a_whole_number(tmp_path):
    assert config.load(write(tmp_path, json.dumps(dict(GOOD, **{"block-size": 50.0}))))["block-size"] == 50


def test_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        config.load(str(tmp_path / "nope.json"))


def test_directory_instead_of_file(tmp_path):
    with pytest.raises(ConfigError, match="directory"):
        config.load(str(tmp_path))


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_unreadable_file(tmp_path):
    path = write(tmp_path, json.dumps(GOOD))
    os.chmod(path, 0)
    with pytest.raises(ConfigError, match="cannot read"):
        config.load(path)


def test_unreadable_bytes(tmp_path):
    assert "UTF-8" in error_of(tmp_path, b"\xff\xfe{", mode="wb")


@pytest.mark.parametrize("text", ["", "   \n"])
def test_empty_file(tmp_path, text):
    assert "empty" in error_of(tmp_path, text)


def test_bad_json_gives_line_and_column(tmp_path):
    message = error_of(tmp_path, '{\n  "window-width": 800,\n  "speed": ,\n}')
    assert ":3:12: not valid JSON" in message


@pytest.mark.parametrize("text", ["[1, 2]", '"hello"', "42", "null"])
def test_not_an_object(tmp_path, text):
    assert "JSON object" in error_of(tmp_path, text)


def test_missing_keys_are_named(tmp_path):
    data = dict(GOOD)
    del data["speed"], data["auto"]
    assert 'missing keys "speed", "auto"' in error_of(tmp_path, json.dumps(data))


def test_unknown_key_suggests_close_match(tmp_path):
    data = dict(GOOD)
    data["block_size"] = data.pop("block-size")
    assert 'unknown key "block_size" (did you mean "block-size"?)' in error_of(tmp_path, json.dumps(data))


def test_unknown_key_without_match_lists_known(tmp_path):
    assert "known keys" in error_of(tmp_path, json.dumps(dict(GOOD, colour="blue")))


def test_duplicate_key(tmp_path):
    text = json.dumps(GOOD)[:-1] + ', "speed": 0.5}'
    assert "twice" in error_of(tmp_path, text)


@pytest.mark.parametrize("key, value, words", [
    ("window-width", "800", "whole number"),
    ("window-width", [800], "whole number"),
    ("window-height", True, "whole number, got true"),
    ("block-size", 12.5, "whole number"),
    ("speed", "fast", "number of seconds"),
    ("speed", False, "number of seconds"),
    ("auto", 1, "true or false"),
    ("auto", "yes", "true or false"),
    ("initial-length", None, "whole number"),
    ("seed", 1.5, "seed"),
    ("seed", -1, "seed"),
    ("solver", "astar", "greedy, hamilton, shortest, random"),
    ("solver", ["greedy"], "greedy, hamilton, shortest, random"),
    ("solver", {"greedy": 1}, "greedy, hamilton, shortest, random"),
])
def test_wrong_types(tmp_path, key, value, words):
    assert words in error_of(tmp_path, json.dumps(dict(GOOD, **{key: value})))


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers(tmp_path, literal):
    text = json.dumps(GOOD).replace("0.3", literal)
    assert "not valid JSON" in error_of(tmp_path, text)


@pytest.mark.parametrize("key, value, words", [
    ("window-width", 0, "between 1 and"),
    ("window-height", -600, "between 1 and"),
    ("block-size", 0, "between 1 and"),
    ("speed", 0, "between 0.01 and 2.0"),
    ("speed", -0.3, "between"),
    ("speed", 100, "between"),
    ("block-size", 70, "must divide"),
    ("window-width", 100000, "between 1 and 8192"),
    ("initial-length", 0, "between 1 and"),
    ("initial-length", 17, "does not fit"),
])
def test_impossible_values(tmp_path, key, value, words):
    assert words in error_of(tmp_path, json.dumps(dict(GOOD, **{key: value})))


def test_a_board_one_cell_wide_is_said_in_good_english(tmp_path):
    data = dict(GOOD, **{"window-width": 50, "window-height": 600, "block-size": 50})
    assert "does not fit on a board 1 cell wide" in error_of(tmp_path, json.dumps(data))


def test_board_with_no_room_for_fruit(tmp_path):
    data = dict(GOOD, **{"window-width": 100, "window-height": 50, "block-size": 50, "initial-length": 2})
    assert "no free cell" in error_of(tmp_path, json.dumps(data))


def test_huge_number_is_one_line(tmp_path):
    assert "not valid JSON" in error_of(tmp_path, json.dumps(GOOD).replace("800", "9" * 5000))


def test_deep_nesting_is_one_line(tmp_path):
    assert "nested too deeply" in error_of(tmp_path, "[" * 100000 + "]" * 100000)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12)


@st.composite
def valid_configs(draw):
    """A config the loader must accept: each key within its bounds, optional keys or not."""
    block = draw(st.integers(1, 64))
    width = draw(st.integers(1, min(40, config.MAX_WINDOW // block)))  # in cells
    height = draw(st.integers(2 if width == 1 else 1, min(40, config.MAX_WINDOW // block)))
    whole = st.sampled_from([int, float])  # 800.0 counts as 800
    data = {"window-width": draw(whole)(width * block), "window-height": draw(whole)(height * block),
            "block-size": draw(whole)(block),
            "speed": draw(st.floats(config.SPEED_MIN, config.SPEED_MAX) | st.sampled_from([1, 2])),
            "auto": draw(st.booleans())}
    default_fits = config.DEFAULTS["initial-length"] <= width and config.DEFAULTS["initial-length"] < width * height
    if draw(st.booleans()) or not default_fits:
        data["initial-length"] = draw(st.integers(1, min(width, width * height - 1)))
    if draw(st.booleans()):
        data["seed"] = draw(st.none() | st.integers(0, 2 ** 64))
    if draw(st.booleans()):
        data["solver"] = draw(st.sampled_from(sorted(solvers.BUILT_IN)))
    return data


@st.composite
def near_misses(draw):
    """A valid config with one key dropped, added or set to any JSON value: usually refused."""
    data = draw(valid_configs())
    key = draw(st.sampled_from(config.KNOWN + ("block_size", "speeed")))
    if key in data and draw(st.booleans()):
        del data[key]
    else:
        data[key] = draw(JSON_VALUES)
    return data


CONFIG_LIKE = st.one_of(
    valid_configs().map(lambda data: ("valid", data)),
    near_misses().map(lambda data: ("near miss", data)),
    st.dictionaries(st.sampled_from(config.KNOWN + ("block_size", "speeed")), JSON_VALUES, max_size=8)
    .map(lambda data: ("random keys", data)),
    JSON_VALUES.map(lambda data: ("any JSON", data)))


def test_random_json_is_a_config_or_one_clear_error():
    counts = collections.Counter()

    @settings(max_examples=300, deadline=None)
    @given(CONFIG_LIKE)
    def check(case):
        kind, data = case
        try:
            loaded = config.validate(config.parse(json.dumps(data)))
        except ConfigError as e:
            assert kind != "valid", f"a valid config was refused: {e}"
            assert str(e) and "\n" not in str(e)
            counts["refused"] += 1
            return
        counts["loaded"] += 1
        width, height = config.board_size(loaded)
        assert width * height > loaded["initial-length"] <= width
        assert config.SPEED_MIN <= loaded["speed"] <= config.SPEED_MAX
        assert isinstance(loaded["auto"], bool)
        assert all(loaded[key] == data[key] for key in config.REQUIRED)
        assert loaded["solver"] in solvers.BUILT_IN and (loaded["seed"] is None or loaded["seed"] >= 0)

    check()
    # The assertions on loaded configs above must run often, not never (about a third load).
    assert counts["loaded"] >= 0.1 * sum(counts.values()), counts


@settings(max_examples=200, deadline=None)
@given(ww=st.integers(-5, 400), wh=st.integers(-5, 400), bs=st.integers(-5, 60),
       speed=st.floats(-1, 3), length=st.integers(-2, 20))
def test_random_numbers_are_a_config_or_one_clear_error(ww, wh, bs, speed, length):
    data = {"window-width": ww, "window-height": wh, "block-size": bs, "speed": speed,
            "auto": False, "initial-length": length}
    try:
        loaded = config.validate(data)
    except ConfigError as e:
        assert "\n" not in str(e)
        return
    assert ww % bs == 0 and wh % bs == 0 and 1 <= length <= ww // bs
    assert config.board_size(loaded) == (ww // bs, wh // bs)


def test_permission_denied_is_one_line(tmp_path, monkeypatch):
    # Root reads any file, so the refusal is simulated where the file is opened.
    path = write(tmp_path, json.dumps(GOOD))

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr("builtins.open", refuse)
    with pytest.raises(ConfigError, match="cannot read: Permission denied"):
        config.load(path)


# -- the window's settings, written back -------------------------------------------------------

SETTINGS = {"initial-length": 3, "speed": 0.3, "auto": True, "solver": "greedy", "seed": None}


def saved(tmp_path, text, board=(16, 12), raw=None, **changes):
    path = tmp_path / "config.json"
    path.write_bytes(raw if raw is not None else text.encode("utf-8"))
    config.save_settings(str(path), board, dict(SETTINGS, **changes))
    return path.read_bytes().decode("utf-8")


def test_saved_settings_keep_the_files_keys_order_and_indentation(tmp_path):
    with open(config.default_path(), encoding="utf-8") as f:
        shipped = f.read()
    assert saved(tmp_path, shipped) == shipped  # nothing changed: the same bytes
    text = saved(tmp_path, shipped, board=(20, 10), speed=0.2, auto=False, solver="hamilton", seed=5,
                 **{"initial-length": 4})
    assert text == ('{\n    "window-width": 1000,\n    "window-height": 500,\n    "block-size": 50,\n'
                    '    "speed": 0.2,\n    "auto": false,\n    "initial-length": 4,\n    "solver": "hamilton",\n'
                    '    "seed": 5\n}\n')
    assert config.load(str(tmp_path / "config.json"))["solver"] == "hamilton"


@pytest.mark.parametrize("text, expected", [
    ('{"auto": true, "speed": 0.3, "window-width": 800, "window-height": 600, "block-size": 50}',
     '{"auto": true, "speed": 0.3, "window-width": 400, "window-height": 300, "block-size": 50}'),
    ('{\n\t"block-size": 10,\n\t"auto": true,\n\t"speed": 0.3,\n\t"window-width": 80,\n\t"window-height": 60,\n'
     '\t"seed": 7\n}',
     '{\n\t"block-size": 10,\n\t"auto": true,\n\t"speed": 0.3,\n\t"window-width": 80,\n\t"window-height": 60,\n'
     '\t"seed": null\n}'),
])
def test_one_line_or_tabs_the_layout_stays(tmp_path, text, expected):
    board = (8, 6)
    assert saved(tmp_path, text, board=board) == expected


def test_a_byte_order_mark_stays(tmp_path):
    text = json.dumps(GOOD)
    path = tmp_path / "config.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    config.save_settings(str(path), (4, 3), SETTINGS)
    assert path.read_bytes().startswith(b"\xef\xbb\xbf{") and config.load(str(path))["window-width"] == 200


def test_a_board_too_wide_for_the_files_block_takes_a_smaller_block(tmp_path):
    text = saved(tmp_path, json.dumps(GOOD), board=(200, 12))
    data = json.loads(text)
    assert data["block-size"] == 40 and data["window-width"] == 8000 and data["window-height"] == 480


@pytest.mark.parametrize("content", ['{"window-width": 800}', "{not json", ""])
def test_a_file_that_is_no_valid_config_now_is_left_as_it_is(tmp_path, content):
    path = tmp_path / "config.json"
    path.write_text(content)
    with pytest.raises(config.ConfigError):
        config.save_settings(str(path), (8, 6), SETTINGS)
    assert path.read_text() == content


def test_settings_the_rules_refuse_write_nothing(tmp_path):
    path = tmp_path / "config.json"
    path.write_text(json.dumps(GOOD))
    with pytest.raises(config.ConfigError, match="does not fit on a board 3 cells wide"):
        config.save_settings(str(path), (3, 8), dict(SETTINGS, **{"initial-length": 4}))
    assert json.loads(path.read_text()) == GOOD


def test_a_file_that_cannot_be_written_is_one_line_and_stays_whole(tmp_path, monkeypatch):
    path = tmp_path / "config.json"
    path.write_text(json.dumps(GOOD))

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(config.atomic.os, "fsync", full_disk)
    with pytest.raises(config.ConfigError, match=f"cannot write {path}: No space left on device"):
        config.save_settings(str(path), (8, 6), SETTINGS)
    assert json.loads(path.read_text()) == GOOD and os.listdir(tmp_path) == ["config.json"]
