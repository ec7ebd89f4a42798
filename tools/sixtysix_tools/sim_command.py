"""`sixtysix sim`: the device firmware on the desktop.

The real firmware (sixtysix_app: screens, button handling, saves, the fault
screen) runs unchanged; only the board's panel and buttons are stand-ins:
a host canvas with the board's size, font and colours, and buttons pressed
from the keyboard.  It opens a pygame window when it can, else draws in the
terminal; `--keys` plays a scripted sequence instead and `--screenshot`
writes a PNG after every press.
"""

import os
import sys

from boards import BOARDS

from .sim import LONG_MS, TAP_MS, Sim, UsageError, key_names, load_board
from .textin import ascii_int, cut_short, not_a_folder, number_arg, shown


def parse_keys(sim: Sim, script: str) -> list:
    """'A A:long X*3' -> [(button index, held ms), ...]; names are the
    board's buttons, case ignored; ':long' holds it, '*N' repeats."""
    presses = []
    for token in script.replace(",", " ").split():
        count = 1
        if "*" in token:
            token, _, n = token.partition("*")
            repeat = ascii_int(n, 1, 1000)
            if repeat is None:
                raise UsageError(
                    "bad repeat in '%s*%s': give a number from 1 to 1000" % (cut_short(token), shown(n[:12]))
                )
            count = repeat
        ms = TAP_MS
        if ":" in token:
            token, _, how = token.partition(":")
            if how != "long":
                raise UsageError(
                    "bad press '%s:%s': the only suffix is ':long'" % (cut_short(token), cut_short(how))
                )
            ms = LONG_MS
        if not token:  # ':long' or '*3' alone
            raise UsageError("a press needs a button before ':long' or '*N', like 'A:long' or 'A*3'")
        i = sim.button_index(token)
        presses += [(i, ms)] * count
    return presses


def run_script(sim: Sim, script: str, shots, zoom: int = 1) -> int:
    presses = parse_keys(sim, script)
    if shots:
        sim.canvas.save_png(os.path.join(shots, "%03d.png" % 0), zoom)
    for n, (i, ms) in enumerate(presses, 1):
        sim.hold(i, ms)
        if shots:
            sim.canvas.save_png(os.path.join(shots, "%03d.png" % n), zoom)
    faults = sim.runner.faults
    if faults:
        # The device showed its fault screen and carried on; a script run
        # (a test, a bug report) must not pass it by unnoticed.
        log = os.path.join(sim.save_dir, "sixtysix.err")
        print(
            "sixtysix sim: the firmware faulted %d time%s (the fault screen was shown); see %s"
            % (faults, "" if faults == 1 else "s", shown(log)),
            file=sys.stderr,
        )
        return 1
    return 0


def writable_folder(path: str, what: str) -> str:
    """`path` as a folder the simulator may write, made if missing;
    UsageError saying what is wrong with it otherwise."""
    why = not_a_folder(path)
    if why:
        raise UsageError("%s %s %s" % (what, shown(path), why))
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise UsageError("cannot make %s %s: %s" % (what, shown(path), e.strerror or e)) from None
    if not os.access(path, os.W_OK):
        raise UsageError("%s %s cannot be written" % (what, shown(path)))
    return path


def run_tour(board, seed: int, folder: str, zoom: int = 1, game: int = 0) -> int:
    """Photograph every screen: the tour walks a fresh board (no saves:
    the same seed gives the same pictures however often it is run, and the
    player's own saves are left alone), then replays itself on another
    fresh board with the same seed and saves the frame after each named
    press.  With a game for three or four (an index into settings.GAMES),
    that game's screens instead, each file named after the game
    (`four-hand-table.png`), as in docs/screens and the golden pictures, so
    one folder holds every game's tour."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="sixtysix-tour-") as work:
        return _tour(board, seed, folder, zoom, game, work)


def _tour(board, seed: int, folder: str, zoom: int, game: int, work: str) -> int:
    from .tour import game_tour, tour

    sim = Sim(board, os.path.join(work, "walk"), seed)
    walked = game_tour(sim, game) if game >= 2 else tour(sim)
    at: dict = {}
    for name, n in walked.shots.items():
        at.setdefault(n, []).append(name)
    replay = Sim(board, os.path.join(work, "replay"), seed)
    prefix = ""
    if game >= 2:
        from sixtysix_app.settings import GAMES

        prefix = GAMES[game] + "-"
    for name in at.get(0, []):
        replay.canvas.save_png(os.path.join(folder, prefix + name + ".png"), zoom)
    for n, (i, ms) in enumerate(walked.presses, 1):
        replay.hold(i, ms)
        for name in at.get(n, []):
            replay.canvas.save_png(os.path.join(folder, prefix + name + ".png"), zoom)
    if game < 2:
        # The fault screen, as any unexpected error inside the loop shows it.
        replay.runner.fault(MemoryError("the tour's example"))
        replay.canvas.save_png(os.path.join(folder, "fault.png"), zoom)
    names = " ".join(sim.board.BUTTONS[i] + (":long" if ms > TAP_MS else "") for i, ms in walked.presses)
    shots = len(walked.shots) + (1 if game < 2 else 0)
    print("%d screens in %s after %d presses:\n%s" % (shots, shown(folder), len(walked.presses), names))
    return 0


def game_index(name) -> int:
    from sixtysix_app.settings import GAMES, OFFERED

    if name is None:
        return 0
    offered = [GAMES[g] for g in OFFERED]
    if name not in offered:
        raise UsageError("unknown game '%s'; the device's games are: %s" % (name, ", ".join(offered)))
    return GAMES.index(name)


def choose_game(sim: Sim, game: int) -> None:
    """Set the game as the settings screen does: kept on the board, dealt
    from the next new match (a match in progress resumes as it was)."""
    session = sim.app.session
    if session.settings.game != game:
        session.settings.set_game(game)
        session.save_settings()


def default_save_dir(board_name: str) -> str:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "sixtysix", "sim", board_name)


def add_arguments(parser) -> None:
    parser.add_argument(
        "--board", default="pico_display", help="one of: %s (default pico_display)" % ", ".join(BOARDS)
    )
    parser.add_argument(
        "--keys",
        help="scripted button presses, e.g. 'A A X:long Y*3', on a fresh board (no saves) unless "
        "--save-dir is given",
    )
    parser.add_argument(
        "--screenshot", metavar="DIR", help="with --keys: a PNG after every press (at --zoom)"
    )
    parser.add_argument(
        "--tour", metavar="DIR", help="walk every screen with scripted presses, a PNG of each in DIR"
    )
    parser.add_argument(
        "--game",
        help="the game the next new match deals (kept in the board's settings, as the settings "
        "screen would); with --tour, the game whose screens to photograph",
    )
    parser.add_argument("--seed", metavar="S", help="seed of the first match's deal, 0 to 999999999")
    parser.add_argument("--save-dir", help="where the simulated board keeps its files")
    parser.add_argument("--terminal", action="store_true", help="draw in the terminal, not a window")
    parser.add_argument(
        "--zoom", metavar="N", help="window, --tour or --screenshot pixels per board pixel, 1 to 16"
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    try:
        board = load_board(args.board)
        if args.keys is not None and not args.keys.replace(",", " ").split():
            # Empty, it read as no --keys: the board opened for play, or
            # "use --keys" was the answer when there was no terminal.
            raise UsageError("--keys has no presses; give the board's buttons, like: --keys 'A A X:long'")
        if args.screenshot and not args.keys:
            raise UsageError("--screenshot needs --keys (the presses to take pictures of)")
        seed = None if args.seed is None else number_arg(args.seed, "--seed", 0, 999999999, UsageError)
        if seed is None:
            seed = int.from_bytes(os.urandom(2), "little") | 1
        zoom = None if args.zoom is None else number_arg(args.zoom, "--zoom", 1, 16, UsageError)
        game = game_index(args.game)
        if args.tour:
            if args.save_dir or args.keys:
                raise UsageError("--tour walks a fresh board with its own presses: no --save-dir or --keys")
            from sixtysix_app.settings import GAMES

            if GAMES[game] == "schnapsen":
                # Its tour is Sixty-Six's: the pictures would not be Schnapsen's.
                raise UsageError(
                    "the tour of Sixty-Six stands for Schnapsen too: with --tour, --game takes one of: %s"
                    % ", ".join(g for g in GAMES if g != "schnapsen")
                )
            return run_tour(board, seed, writable_folder(args.tour, "the --tour folder"), zoom or 1, game)
        if args.screenshot:
            writable_folder(args.screenshot, "the --screenshot folder")
        if args.keys and not args.save_dir:
            # A script plays the same on every run: a fresh board, not the
            # match the player left in the default save folder.
            import tempfile

            with tempfile.TemporaryDirectory(prefix="sixtysix-keys-") as fresh:
                return _run(board, args, fresh, seed, zoom)
        save_dir = args.save_dir or default_save_dir(args.board)
        return _run(board, args, writable_folder(save_dir, "the save folder"), seed, zoom)
    except UsageError as e:
        print("sixtysix sim: %s" % shown(str(e)), file=sys.stderr)
        return 2


def _run(board, args, save_dir: str, seed: int, zoom) -> int:
    sim = Sim(board, save_dir, seed, text_cells=not args.keys)
    if args.game is not None:
        choose_game(sim, game_index(args.game))
    if args.keys:
        status = run_script(sim, args.keys, args.screenshot, zoom or 1)
        unsaved = sim.app.session.unsaved
        if status == 0 and args.save_dir and unsaved:
            # The board shows its `!`; a script has no one looking at it.
            print(
                "sixtysix sim: the board could not save %s in %s (it says why on its screen)"
                % (", ".join(unsaved), shown(save_dir)),
                file=sys.stderr,
            )
            return 1
        if status == 0 and not args.screenshot:
            # Without pictures a script leaves only what the board saved.
            if args.save_dir:
                print("the keys were pressed; the board's files are in %s" % shown(save_dir))
            else:
                print(
                    "the keys were pressed on a fresh board, no fault; nothing is kept: "
                    "--screenshot DIR saves a picture after each press, --save-dir DIR keeps the board"
                )
        return status
    from .simview import interactive

    return interactive(sim, key_names(board), terminal=args.terminal, zoom=zoom or 0)
