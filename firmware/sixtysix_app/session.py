"""The match the device is playing, its settings and statistics, and the
files that keep them.

(The Session API and the save format are described in the comments below:
comments cost nothing on the device, a long docstring costs heap while
the module compiles.)
"""

# The screens talk to a Session and never to files:
#
#     s = Session(store)          store: a Store (save.py) over a directory,
#                                 or None to keep nothing
#     s.settings                  Settings: .game (index into settings.GAMES),
#                                 .rules (the game's rules object), .level
#                                 ("easy", "medium", "hard"), .hints (bool),
#                                 .target, .options()
#     s.stats                     Stats: matches/hands won and lost per game
#     s.message                   "" or short lines (one per file) explaining
#                                 why a save or the statistics could not be
#                                 read or written (shown once by the app,
#                                 then cleared)
#     s.save_error                "" or the line of the last failed write; a
#                                 failed file is written again at every save
#                                 point until it works (the app keeps a mark
#                                 on the screen meanwhile)
#     s.can_resume() -> bool      a match in progress was loaded (or started)
#     s.new_match(seed)           a fresh match of settings.game (the game
#                                 interface of sixtysix/games.py)
#     s.match                     that match (match.hand is the hand)
#     s.game                      the match's game (an index of GAMES)
#     s.start_hand()              deal the next hand (remembers the deal so a
#                                 save can restore it exactly)
#     s.act(code)                 the human's or the computer's action on the
#                                 current hand; IllegalAction leaves it as it
#                                 was (three-hand, four-hand and Sixty-Five
#                                 name the table seat); the match is saved when
#                                 a trick is complete, when a four-hand auction
#                                 ends and when the hand ends
#     s.seat_to_act() -> int      table seat 0..3 whose turn it is, -1 when
#                                 the hand is over or there is no match
#     s.finish_hand()             book the hand (match.finish_hand), update
#                                 statistics, save
#     s.save()                    save now (leaving the table for the title)
#     s.save_settings()           after the settings screen changes something
#     s.abandon()                 drop the match in progress and its save;
#                                 an unfinished one counts as abandoned
#
# The human is seat 0 (player A), the computer the other seats; in the
# partnership games the human's side is side 0 (AC).
#
# A match is saved as its rules, the match counters with the PRNG state, the
# deal of the current hand and the hand's action log.  Loading deals the same
# cards and replays the log through the engine, so a damaged save can only
# come back as a position the rules allow, or be refused.  A save whose hand
# is over but was not yet booked (power lost on the result screen) is booked
# while loading, so a loaded match is always either mid-hand or between hands.
#
# One file version serves every game: the rules line names the game, and a
# two-player save reads exactly as before.  Per game (after `rules` and
# `option` lines):
#
#     two-player  match s0 s1 pot dealer played rng a0 a1
#                 hand booked dealer dealer-cards other-cards stock
#                 log (player << 7 | action) bytes
#     three-hand  match s0 s1 s2 pot dealer played rng a0 a1 a2
#                 hand booked table-dealer right-cards left-cards stock
#                 log as two-player (players of the two-player hand)
#     four-hand   match s0 s1 dealer played rng a0 a1 (signed scores)
#                 hand booked dealer cards-A cards-B cards-C cards-D
#                 log (seat, action) byte pairs
#     sixty-five  match s0 s1 dealer played rng a0 a1
#                 hand booked dealer eight halves (A low, A high, B low ...)
#                 log (seat << 6 | card) bytes
#     bidding     match s0 s1 [s2] dealer played rng a0 a1 [a2] (by seat, signed)
#                 hand booked dealer cards-A cards-B [cards-C]
#                 log (seat, action) byte pairs
#

from sixtysix import games
from sixtysix.rules import SIXTY_SIX

from . import settings as settings_file
from . import stats as stats_file
from .matchfile import DEALT_SEATS, FOUR_SEATS, THREE_SEATS, TWO_PLAYER, match_bytes, read_match, saved_deal
from .save import CORRUPT, ENOSPC, EROFS, OK, UNREAD, VERSION, checksum, errno_of, load, number, split_line
from .settings import GAMES, Settings, game_index, new_rules, parse_settings
from .stats import Stats, parse_stats

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

KIND = "sixtysix-match"
SAVE_VERSION = 1
FILE = "match.sav"

# What a file's load problem says: damaged, another version, unreadable.
MESSAGES = {
    FILE: (
        "The saved match was damaged: a new start.",
        "The saved match is from another version.",
        "The saved match could not be read: it is kept. Restart to try again.",
    ),
    settings_file.FILE: (
        "Settings were damaged: defaults used.",
        "Settings are from another version.",
        "Settings could not be read: defaults for now.",
    ),
    stats_file.FILE: (
        "Statistics were damaged: reset.",
        "Statistics are from another version.",
        "Statistics could not be read: kept, not counted.",
    ),
}


def save_shape(game: int) -> int:
    """How a match of the game is saved: a matchfile shape (games.SAVE)."""
    return games.part(game, games.SAVE)


class Session:
    def __init__(self, store=None) -> None:
        self.store = store
        self.message = ""
        self.saving = store is not None
        self.save_error = ""  # the line of the last failed write; "" when all is written
        self.unsaved: list = []  # files whose last write failed, tried again at every save
        self.held: list = []  # files that could not be read: never written over until a restart
        self.match: Any = None  # a match of self.game, or None before the first
        self.game = SIXTY_SIX  # the match's game, an index into GAMES
        self.deal: Any = None  # how match.hand was dealt, as the save writes it
        self.booked = False  # match.hand is over and counted in the match
        s = self._load(settings_file.FILE, settings_file.KIND, settings_file.VERSION, parse_settings)
        self.settings = s if s is not None else Settings()
        st = self._load(stats_file.FILE, stats_file.KIND, stats_file.VERSION, parse_stats)
        self.stats = st if st is not None else Stats()
        loaded = self._load(FILE, KIND, SAVE_VERSION, parse_match)
        if loaded is not None:
            self.game, self.match, self.deal, self.booked = loaded
            if self.match.hand.over and not self.booked:
                self.finish_hand()

    # --- the match ------------------------------------------------------------------

    def can_resume(self) -> bool:
        return self.match is not None and self.match.winner < 0

    def new_match(self, seed: int):
        self.game = self.settings.game
        self.match = games.new_match(self.game, self.settings.make_rules(), seed)
        self.deal = None
        self.booked = False
        return self.match

    def start_hand(self):
        h = self.match.start_hand()
        self._remember_deal()
        self.booked = False
        self.save()
        return h

    def act(self, code: int) -> None:
        m = self.match
        h = m.hand
        if h.nlog == 0 and not h.over:
            self._remember_deal()  # also covers a hand dealt by match.start_hand directly
        before = m.progress()
        m.act(code)  # IllegalAction (naming the table seat) leaves the hand as it was
        if m.progress() != before:
            self.save()

    def seat_to_act(self) -> int:
        """The table seat (0..3) whose turn it is; -1 when the hand is over."""
        m = self.match
        if m is None or m.hand.over:
            return -1
        return m.turn_seat()

    # Book the hand, count it in the statistics and save both.  The
    # statistics are written first and name the hand they counted (a mark of
    # the match file at the hand's end); a cut before the match file says
    # booked leaves the hand unbooked, and booking it again on the next start
    # finds the mark and does not count it twice.
    def finish_hand(self) -> None:
        m = self.match
        game = self.game
        mark = ""
        if self.deal is not None:
            data = self.match_bytes()  # as the file stands at the hand's end
            mark = checksum(data, len(data))
        m.finish_hand()
        self.booked = True
        counted = mark and mark == self.stats.booked  # before a power cut
        if not counted:
            winner, points_for, points_against, sat_out = m.outcome()
            self.stats.record_hand(game, winner, points_for, points_against, sat_out)
        if m.winner >= 0 and not counted:
            self.stats.record_match(game, m.winner == 0)
        self.stats.booked = mark
        self._store(stats_file.FILE)
        self._store(FILE)

    # The match file goes first and the count after, once the file is gone:
    # a power cut between the two leaves the match given up and not counted,
    # never back on the title to be given up (and counted) twice.
    def abandon(self) -> None:
        counted = self.can_resume()
        game = self.game
        self.match = None
        self.deal = None
        self.booked = False
        self._store(FILE)
        if counted and FILE not in self.unsaved:
            self.stats.record_abandoned(game)
            self.save_stats()

    def _remember_deal(self) -> None:
        self.deal = saved_deal(self.match, save_shape(self.game))

    # --- files ------------------------------------------------------------------------

    def save(self) -> None:
        # A match over or given up: its file removed; not yet dealt: nothing.
        self._store(FILE)

    def match_bytes(self) -> bytes:
        """The save file of the match in progress."""
        shape = save_shape(self.game)
        return match_bytes(KIND, SAVE_VERSION, self.match, self.deal, self.booked, GAMES[self.game], shape)

    def save_settings(self) -> None:
        self._store(settings_file.FILE)

    def save_stats(self) -> None:
        self._store(stats_file.FILE)

    def _tell(self, text: str) -> None:
        # A line more: every file set aside is named, not only the first.
        if not self.message:
            self.message = text
        elif text not in self.message.split("\n"):
            self.message += "\n" + text

    def _load(self, name, kind, version, parse):
        if self.store is None:
            return None
        value, problem = load(self.store, name, kind, version, parse)
        if problem == CORRUPT:
            self._tell(MESSAGES[name][0])
        elif problem == VERSION:
            self._tell(MESSAGES[name][1])
        elif problem == UNREAD:
            self._tell(MESSAGES[name][2])
            self.held.append(name)
        if problem == CORRUPT or problem == VERSION:
            self.store.set_aside(name)  # say it once, not at every start
        return value if problem == OK else None

    # Write `name` now, with every file a failed write left behind.
    # Statistics go before the match: the match file is the journal of a
    # hand's end until the statistics hold it (see finish_hand).
    def _store(self, name: str) -> None:
        if not self.saving:
            return
        if name not in self.unsaved:
            self.unsaved.append(name)
        error = None
        held = ""
        self.store.in_way = ""
        for f in (settings_file.FILE, stats_file.FILE, FILE):
            if f in self.held and f in self.unsaved:
                if f == FILE and not self.can_resume():
                    self.unsaved.remove(f)  # no match of ours to write: the unread one stays
                else:
                    held = f
            elif f in self.unsaved:
                try:
                    self._put(f)
                    self.unsaved.remove(f)
                except OSError as e:
                    error = e
        if error is None and not held:
            self.save_error = ""
            return
        n = errno_of(error) if error is not None else 0
        if error is None:
            text = "Not saved: %s could not be read. Restart to try again." % held
        elif n == EROFS:
            text = "Not saved: the drive is read-only."
        elif self.store.in_way:
            text = "Not saved: remove %s from the drive (error %d)." % (self.store.in_way, n)
        elif n == ENOSPC:
            text = "Not saved: the drive is full (error %d)." % n
        else:
            text = "Not saved: cannot write (error %d)." % n
        if text != self.save_error:
            self._tell(text)  # said once; the app keeps a mark up while it lasts
        self.save_error = text

    def _put(self, name: str) -> None:
        if name == settings_file.FILE:
            self.store.write(name, self.settings.to_bytes())
        elif name == stats_file.FILE:
            self.store.write(name, self.stats.to_bytes())
        elif self.can_resume():
            if self.deal is not None:
                self.store.write(name, self.match_bytes())
        else:
            self.store.remove(name)  # over or given up


# --- the match file ---------------------------------------------------------------------


def parse_match(lines):
    """(game, match, deal, booked) from the body lines of a match file.
    ValueError (IllegalAction included) for anything that does not add up."""
    if len(lines) < 4:
        raise ValueError("cut short")
    words = split_line(lines[0], "rules")
    if len(words) != 2:
        raise ValueError("bad rules line")
    game = game_index(words[0])
    rules = new_rules(game)
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
    m = games.new_match(game, rules, 1)
    deal, booked = read_match(m, save_shape(game), lines[i], lines[i + 1], lines[i + 2], check_match)
    return game, m, deal, booked


def check_match(m, shape: int, dealer: int, booked: bool) -> None:
    """ValueError unless the counters of a loaded match add up."""
    if shape == TWO_PLAYER:
        check_counts(m, booked)
    elif shape == THREE_SEATS:
        check_three_counts(m, dealer, booked)
    elif shape == DEALT_SEATS:
        check_seat_counts(m, booked)
    else:
        check_side_counts(m, shape == FOUR_SEATS, booked)


def _check_pot_and_awards(m, most: int) -> None:
    """What two-player and three-hand share: every booked hand gave at most
    `most` points in all, those nobody won none (the pot counts the hands
    nobody won since one was won, so each takes `most` from what the hands
    played allow), a hand won takes the pot, and no award passes its
    seat's score."""
    if sum(m.scores) + most * m.pot > most * m.hands_played:
        raise ValueError("more points than hands")
    if m.pot and any(m.awarded):
        raise ValueError("a pot beside an award")
    for s in range(len(m.scores)):
        if m.awarded[s] > m.scores[s]:
            raise ValueError("award larger than the score")


def _booked_winner(m) -> int:
    """The winner of the hand just booked (two-player and three-hand), -1
    for a hand nobody won, which leaves a pot; ValueError for a hand that
    cannot have been booked."""
    h = m.hand
    if not h.over or h.forfeit or m.hands_played < 1:
        raise ValueError("booked a hand that cannot be booked")
    if h.winner < 0 and m.pot < 1:
        raise ValueError("a hand without a winner, yet no pot")
    return h.winner


def check_counts(m, booked: bool) -> None:
    """ValueError unless the match counters could have come from play: every
    booked hand gave its winner at most 3 game points or the pot 1, and the
    hand just booked explains the last award and the pot."""
    _check_pot_and_awards(m, 3)
    if not booked:
        if m.awarded[0] and m.awarded[1]:
            raise ValueError("two winners")
        return
    w = _booked_winner(m)
    if w >= 0 and (m.pot or m.awarded[1 - w] or m.awarded[w] < m.hand.game_points):
        raise ValueError("the award does not match the hand")


def check_three_counts(m, dealer: int, booked: bool) -> None:
    """As check_counts for three-hand: the hand winner's seat took at most
    3 points and the pot, the dealer at most as much as the winner's hand."""
    _check_pot_and_awards(m, 6)
    if not booked or _booked_winner(m) < 0:
        return
    h = m.hand
    w = (dealer + 1 + h.winner) % 3
    other = 3 - w - dealer
    if m.pot or m.awarded[other] or m.awarded[w] < h.game_points or m.awarded[dealer] > h.game_points:
        raise ValueError("the award does not match the hand")


def check_side_counts(m, four: bool, booked: bool) -> None:
    """Four-hand and Sixty-Five: a booked hand explains the last awards."""
    h = m.hand
    if not four and m.scores[0] + m.scores[1] > 2 * m.hands_played:
        raise ValueError("more points than hands")
    if not booked:
        return
    if not h.over or m.hands_played < 1:
        raise ValueError("booked a hand that cannot be booked")
    for side in range(2):
        a = m.awarded[side]
        if a != h.game_points[side] and not (four and m.rules.no_negative and a > h.game_points[side]):
            raise ValueError("the award does not match the hand")


def check_seat_counts(m, booked: bool) -> None:
    """The bidding games: a booked hand explains each seat's last award (the
    bidder's side's game points, or the others'; raised to what keeps a
    score at zero under no-negative), and nobody has won yet."""
    h = m.hand
    if m.leader(h.bidder if booked else -1) >= 0:
        raise ValueError("a saved match is never over")
    if not booked:
        return
    if not h.over or m.hands_played < 1:
        raise ValueError("booked a hand that cannot be booked")
    for s in range(len(m.scores)):
        want = h.game_points[h.side_of(s)] if h.bidder >= 0 else 0
        a = m.awarded[s]
        if a != want and not (m.rules.no_negative and a > want):
            raise ValueError("the award does not match the hand")
