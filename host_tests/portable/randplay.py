"""Random rules and random legal play, for the portable tests of the
sampler and the computer players (plain Python, runs on MicroPython)."""

from sixtysix.hand import CLAIM, MAX_ACTIONS
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.rules import OPTIONS, SCHNAPSEN, SIXTY_SIX, Rules


def random_rules(rng):
    """Either game, each option changed with probability 1/3."""
    r = Rules(SCHNAPSEN if rng.below(2) else SIXTY_SIX)
    for name, _attr, values in OPTIONS:
        if rng.below(3) == 0:
            r.set_option(name, values[rng.below(len(values))])
    return r


def random_positions(seed, hands):
    """Every position of `hands` hands of random legal play: yields the hand
    before each action (do not change it).  A player with 66 claims half the
    time (else plays on, which is legal); nobody claims falsely, so hands run
    long."""
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    for _ in range(hands):
        h = Match(random_rules(rng), rng.next15()).start_hand()
        while not h.over:
            yield h
            n = h.legal_actions(buf)
            if h.score(h.turn) >= 66 and rng.below(2):
                h.act(CLAIM)
                continue
            h.act(buf[rng.below(n - 1)])  # CLAIM is listed last
