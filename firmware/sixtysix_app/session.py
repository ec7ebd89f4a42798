"""CONTRACT STUB (the saves helper replaces this file): the match the device
is playing, its settings and statistics, and the files that keep them.

The screens talk to a Session and never to files:

    s = Session(store)          store: a Store (save.py) over a directory
    s.settings                  Settings: .game, .rules (a sixtysix Rules,
                                mode and options included), .level ("easy",
                                "medium", "hard"), .hints (bool), .target
    s.stats                     Stats: matches/hands won and lost per game
    s.message                   "" or one short line explaining why a save
                                or the statistics could not be read (shown
                                once by the title screen, then cleared)
    s.can_resume() -> bool      a match in progress was loaded
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
    s.save_settings()           after the settings screen changes something
    s.abandon()                 drop the match in progress and its save
"""
