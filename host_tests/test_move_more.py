"""`sixtysix move` on the games for three and four: three-hand Sixty-Six,
four-hand partnership Sixty-Six (bidding included) and Sixty-Five.

The same promises as for the two-player games (test_move.py): the printed
line is a legal action of the seat to act, the answer comes from that
seat's view alone, and a record with nothing left to play is the replay
error at its last statement."""

import os

import pytest
from conftest import run_python
from sixtysix.cards import card48_name, card_name
from sixtysix.cardtext import parse_card, parse_card48
from sixtysix.four import BIDDING, PASS, FourMatch, FourRules
from sixtysix.four import MAX_ACTIONS as FOUR_ACTIONS
from sixtysix.hand import CLAIM
from sixtysix.hand import MAX_ACTIONS as TWO_ACTIONS
from sixtysix.rng import Rng
from sixtysix.rules import Rules
from sixtysix.sixtyfive import MAX_ACTIONS as ACTIONS65
from sixtysix.sixtyfive import SixtyFiveMatch, SixtyFiveRules
from sixtysix.three import ThreeMatch
from sixtysix.view import View
from sixtysix.view65 import View65
from sixtysix.view_four import FourView
from sixtysix_tools import move
from sixtysix_tools.records import RecordError, RecordWriter, read

GAMES = ("three-hand", "four-hand", "sixty-five")
VERBS = ("play", "marry", "exchange", "close", "claim", "bid", "pass")


class _Game:
    """One random match of a game, played action by action and written down."""

    def __init__(self, game: str, seed: int) -> None:
        self.game = game
        self.rng = Rng(seed)
        if game == "three-hand":
            rules = Rules()
            rules.target = 3
            self.match = ThreeMatch(rules, seed)
            self.writer = RecordWriter(self.match)
            self.buf = bytearray(TWO_ACTIONS + 8)
        elif game == "four-hand":
            rules = FourRules()
            rules.target = 3
            self.match = FourMatch(rules, seed)
            self.writer = RecordWriter(self.match)
            self.buf = bytearray(FOUR_ACTIONS)
        else:
            rules = SixtyFiveRules()
            rules.target = 2
            self.match = SixtyFiveMatch(rules, seed)
            self.writer = RecordWriter(self.match)
            self.buf = bytearray(ACTIONS65)

    def start(self):
        h = self.match.start_hand()
        self.writer.begin_hand()
        return h

    def step(self, h) -> None:
        n = h.legal_actions(self.buf)
        a = self.buf[self.rng.below(n)]
        if a == CLAIM and n > 1 and self.rng.below(6):
            a = self.buf[self.rng.below(n - 1)]
        if self.game == "four-hand" and h.phase == BIDDING and self.buf[0] == PASS and self.rng.below(3):
            a = PASS
        if self.game == "three-hand":
            self.match.act(a)
        else:
            h.act(a)

    def text(self, h) -> str:
        self.writer.sync()
        return self.writer.text()

    def finish(self, h) -> None:
        self.text(h)
        self.match.finish_hand()


def cut_records(game: str, seed: int, wanted: int):
    """Records of random matches that stop mid-hand, at random points.  A
    match is left after 12 hands: random four-hand bidders keep failing
    their bids, scores have no floor, and a record hundreds of hands long
    made every call replay all of it (the test took 50 s instead of 10)."""
    rng = Rng(seed)
    out: list = []
    s = seed
    while len(out) < wanted:
        s += 1
        g = _Game(game, s)
        hands = 0
        while g.match.winner < 0 and len(out) < wanted and hands < 12:
            hands += 1
            h = g.start()
            stop = rng.below(40)
            steps = 0
            while not h.over:
                if steps == stop:
                    out.append(g.text(h))
                g.step(h)
                steps += 1
            g.finish(h)
    return out


def finished_record(game: str, seed: int) -> str:
    g = _Game(game, seed)
    while g.match.winner < 0:
        h = g.start()
        while not h.over:
            g.step(h)
        g.finish(h)
    return g.writer.text()


def seat_to_act(text: str) -> str:
    replay = read(text)
    m = replay.match
    if replay.game == "three-hand":
        return "ABC"[m.seat_of(m.hand.turn)]
    return "ABCD"[m.hand.turn]


@pytest.mark.parametrize("game", GAMES)
def test_move_is_a_legal_action_of_the_seat_to_act(game):
    levels = ("easy", "medium", "hard", "heuristic", "random")
    texts = cut_records(game, 3, 250)
    for i, text in enumerate(texts):
        line = move.next_action(text, levels[i % len(levels)], i)
        assert line.split()[0] == seat_to_act(text), (text, line)
        read(text + line + "\n")  # the replay accepts it: legal, and the seat's turn


def test_bids_and_passes_are_answered_in_the_bidding():
    seen = set()
    for text in cut_records("four-hand", 5, 150):
        if read(text).match.hand.phase == BIDDING:
            line = move.next_action(text, "medium", 1)
            seen.add(line.split()[1])
            read(text + line + "\n")
    assert {"bid", "pass"} <= seen


# --- the answer reads the view only ----------------------------------------------


def _view(text: str):
    replay = read(text)
    m = replay.match
    h = m.hand
    if replay.game == "sixty-five":
        return View65(h, h.turn)
    if replay.game == "four-hand":
        return FourView(h, h.turn)
    return View(h, h.turn)


def _hidden(view) -> list:
    if isinstance(view, View65):
        return [half * 24 + c for half in (0, 1) for c in range(24) if (view.unseen(half) >> c) & 1]
    return [c for c in range(24) if (view.unseen() >> c) & 1]


def _facts(view) -> dict:
    facts = dict(vars(view))
    facts["actions"] = bytes(facts["actions"])
    del facts["rules"]
    return facts


def reshuffled(text: str, rng: Rng) -> str:
    """The record with the cards the seat to act cannot place given out
    again at random among the same places, in the last deal only: no
    action of the hand names such a card, so every action line stays."""
    view = _view(text)
    sixty_five = isinstance(view, View65)
    name, parse = (card48_name, parse_card48) if sixty_five else (card_name, parse_card)
    hidden = _hidden(view)
    shuffled = list(hidden)
    for i in range(len(shuffled) - 1, 0, -1):
        j = rng.below(i + 1)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    relabel = dict(zip(hidden, shuffled, strict=True))
    lines = text.splitlines()
    start = max(i for i, line in enumerate(lines) if line == "hand")
    for i in range(start + 1, len(lines)):
        words = lines[i].split()
        dealt = len(words) > 1 and len(words[0]) == 1 and words[1] not in VERBS
        if dealt or words[0] in ("upcard", "stock"):
            lines[i] = " ".join([words[0]] + [name(relabel.get(parse(w), parse(w))) for w in words[1:]])
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_reshuffled_give_the_same_move(game):
    rng = Rng(31)
    compared = 0
    changed = 0
    texts = cut_records(game, 7, 120)
    for i, text in enumerate(texts):
        for _ in range(6):
            other = reshuffled(text, rng)
            try:
                read(other)
            except RecordError:
                continue  # a seat got a card of a suit it had shown it lacked: try again
            assert _facts(_view(other)) == _facts(_view(text))  # the seat sees the same
            if other != text:
                changed += 1
            level = ("hard", "medium", "easy")[i % 3]
            assert move.next_action(other, level, i) == move.next_action(text, level, i), (text, other)
            compared += 1
            break
    assert compared >= 80
    assert changed >= compared // 2


# --- errors ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_match_is_an_error_at_its_last_statement(game):
    text = finished_record(game, 4)
    with pytest.raises(RecordError) as e:
        move.next_action(text)
    assert e.value.line == len(text.rstrip("\n").splitlines())
    assert e.value.reason.startswith("the match is over: ")
    assert "won" in e.value.reason


def test_a_finished_three_hand_match_names_each_loser_once():
    """The reason gives the winner's score, then every other player's."""
    text = finished_record("three-hand", 4)
    m = read(text).match
    others = " ".join("%s %d" % ("ABC"[s], m.scores[s]) for s in range(3) if s != m.winner)
    with pytest.raises(RecordError) as e:
        move.next_action(text)
    assert e.value.reason == "the match is over: %s won with %d (%s), nothing left to play" % (
        "ABC"[m.winner],
        m.scores[m.winner],
        others,
    )


def test_the_two_player_hand_helpers_leave_three_hand_alone():
    """A three-hand hand is a two-player hand, but its players are not
    seats A and B: live_hand refuses the record at its game line."""
    text = "# three\n" + cut_records("three-hand", 5, 1)[0]
    with pytest.raises(RecordError) as e:
        move.live_hand(text)
    assert (e.value.line, e.value.reason) == (
        2,
        "only two-player games have a hand to ask about (sixty-six or schnapsen)",
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_record_without_a_deal_is_an_error(game):
    with pytest.raises(RecordError) as e:
        move.next_action("game %s\n" % game)
    assert (e.value.line, e.value.reason) == (1, "no hand has been dealt: nobody is to act")


def test_an_illegal_record_is_the_replay_error():
    text = cut_records("four-hand", 9, 1)[0]
    bad = text + "A play ZZ\n"
    with pytest.raises(RecordError) as e:
        move.next_action(bad)
    assert e.value.line == len(bad.splitlines())


def test_the_command_on_a_four_hand_record(tmp_path):
    path = tmp_path / "four.txt"
    text = cut_records("four-hand", 11, 1)[0]
    path.write_text(text)
    done = run_python("-m", "sixtysix_tools.cli", "move", str(path), "--level", "medium")
    assert done.returncode == 0, done.stderr
    read(text + done.stdout)


def test_the_four_hand_example_in_the_docs_prints_what_they_show():
    doc = open(os.path.join(os.path.dirname(__file__), "..", "docs", "ANALYSE.md")).read()
    start = doc.index("A four-hand record (four.txt)")
    block = doc[start : doc.index("`analyse` studies Sixty-Six, Schnapsen and three-hand", start)]
    lines = [line[4:] for line in block.splitlines() if line.startswith("    ")]
    command = lines.index("$ sixtysix move four.txt")
    text = "\n".join(lines[:command]).strip() + "\n"
    assert text.startswith("game four-hand\n")
    assert move.next_action(text) == lines[command + 1]


def test_the_classic_baseline_answers_in_the_games_for_two_and_three():
    text = cut_records("three-hand", 13, 1)[0]
    read(text + move.next_action(text, "classic") + "\n")


@pytest.mark.parametrize("game", ("four-hand", "sixty-five"))
def test_classic_in_a_game_without_it_is_an_error_at_the_game_line(tmp_path, game):
    path = tmp_path / "four.txt"
    path.write_text("# a record\n" + cut_records(game, 11, 1)[0])
    done = run_python("-m", "sixtysix_tools.cli", "move", str(path), "--level", "classic")
    assert done.returncode == 2 and done.stdout == ""
    levels = "random, heuristic, easy, medium or hard"
    assert done.stderr == "%s:2: no classic level in %s (%s)\n" % (path, game, levels)
