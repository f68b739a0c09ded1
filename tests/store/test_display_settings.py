"""The text-size setting (issue 12: players read the host's screen from across the table): validated, kept in
the store, read back with a safe default."""

import pytest

from companion.store import open_store
from companion.store.display import (
    TEXT_SCALE_DEFAULT,
    TEXT_SCALE_KEY,
    TEXT_SIZES,
    check_text_scale,
    scaled,
    set_text_scale,
    text_scale,
)


def test_text_scale_is_saved_and_read_back(data_dir):
    store = open_store(data_dir)
    assert text_scale(store) == TEXT_SCALE_DEFAULT
    set_text_scale(store, 1.25)
    assert text_scale(open_store(data_dir)) == 1.25  # kept across restarts


@pytest.mark.parametrize("bad", [0.5, 2.5, -1, float("nan"), float("inf"), "1.5", True, None])
def test_out_of_range_scale_is_refused_naming_the_setting_and_saves_nothing(data_dir, bad):
    store = open_store(data_dir)
    set_text_scale(store, 1.5)
    with pytest.raises(ValueError, match=r"Text size: choose a scale from 0\.8 to 2\.0"):
        set_text_scale(store, bad)
    assert text_scale(store) == 1.5


def test_a_bad_stored_value_falls_back_to_the_default(data_dir):
    store = open_store(data_dir)
    store.set_setting(TEXT_SCALE_KEY, 9)  # written by hand or an older version
    assert text_scale(store) == TEXT_SCALE_DEFAULT
    assert text_scale(None) == TEXT_SCALE_DEFAULT


def test_offered_sizes_are_all_valid_and_grow():
    scales = [s for _, s in TEXT_SIZES]
    assert scales == sorted(scales) and all(check_text_scale(s) == s for s in scales)
    assert 1.0 in scales and scaled(16, 2.0) == 32
