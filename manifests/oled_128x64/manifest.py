# Written from boards/oled_128x64.py by `sixtysix boards`: change the board module and run that again.
# Freeze pocket Sixty-Six for the oled_128x64 board into a MicroPython image (rp2 port):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/REPO/manifests/oled_128x64/manifest.py
# typed in a MicroPython checkout, REPO being this clone (the path must be
# absolute; paths below are relative to this file).  Frozen
# modules run from flash, so the game's code takes no RAM to load.  Our panel
# and button drivers are our own, so nothing comes from micropython-lib.
# ruff: noqa: F821, E501 - package(), include() and metadata() come from MicroPython's manifest tool

metadata(description="Pocket Sixty-Six for oled_128x64", version="0.1.0")

include("$(PORT_DIR)/boards/manifest.py")  # keep what the port freezes by default

package("sixtysix", base_path="../../firmware")
package("sixtysix_app", base_path="../../firmware")
package("boards", files=("__init__.py", "oled_128x64.py"), base_path="../..")
