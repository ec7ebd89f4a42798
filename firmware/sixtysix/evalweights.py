"""Weights of the open-stock search's evaluation (evaluate.py), one
tuple a game, in thousandths of a game point per unit of each feature.

Written by `sixtysix train --hands 50000 --seed 1 --player heuristic`; do not
edit by hand: run the command again.
"""

# sixty-six: fitted on 414189 positions
SIXTY_SIX = (
    225,  # bias
    26,  # score
    27,  # uncounted marriages
    109,  # no trick yet
    -29,  # stock left
    155,  # 33 reached
    125,  # trump 9
    -86,  # trump J
    264,  # trump Q
    387,  # trump K
    225,  # trump 10
    322,  # trump A
    -322,  # side 9
    -355,  # side J
    -206,  # side Q
    -144,  # side K
    -152,  # side 10
    -59,  # side A
    443,  # trump marriage held
    407,  # side marriages held
)

# schnapsen: fitted on 363718 positions
SCHNAPSEN = (
    267,  # bias
    23,  # score
    28,  # uncounted marriages
    139,  # no trick yet
    -36,  # stock left
    246,  # 33 reached
    0,  # trump 9
    168,  # trump J
    164,  # trump Q
    339,  # trump K
    228,  # trump 10
    376,  # trump A
    0,  # side 9
    -417,  # side J
    -291,  # side Q
    -226,  # side K
    -237,  # side 10
    -104,  # side A
    519,  # trump marriage held
    436,  # side marriages held
)
