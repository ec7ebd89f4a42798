"""The engine against an independent reading of the rules (perft_reference.py).

The literal perft counts in portable/test_perft.py must be what the
reference finds too, and on random games the two must agree at every step
on the legal actions, the cards, the scores and how the hand ended.
"""

import random

import perft_reference as ref
import pytest
from perft import Perft
from sixtysix.cards import card_name
from sixtysix.hand import MAX_ACTIONS, REASONS, Hand, action_name
from sixtysix.rules import OPTIONS, SCHNAPSEN, SIXTY_SIX, Rules
from test_perft import DEALS, start


def names(cards):
    return frozenset(card_name(c) for c in range(24) if (cards >> c) & 1)


def reference_rules(rules):
    return ref.make_rules(rules.name, **{name: rules.option_value(name) for name, _, _ in OPTIONS})


def reference_hand(h):
    """The reference state of a freshly dealt engine hand."""
    assert h.pos == 0 and h.nlog == 0, "only a fresh deal can be translated"
    stock = [card_name(c) for c in h.stock]
    return ref.new_hand(reference_rules(h.rules), names(h.hands[0]), names(h.hands[1]), stock, h.leader)


def engine_actions(h):
    """{record spelling: code} of the engine's legal actions."""
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    found = {action_name(buf[i]): buf[i] for i in range(n)}
    assert len(found) == n, "an action is listed twice"
    return found


def assert_agree(h, s, where):
    assert set(engine_actions(h)) == ref.legal_actions(s), where
    assert (names(h.hands[0]), names(h.hands[1])) == s.hands, where
    assert tuple(card_name(c) for c in h.stock[h.pos :]) == s.stock, where
    assert (h.score(0), h.score(1)) == (ref.score(s, 0), ref.score(s, 1)), where
    assert tuple(h.tricks) == s.tricks, where
    assert h.over == (s.result is not None), where
    if h.over:
        assert (h.winner, h.game_points, REASONS[h.reason], h.forfeit) == s.result, where
    else:
        assert (h.turn, h.strict()) == (s.turn, ref.strict(s)), where


def reference_move(move):
    """A move of DEALS ('AH', 'close', 'marry H') as a reference action."""
    return move if move.split()[0] in ("marry", "exchange", "close", "claim") else "play " + move


@pytest.mark.parametrize("entry", DEALS, ids=[e[0] for e in DEALS])
def test_reference_finds_the_literal_perft_counts(entry):
    moves = entry[7]
    s = reference_hand(start(entry, play_moves=False))
    for move in moves.split(", ") if moves else ():
        s = ref.act(s, reference_move(move))
    assert_agree(start(entry), s, entry[0])
    counts = entry[8]
    found = tuple(ref.perft(s, d) for d in range(1, len(counts) + 1))
    assert found == counts


def random_rules(rnd):
    r = Rules(rnd.choice((SIXTY_SIX, SCHNAPSEN)))
    for name, _attr, values in OPTIONS:
        r.set_option(name, rnd.choice(values))
    return r


def random_game(seed, perft_depth):
    """Play one random hand on both sides, checking agreement at every step
    and the perft counts at two random moments.  Returns how many positions
    had their perft compared."""
    rnd = random.Random(seed)
    r = random_rules(rnd)
    order = [c for c in range(24) if (r.deck() >> c) & 1]
    rnd.shuffle(order)
    h = Hand(r)
    h.deal_shuffled(rnd.randrange(2), order)
    s = reference_hand(h)
    perft_at = {rnd.randrange(20), rnd.randrange(20)}
    walker = Perft(r, perft_depth)
    compared = 0
    step = 0
    while True:
        where = "seed %d step %d" % (seed, step)
        assert_agree(h, s, where)
        if h.over:
            return compared
        if step in perft_at:
            assert walker.count(h, perft_depth) == ref.perft(s, perft_depth), where
            compared += 1
        actions = engine_actions(h)
        choices = sorted(a for a in actions if a != "claim")
        # Claim now and then, right or wrong, so every ending is exercised.
        if rnd.random() < (0.5 if h.score(h.turn) >= 66 else 0.03):
            move = "claim"
        else:
            move = rnd.choice(choices)
        h.act(actions[move])
        s = ref.act(s, move)
        step += 1


@pytest.mark.parametrize("first_seed", range(0, 400, 100))
def test_engine_agrees_with_reference_on_random_games(first_seed):
    compared = 0
    for seed in range(first_seed, first_seed + 100):
        compared += random_game(seed, 3)
    assert compared >= 50  # about 200 positions over the four blocks


def test_default_options_match_the_rules_text():
    for game in (SIXTY_SIX, SCHNAPSEN):
        r = Rules(game)
        assert reference_rules(r) == ref.make_rules(r.name), r.name
