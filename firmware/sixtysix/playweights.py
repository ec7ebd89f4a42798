"""Weights of the open-stock card choice (openplay.py), in thousandths
of a game point per unit of each feature: for Sixty-Six and then
Schnapsen, the lead weights and then the follow weights, NFEATURES
each.  WEIGHTS holds each weight plus 32768 in two bytes, low byte
first (openplay.weight reads one).

Written by `sixtysix train-policy --matches 300 --rollouts 32 --seed 1`;
do not edit by hand: run the command again.
"""

# sixty-six, lead: fitted on 8187 decisions
#     245   207   134   136  -248  -383  -202   208
#      90     4   -37  -153     0  -106    19     0
#      81     1    16    43   145    -1    -2     7
# sixty-six, follow: fitted on 9383 decisions
#    -271     7   -85   103   185   167   146   222
#     117  -314   107  -142  -227   -74  -289  -699
#     -83   231    55     3    36   155    -2    66
# schnapsen, lead: fitted on 6641 decisions
#       0   192   173   213   -75  -226     0     0
#      96    -4  -162  -207     0  -146    23     0
#     140     1    57    74   138    -4   -13     7
# schnapsen, follow: fitted on 7498 decisions
#    -353    -1   -94     0   154   151   126   233
#      81     0  -243   -48  -140   -63  -252  -681
#     -98   291    95     4    17   200    -2   113
WEIGHTS = (
    b"\xf5\x80\xcf\x80\x86\x80\x88\x80\x08\x7f\x81\x7e\x36\x7f\xd0\x80\x5a\x80\x04\x80\xdb\x7f\x67\x7f\x00\x80\x96\x7f\x13\x80\x00\x80"
    b"\x51\x80\x01\x80\x10\x80\x2b\x80\x91\x80\xff\x7f\xfe\x7f\x07\x80\xf1\x7e\x07\x80\xab\x7f\x67\x80\xb9\x80\xa7\x80\x92\x80\xde\x80"
    b"\x75\x80\xc6\x7e\x6b\x80\x72\x7f\x1d\x7f\xb6\x7f\xdf\x7e\x45\x7d\xad\x7f\xe7\x80\x37\x80\x03\x80\x24\x80\x9b\x80\xfe\x7f\x42\x80"
    b"\x00\x80\xc0\x80\xad\x80\xd5\x80\xb5\x7f\x1e\x7f\x00\x80\x00\x80\x60\x80\xfc\x7f\x5e\x7f\x31\x7f\x00\x80\x6e\x7f\x17\x80\x00\x80"
    b"\x8c\x80\x01\x80\x39\x80\x4a\x80\x8a\x80\xfc\x7f\xf3\x7f\x07\x80\x9f\x7e\xff\x7f\xa2\x7f\x00\x80\x9a\x80\x97\x80\x7e\x80\xe9\x80"
    b"\x51\x80\x00\x80\x0d\x7f\xd0\x7f\x74\x7f\xc1\x7f\x04\x7f\x57\x7d\x9e\x7f\x23\x81\x5f\x80\x04\x80\x11\x80\xc8\x80\xfe\x7f\x71\x80"
)
