"""What the two-player solvers share (solverbase.py) past the values the
minimax comparisons check: a root action leaves the loaded position as
it was (an exchange's stock card put back where it came from), nodes are
counted from the load, and a position whose search was cut short answers
0 at once.  A mutation audit of solverbase.py found these unchecked."""

from minimax import choices, value
from sixtysix.hand import CLOSE, EXCHANGE, MARRY, MAX_ACTIONS
from sixtysix.solver import Solver
from test_solver import strict_positions


def position(s):
    """The loaded position and the root window, copied (the scores at the
    close only once somebody has closed: a close at the root leaves its
    own there, read by nobody once `closer` is back at -1)."""
    lists = [s.hands, s.pts, s.mar, s.tricks]
    if s.closer >= 0:
        lists += [s.close_score, s.close_tricks]
    return (
        [list(x) for x in lists],
        (s.trump, s.closer, s.lead, s.pos, s.lo, s.hi, s.coarse),
        bytes(s.stock),
    )


def with_exchange(seed, count):
    """Open-stock positions (at most two cards face down) where the player
    to act may exchange the trump nine for the upcard."""
    buf = bytearray(MAX_ACTIONS)
    found = 0
    for h in strict_positions(seed, 400, 5, facedown=2):
        n = h.legal_actions(buf)
        if EXCHANGE in buf[:n]:
            found += 1
            yield h
            if found == count:
                return


def test_every_root_action_leaves_the_loaded_position_as_it_was():
    """One load, every action valued in turn, the exchange first: each
    finds the position as loaded, so each value is the one a fresh
    load gives it."""
    checked = 0
    for h in with_exchange(5, 12):
        s = Solver(h.rules)
        s.load(h)
        loaded = position(s)
        p = h.turn
        acts = [EXCHANGE] + choices(h)
        got = []
        for a in acts:
            got.append(s.value_of(p, a))
            assert position(s) == loaded, a
        fresh = []
        for a in acts:
            t = Solver(h.rules)
            t.load(h)
            fresh.append(t.value_of(p, a))
        assert got == fresh
        checked += 1
    assert checked == 12


def nine_of_clubs_led():
    """The first five strict positions whose lead is card 0 (the nine of
    clubs), each with a solver loaded with it; fails if there are fewer."""
    found = 0
    for h in strict_positions(7, 3000, 3):
        if h.lead == 0:
            s = Solver(h.rules)
            s.load(h)
            yield h, s
            found += 1
            if found == 5:
                return
    raise AssertionError(found)


def test_a_card_followed_to_the_nine_of_clubs_is_a_follow():
    """value_of: a card answers the lead on the table, whatever its id
    (card 0, the nine of clubs, led too)."""
    for h, s in nine_of_clubs_led():
        for a in choices(h):
            assert s.value_of(h.turn, a) == value(h, h.turn, a), a


def test_nodes_are_counted_from_the_load_and_a_cut_search_answers_nothing():
    """`limit` counts the nodes since `load`: a second load of the same
    position searches as many again under the same limit.  Once a search
    of the loaded position is cut short, value_of answers 0 and counts no
    node more, till the next load searches it afresh."""
    checked = 0
    for h in strict_positions(9, 20, 4):
        s = Solver(h.rules)
        s.load(h)
        assert s.nodes == 0
        p = h.turn
        acts = choices(h)
        want = [s.value_of(p, a) for a in acts]
        needed = s.nodes
        if needed < 20:
            continue
        s.load(h)
        s.limit = needed + 1
        assert [s.value_of(p, a) for a in acts] == want and not s.aborted
        assert s.nodes == needed
        s.load(h)
        s.limit = needed // 2
        for a in acts:
            s.value_of(p, a)
        assert s.aborted
        cut_at = s.nodes
        assert [s.value_of(p, a) for a in acts] == [0] * len(acts)
        assert s.nodes == cut_at
        s.load(h)
        s.limit = needed + 1
        assert s.nodes == 0 and not s.aborted
        assert [s.value_of(p, a) for a in acts] == want and s.nodes == needed
        checked += 1
    assert checked >= 8, checked


def test_the_best_value_with_the_nine_of_clubs_led_is_the_followers():
    """best (and wins, as best says) at the follow of card 0: the search
    starts at a follow, whatever the id of the card led."""
    for h, s in nine_of_clubs_led():
        best = max(value(h, h.turn, a) for a in choices(h))
        assert s.best(h.turn) == best
        s.load(h)
        s.set_coarse(True)
        assert s.wins(h.turn) == (best > 500)  # a game point or more (margins stay under 500)


def test_an_action_out_of_stack_answers_0_aborted_and_broken():
    """value_of, where the search runs out of (C) stack: the answer is 0
    and the solver is cut short (aborted) and half made (broken), as
    compat.out_of_stack leaves it, for a card, a close and an exchange;
    then wins and best answer no and 0 unsearched, till a load of the
    position searches it as a fresh solver does.  So too for best and wins
    out of stack."""

    def too_deep(*args):
        raise RuntimeError("maximum recursion depth exceeded")

    checked = set()
    for h in with_exchange(3, 4):
        for a in choices(h) + [EXCHANGE]:
            if a >= MARRY and a not in (EXCHANGE, CLOSE):
                continue  # a marriage (or claim) may answer unsearched
            s = Solver(h.rules)
            s.load(h)
            s._search_follow = s._search_lead = too_deep
            assert s.value_of(h.turn, a) == 0 and s.aborted and s.broken, a
            assert s.wins(h.turn) is False and s.best(h.turn) == 0  # nothing more till a load
            del s._search_follow, s._search_lead
            s.load(h)
            assert not s.aborted and not s.broken, a
            fresh = Solver(h.rules)
            fresh.load(h)
            assert s.value_of(h.turn, a) == fresh.value_of(h.turn, a), a
            checked.add(a if a in (EXCHANGE, CLOSE) else "card")
        for ask, answer in (("best", 0), ("wins", False)):
            s = Solver(h.rules)
            s.load(h)
            s._search_follow = s._search_lead = too_deep
            assert getattr(s, ask)(h.turn) == answer and s.aborted and s.broken, ask
    assert checked == {EXCHANGE, CLOSE, "card"}, checked


def test_an_exchange_is_worth_what_minimax_gives_it():
    """value_of(EXCHANGE): the trump nine goes into the stock where the
    upcard was, to be drawn last, and the search from there is minimax's."""
    checked = 0
    for h in with_exchange(5, 6):
        s = Solver(h.rules)
        s.load(h)
        assert s.value_of(h.turn, EXCHANGE) == value(h, h.turn, EXCHANGE)
        checked += 1
    assert checked == 6


def test_a_solver_for_new_rules_takes_over_the_shared_solvers_table():
    """sixtysix.ai's search players share one solver; when the rules
    change its successor is built on the same table arrays (tables(), in
    make_tables' order), not on new ones found again in a heap the game has
    used, and values each action as a solver with a table of its own."""
    from sixtysix.ai import SearchPlayer, release_search
    from sixtysix.cardtext import game_from_name
    from sixtysix.rules import Rules

    h = next(strict_positions(1, 1, 4))
    player = SearchPlayer("hard", 1)
    player._setup(Rules(game_from_name("sixty-six")))
    first = player.solver
    first.load(h)
    first.value_of(h.turn, choices(h)[0])  # entries under the old rules
    player._setup(h.rules)
    s = player.solver
    assert s is not first and s.rules is h.rules
    assert [id(x) for x in s.tables()] == [id(x) for x in first.tables()]
    s.load(h)
    fresh = Solver(h.rules)
    fresh.load(h)
    assert [s.value_of(h.turn, a) for a in choices(h)] == [fresh.value_of(h.turn, a) for a in choices(h)]
    release_search()


def test_a_position_closed_earlier_is_scored_from_the_scores_at_the_close():
    """Loaded after a close, under `closer-won close` (a closer who wins is
    paid by the loser's points and tricks at the close): every action is
    worth what minimax gives it, where the loser had 33 or more at the
    close (1 game point, not 2 or 3 from the points and tricks now)."""
    checked = 0
    for h in strict_positions(11, 4000, 4):
        loser = 1 - h.closer
        if h.closer < 0 or not h.rules.closer_at_close or h.close_score[loser] < 33:
            continue
        s = Solver(h.rules)
        s.load(h)
        for a in choices(h):
            assert s.value_of(h.turn, a) == value(h, h.turn, a), a
        checked += 1
        if checked == 12:
            break
    assert checked == 12, checked


def test_set_coarse_values_in_game_points_and_forgets_the_other_kind():
    """set_coarse on a position already searched: each action is then worth
    what a solver loaded coarse gives it (game points only), and set back,
    the values with the margin again; the table keys no such flag, so the
    change forgets it rather than read an entry of the other kind back."""
    differ = 0
    for h in strict_positions(1, 12, 4):
        p = h.turn
        s = Solver(h.rules)
        s.load(h)
        fine = [s.value_of(p, a) for a in choices(h)]
        t = Solver(h.rules)
        t.load(h)
        t.coarse = True  # just loaded: nothing in its table yet
        coarse = [t.value_of(p, a) for a in choices(h)]
        s.set_coarse(True)
        assert s.coarse and [s.value_of(p, a) for a in choices(h)] == coarse
        s.set_coarse(True)  # no change: the table kept
        assert [s.value_of(p, a) for a in choices(h)] == coarse
        s.set_coarse(False)
        assert not s.coarse and [s.value_of(p, a) for a in choices(h)] == fine
        differ += fine != coarse
    assert differ >= 8, differ
