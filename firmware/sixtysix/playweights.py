"""Weights of the open-stock card choice (openplay.py), in thousandths
of a game point per unit of each feature: for Sixty-Six and then
Schnapsen, the lead weights and then the follow weights, NFEATURES
each.  WEIGHTS holds each weight plus 32768 in two bytes, low byte
first (openplay.weight reads one).

Written by `sixtysix train-policy --matches 300 --rollouts 64 --seed 1`;
do not edit by hand: run the command again.
"""

# sixty-six, lead: fitted on 8892 decisions
#     247   179   128   108  -402  -537  -110   262
#     177    31   -42   -43     0  -111    22     0
#      77     1   -13    36   149     7     4     8
# sixty-six, follow: fitted on 10428 decisions
#    -186    14   -74   119   192   181   162   168
#      81  -317    62  -126  -242  -107  -174  -647
#     -79   182    57     2    18    95    -2    81
# schnapsen, lead: fitted on 6555 decisions
#       0   217   189   242  -122  -272     0     0
#     132   -70  -158  -159     0  -131    24     0
#     126     1    46    62   110     3   -12     6
# schnapsen, follow: fitted on 7414 decisions
#    -415     6   -88     0   140   124    99   178
#      50     0  -220    16  -162   -54  -171  -595
#     -76   246    97     3     9   226    -2   131
WEIGHTS = (
    b"\xf7\x80\xb3\x80\x80\x80\x6c\x80\x6e\x7e\xe7\x7d\x92\x7f\x06\x81\xb1\x80\x1f\x80\xd6\x7f\xd5\x7f\x00\x80\x91\x7f\x16\x80\x00\x80"
    b"\x4d\x80\x01\x80\xf3\x7f\x24\x80\x95\x80\x07\x80\x04\x80\x08\x80\x46\x7f\x0e\x80\xb6\x7f\x77\x80\xc0\x80\xb5\x80\xa2\x80\xa8\x80"
    b"\x51\x80\xc3\x7e\x3e\x80\x82\x7f\x0e\x7f\x95\x7f\x52\x7f\x79\x7d\xb1\x7f\xb6\x80\x39\x80\x02\x80\x12\x80\x5f\x80\xfe\x7f\x51\x80"
    b"\x00\x80\xd9\x80\xbd\x80\xf2\x80\x86\x7f\xf0\x7e\x00\x80\x00\x80\x84\x80\xba\x7f\x62\x7f\x61\x7f\x00\x80\x7d\x7f\x18\x80\x00\x80"
    b"\x7e\x80\x01\x80\x2e\x80\x3e\x80\x6e\x80\x03\x80\xf4\x7f\x06\x80\x61\x7e\x06\x80\xa8\x7f\x00\x80\x8c\x80\x7c\x80\x63\x80\xb2\x80"
    b"\x32\x80\x00\x80\x24\x7f\x10\x80\x5e\x7f\xca\x7f\x55\x7f\xad\x7d\xb4\x7f\xf6\x80\x61\x80\x03\x80\x09\x80\xe2\x80\xfe\x7f\x83\x80"
)
