"""The games: each named once, here, with where its parts live.

A game is a row of `GAMES`; its position is the game's number, the one the
settings, save and statistics files store, so rows are only ever added at
the end.  A row is one string of space-separated fields (one string costs
the device's heap far less than a tuple of them), never the parts
themselves: a part is
named "package.module:attribute" and `load` imports it when it is first
asked for, so the device imports only the game in play, and the core names
the app's and the tools' parts without importing them (it imports nothing
of sixtysix_app, sixtysix_tools or boards).
"""

# (The fields and the game interface are written as comments: they cost
# nothing on the device, where a long docstring costs heap to compile.)
#
# The fields of a row, by the index constants below:
#
#     NAME          the record and command-line name ("sixty-six"); the word
#                   written in settings, saves, statistics and records
#     TITLE         the name on the screen ("Sixty-Six"), "_" for a space
#                   (title() gives it as shown)
#     SEATS         seats at the table: 2, 3 or 4
#     RULES         callable() -> the game's default rules object
#     OPTIONS       its option table ((record name, attribute, values), ...),
#                   "-" for a game without options
#     MATCH         callable(rules, seed) -> a fresh match
#     VIEW          the view class: what one seat may know
#     PLAYER        callable(level, seed) -> a computer player
#     PLAYER_NAMES  the names PLAYER knows (a tuple; LEVELS are among them)
#     EXACT         1 if the game's solver values some positions exactly from
#                   a seat's view (the strict phase of a two-player hand), so
#                   `sixtysix analyse` can judge its records; 0 if not
#     ADAPTER       the app's screen adapter: callable(match) -> what the
#                   table screen asks (sixtysix_app); "-" for a game the
#                   tools play but the device does not offer yet
#     RECORD        the tools' part of the game (sixtysix_tools): what the
#                   one record reader and the one writer need to know of it
#     SAVE          the app's save form of its match (a matchfile shape);
#                   "-" with ADAPTER "-"
#
# The game interface
# ==================
#
# What every game's parts provide, and what they promise.  Seats are table
# seats: 0 is the human (A), then B, C, D clockwise; in the partnership games
# side 0 is A and C, side 1 B and D.
#
# Rules (RULES() -> rules):
#     rules.target            game points that win the match (a small int)
#     rules.set_option(name, value), rules.option_value(name)
#                             by the option's record name; ValueError names
#                             what is wrong
#     rules.changed_options() [(name, value)] of the options that differ from
#                             the game's defaults, in OPTIONS order (what a
#                             file writes)
#
# Match (MATCH(rules, seed) -> match):
#     match.name (the game's NAME), match.rules, match.hand (the hand being played, one object reused for
#     every hand), match.scores (per seat, or per side in the partnership
#     games), match.awarded (game points of the last booked hand, same
#     shape), match.dealer (table seat, -1 before the first deal),
#     match.winner (seat or side, -1 while the match goes on),
#     match.hands_played, match.rng (its .state is all a save needs of it)
#     match.start_hand() -> hand   shuffle and deal the next hand
#     match.finish_hand()          book the finished hand; the deal passes on
#     match.act(code)              the action of whoever is to act; an illegal
#                                  one raises IllegalAction naming the table
#                                  seat and leaves everything as it was
#     match.turn_seat() -> int     the table seat to act in the current hand
#     match.player_of(seat) -> int the hand's player (or seat) that a table
#                                  seat plays, -1 if it sits this hand out
#     match.seat_of(player) -> int the table seat of one of the hand's players
#     match.progress() -> int      a number that grows at each point the
#                                  match should be saved: a trick complete,
#                                  an auction over, the hand over
#     match.outcome() -> tuple     after finish_hand: (winner, points for,
#                                  points against, sat out) of the booked hand
#                                  from seat 0's (side 0's) chair: winner 0
#                                  for seat 0 or its side, another number for
#                                  the others, -1 for nobody; the points are
#                                  game points of that hand, pot included
#
# Hand (match.hand):
#     hand.over, hand.turn (the hand's own player to act), hand.tricks[0..1]
#     (tricks taken, by the hand's players or sides), hand.nlog and hand.log
#     (the actions so far), hand.winner, hand.game_points
#     hand.legal_actions(buf) -> n writes the legal action codes into a
#                             preallocated bytearray of MAX_ACTIONS
#     hand.act(code)          checks, then acts; IllegalAction leaves the
#                             hand exactly as it was
#     Promises: listing the legal actions, acting and dealing allocate
#     nothing on MicroPython (a test runs them with the GC disabled); card
#     sets, hands and every value kept in play are small ints below 2**30
#     (the 48-card game keeps a hand as two 24-bit halves); a match dealt
#     from a seed deals the same cards on CPython and on MicroPython.
#
# View (VIEW(match.hand, match.player_of(seat)), or `view` below):
#     Only what that seat may know: its own cards, the cards played and shown,
#     the scores the rules make public.  The players and the screens read a
#     view, never the hand.
#
# Players (PLAYER(level, seed) -> player):
#     player.choose(view) -> code   a legal action for the view's seat
#     Promises: the same seed and the same view give the same choice; a
#     search allocates its buffers when the player is made, nothing per
#     search node; a level's work is bounded by a budget of steps, not by a
#     clock; no value in the search reaches 2**30.
#
# A new game adds its own modules, a row at the end of GAMES and its rules
# text; nothing else names it.

from .compat import const
from .rules import fold

# The fields of a row, in order (field(game, TITLE) -> "Sixty-Six").
NAME = const(0)
TITLE = const(1)
SEATS = const(2)
RULES = const(3)
OPTIONS = const(4)
MATCH = const(5)
VIEW = const(6)
PLAYER = const(7)
PLAYER_NAMES = const(8)
EXACT = const(9)
ADAPTER = const(10)
RECORD = const(11)
SAVE = const(12)

# The levels offered on the device, weakest first; every game's
# PLAYER_NAMES has them.
LEVELS = ("easy", "medium", "hard")

GAMES = (
    "sixty-six Sixty-Six 2 sixtysix.rules:Rules sixtysix.rules:OPTIONS sixtysix.match:Match"
    " sixtysix.view:View sixtysix.ai:make_player sixtysix.ai:PLAYER_NAMES 1"
    " sixtysix_app.seats_two:Two sixtysix_tools.game_two:SIXTY_SIX sixtysix_app.matchfile:TWO_PLAYER",
    "schnapsen Schnapsen 2 sixtysix.match:schnapsen_rules sixtysix.rules:OPTIONS sixtysix.match:Match"
    " sixtysix.view:View sixtysix.ai:make_player sixtysix.ai:PLAYER_NAMES 1"
    " sixtysix_app.seats_two:Two sixtysix_tools.game_two:SCHNAPSEN sixtysix_app.matchfile:TWO_PLAYER",
    "three-hand Three-hand 3 sixtysix.rules:Rules sixtysix.rules:OPTIONS sixtysix.three:ThreeMatch"
    " sixtysix.view:View sixtysix.ai_three:make_three_player sixtysix.ai:PLAYER_NAMES 1"
    " sixtysix_app.seats_three:Three sixtysix_tools.game_three:THREE_HAND sixtysix_app.matchfile:THREE_SEATS",
    "four-hand Four-hand 4 sixtysix.four:FourRules sixtysix.four:OPTIONS sixtysix.four:FourMatch"
    " sixtysix.view_four:FourView sixtysix.ai_four:make_four_player sixtysix.ai_four:PLAYER_NAMES 0"
    " sixtysix_app.seats_sides:Four sixtysix_tools.game_four:FOUR_HAND sixtysix_app.matchfile:FOUR_SEATS",
    "sixty-five Sixty-Five 4 sixtysix.sixtyfive:SixtyFiveRules - sixtysix.sixtyfive:SixtyFiveMatch"
    " sixtysix.view65:View65 sixtysix.ai65:make_65_player sixtysix.ai65:PLAYER_NAMES 0"
    " sixtysix_app.seats_sides:SixtyFive sixtysix_tools.game65:SIXTY_FIVE"
    " sixtysix_app.matchfile:SIXTY_FIVE_SEATS",
    "bid-two Bidding_for_two 2 sixtysix.bid:two_rules sixtysix.bid:OPTIONS sixtysix.bid_match:BidMatch"
    " sixtysix.view_bid:BidView sixtysix.ai_bid:make_bid_player sixtysix.ai_bid:PLAYER_NAMES 0"
    " sixtysix_app.seats_bid:Bid sixtysix_tools.game_bid:BID_TWO sixtysix_app.matchfile:DEALT_SEATS",
    "bid-three Bidding_for_three 3 sixtysix.bid:three_rules sixtysix.bid:OPTIONS sixtysix.bid_match:BidMatch"
    " sixtysix.view_bid:BidView sixtysix.ai_bid:make_bid_player sixtysix.ai_bid:PLAYER_NAMES 0"
    " sixtysix_app.seats_bid:Bid sixtysix_tools.game_bid:BID_THREE sixtysix_app.matchfile:DEALT_SEATS",
)

NAMES = tuple(row[: row.find(" ")] for row in GAMES)


def field(game: int, f: int) -> str:
    """One field of a game's row, as written there (one slice allocated)."""
    row = GAMES[game]
    start = 0
    for _ in range(f):
        start = row.find(" ", start) + 1
    end = row.find(" ", start)
    return row[start:] if end < 0 else row[start:end]


def seats(game: int) -> int:
    return int(field(game, SEATS))


def title(game: int) -> str:
    """The game's name as the screen shows it."""
    return field(game, TITLE).replace("_", " ")


def offered(game: int) -> bool:
    """Whether the device offers the game (it has a screen adapter)."""
    return field(game, ADAPTER) != "-"


def load(spec: str):
    """The object a "package.module:attribute" string names, importing its
    module on first use.  `__import__` returns the top package (on
    MicroPython as on CPython), so the path is walked from there."""
    colon = spec.find(":")
    if colon < 0:
        raise ValueError("no ':' in '%s'" % spec)
    path = spec[:colon]
    obj = __import__(path)
    for name in path.split(".")[1:]:
        obj = getattr(obj, name)
    return getattr(obj, spec[colon + 1 :])


def part(game: int, f: int):
    """A part of a game, loaded: part(g, MATCH)(rules, seed)."""
    return load(field(game, f))


def index(name: str) -> int:
    """The number of the game called `name` (any case); ValueError if none."""
    n = fold(name)
    if n in NAMES:
        return NAMES.index(n)
    raise ValueError("unknown game '%s' (%s)" % (name, ", ".join(NAMES)))


def new_rules(game: int):
    """The default rules object of a game."""
    return part(game, RULES)()


def options(game: int):
    """The option table of a game; () for a game without options."""
    spec = field(game, OPTIONS)
    return () if spec == "-" else load(spec)


def new_match(game: int, rules, seed: int):
    """A fresh match of a game, dealt from `seed`."""
    return part(game, MATCH)(rules, seed)


def view(game: int, match, seat: int):
    """What a table seat of a match may know: the game's VIEW of it."""
    return part(game, VIEW)(match.hand, match.player_of(seat))


def new_player(game: int, level: str, seed: int):
    """A computer player of a game: a level or another PLAYER_NAMES name."""
    return part(game, PLAYER)(level, seed)
