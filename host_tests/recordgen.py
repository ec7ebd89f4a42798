"""Records made by playing: random legal games written with RecordWriter,
and records that stop where a chosen illegal action is written next."""

from randplay import random_rules as random_game_rules
from sixtysix.cards import card_name
from sixtysix.hand import CLAIM, MAX_ACTIONS
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.rules import Rules
from sixtysix_tools.records import RecordWriter

PLAYERS = "AB"  # the seats of the two-player games


def random_rules(rng: Rng) -> Rules:
    """randplay's random game and options, with a random match target."""
    r = random_game_rules(rng)
    r.target = 1 + rng.below(7)
    return r


def random_action(hand, rng: Rng) -> int:
    """A legal action; claims only now and then, so hands run long."""
    buf = bytearray(MAX_ACTIONS)
    n = hand.legal_actions(buf)
    a = buf[rng.below(n)]
    if a == CLAIM and n > 1 and rng.below(6):
        a = buf[rng.below(n - 1)]
    return a


def play_match(rules: Rules, seed: int, max_hands: int = 50, stop=None):
    """Play a random match, writing its record.  `stop(hand)` may return a
    statement to end the record with (e.g. an illegal action); then the
    result is (text, line number of that statement), else (text, None)."""
    rng = Rng(seed)
    m = Match(rules, seed)
    w = RecordWriter(m)
    for _ in range(max_hands):
        if m.winner >= 0:
            break
        h = m.start_hand()
        w.begin_hand()
        while not h.over:
            if stop is not None:
                extra = stop(h)
                if extra:
                    w.sync()
                    lines = w.text().splitlines()
                    lines.append(extra)
                    return "\n".join(lines) + "\n", len(lines)
            h.act(random_action(h, rng))
        w.sync()
        m.finish_hand()
    return w.text(), None


def find_record(stop, rules=None, seeds=range(1, 400)):
    for seed in seeds:
        text, line = play_match(rules or Rules(), seed, stop=stop)
        if line is not None:
            return text, line
    raise AssertionError("no game reached the wanted situation")


def who(hand) -> str:
    return PLAYERS[hand.turn]


def name(c: int) -> str:
    return card_name(c)
