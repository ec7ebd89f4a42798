"""The C search of the host tools (tools/sixtysix_tools/fastsolve.c)
against the firmware's own solver: the same value for every root action
of random positions, the stock open or not, in both games."""

import pytest
from sixtysix.hand import CLAIM, EXCHANGE, MARRY, Hand
from sixtysix.rng import Rng
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX, Rules
from sixtysix.solver import Solver
from sixtysix_tools import cbuild, fastsolve
from sixtysix_tools.fastsolve import FastSolveError, FastSolver

# A machine with Python and no C compiler runs the rest of the suite; where
# a compiler is found, a source that does not build fails these tests.
needs_cc = pytest.mark.skipif(
    not cbuild.has_compiler(), reason="no C compiler (cc or $CC) to build the host tools' C search"
)


def _position(rules, seed: int, skip: int):
    """A hand dealt from seed, `skip` random actions in (never a claim);
    None if it ended on the way."""
    rng = Rng(seed)
    hand = Hand(rules)
    order = bytearray(c for c in range(24) if (rules.deck() >> c) & 1)
    rng.shuffle(order)
    hand.deal_shuffled(seed % 2, order)
    for _ in range(skip):
        acts = _actions(hand)
        if hand.over or not acts:
            return None
        hand.act(acts[rng.below(len(acts))])
    return None if hand.over else hand


def _actions(hand) -> list:
    buf = bytearray(16)
    n = hand.legal_actions(buf)
    return [a for a in buf[:n] if a != CLAIM]


def _options(game: int, variant: int):
    rules = Rules(game)
    if variant == 1:  # the other side of the options the search reads
        for name, value in (
            ("head", "no" if rules.must_head else "yes"),
            ("void", "any" if rules.must_trump else "trump"),
            ("last-trick-bonus", "0" if not rules.no_bonus else "10"),
            ("closer-won", "end" if rules.closer_at_close else "close"),
            ("closer-failed", "2"),
            ("schwarz", "2"),
            ("marriage-lead", "queen"),
        ):
            rules.set_option(name, value)
    return rules


@needs_cc
@pytest.mark.parametrize("variant", [0, 1])
@pytest.mark.parametrize("game", [SIXTY_SIX, SCHNAPSEN])
def test_every_root_value_is_the_firmware_solvers(game, variant):
    rules = _options(game, variant)
    checked = 0
    open_stock = 0
    for seed in range(1, 40):
        # Late enough that the Python solver finishes in a moment.
        hand = _position(rules, seed, 10 + seed % 5 if game == SIXTY_SIX else 5 + seed % 6)
        if hand is None:
            continue
        open_stock += not hand.strict()
        for coarse in (True, False):
            slow = Solver(rules)
            fast = FastSolver(rules, exchange_in_tree=False)
            fast.coarse = coarse
            for a in _actions(hand):
                slow.load(hand)
                slow.coarse = coarse
                fast.load(hand)
                assert fast.value_of(hand.turn, a) == slow.value_of(hand.turn, a), (seed, a, coarse)
                checked += 1
    assert checked > 200
    assert open_stock > 5  # the open stock's draws and closes were searched too


@needs_cc
def test_exchange_in_the_tree_is_the_exchange_at_the_root():
    """With `exchange_in_tree` a player who may exchange does so before
    leading: the value of the position is the firmware's value of
    exchanging first, wherever nobody else could exchange later."""
    rules = Rules(SCHNAPSEN)
    found = 0
    for seed in range(1, 400):
        hand = _position(rules, seed, 2 + seed % 5)
        if hand is None or EXCHANGE not in _actions(hand) or hand.lead >= 0 or hand.facedown() < 3:
            continue
        slow = Solver(rules)
        slow.load(hand)
        slow.coarse = True
        fast = FastSolver(rules, exchange_in_tree=True)
        fast.load(hand)
        assert fast.best(hand.turn) == slow.value_of(hand.turn, EXCHANGE), seed
        found += 1
        if found == 4:
            break
    assert found == 4


@needs_cc
def test_an_exchange_in_the_tree_may_claim_with_the_marriage_it_completes():
    """The trump jack exchanged for the trump queen beside its king makes a
    trump marriage that reaches 66 at once: the exchanging player claims
    three game points while the opponent has no trick, where leading any
    card lets the opponent win one with an ace.  The search in the tree
    must offer that claim whether or not closing is searched there (the
    pimc player searches without closing) and under 'marry-after-close:
    no' too; it once looked for claims before exchanging only, and gave
    -1000 where the engine gives 3088."""
    from minimax import value
    from support import position

    for late in ("yes", "no"):
        rules = Rules(SCHNAPSEN)
        rules.set_option("marry-after-close", late)
        hand = position(rules, "JH KH JC JD JS", "AH TH AC AS AD", "H", stock="QC QH", tricks=(4, 0))
        assert EXCHANGE in _actions(hand) and hand.score(0) + 40 >= 66
        exact = value(hand, 0, EXCHANGE)  # the engine's, by plain minimax
        assert exact > 3000
        game_points = round(exact / 1000) * 1000  # the coarse value: no margin
        for close_in_tree in (True, False):
            for coarse in (True, False):
                fast = FastSolver(rules, exchange_in_tree=True, close_in_tree=close_in_tree)
                fast.coarse = coarse
                fast.load(hand)
                assert fast.best(0) == (game_points if coarse else exact), (late, close_in_tree, coarse)


def test_the_cache_name_follows_the_compiler(monkeypatch, tmp_path):
    """A library built by one compiler, with other flags (or on another
    machine sharing the home folder) is not loaded for another."""
    monkeypatch.setenv("SIXTYSIX_CACHE", str(tmp_path))
    monkeypatch.setenv("CC", "gcc")
    first = cbuild.target(fastsolve._SOURCE)
    assert cbuild.target(fastsolve._SOURCE) == first
    monkeypatch.setenv("CC", "clang")
    assert cbuild.target(fastsolve._SOURCE) != first
    assert all(p.startswith(str(tmp_path)) for p in (first, cbuild.target(fastsolve._SOURCE)))
    assert cbuild.target(fastsolve._SOURCE, ("-ffp-contract=off",)) != cbuild.target(fastsolve._SOURCE)


def test_the_move_rows_cover_the_deepest_search():
    """fastsolve.c keeps each ply's moves in a row of its own,
    moves[ply]: a lead at ply n, its follow at n + 1, the next lead at
    n + 2; a close puts the lead after it one ply deeper.  The deepest
    line is a whole Sixty-Six hand with the stock never closed, twelve
    tricks from the root's ply 0: its last follow is at ply 23 (closing
    after the fifth trick, the latest a close can come, leaves 11 tricks,
    the last follow at ply 22).  Fewer rows than 24 would write past the
    array, which no comparison of values is sure to show."""
    import re

    with open(fastsolve._SOURCE) as f:
        rows = int(re.search(r"#define MAX_PLY (\d+)", f.read()).group(1))
    assert rows >= 2 * 12


def test_a_missing_compiler_is_one_plain_error(monkeypatch, tmp_path):
    monkeypatch.setattr(fastsolve.LIBRARY, "lib", None)
    monkeypatch.setattr(fastsolve.LIBRARY, "error", "")
    monkeypatch.setenv("SIXTYSIX_CACHE", str(tmp_path))
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    with pytest.raises(FastSolveError, match="cannot run the C compiler"):
        fastsolve.library()
    assert not fastsolve.available()


@pytest.mark.parametrize("kind", ["a file", "a read-only folder"])
def test_a_cache_folder_that_cannot_be_used_is_named_with_its_variable(monkeypatch, tmp_path, kind):
    """SIXTYSIX_CACHE naming a file (or a folder nothing can be written in)
    said only '[Errno 17] File exists: ...', naming neither the variable
    nor what the path was for."""
    cache = tmp_path / "cache"
    if kind == "a file":
        cache.write_text("")
    else:
        cache.mkdir()
        monkeypatch.setattr(cbuild.tempfile, "mkstemp", _refused)
    monkeypatch.setenv("SIXTYSIX_CACHE", str(cache))
    lib = cbuild.Library(fastsolve._SOURCE)
    with pytest.raises(cbuild.CBuildError) as e:
        lib.get()
    assert str(e.value).startswith(
        "cannot use the folder %s for the compiled C code (SIXTYSIX_CACHE): " % cache
    )


def _refused(*args, **kwargs):
    raise PermissionError(13, "Permission denied")


def test_a_failed_build_is_tried_once(monkeypatch, tmp_path):
    """cbuild.Library remembers why it could not build: a player asked for
    many moves does not run the compiler again for each, and says the same
    one line every time."""
    calls = tmp_path / "calls"
    cc = tmp_path / "failing-cc"
    cc.write_text("#!/bin/sh\necho called >> %s\necho 'no luck' >&2\nexit 1\n" % calls)
    cc.chmod(0o755)
    monkeypatch.setenv("SIXTYSIX_CACHE", str(tmp_path))
    monkeypatch.setenv("CC", str(cc))
    lib = cbuild.Library(fastsolve._SOURCE)
    said = []
    for _ in range(3):
        with pytest.raises(cbuild.CBuildError) as e:
            lib.get()
        said.append(str(e.value))
    assert said == ["compiling fastsolve.c failed: no luck"] * 3
    assert calls.read_text().splitlines() == ["called"]


@needs_cc
def test_the_pimc_player_is_legal():
    """On random positions of random games and options (randplay), every
    action it takes is legal."""
    import sys

    sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/portable")
    from randplay import random_positions
    from sixtysix.view import View
    from sixtysix_tools.arena import make_player

    p = make_player("sixty-six", "pimc", 3)
    p.pimc_worlds = 2  # legality, not strength: a few worlds are enough
    asked = 0
    for h in random_positions(5, 12):
        if h.facedown() > 5:
            continue  # an early Sixty-Six world takes seconds to solve
        h.check(p.choose(View(h, h.turn)))
        asked += 1
    assert asked > 50


@needs_cc
def test_fast_hard_plays_as_hard_does_with_no_budget():
    """FastHardPlayer (hard's searches through SearchSolver) chooses what
    hard with the firmware's solver chooses when neither runs out of
    nodes, from the same seed, at the last draw (sampled worlds, game
    points only) and once the stock is gone (one world, game points and
    then the margin: this part failed while the firmware's table served
    the first pass's entries to the second); and play_out scores a hand
    from the seat asked."""
    import sys

    sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/portable")
    from randplay import random_positions
    from sixtysix.ai import SearchPlayer
    from sixtysix.players import HeuristicPlayer
    from sixtysix.view import View
    from sixtysix_tools.pimc import FastHardPlayer, play_out

    fast = FastHardPlayer(5)
    slow = SearchPlayer("hard", 5)
    slow.max_nodes = 1 << 40
    asked = [0, 0]  # at the last draw, once the stock is gone
    for h in random_positions(9, 60):
        if h.facedown() > 1 or h.hands[h.turn].bit_count() > 5:
            continue  # small enough for the Python solver, no budget
        view = View(h, h.turn)
        assert fast.choose(view) == slow.choose(view), asked
        asked[h.facedown() == 0] += 1
    assert min(asked) > 30, asked
    for seed in range(4):
        hand = _position(Rules(SCHNAPSEN), seed + 1, 0)
        me = seed % 2
        got = play_out(hand, [FastHardPlayer(seed), HeuristicPlayer()], me)
        assert hand.over and abs(got) == (hand.game_points if hand.winner >= 0 else 0)
        assert (got > 0) == (hand.winner == me)


def _open_worlds(rules, count: int):
    """Lead positions of random play three face-down cards from the end,
    each with its stock's face-down cards in two orders (the worlds pimc
    solves one after the other: same hands, same scores, another stock)."""
    rng = Rng(7)
    found = 0
    while found < count:
        hand = _position(rules, rng.next15(), 0)
        while not hand.over and hand.closer < 0 and hand.facedown() >= 3:
            if hand.facedown() == 3 and hand.lead < 0 and hand.pending < 0 and hand.score(hand.turn) < 66:
                other = Hand(rules)
                other.copy_from(hand)
                top = other.pos
                other.stock[top], other.stock[top + 2] = other.stock[top + 2], other.stock[top]
                yield hand, other
                found += 1
                break
            acts = _actions(hand)
            hand.act(acts[rng.below(len(acts))])


@needs_cc
@pytest.mark.parametrize("variant", [0, 1])
def test_a_new_world_and_a_new_kind_of_value_forget_the_table(variant):
    """Loading a hand forgets the last one's table, though the hands and
    scores are the same and only the stock differs; and a solver switched
    between game points and margins on a loaded hand (SearchSolver's
    set_coarse, FastSolver's coarse) answers in the new kind, not from
    the entries of the old."""
    from sixtysix_tools.fastsolve import SearchSolver

    rules = _options(SCHNAPSEN, variant)  # Sixty-Six takes solver.py seconds this early
    seen = 0
    for worlds in _open_worlds(rules, 4):
        p = worlds[0].turn
        fast = FastSolver(rules, exchange_in_tree=False)
        search = SearchSolver(rules)
        for hand in worlds:
            fine = Solver(rules)
            fine.load(hand)
            coarse = Solver(rules)
            coarse.load(hand)
            coarse.coarse = True
            expected = (fine.best(p), coarse.best(p))
            fast.coarse = False
            fast.load(hand)
            got = [fast.best(p)]
            fast.coarse = True
            got.append(fast.best(p))
            assert tuple(got) == expected, seen
            search.set_coarse(False)
            search.load(hand)
            got = [search.best(p)]
            search.set_coarse(True)
            got.append(search.best(p))
            assert tuple(got) == expected, seen
            seen += 1
    assert seen == 8


@needs_cc
def test_a_search_stops_at_its_node_limit_as_the_firmware_solvers_does():
    """`limit` nodes since the load and no more, then `aborted` and every
    answer 0 without a node more, as solver.py's; a load starts the count
    again, and SearchSolver's limit set after the load holds."""
    from sixtysix_tools.fastsolve import SearchSolver

    rules = Rules(SIXTY_SIX)
    hand = _position(rules, 3, 2)
    p = hand.turn
    card = _actions(hand)[0]
    slow = Solver(rules)
    slow.limit = 50
    fast = FastSolver(rules)
    fast.limit = 50
    search = SearchSolver(rules)
    for solver in (slow, fast, search):
        solver.load(hand)
        if solver is search:
            search.limit = 50  # after its load: straight into the C search
        nodes = (lambda s=solver: s.nodes) if solver is not fast else fast.searched
        assert nodes() == 0 and not solver.aborted
        assert solver.best(p) == 0 and solver.aborted and nodes() == 50
        assert solver.value_of(p, card) == 0 and not solver.wins(p) and not solver.wins_with(p, card)
        assert nodes() == 50
    from support import position

    claim = position(rules, "QC KC QS KS", "AC TC AS TS", "C")  # declaring reaches 66
    for solver in (slow, fast):
        solver.limit = 0
        solver.load(claim)
        assert solver.best(0) == 0 and solver.aborted
        assert solver.value_of(0, MARRY) == 0  # not the claim's value: nothing is answered
    late = _position(rules, 3, 14)
    slow.limit = 1 << 40
    slow.load(late)
    slow.coarse = True  # as FastSolver's
    for solver in (fast, search):
        solver.limit = 1 << 40
        solver.load(late)
        assert not solver.aborted and solver.searched() == 0
        assert solver.best(late.turn) == slow.best(late.turn) and not solver.aborted


@needs_cc
@pytest.mark.parametrize("game", [SIXTY_SIX, SCHNAPSEN])
def test_wins_and_wins_with_are_the_firmware_solvers(game):
    """The null-window questions, on positions won by one game point as
    well as more and lost: the same answers as solver.py's, and as the
    values' own sign."""
    rules = Rules(game)
    asked = by_one = 0
    for seed in range(1, 60):
        hand = _position(rules, seed, 10 + seed % 5 if game == SIXTY_SIX else 6 + seed % 5)
        if hand is None:
            continue
        p = hand.turn
        slow = Solver(rules)
        slow.load(hand)
        slow.coarse = True
        fast = FastSolver(rules, exchange_in_tree=False)
        fast.load(hand)
        assert fast.wins(p) == slow.wins(p) == (slow.best(p) >= 1000), seed
        for a in _actions(hand):
            fast.load(hand)
            slow.load(hand)
            won = slow.value_of(p, a)
            by_one += won == 1000
            assert fast.wins_with(p, a) == slow.wins_with(p, a) == (won >= 1000), (seed, a)
            asked += 1
    assert asked > 100 and by_one > 10, (asked, by_one)
