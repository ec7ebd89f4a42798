"""The `ismcts` arena players (host only): information-set Monte Carlo
tree search with random rollouts, the method of the outside engines' MCTS
players (the one observed played about 100,000 iterations a move).  The
search is ismcts.c, built at first use with the machine's C compiler
(cbuild.py); its comment says how it plays.

- `ismcts`: every decision by the search.
- `ismcts-cards`: hard, except that the plain open-stock leads and follows
  hard chooses by its learned weights (sixtysix.ai.decision_cards) are
  chosen by the search among the cards; closing is still judged first as
  hard judges it.  It measures what the learned choice leaves to a search.
- `ismcts-late`: hard, except that the last draw trick and the play after
  a close, while some card's place is still unknown, are decided by the
  search, where hard solves a few sampled deals, each with every card
  seen.  It measures what that phase leaves to a search (docs/AI-HISTORY.md).

They are references to measure hard against, not levels for the device: at
100,000 iterations a Schnapsen move takes about a quarter of a second of a
host's core, and a Sixty-Six move more.  `NAME:iterations=N` plays with N
iterations (1 to 1,000,000) instead.
"""

import ctypes
import os

from sixtysix.ai import SearchPlayer, decision_cards
from sixtysix.cards import NO_CARD, set_points
from sixtysix.compat import has
from sixtysix.hand import CLAIM, CLOSE, MARRY
from sixtysix.rng import Rng
from sixtysix.sampling import opp_allowed, opp_no_pairs

from . import cbuild
from .fastsolve import PAIRS, RULE_FIELDS
from .textin import ascii_int, shown

NAME = "ismcts"
NAMES = (NAME, "ismcts-cards", "ismcts-late")
ITERATIONS = 100000
MOST = 1000000  # ismcts.c's MOST_ITERATIONS
EXPLORATION = 0.7  # UCB1's constant, for rewards in game points over 3
_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ismcts.c")
_FLAGS = ("-ffp-contract=off",)  # the same bits on every machine (ismcts.c)
_MARRY_LEAD = 32  # ismcts.c: 32 + c leads c declaring its marriage
_MOST_ACTIONS = 32

_SINGLES = (
    "trump",
    "closer",
    "lead",
    "pos",
    "stock_size",
    "exchanged",
    "turn",
    "pending",
    "over",
    "winner",
    "gp",
)


class RulesC(ctypes.Structure):
    _fields_ = [(name, ctypes.c_int32) for name in RULE_FIELDS]


class StateC(ctypes.Structure):
    _fields_ = (
        [(name, ctypes.c_int32 * 2) for name in PAIRS]
        + [(name, ctypes.c_int32) for name in _SINGLES]
        + [("stock", ctypes.c_uint8 * 12)]
    )


class InfoC(ctypes.Structure):
    """ismcts.c's Info, field for field."""

    _fields_ = [("rules", RulesC), ("root", StateC)] + [
        (name, ctypes.c_int32)
        for name in ("me", "unseen", "allowed", "opp_known", "opp_count", "no_pairs", "policy", "plain_root")
    ]


def _declare(lib):
    i32 = ctypes.POINTER(ctypes.c_int32)
    lib.is_search.restype = ctypes.c_int
    lib.is_search.argtypes = [
        ctypes.POINTER(InfoC),
        ctypes.c_int,
        ctypes.c_double,
        ctypes.c_uint64,
        i32,
        i32,
        ctypes.POINTER(ctypes.c_double),
        i32,
    ]
    lib.is_playout.restype = ctypes.c_int
    u8 = ctypes.POINTER(ctypes.c_uint8)
    lib.is_playout.argtypes = [ctypes.POINTER(InfoC), ctypes.c_uint64, u8, i32, i32]


LIBRARY = cbuild.Library(_SOURCE, _FLAGS, _declare)


def library():
    """The loaded C search, built on first use; cbuild.CBuildError if not."""
    return LIBRARY.get()


def info_of(view, plain_root: bool = False) -> InfoC:
    """The root of a search for the player of `view`: its hand and every
    public fact, and what the deals must agree with."""
    info = InfoC()
    rules = view.rules
    for name in RULE_FIELDS:
        setattr(info.rules, name, int(getattr(rules, name)))
    s = info.root
    me = view.player
    for p in range(2):
        s.pts[p] = set_points(view.won[p])
        s.mar[p] = sum(
            40 if suit == view.trump else 20 for suit in range(4) if (view.marriages[p] >> suit) & 1
        )
        s.tricks[p] = view.tricks[p]
        s.close_score[p] = view.close_score[p]
        s.close_tricks[p] = view.close_tricks[p]
    s.hands[me] = view.hand
    s.trump = view.trump
    s.closer = view.closer
    s.lead = -1 if view.lead == NO_CARD else view.lead
    n = rules.stock_size
    s.stock_size = n
    if view.upcard != NO_CARD:
        s.pos = n - 1 - view.facedown
        s.stock[n - 1] = view.upcard
    else:
        s.pos = n
    s.exchanged = 1 if view.exchanged_by >= 0 else 0
    s.turn = me
    s.pending = view.pending
    s.winner = -1
    info.me = me
    unseen = view.unseen()
    # The deals agree with the view as hard's worlds do (sampling.py).
    info.unseen = unseen
    info.allowed = opp_allowed(view, unseen)
    info.opp_known = view.opp_known
    info.opp_count = view.opp_count
    info.no_pairs = opp_no_pairs(view)
    info.plain_root = 1 if plain_root else 0
    return info


def engine_action(code: int) -> int:
    """The engine's action code for a tree action: a marriage lead is
    declared first (MARRY + suit); the card is the next decision."""
    if _MARRY_LEAD <= code < MARRY:
        return MARRY + (code - _MARRY_LEAD) // 6
    return code


def parse(name: str) -> tuple:
    """('ismcts' or 'ismcts-cards', iterations) from a name such as
    'ismcts' or 'ismcts-cards:iterations=N'; ValueError says what is wrong."""
    base, sep, text = name.partition(":")
    if base not in NAMES:
        raise ValueError("not an ismcts player (%s): '%s'" % (", ".join(NAMES), name))
    if not sep:
        return base, ITERATIONS
    key, eq, value = text.partition("=")
    if key.strip() != "iterations" or not eq:
        raise ValueError("%s takes one setting, iterations=N, not '%s'" % (base, text))
    value = value.strip()
    n = ascii_int(value, 1, MOST)  # str.isdigit() would take '²', which int() then refuses
    if n is None:
        raise ValueError("iterations takes a whole number from 1 to %d, not '%s'" % (MOST, shown(value)))
    return base, n


class IsmctsPlayer:
    """Chooses by ismcts.c; `nodes` is the iterations of the last search
    (0 where it had one action, or claimed)."""

    def __init__(self, seed: int = 1, iterations: int = ITERATIONS) -> None:
        try:
            self.lib = library()
        except cbuild.CBuildError as e:
            raise ValueError("the ismcts players need their C search: %s" % e) from None
        self.level = NAME
        self.rng = Rng(seed)
        self.iterations = iterations
        self.nodes = 0
        self.root_actions = (ctypes.c_int32 * _MOST_ACTIONS)()
        self.visits = (ctypes.c_int32 * _MOST_ACTIONS)()
        self.means = (ctypes.c_double * _MOST_ACTIONS)()
        self.found = ctypes.c_int32()

    def choose(self, view) -> int:
        self.nodes = 0
        if view.my_score >= 66:
            return CLAIM
        acts = [a for a in view.actions if a != CLAIM]
        if len(acts) == 1:
            return acts[0]
        return engine_action(self.search(view))

    def search(self, view, plain_root: bool = False) -> int:
        """The tree action the search picks (plain_root: a card only)."""
        info = info_of(view, plain_root)
        seed = (self.rng.next15() << 15) | self.rng.next15()
        code = self.lib.is_search(
            ctypes.byref(info),
            self.iterations,
            EXPLORATION,
            seed,
            self.root_actions,
            self.visits,
            self.means,
            ctypes.byref(self.found),
        )
        self.nodes = self.iterations
        return code


class _HardWithSearch(SearchPlayer):
    """hard, with some of its decisions handed to `search_player`."""

    name = NAME

    def __init__(self, seed: int = 1, iterations: int = ITERATIONS) -> None:
        super().__init__("hard", seed)
        self.level = self.name
        # Its own seed: hard's worlds are dealt as hard deals them.
        self.search_player = IsmctsPlayer(seed + 1, iterations)


class IsmctsCardsPlayer(_HardWithSearch):
    """hard, with its learned open-stock card choice replaced by the
    search (`ismcts-cards`)."""

    name = NAMES[1]

    def _open_move(self, view) -> int:
        cards = decision_cards(view)
        if not cards:
            return super()._open_move(view)
        if has(view.actions, CLOSE) and self.wants_to_close(view, -1):
            return CLOSE
        code = self.search_player.search(view, plain_root=True)
        self.nodes += self.search_player.nodes
        return code


def decided_late(view, open_from: int) -> bool:
    """Whether `ismcts-late` hands this decision to the search: the last
    draw trick (open_from face-down cards or fewer) or a closed stock,
    with cards still face down (so some place is unknown) and no marriage
    half made.  (A player with 66 claims either way.)"""
    return view.pending < 0 and view.facedown > 0 and (view.strict or view.facedown <= open_from)


class IsmctsLatePlayer(_HardWithSearch):
    """hard, with its searches of the last draw trick and of the closed
    stock's play replaced by the search (`ismcts-late`)."""

    name = NAMES[2]

    def choose(self, view) -> int:
        if decided_late(view, self.open_from):
            move = self.search_player.choose(view)
            self.nodes = self.search_player.nodes
            return move
        return super().choose(view)


def make_player(name: str, seed: int):
    kind, iterations = parse(name)
    if kind == NAME:
        return IsmctsPlayer(seed, iterations)
    if kind == NAMES[1]:
        return IsmctsCardsPlayer(seed, iterations)
    return IsmctsLatePlayer(seed, iterations)
