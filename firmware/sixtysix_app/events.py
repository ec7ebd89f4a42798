"""Logical button events: what the screens understand.

Boards map their physical buttons (and short/long presses) onto these, so a
screen never knows whether it runs on a d-pad, four buttons or two.
"""

from sixtysix.compat import const

NONE = const(0)
PREV = const(1)  # cursor left / up
NEXT = const(2)  # cursor right / down
OK = const(3)  # choose, play, confirm
BACK = const(4)  # cancel; on the table: the action menu
HINT = const(5)  # what would the computer play here
NAMES = ("none", "prev", "next", "ok", "back", "hint")
