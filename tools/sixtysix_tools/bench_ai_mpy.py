"""Driver of `sixtysix bench ai`, for MicroPython and CPython.

    micropython bench_ai_mpy.py MODE LEVEL MATCHES SEED GAME
    python -m sixtysix_tools.bench_ai_mpy MODE LEVEL MATCHES SEED GAME

LEVEL is a name `sixtysix.ai.make_player` knows (easy, medium, hard...),
GAME is sixty-six or schnapsen.  MODE is one of
  speed  LEVEL plays itself for MATCHES matches; every decision is timed
         (player.choose only, not building the view) and its search nodes
         counted; a fixed baseline loop is timed in the same process
  alloc  bytes the exact solver leaves allocated per search node, collector
         off, on fixed strict-phase positions dealt from SEED (LEVEL and
         MATCHES are ignored; MicroPython only, CPython has no meter)
  positions  time LEVEL on MATCHES positions reached by random play from
         fresh deals (the same lines as speed)

The heap a whole match needs is measured with bench_match_mpy.py, which
loads none of this driver's timing and reporting code.

It prints `name value` lines for bench.py to read and always ends with
`done`; on MemoryError it prints `memory-error` and exits with status 3.

Deals and players are seeded with the core's Rng, so both runtimes make the
same decisions; the `checksum` line (over every action and its node count)
lets bench.py confirm it.
"""

import gc
import sys

if __name__ == "__main__":
    # Run as a script: find firmware/ by string ops (MicroPython has no
    # os.path).  From a folder of .mpy files this path does not exist and
    # the core is found on MICROPYPATH instead.
    _i = __file__.rfind("/")
    sys.path.insert(0, (__file__[:_i] if _i > 0 else ".") + "/../../firmware")

from benchtime import elapsed_us, nearest_rank, now_us, report_decisions, run_mode  # type: ignore[import-not-found]
from sixtysix.ai import PLAYER_NAMES, make_player
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MAX_ACTIONS
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.rules import GAME_NAMES, Rules
from sixtysix.view import View

ALLOC_POSITIONS = 8  # half closed after the first trick, half played to exhaustion


class Table:
    """One level playing itself, match after match, every decision watched."""

    def __init__(self, level, seed, rules):
        self.level = level
        self.rules = rules
        self.rng = Rng(seed)
        self.checksum = 0
        self.times = []  # microseconds per decision (speed mode only)
        self.search_times = []  # the same for the decisions that searched
        self.node_counts = []  # search nodes per decision (speed mode only)
        self.searched = 0  # decisions that searched at all
        self.nodes = 0
        self.most_nodes = 0
        self.timed = False

    def note(self, spent, code, nodes):
        """One decision: its time (when timed), nodes and action."""
        if self.timed:
            self.times.append(spent)
            self.node_counts.append(nodes)
            if nodes:
                self.search_times.append(spent)
        if nodes:
            self.searched += 1
            self.nodes += nodes
            if nodes > self.most_nodes:
                self.most_nodes = nodes
        self.checksum = (self.checksum * 31 + code * 7 + nodes) & 0xFFFFFF  # * 31 < 2**30

    def play_match(self):
        rng = self.rng
        match = Match(self.rules, rng.next15())
        players = (make_player(self.level, rng.next15()), make_player(self.level, rng.next15()))
        while match.winner < 0:
            h = match.start_hand()
            while not h.over:
                p = h.turn
                view = View(h, p)
                player = players[p]
                start = now_us()
                code = player.choose(view)
                spent = elapsed_us(start)
                h.act(code)
                self.note(spent, code, player.nodes)
            match.finish_hand()


def speed(level, matches, seed, rules):
    table = Table(level, seed, rules)
    table.timed = True
    for _ in range(matches):
        gc.collect()
        table.play_match()
    report(table)


def positions(level, count, seed, rules):
    """Time LEVEL's decision in COUNT positions reached by random play:
    each a fresh deal played a random number of moves (0 to 19) with
    random legal actions, so closed and exhausted stocks, marriages and
    exchanges all turn up, not only where self-play goes."""
    table = Table(level, seed, rules)
    table.timed = True
    rng = table.rng
    player = make_player(level, rng.next15())
    buf = bytearray(MAX_ACTIONS)
    done = 0
    while done < count:
        match = Match(rules, rng.next15())
        h = match.start_hand()
        steps = rng.below(20)
        while steps and not h.over:
            n = h.legal_actions(buf)
            h.act(buf[rng.below(n)])
            steps -= 1
        if h.over:
            continue
        gc.collect()
        view = View(h, h.turn)
        start = now_us()
        code = player.choose(view)
        table.note(elapsed_us(start), code, player.nodes)
        done += 1
    report(table)


def report(table):
    searches = table.search_times
    searches.sort()
    if searches:
        print("search_median_us", nearest_rank(searches, 50))
        print("search_p95_us", nearest_rank(searches, 95))
    report_decisions(
        table.times, table.node_counts, table.searched, table.nodes, table.most_nodes, table.checksum
    )


# --- bytes per search node -------------------------------------------------------


def listed(buf, n, code):
    """Whether code is among the first n actions of buf (MicroPython has no
    `in` for a bytearray of ints)."""
    for i in range(n):
        if buf[i] == code:
            return True
    return False


def strict_position(rules, seed, close):
    """A hand at its first lead of the strict phase, the player on lead below
    66, reached by random play (never claiming falsely); with `close` the
    leader closes as soon as a trick has been played."""
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    while True:
        h = Match(rules, rng.next15()).start_hand()
        while not h.over:
            p = h.turn
            if h.score(p) >= 66:
                h.act(CLAIM)
                continue
            if h.strict() and h.lead < 0 and h.pending < 0:
                return h
            n = h.legal_actions(buf)
            if close and h.tricks[0] + h.tricks[1] and listed(buf, n, CLOSE):
                h.act(CLOSE)
                continue
            code = buf[rng.below(n)]
            while code == CLAIM or code == CLOSE:
                code = buf[rng.below(n)]
            h.act(code)


def solve(solver, h, buf, n):
    """Everything the search player asks of the solver at one decision."""
    solver.load(h)
    p = h.turn
    solver.best(p)
    for i in range(n):
        code = buf[i]
        if code != CLAIM and code != EXCHANGE and code != CLOSE:
            solver.value_of(p, code)


def alloc(level, matches, seed, rules):
    if not hasattr(gc, "mem_alloc"):
        print("alloc_bytes unavailable")
        return
    # Imported here, as on a board only where the viper search is missing.
    from sixtysix.solver import Solver

    solver = Solver(rules)
    buf = bytearray(MAX_ACTIONS)
    used = 0
    nodes = 0
    for i in range(ALLOC_POSITIONS):
        h = strict_position(rules, seed * 100 + i, i % 2 == 0)
        n = h.legal_actions(buf)
        solve(solver, h, buf, n)  # warm up
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        solve(solver, h, buf, n)
        after = gc.mem_alloc()
        gc.enable()
        used += after - before
        nodes += solver.nodes
    print("alloc_positions", ALLOC_POSITIONS)
    print("alloc_bytes", used)
    print("alloc_nodes", nodes)


def main(args):
    modes = {"speed": speed, "positions": positions, "alloc": alloc}
    usage = "usage: bench_ai_mpy.py speed|positions|alloc LEVEL MATCHES SEED GAME"
    if len(args) != 5 or args[0] not in modes or args[4] not in GAME_NAMES:
        print(usage)
        return 2
    if not (args[2].isdigit() and args[3].isdigit()) or args[1] not in PLAYER_NAMES:
        print(usage + " (LEVEL one of " + ", ".join(PLAYER_NAMES) + "; MATCHES and SEED in digits)")
        return 2
    rules = Rules(GAME_NAMES.index(args[4]))
    return run_mode(modes[args[0]], args[1], int(args[2]), int(args[3]), rules)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
