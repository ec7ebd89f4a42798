"""The match the device is playing, its settings and statistics, and the
files that keep them.

The screens talk to a Session and never to files:

    s = Session(store)          store: a Store (save.py) over a directory,
                                or None to keep nothing
    s.settings                  Settings: .game, .rules (a sixtysix Rules,
                                mode and options included), .level ("easy",
                                "medium", "hard"), .hints (bool), .target
    s.stats                     Stats: matches/hands won and lost per game
    s.message                   "" or one short line explaining why a save
                                or the statistics could not be read (shown
                                once by the title screen, then cleared)
    s.can_resume() -> bool      a match in progress was loaded (or started)
    s.new_match(seed)           a fresh Match with the current settings
    s.match                     the sixtysix Match (match.hand is the hand)
    s.start_hand()              deal the next hand (remembers the deal so a
                                save can restore it exactly)
    s.act(code)                 the human's or the computer's action on the
                                current hand; IllegalAction leaves it as it
                                was; the match is saved when a trick is
                                complete and when the hand ends
    s.finish_hand()             book the hand (match.finish_hand), update
                                statistics when the match ends, save
    s.save()                    save now (leaving the table for the title)
    s.save_settings()           after the settings screen changes something
    s.abandon()                 drop the match in progress and its save

The human is seat 0 (player A), the computer seat 1.

A match is saved as its rules, the match counters with the PRNG state, the
deal of the current hand and the hand's action log.  Loading deals the same
cards and replays the log through `Hand.act`, so a damaged save can only
come back as a position the rules allow, or be refused.  A save whose hand
is over but was not yet booked (power lost on the result screen) is booked
while loading, so a loaded match is always either mid-hand or between hands.
"""

from sixtysix.hand import Hand
from sixtysix.match import Match
from sixtysix.rng import MASK30
from sixtysix.rules import GAME_NAMES, Rules, game_from_name

from . import settings as settings_file
from . import stats as stats_file
from .save import (
    CORRUPT,
    EROFS,
    OK,
    VERSION,
    errno_of,
    from_hex,
    hex_bytes,
    hex_number,
    load,
    number,
    pack,
    split_line,
)
from .settings import Settings, parse_settings
from .stats import Stats, parse_stats

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

KIND = "sixtysix-match"
SAVE_VERSION = 1
FILE = "match.sav"
_DECK = 0xFFFFFF
_MAX_POINTS = 999

MESSAGES = {
    FILE: ("The saved match was damaged: a new start.", "The saved match is from another version."),
    settings_file.FILE: ("Settings were damaged: defaults used.", "Settings are from another version."),
    stats_file.FILE: ("Statistics were damaged: reset.", "Statistics are from another version."),
}


class Session:
    def __init__(self, store=None) -> None:
        self.store = store
        self.message = ""
        self.saving = store is not None
        self.match: Any = None  # a Match, or None before the first
        self.deal = None  # (dealer, dealer's cards, other's cards, stock bytes) of match.hand
        self.booked = False  # match.hand is over and counted in the match
        s = self._load(settings_file.FILE, settings_file.KIND, settings_file.VERSION, parse_settings)
        self.settings = s if s is not None else Settings()
        st = self._load(stats_file.FILE, stats_file.KIND, stats_file.VERSION, parse_stats)
        self.stats = st if st is not None else Stats()
        loaded = self._load(FILE, KIND, SAVE_VERSION, parse_match)
        if loaded is not None:
            self.match, self.deal, self.booked = loaded
            if self.match.hand.over and not self.booked:
                self.finish_hand()

    # --- the match ------------------------------------------------------------------

    def can_resume(self) -> bool:
        return self.match is not None and self.match.winner < 0

    def new_match(self, seed: int) -> Match:
        self.match = Match(self.settings.make_rules(), seed)
        self.deal = None
        self.booked = False
        return self.match

    def start_hand(self) -> Hand:
        h = self.match.start_hand()
        self._remember_deal()
        self.booked = False
        self.save()
        return h

    def act(self, code: int) -> None:
        h = self.match.hand
        if h.nlog == 0 and not h.over:
            self._remember_deal()  # also covers a hand dealt by match.start_hand directly
        before = h.tricks[0] + h.tricks[1]
        h.act(code)  # IllegalAction passes to the caller, the hand untouched
        if h.over or h.tricks[0] + h.tricks[1] != before:
            self.save()

    def finish_hand(self) -> None:
        m = self.match
        h = m.hand
        m.finish_hand()
        self.booked = True
        game = m.rules.game
        self.stats.record_hand(game, h.winner, m.awarded[0], m.awarded[1])
        if m.winner >= 0:
            self.stats.record_match(game, m.winner == 0)
            self._remove(FILE)
        else:
            self.save()
        self.save_stats()

    def abandon(self) -> None:
        self.match = None
        self.deal = None
        self.booked = False
        self._remove(FILE)

    def _remember_deal(self) -> None:
        h = self.match.hand
        d = h.dealer
        self.deal = (d, h.hands[d], h.hands[1 - d], bytes(h.stock))

    # --- files ------------------------------------------------------------------------

    def save(self) -> None:
        """Save the match in progress (nothing to save: nothing written)."""
        if self.can_resume() and self.deal is not None:
            self._write(FILE, match_bytes(self.match, self.deal, self.booked))

    def save_settings(self) -> None:
        self._write(settings_file.FILE, self.settings.to_bytes())

    def save_stats(self) -> None:
        self._write(stats_file.FILE, self.stats.to_bytes())

    def _tell(self, text: str) -> None:
        if not self.message:
            self.message = text

    def _load(self, name, kind, version, parse):
        if self.store is None:
            return None
        value, problem = load(self.store, name, kind, version, parse)
        if problem == CORRUPT:
            self._tell(MESSAGES[name][0])
        elif problem == VERSION:
            self._tell(MESSAGES[name][1])
        if problem == CORRUPT or problem == VERSION:
            self.store.set_aside(name)  # say it once, not at every start
        return value if problem == OK else None

    def _write(self, name: str, data) -> None:
        if not self.saving:
            return
        try:
            self.store.write(name, data)
        except OSError as e:
            self._saves_off(e)

    def _remove(self, name: str) -> None:
        if not self.saving:
            return
        try:
            self.store.remove(name)
        except OSError as e:
            self._saves_off(e)

    def _saves_off(self, e) -> None:
        """The drive refused a write: play on without saving."""
        self.saving = False
        if errno_of(e) == EROFS:
            self._tell("Saves off: the drive is read-only.")
        else:
            self._tell("Saves off: cannot write (error %d)." % errno_of(e))


# --- the match file ---------------------------------------------------------------------


def match_bytes(m, deal, booked: bool) -> bytes:
    """The save file of a match whose current hand was dealt as `deal`."""
    r = m.rules
    h = m.hand
    lines = ["rules %s %d" % (GAME_NAMES[r.game], r.target)]
    for name, value in r.changed_options():
        lines.append("option %s %s" % (name, value))
    lines.append(
        "match %d %d %d %d %d %x %d %d"
        % (m.scores[0], m.scores[1], m.pot, m.dealer, m.hands_played, m.rng.state, m.awarded[0], m.awarded[1])
    )
    dealer, dealer_cards, other_cards, stock = deal
    flag = 1 if booked else 0
    lines.append("hand %d %d %x %x %s" % (flag, dealer, dealer_cards, other_cards, hex_bytes(stock)))
    lines.append("log " + hex_bytes(h.log, h.nlog))
    return pack(KIND, SAVE_VERSION, lines)


def parse_match(lines):
    """(match, deal, booked) from the body lines of a match file.
    ValueError (IllegalAction included) for anything that does not add up."""
    if len(lines) < 4:
        raise ValueError("cut short")
    words = split_line(lines[0], "rules")
    if len(words) != 2:
        raise ValueError("bad rules line")
    rules = Rules(game_from_name(words[0]))
    rules.target = number(words[1], 1, settings_file.MAX_TARGET)
    i = 1
    while i < len(lines) and lines[i].startswith("option "):
        words = split_line(lines[i], "option")
        if len(words) != 2:
            raise ValueError("bad option line")
        rules.set_option(words[0], words[1])
        i += 1
    if len(lines) != i + 3:
        raise ValueError("wrong number of lines")

    words = split_line(lines[i], "match")
    if len(words) != 8:
        raise ValueError("bad match line")
    m = Match(rules, 1)
    target = rules.target
    m.scores[0] = number(words[0], 0, target - 1)  # a saved match is never over
    m.scores[1] = number(words[1], 0, target - 1)
    m.pot = number(words[2], 0, _MAX_POINTS)
    m.dealer = number(words[3], 0, 1)
    m.hands_played = number(words[4], 0, _MAX_POINTS)
    m.rng.state = hex_number(words[5], MASK30)
    m.awarded[0] = number(words[6], 0, _MAX_POINTS)
    m.awarded[1] = number(words[7], 0, _MAX_POINTS)

    words = split_line(lines[i + 1], "hand")
    if len(words) != 5:
        raise ValueError("bad hand line")
    booked = number(words[0], 0, 1) == 1
    dealer = number(words[1], 0, 1)
    dealer_cards = hex_number(words[2], _DECK)
    other_cards = hex_number(words[3], _DECK)
    stock = bytes(from_hex(words[4]))
    h = m.hand
    h.deal(dealer, dealer_cards, other_cards, stock)  # ValueError unless exactly the deck
    # The match's dealer is this hand's until the hand is booked, then the other.
    if (m.dealer == dealer) == booked:
        raise ValueError("dealer does not match")

    words = split_line(lines[i + 2], "log")
    if len(words) != 1:
        raise ValueError("bad log line")
    log = from_hex(words[0])
    if len(log) > len(h.log):
        raise ValueError("log too long")
    for b in log:
        if b >> 7 != h.turn:
            raise ValueError("action by the wrong player")
        h.act(b & 0x7F)
    check_counts(m, booked)
    return m, (dealer, dealer_cards, other_cards, stock), booked


def check_counts(m, booked: bool) -> None:
    """ValueError unless the match counters could have come from play: every
    booked hand gave its winner at most 3 game points or the pot 1, and the
    hand just booked explains the last award and the pot."""
    h = m.hand
    if m.scores[0] + m.scores[1] + m.pot > 3 * m.hands_played:
        raise ValueError("more points than hands")
    for p in range(2):
        if m.awarded[p] > m.scores[p]:
            raise ValueError("award larger than the score")
    if not booked:
        return
    if not h.over or h.forfeit or m.hands_played < 1:
        raise ValueError("booked a hand that cannot be booked")
    w = h.winner
    if w < 0:
        if m.awarded[0] or m.awarded[1] or m.pot < 1:
            raise ValueError("a hand without a winner, yet points awarded")
    elif m.pot or m.awarded[1 - w] or m.awarded[w] < h.game_points:
        raise ValueError("the award does not match the hand")
