"""Weights of the open-stock card choice (openplay.py): for each game
one tuple for leads and one for follows, in thousandths of a game
point per unit of each feature.

Written by `sixtysix train-policy --matches 300 --rollouts 64 --seed 1`;
do not edit by hand: run the command again.
"""

# sixty-six, lead: fitted on 8892 decisions
SIXTY_SIX_LEAD = (
    247, 179, 128, 108, -402, -537, -110, 262,
    177, 31, -42, -43, 0, -111, 22, 0,
    77, 1, -13, 36, 149, 7, 4, 8,
)

# sixty-six, follow: fitted on 10428 decisions
SIXTY_SIX_FOLLOW = (
    -186, 14, -74, 119, 192, 181, 162, 168,
    81, -317, 62, -126, -242, -107, -174, -647,
    -79, 182, 57, 2, 18, 95, -2, 81,
)

# schnapsen, lead: fitted on 6555 decisions
SCHNAPSEN_LEAD = (
    0, 217, 189, 242, -122, -272, 0, 0,
    132, -70, -158, -159, 0, -131, 24, 0,
    126, 1, 46, 62, 110, 3, -12, 6,
)

# schnapsen, follow: fitted on 7414 decisions
SCHNAPSEN_FOLLOW = (
    -415, 6, -88, 0, 140, 124, 99, 178,
    50, 0, -220, 16, -162, -54, -171, -595,
    -76, 246, 97, 3, 9, 226, -2, 131,
)
