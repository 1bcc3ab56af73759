"""Where the main window opens, without Qt (``rater_desktop.window_geometry``)."""

from __future__ import annotations

from rater_desktop.window_geometry import clamp_geometry, first_start_geometry

FULL_HD = (0, 0, 1920, 1050)  # 1920x1080 less a panel
LAPTOP = (0, 0, 1366, 740)


def test_first_start_fills_a_laptop_and_takes_most_of_a_monitor() -> None:
    assert first_start_geometry(area=LAPTOP) == (LAPTOP, True)
    (x, y, w, h), maximized = first_start_geometry(area=FULL_HD)
    assert not maximized and (w, h) == (1680, 966)
    assert x + w <= 1920 and y + h <= 1050 and x >= 0 and y >= 0


def test_a_laptop_sized_window_grows_to_the_first_start_size_on_a_monitor() -> None:
    # issue 9: after a restart the window came back at 1154x720 on a 1920x1080 screen
    rect, maximized = clamp_geometry(saved=(100, 60, 1154, 720), maximized=False,
                                     area=FULL_HD)
    assert not maximized and rect[2:] == (1680, 966)
    assert rect[0] + rect[2] <= 1920 and rect[1] + rect[3] <= 1050


def test_a_small_window_on_a_laptop_fills_it_again() -> None:
    # issue 9: 910x512 back on 1366x768
    assert clamp_geometry(saved=(0, 0, 910, 512), maximized=False, area=LAPTOP) == \
        (LAPTOP, True)


def test_a_window_left_on_a_second_monitor_comes_back_on_screen() -> None:
    rect, maximized = clamp_geometry(saved=(2500, 900, 1700, 1000), maximized=False,
                                     area=FULL_HD)
    x, y, w, h = rect
    assert not maximized and (w, h) == (1700, 1000)
    assert 0 <= x and x + w <= 1920 and 0 <= y and y + h <= 1050


def test_a_window_bigger_than_the_screen_is_cut_to_it() -> None:
    rect, _ = clamp_geometry(saved=(-50, -40, 2600, 1500), maximized=False, area=FULL_HD)
    assert rect == FULL_HD


def test_the_title_bar_stays_on_screen_when_a_laptop_session_reopens_on_a_monitor() -> None:
    # A 1366x768 session reopened at 1920x1080 under openbox came back ~1680x1000 with its
    # title bar above the screen's top edge: the frame must fit in the area too.
    frame = (2, 24, 2, 3)
    for saved in ((0, 0, 1366, 740), (0, 0, 1700, 1049), (10, -30, 1900, 1080)):
        (x, y, w, h), maximized = clamp_geometry(saved=saved, maximized=False,
                                                 area=FULL_HD, frame=frame)
        assert not maximized
        assert x - 2 >= 0 and y - 24 >= 0, saved
        assert x + w + 2 <= 1920 and y + h + 3 <= 1050, saved


def test_a_maximized_window_comes_back_maximized_on_the_screen() -> None:
    assert clamp_geometry(saved=(10, 10, 1700, 1000), maximized=True, area=FULL_HD) == \
        (FULL_HD, True)


def test_the_first_start_is_centred_on_a_second_monitor() -> None:
    (x, y, w, h), maximized = first_start_geometry(area=(1920, 0, 2560, 1400))
    assert not maximized and (w, h) == (1680, 1050)
    assert (x, y) == (1920 + (2560 - 1680) // 2, (1400 - 1050) // 2)
