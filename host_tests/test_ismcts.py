"""The `ismcts` reference player (tools/sixtysix_tools/ismcts.c): its rules
are the engine's, its actions are legal, and a seed plays the same moves."""

import ctypes
import sys

import pytest
from sixtysix.hand import CLAIM, CLOSE, MARRY, Hand
from sixtysix.rng import Rng
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX, Rules
from sixtysix.view import View
from sixtysix_tools import cbuild, ismcts

sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/portable")
from randplay import random_positions  # noqa: E402

needs_cc = pytest.mark.skipif(not cbuild.has_compiler(), reason="no C compiler (cc or $CC) for ismcts.c")

# Every option the search reads, set the other way from the game's default.
_FLIPPED = (
    ("head", "yes", "no"),
    ("void", "trump", "any"),
    ("last-trick-bonus", "0", "10"),
    ("closer-won", "close", "end"),
    ("closer-failed", "2", "2"),
    ("schwarz", "2", "2"),
    ("marriage-lead", "queen", "queen"),
    ("marry-after-close", "no", "no"),
    ("played-out", "last-trick", "points"),
    ("no-winner", "last-trick", "last-trick"),
    ("exchange-needs-trick", "no", "yes"),
)


def _rules(game: int, flipped: bool):
    rules = Rules(game)
    if flipped:
        for name, sixty_six, schnapsen in _FLIPPED:
            rules.set_option(name, schnapsen if game == SCHNAPSEN else sixty_six)
    return rules


def _position(rules, seed: int):
    """A hand dealt from seed with a random number of random actions in,
    never a claim, stopped before anyone reaches 66 (the search's players
    claim at once); None if it ended on the way."""
    rng = Rng(seed)
    hand = Hand(rules)
    order = bytearray(c for c in range(24) if (rules.deck() >> c) & 1)
    rng.shuffle(order)
    hand.deal_shuffled(seed % 2, order)
    buf = bytearray(16)
    for _ in range(rng.below(20)):
        n = hand.legal_actions(buf) - 1  # CLAIM is listed last
        hand.act(buf[rng.below(n)])
        if hand.over or hand.score(0) >= 66 or hand.score(1) >= 66:
            return None
    return hand


def _full_info(hand, policy: int):
    """The search's root with every card placed as in `hand`."""
    info = ismcts.info_of(View(hand, hand.turn))
    opp = 1 - hand.turn
    info.root.hands[opp] = hand.hands[opp]
    for i in range(len(hand.stock)):
        info.root.stock[i] = hand.stock[i]
    info.policy = policy
    return info


def _replay(hand, log, n: int) -> None:
    """The C playout's actions taken by the engine, claiming where the
    search's players claim: a player to move with 66."""
    for code in log[:n]:
        if ismcts._MARRY_LEAD <= code < MARRY:
            hand.act(ismcts.engine_action(code))
            if hand.score(hand.turn) >= 66:
                hand.act(CLAIM)
                continue
            code -= ismcts._MARRY_LEAD
        hand.act(code)
        if not hand.over and hand.score(hand.turn) >= 66:
            hand.act(CLAIM)


@needs_cc
@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("game", [SIXTY_SIX, SCHNAPSEN])
def test_playouts_end_and_score_as_the_engine_says(game, flipped):
    """From random positions, a hand played out by ismcts.c (every kind of
    action at random, closes, exchanges and marriages included, and by its
    rollout policy) ends with the winner and game points the engine gives
    for the same actions."""
    lib = ismcts.library()
    rules = _rules(game, flipped)
    log = (ctypes.c_uint8 * 64)()
    winner = ctypes.c_int32()
    gp = ctypes.c_int32()
    checked = closed = 0
    for seed in range(1, 1200):
        hand = _position(rules, seed)
        if hand is None:
            continue
        policy = seed % 2
        n = lib.is_playout(ctypes.byref(_full_info(hand, policy)), seed, log, winner, gp)
        _replay(hand, log, n)
        assert hand.over, seed
        assert (hand.winner, hand.game_points if hand.winner >= 0 else 0) == (winner.value, gp.value), seed
        checked += 1
        closed += hand.closer >= 0
    assert checked > 800 and closed > 100


@needs_cc
def test_every_action_it_takes_is_legal():
    """On random positions of random games and options (randplay), with
    few iterations: legality, not strength."""
    p = ismcts.IsmctsPlayer(5, iterations=300)
    asked = 0
    for h in random_positions(9, 40):
        h.check(p.choose(View(h, h.turn)))
        asked += 1
    assert asked > 500


@needs_cc
def test_a_seed_plays_the_same_moves():
    """The same seed gives the same search, visit for visit; another seed
    another one somewhere."""
    rules = Rules(SCHNAPSEN)
    views = [View(h, h.turn) for h in (_position(rules, s) for s in range(1, 60)) if h is not None]
    runs = []
    for seed in (3, 3, 4):
        p = ismcts.IsmctsPlayer(seed, iterations=2000)
        seen = []
        for v in views:
            if len([a for a in v.actions if a != CLAIM]) > 1:
                code = p.search(v)
                seen.append((code, tuple(p.visits[: p.found.value])))
        runs.append(seen)
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_its_name_takes_the_iterations():
    assert ismcts.parse("ismcts") == ("ismcts", ismcts.ITERATIONS)
    assert ismcts.parse("ismcts:iterations=2500") == ("ismcts", 2500)
    assert ismcts.parse("ismcts-cards:iterations=7") == ("ismcts-cards", 7)
    assert ismcts.parse("ismcts-late:iterations=5000") == ("ismcts-late", 5000)
    for bad in (
        "ismcts:iterations=0",
        "ismcts:iterations=x",
        "ismcts:worlds=3",
        "ismcts:iterations=2000000",
        "ismcts-card",
    ):
        with pytest.raises(ValueError):
            ismcts.parse(bad)


@needs_cc
def test_ismcts_cards_is_hard_but_for_its_open_stock_cards():
    """Where hard does not use its learned card choice, ismcts-cards plays
    as hard does from the same seed; where it does, the search chooses a
    card (a legal one), and the two differ somewhere."""
    from sixtysix.ai import SearchPlayer, decision_cards

    rules = Rules(SIXTY_SIX)
    hard = SearchPlayer("hard", 11)
    cards = ismcts.IsmctsCardsPlayer(11, iterations=500)
    searched = differ = 0
    for seed in range(1, 120):
        h = _position(rules, seed)
        if h is None:
            continue
        v = View(h, h.turn)
        a, b = hard.choose(v), cards.choose(v)
        h.check(b)
        if decision_cards(v) and a != CLOSE:  # judged first by both
            searched += 1
            differ += a != b
        else:
            assert a == b, seed
    assert searched > 30 and differ > 0


@needs_cc
@pytest.mark.parametrize("game", [SIXTY_SIX, SCHNAPSEN])
def test_ismcts_late_is_hard_but_for_the_closed_stock_while_cards_are_unseen(game):
    """ismcts-late plays as hard does from the same seed (fresh players for
    each position, as hard's deals draw on its generator) except in the last
    draw trick and after a close while cards lie face down; there the search
    decides, legally, and differs from hard somewhere.  An exhausted stock
    stays with hard's exact search."""
    from sixtysix.ai import SearchPlayer

    rules = Rules(game)
    late = searched = differ = exhausted = 0
    for seed in range(1, 400):
        h = _position(rules, seed)
        if h is None:
            continue
        v = View(h, h.turn)
        hard = SearchPlayer("hard", 11)
        player = ismcts.IsmctsLatePlayer(11, iterations=300)
        a, b = hard.choose(v), player.choose(v)
        h.check(b)
        if ismcts.decided_late(v, hard.open_from):
            late += 1
            searched += player.nodes == 300
            differ += a != b
        else:
            exhausted += v.strict and v.facedown == 0
            assert a == b, seed
    assert late > 20 and searched > 10 and differ > 0 and exhausted > 5
