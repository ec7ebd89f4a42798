"""Optional boot.py for a CircuitPython PyBadge: lets the game save.

CircuitPython lets only one side write the CIRCUITPY drive: the computer
(the default) or the code on the board.  This file gives it to the code,
so settings, statistics and the saved match are kept; the drive is then
read-only for the computer.  Hold START while pressing reset to skip it
and get a drive the computer can write (to update the game, or delete this
file).  Without this file the game plays but does not save.
"""

import time

import board
import keypad
import storage

_START = 2  # key number of START in the badge's shift register order: B, A, START, SELECT, ...

keys = keypad.ShiftRegisterKeys(
    clock=board.BUTTON_CLOCK,
    data=board.BUTTON_OUT,
    latch=board.BUTTON_LATCH,
    key_count=8,
    value_when_pressed=True,
)
time.sleep(0.1)  # a few scans, so a held button shows up as an event
start_held = False
event = keys.events.get()
while event:
    if event.pressed and event.key_number == _START:
        start_held = True
    event = keys.events.get()
keys.deinit()

if not start_held:
    storage.remount("/", readonly=False)
