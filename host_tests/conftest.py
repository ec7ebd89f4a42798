"""Make the firmware core and the portable tests importable for pytest."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (os.path.join(ROOT, "firmware"), os.path.join(HERE, "portable")):
    if path not in sys.path:
        sys.path.insert(0, path)
