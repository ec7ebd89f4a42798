"""The widgets (widgets.py) on their own, over a host canvas that notes
every string drawn: a menu's cursor and scrolling, a text's pages and
their count in the title, a question's scrolling and its footer, and the
last column kept for the scroll marks."""

import pytest
from sixtysix_app.canvas import FG, SEL
from sixtysix_app.events import BACK, HINT, NEXT, OK, PREV
from sixtysix_app.ui import Layout, body_top, draw_list
from sixtysix_app.widgets import Confirm, Menu, Pages
from sixtysix_tools.hostcanvas import HostCanvas

# (width, height, font, scale) of the panels of the boards: the Thumby's,
# a 128x64 OLED's, the Pico Display's.
PANELS = [(72, 40, "small", 1), (128, 64, "normal", 1), (240, 135, "normal", 2)]
TEXT = " ".join("word%d" % i for i in range(90)) + "\n" + "x" * 70 + "\nthe end"


class NotingCanvas(HostCanvas):
    def __init__(self, *args, **kw):
        HostCanvas.__init__(self, *args, **kw)
        self.drawn = []

    def fill(self, role):
        HostCanvas.fill(self, role)
        self.drawn = []

    def text(self, s, x, y, role):
        self.drawn.append((s, x, y, role))
        HostCanvas.text(self, s, x, y, role)


class App:
    def __init__(self, panel):
        width, height, font, scale = panel
        self.canvas = NotingCanvas(width, height, font=font, scale=scale)
        self.layout = Layout(self.canvas)
        self.done = 0
        self.answers = []

    def draw(self, screen):
        screen.draw(self.canvas)
        return self.canvas.drawn

    def leave(self):
        self.done += 1


def body_lines(app, drawn):
    """The strings drawn under the title, top to bottom, without the marks
    and a question's footer."""
    lay = app.layout
    return [
        s
        for s, x, y, role in sorted(drawn, key=lambda d: (d[2], d[1]))
        if y > lay.ch and s not in "^v" and not s.startswith("OK")
    ]


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_a_menus_cursor_wraps_at_both_ends(panel):
    app = App(panel)
    chosen = []
    items = [("item %d" % i, lambda i=i: chosen.append(i)) for i in range(4)]
    menu = Menu(app, "Menu", items)
    menu.key(PREV)
    menu.key(OK)
    menu.key(NEXT)
    menu.key(OK)
    assert chosen == [3, 0]


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_a_long_menu_scrolls_only_when_the_cursor_would_leave_the_screen(panel):
    """Down to the last item the list scrolls to keep the cursor shown;
    back up one, the cursor moves within the lines on show, which stay."""
    app = App(panel)
    items = [("item %d" % i, lambda: None) for i in range(30)]
    menu = Menu(app, "Menu", items)
    first = body_lines(app, app.draw(menu))
    assert first[0] == "item 0" and len(first) < 30
    for _ in range(29):
        menu.key(NEXT)
        shown = body_lines(app, app.draw(menu))
        assert "item %d" % menu.cursor in shown
    assert shown[-1] == "item 29"
    menu.key(PREV)
    assert body_lines(app, app.draw(menu)) == shown


def leaves_the_last_column(app, drawn):
    """The body's text leaves the last column to the scroll marks (a
    question's footer, under the body, may use it)."""
    lay = app.layout
    for s, x, _y, _role in drawn:
        if s.startswith("OK"):
            continue
        if s in ("^", "v"):
            assert x == lay.w - lay.cw
        else:
            assert x + len(s) * lay.cw <= lay.w - lay.cw, s
    return True


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_a_list_marks_lines_hidden_above_or_below_and_only_those(panel):
    app = App(panel)
    c = app.canvas
    lay = app.layout
    y = body_top(lay)
    rows = (lay.h - y) // lay.ch
    lines = ["line %d" % i for i in range(rows + 2)]
    for top, above, below in ((0, False, True), (1, True, True), (2, True, False)):
        c.fill(0)
        assert draw_list(c, lay, y, lines, -1, top, lay.h) == top
        marks = [s for s, _x, _y, _role in c.drawn if s in ("^", "v")]
        assert sorted(marks) == sorted(["^"] * above + ["v"] * below), top
    c.fill(0)
    draw_list(c, lay, y, lines[:rows], -1, 0, lay.h)  # every line shown: no mark
    assert [s for s, _x, _y, _role in c.drawn if s in ("^", "v")] == []


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_a_list_highlights_the_cursors_line_alone(panel):
    app = App(panel)
    c = app.canvas
    lay = app.layout
    c.fill(0)
    draw_list(c, lay, body_top(lay), ["one", "two", "three"], 1, 0, lay.h)
    roles = {s: role for s, _x, _y, role in c.drawn}
    assert roles["one"] == FG and roles["three"] == FG and roles["two"] != FG


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_pages_turn_through_every_line_once_and_count_in_the_title(panel):
    app = App(panel)
    pages = Pages(app, "Rules", TEXT, app.leave)
    seen = []
    titles = []
    heads = []
    first_page = body_lines(app, app.draw(pages))
    for _ in range(100):
        if app.done:
            break
        drawn = app.draw(pages)
        assert leaves_the_last_column(app, drawn)
        titles.append([s for s, x, y, role in drawn if y < app.layout.ch][0])
        page = body_lines(app, drawn)
        heads.append(page[0])
        seen += page
        pages.key(NEXT)
    n = len(titles)
    assert n > 1 and app.done == 1
    assert titles == ["Rules %d/%d" % (k, n) for k in range(1, n + 1)]
    words = " ".join(seen).split()
    assert words == TEXT.split()[:90] + [w for w in words[90:] if w.startswith("x")] + ["the", "end"]
    assert "".join(words[90:-2]) == "x" * 70
    # PREV from the last page goes back a page at a time and stops at the first.
    pages = Pages(app, "Rules", TEXT, app.leave)
    for _ in range(n - 1):
        pages.key(NEXT)
    back = []
    for _ in range(n + 2):
        back.append(body_lines(app, app.draw(pages))[0])
        pages.key(PREV)
    assert body_lines(app, app.draw(pages)) == first_page
    assert back == heads[::-1] + [heads[0]] * 2 and app.done == 1


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_two_pages_of_text_are_counted(panel):
    app = App(panel)
    rows = (app.layout.h - app.layout.ch - 2) // app.layout.ch
    pages = Pages(app, "Note", "\n".join("line %d" % i for i in range(rows + 1)), app.leave)
    assert [s for s, x, y, role in app.draw(pages) if y < app.layout.ch] == ["Note 1/2"]
    pages.key(NEXT)
    assert [s for s, x, y, role in app.draw(pages) if y < app.layout.ch] == ["Note 2/2"]
    assert body_lines(app, app.canvas.drawn) == ["line %d" % rows]


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_one_page_of_text_has_no_count_and_ok_or_back_leave(panel):
    app = App(panel)
    pages = Pages(app, "Note", "short", app.leave)
    drawn = app.draw(pages)
    assert [s for s, x, y, role in drawn if y < app.layout.ch] == ["Note"]
    pages.key(PREV)
    assert not app.done
    pages.key(OK)
    pages.key(BACK)
    assert app.done == 2


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_a_question_scrolls_to_its_last_line_and_back_above_its_footer(panel):
    app = App(panel)
    lay = app.layout
    answers = []
    question = Confirm(app, "Resign?", TEXT, lambda: answers.append("yes"), lambda: answers.append("no"))
    shown = []
    for _ in range(200):
        drawn = app.draw(question)
        assert leaves_the_last_column(app, drawn)
        footer = [d for d in drawn if d[0].startswith("OK")]
        assert len(footer) == 1
        s, x, y, role = footer[0]
        assert role == SEL and y == lay.h - lay.ch and x + len(s) * lay.cw <= lay.w
        body = [d for d in drawn if lay.ch < d[2] and not d[0].startswith("OK")]
        assert all(d[2] + lay.ch <= y for d in body)  # the text stays above the footer
        lines = body_lines(app, drawn)
        if shown:  # one line on: the lines shown move up by one
            assert lines[:-1] == shown[-1][1:]
        shown.append(lines)
        if lines[-1] == "the end":
            break
        question.key(NEXT)
    assert shown[-1][-1] == "the end" and len(shown) > 1
    question.key(NEXT)  # the last line is on show: no further
    assert body_lines(app, app.draw(question)) == shown[-1]
    for lines in shown[-2::-1]:
        question.key(PREV)
        assert body_lines(app, app.draw(question))[: len(lines) - 1] == lines[:-1]
    question.key(PREV)  # the first line is on show: no further
    assert body_lines(app, app.draw(question)) == shown[0]
    assert not answers
    question.key(BACK)
    question.key(OK)
    assert answers == ["no", "yes"]


def test_a_finished_trick_stays_as_long_as_the_readme_says():
    """README: a finished trick stays on the table for 1.5 seconds (every
    game's table waits TRICK_MS)."""
    import os
    import re

    from sixtysix_app.widgets import TRICK_MS

    readme = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")
    with open(readme, encoding="utf-8") as f:
        said = re.search(r"stays on the table for ([0-9.]+) seconds", f.read())
    assert said and TRICK_MS == round(float(said.group(1)) * 1000)


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_the_hint_button_does_nothing_on_a_menu_a_text_or_a_question(panel):
    """HINT (a button of its own on some boards) means nothing to a
    widget: no item run, no way back taken, no page turned, no line
    scrolled, no answer given."""
    app = App(panel)
    calls = []
    items = [("item %d" % i, lambda i=i: calls.append(i)) for i in range(30)]
    menu = Menu(app, "Menu", items, on_back=lambda: calls.append("back"))
    before = body_lines(app, app.draw(menu))
    menu.key(HINT)
    assert calls == [] and menu.cursor == 0 and body_lines(app, app.draw(menu)) == before
    pages = Pages(app, "Rules", TEXT, app.leave)
    before = body_lines(app, app.draw(pages))
    pages.key(HINT)
    assert app.done == 0 and body_lines(app, app.draw(pages)) == before
    question = Confirm(app, "Resign?", TEXT, lambda: calls.append("yes"), lambda: calls.append("no"))
    before = body_lines(app, app.draw(question))
    question.key(HINT)
    assert calls == [] and body_lines(app, app.draw(question)) == before


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_a_question_that_fits_its_screen_does_not_scroll(panel):
    app = App(panel)
    question = Confirm(app, "Resign?", "You lose.\nSure?", lambda: None, lambda: None)
    shown = body_lines(app, app.draw(question))
    assert shown == ["You lose.", "Sure?"]
    for ev in (NEXT, NEXT, PREV, NEXT):
        question.key(ev)
        assert body_lines(app, app.draw(question)) == shown


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_a_menu_opened_at_an_item_on_its_first_screen_shows_that_screen(panel):
    """A menu opened with its cursor on a later item (the rules menu, back
    from a rule, opens at that rule) starts from its first item where the
    cursor's item is on the first screen, and scrolls only as far as it
    must to show the cursor's item."""
    app = App(panel)
    lay = app.layout
    rows = (lay.h - body_top(lay)) // lay.ch
    items = [("item %d" % i, lambda: None) for i in range(rows + 3)]
    for cursor in (1, rows - 1, rows, rows + 2):
        menu = Menu(app, "Menu", items, cursor=cursor)
        shown = body_lines(app, app.draw(menu))
        assert len(shown) == rows
        assert shown[0] == "item %d" % max(0, cursor - rows + 1), cursor


def test_a_widget_left_alone_neither_changes_nor_thinks():
    """Screen.tick is True only when the screen changed and busy only when
    the next tick will think: a menu, a text or a question waiting for a
    key is neither, so the loop neither draws it again nor skips its sleep."""
    app = App(PANELS[0])
    for screen in (
        Menu(app, "Menu", [("one", lambda: None)]),
        Pages(app, "Note", "short", app.leave),
        Confirm(app, "Sure?", "short", lambda: None, lambda: None),
    ):
        app.draw(screen)
        assert not screen.busy
        assert not any(screen.tick(now) for now in (0, 1000, 10**6))


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_a_list_cuts_a_long_line_at_the_last_column_only_where_it_scrolls(panel):
    """A line longer than the panel is cut to its columns in a list that
    fits, and a column shorter, clear of the scroll marks, in one that
    does not."""
    app = App(panel)
    c = app.canvas
    lay = app.layout
    y = body_top(lay)
    rows = (lay.h - y) // lay.ch
    for n, cols in ((1, lay.cols), (rows, lay.cols), (rows + 1, lay.cols - 1)):
        c.fill(0)
        draw_list(c, lay, y, ["x" * (lay.cols + 5)] * n, 0, 0, lay.h)
        drawn = [s for s, _x, _y, _role in c.drawn if s not in ("^", "v")]
        assert drawn == ["x" * cols] * min(n, rows), n


@pytest.mark.parametrize("panel", PANELS, ids=str)
def test_a_scrolled_question_marks_the_lines_hidden_above_it(panel):
    """Confirm keeps its last column for the scroll marks, as a list does:
    scrolled down, its text has '^' at the top while lines lie above and
    'v' at the bottom while lines lie below."""
    app = App(panel)
    question = Confirm(app, "Resign?", TEXT, lambda: None, lambda: None)

    def marks():
        return sorted(s for s, _x, _y, _role in app.draw(question) if s in ("^", "v"))

    assert marks() == ["v"]
    question.key(NEXT)
    assert marks() == ["^", "v"]
    for _ in range(200):
        question.key(NEXT)
    assert marks() == ["^"]
