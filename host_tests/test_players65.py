"""Sixty-Five players over many positions, and `sixtysix arena --game
sixty-five` on a tiny run checked against the records it writes."""

import os
import re

import pytest
from sixtysix.ai65 import PLAYER_NAMES, Search65Player, make_65_player
from sixtysix.rng import Rng
from sixtysix.sixtyfive import MAX_ACTIONS, SixtyFiveHand, SixtyFiveMatch, SixtyFiveRules
from sixtysix.view65 import View65
from sixtysix_tools import cli
from sixtysix_tools.records import read


def play_hand(names, seed):
    """One hand, seat s played by names[s]; returns the finished hand."""
    h = SixtyFiveMatch(SixtyFiveRules(), seed).start_hand()
    players = [make_65_player(names[s], seed * 4 + s) for s in range(4)]
    while not h.over:
        v = View65(h, h.turn)
        c = players[h.turn].choose(v)
        assert c in v.actions
        h.act(c)
    return h


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_each_player_is_legal_in_many_positions(name):
    buf = bytearray(MAX_ACTIONS)
    for seed in range(1, 41):
        h = SixtyFiveMatch(SixtyFiveRules(), seed).start_hand()
        rng = Rng(seed)
        for _ in range(rng.below(48)):
            h.act(buf[rng.below(h.legal_actions(buf))])
        v = View65(h, h.turn)
        player = make_65_player(name, seed)
        c = player.choose(v)
        assert c in v.actions, (name, seed)
        work = SixtyFiveHand(h.rules)
        work.copy_from(h)
        work.act(c)


def test_search_keeps_its_budget():
    """No move of any level goes far past its step budget (a world in
    progress is finished, so allow one world's worth on top)."""
    for level, budget in (("easy", 2000), ("medium", 8000), ("hard", 20000)):
        p = Search65Player(level, 3)
        h = SixtyFiveMatch(SixtyFiveRules(), 4).start_hand()
        worst = 0
        while not h.over:
            c = p.choose(View65(h, h.turn))
            worst = max(worst, p.nodes)
            h.act(c)
        assert worst <= budget + 12 * 48, (level, worst)


def test_heuristic_outscores_random_partnerships():
    """Over the same 30 deals with sides swapped, heuristic partners make
    more hand points than random ones (deterministic: fixed seeds)."""
    heuristic = 0
    random = 0
    for seed in range(1, 31):
        h = play_hand(("heuristic", "random", "heuristic", "random"), seed)
        heuristic += h.score(0)
        random += h.score(1)
        h = play_hand(("random", "heuristic", "random", "heuristic"), seed)
        heuristic += h.score(1)
        random += h.score(0)
    assert heuristic > random + 60 * 3, (heuristic, random)


# --- the arena ------------------------------------------------------------------


def test_arena_sixty_five_figures_agree_with_the_records(capsys, tmp_path):
    out_dir = str(tmp_path / "out")
    status = cli.main(
        ["arena", "--game", "sixty-five", "--a", "easy", "--b", "heuristic", "--matches", "2",
         "--target", "1", "--seed", "3", "--jobs", "1", "--out", out_dir]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert status == 0 and err == "", err
    assert out.startswith("arena: a = easy, b = heuristic; sixty-five (partnerships), first to 1; seed 3")
    names = sorted(n for n in os.listdir(out_dir) if n.endswith("-first.txt"))
    assert names == ["m0000-a-first.txt", "m0000-b-first.txt", "m0001-a-first.txt", "m0001-b-first.txt"]
    wins = {"a": 0, "b": 0}
    first_deals = {}
    for name in names:
        with open(os.path.join(out_dir, name), encoding="utf-8") as f:
            text = f.read()
        a_side = "AC" if "-a-first" in name else "BD"
        assert "# side %s: easy (player a)" % a_side in text
        replay = read(text)
        assert replay.rules.name == "sixty-five" and replay.match.winner >= 0
        a_won = (replay.match.winner == 0) == (a_side == "AC")
        wins["a" if a_won else "b"] += 1
        # The same first deal in both matches of a pair.
        hand_lines = [x for x in text.splitlines() if re.match(r"[ABCD] [2-9TJQKA][CDHS] ", x)][:4]
        first_deals.setdefault(name[:5], []).append(hand_lines)
    for pair in first_deals.values():
        assert pair[0] == pair[1]
    row = next(x for x in out.splitlines() if x.startswith("matches won"))
    m = re.fullmatch(r"matches won\s+(\d+) .*\]\s+(\d+) .*\]", row)
    assert m and (int(m.group(1)), int(m.group(2))) == (wins["a"], wins["b"]), row


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--a", "hard", "--b", "genius"], "--b: unknown player 'genius'"),
        (["--a", "hard", "--b", "easy", "--option", "x=1"], "no rule options"),
        (["--a", "hard"], "name both players"),
    ],
)
def test_arena_sixty_five_refuses_bad_input(capsys, tmp_path, argv, words):
    status = cli.main(["arena", "--game", "sixty-five", "--out", str(tmp_path / "o"), *argv])
    out, err = capsys.readouterr()
    assert status == 2 and words in err and out == ""
