"""`sixtysix replay FILE [--json]`: check a game record and score it.

On any problem it prints `FILE:LINE: reason` on standard error, nothing on
standard output, and exits with status 2 (RECORDS.md).
"""

import json
import sys

from .record import PLAYERS, RecordError, load


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a game record (see RECORDS.md)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def read_record(path: str) -> str:
    """The record's text; RecordError (line 0 for a file that can't be read)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise RecordError(0, "cannot read the file: %s" % (e.strerror or e)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(data.count(b"\n", 0, e.start) + 1, "not UTF-8 text") from None


def run(args) -> int:
    try:
        replay = load(read_record(args.file))
    except RecordError as e:
        print("%s:%d: %s" % (args.file, e.line, e.reason), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(replay.to_json()))
        return 0
    own_text = getattr(replay, "format_text", None)  # games with more than two players
    print(own_text() if own_text is not None else format_text(replay))
    return 0


def format_text(replay) -> str:
    out = ["%s, first to %d" % (replay.rules.name, replay.rules.target)]
    running = [0, 0]
    for i, h in enumerate(replay.hands, 1):
        running[0] += h.game_points[0]
        running[1] += h.game_points[1]
        out.append("Hand %d: %s" % (i, h.why))
        out.append(
            "  hand points A %d, B %d; game points A %d, B %d (%s); match A %d, B %d"
            % (h.points[0], h.points[1], h.game_points[0], h.game_points[1], h.reason, *running)
        )
    m = replay.match
    if m.winner >= 0:
        out.append(
            "Match: %s wins, %d to %d" % (PLAYERS[m.winner], m.scores[m.winner], m.scores[1 - m.winner])
        )
    else:
        out.append("Match: A %d, B %d, not decided" % (m.scores[0], m.scores[1]))
    if m.pot:
        out.append("Pot: %d game point%s waiting for the next winner" % (m.pot, "s" if m.pot > 1 else ""))
    return "\n".join(out)
