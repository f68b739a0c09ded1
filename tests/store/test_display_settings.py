"""The text-size setting (issue 12: players read the screen from across the table): a scale is checked where it
enters, and the sizes offered are all valid."""

import pytest

from companion.store.display import TEXT_SIZE_NAMES, check_text_scale, scaled


@pytest.mark.parametrize("bad", [0.5, 2.5, -1, float("nan"), float("inf"), "1.5", True, None])
def test_out_of_range_scale_is_refused_naming_the_setting(bad):
    with pytest.raises(ValueError, match=r"Text size: choose a scale from 0\.8 to 2\.0"):
        check_text_scale(bad)


def test_offered_sizes_are_all_valid_and_grow():
    scales = list(TEXT_SIZE_NAMES)
    assert scales == sorted(scales) and all(check_text_scale(s) == s for s in scales)
    assert 1.0 in scales and scaled(16, 2.0) == 32
