"""The C search of the host tools (tools/sixtysix_tools/fastsolve.c)
against the firmware's own solver: the same value for every root action
of random positions, the stock open or not, in both games."""

import pytest
from sixtysix.hand import CLAIM, EXCHANGE, Hand
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


def test_a_missing_compiler_is_one_plain_error(monkeypatch, tmp_path):
    monkeypatch.setattr(fastsolve.LIBRARY, "lib", None)
    monkeypatch.setattr(fastsolve.LIBRARY, "error", "")
    monkeypatch.setenv("SIXTYSIX_CACHE", str(tmp_path))
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    with pytest.raises(FastSolveError, match="cannot run the C compiler"):
        fastsolve.library()
    assert not fastsolve.available()


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
