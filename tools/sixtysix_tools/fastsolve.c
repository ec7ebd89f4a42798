/* The two-player solver's search in C, for the host tools only.

   The same alpha-beta as firmware/sixtysix/solver.py (which the device
   runs, as bytecode or as viper code): the same moves in the same order,
   the same values (game points * 1000 + hand-point margin, or game points
   alone when `coarse`), the same conventions (a player with 66 claims at
   once, nobody claims falsely).  It exists because the host's training and
   its strongest experimental player solve whole hands from the first
   trick, with the stock still open, in every sampled world: millions of
   nodes a decision, which Python takes seconds for.

   Two things differ from solver.py, both only where that solver does not
   look: the transposition table is large (2**20 entries, host memory), so
   node counts are not solver.py's; and with `exchange_in_tree` a player
   on lead who may exchange the trump card for the upcard does so before
   leading (solver.py leaves the exchange to the root; a better trump for
   a worse one is nearly always taken, so it is taken without branching).
   host_tests/test_fastsolve.py compares the values with solver.py's.

   fastsolve.py compiles this file with the machine's C compiler and loads
   it with ctypes. */

#include <stdint.h>
#include <string.h>

#define WIN 66
#define SCHNEIDER 33
#define INF 1000000
#define GP 1000
#define QUEEN 2
#define KING 3
#define QUEENS 0x104104u
#define EXACT 0
#define LOWER 1
#define UPPER 2
#define TT_BITS 20
#define TT_SIZE (1u << TT_BITS)
#define MAX_PLY 40

/* What the caller fills and hands to ss_load: the rules, then the
   position.  Field for field as fastsolve.py's ctypes Structure. */
typedef struct {
    int32_t queen_lead, no_late_marriage, must_head, must_trump, no_bonus;
    int32_t last_trick_wins, tie_last_trick, schwarz_two, closer_at_close;
    int32_t closer_flat, exchange_rank, exchange_free, exchange_in_tree, close_in_tree;
    int32_t hands[2], pts[2], mar[2], tricks[2], close_score[2], close_tricks[2];
    int32_t trump, closer, lead, pos, stock_size, exchanged, coarse;
    int64_t limit;
    uint8_t stock[12];
} Position;

typedef struct {
    uint32_t a, b, c, d;
    int32_t v;
    uint32_t gen;
} Entry;

static Position S;
static int64_t nodes;
static int aborted;
static Entry table[TT_SIZE];
static uint32_t gen = 0;
static const uint8_t POINTS[24] = {0, 2, 3, 4, 10, 11, 0, 2, 3, 4, 10, 11,
                                   0, 2, 3, 4, 10, 11, 0, 2, 3, 4, 10, 11};
static uint8_t moves[MAX_PLY][8];

static int score(int p) { return S.tricks[p] ? S.pts[p] + S.mar[p] : S.pts[p]; }

static int win_points(int w) {
    int loser = 1 - w, pts, tricks;
    if (S.closer == w && S.closer_at_close) {
        pts = S.close_score[loser];
        tricks = S.close_tricks[loser];
    } else {
        pts = score(loser);
        tricks = S.tricks[loser];
    }
    if (tricks == 0) return S.schwarz_two ? 2 : 3;
    if (pts < SCHNEIDER) return 2;
    return 1;
}

static int closer_failed_points(void) {
    return (S.closer_flat || S.close_tricks[1 - S.closer]) ? 2 : 3;
}

static int value(int p, int winner, int gp) {
    int v = S.coarse ? 0 : score(p) - score(1 - p);
    if (winner == p) return v + gp * GP;
    if (winner >= 0) return v - gp * GP;
    return v;
}

static int claim_value(int p) {
    if (S.closer == 1 - p) return value(p, p, closer_failed_points());
    return value(p, p, win_points(p));
}

static int played_out_value(int p, int last) {
    int k = S.closer;
    if (k >= 0) {
        if (score(k) >= WIN) return value(p, k, win_points(k));
        return value(p, 1 - k, closer_failed_points());
    }
    if (S.last_trick_wins) return value(p, last, win_points(last));
    int a = score(0) >= WIN, b = score(1) >= WIN;
    if (a != b) {
        int w = a ? 0 : 1;
        return value(p, w, win_points(w));
    }
    if (S.tie_last_trick) return value(p, last, win_points(last));
    return value(p, -1, 0);
}

static int marriage_claim(int p) {
    if (!S.tricks[p] || (S.no_late_marriage && (S.closer >= 0 || S.pos >= S.stock_size))) return -INF;
    int hand = S.hands[p], best = -INF;
    for (int suit = 0; suit < 4; suit++) {
        int q = suit * 6 + QUEEN;
        if (((hand >> q) & 3) == 3) {
            int m = suit == S.trump ? 40 : 20;
            if (S.pts[p] + S.mar[p] + m >= WIN) {
                S.mar[p] += m;
                int v = claim_value(p);
                S.mar[p] -= m;
                if (v > best) best = v;
            }
        }
    }
    return best;
}

static int gen_leads(int p, uint8_t *out) {
    int hand = S.hands[p], n = 0;
    for (int c = 23; c >= 0; c--) {
        if (c % 6 == 5 && !((hand >> (c - 5)) & 0x3F)) {
            c -= 5;
            continue;
        }
        if ((hand >> c) & 1) out[n++] = (uint8_t)c;
    }
    return n;
}

static int put(int cards, uint8_t *out, int n) {
    for (int c = 0; cards; c++, cards >>= 1)
        if (cards & 1) out[n++] = (uint8_t)c;
    return n;
}

static int gen_follows(int p, uint8_t *out) {
    int hand = S.hands[p], lead = S.lead, s = lead / 6;
    int same = hand & (0x3F << (s * 6)), allowed;
    if (S.closer < 0 && S.pos < S.stock_size) {
        allowed = hand;
    } else if (same) {
        allowed = same;
        if (S.must_head) {
            int higher = same & ~((2 << lead) - 1);
            if (higher) allowed = higher;
        }
    } else {
        allowed = hand;
        if (S.must_trump) {
            int trumps = hand & (0x3F << (S.trump * 6));
            if (trumps) allowed = trumps;
        }
    }
    int win = allowed & ~((2 << lead) - 1) & (0x3F << (s * 6));
    if (s != S.trump) win |= allowed & (0x3F << (S.trump * 6));
    return put(allowed & ~win, out, put(win, out, 0));
}

static int search_follow(int p, int alpha, int beta, int ply, int only);

static int may_exchange(int p) {
    return S.exchange_in_tree && !S.exchanged && S.closer < 0 && S.pos < S.stock_size - 1 &&
           ((S.hands[p] >> (S.trump * 6 + S.exchange_rank)) & 1) && (S.exchange_free || S.tricks[p]);
}

/* p exchanges its trump card (the jack, or the nine) for the upcard, the
   stock's last card; the upcard taken is returned for exchange_back. */
static int exchange(int p) {
    int n = S.stock_size, mine = S.trump * 6 + S.exchange_rank, up = S.stock[n - 1];
    S.hands[p] = (S.hands[p] & ~(1 << mine)) | (1 << up);
    S.stock[n - 1] = (uint8_t)mine;
    S.exchanged = 1;
    return up;
}

static void exchange_back(int p, int up, int was) {
    int mine = S.trump * 6 + S.exchange_rank;
    S.hands[p] = (S.hands[p] & ~(1 << up)) | (1 << mine);
    S.stock[S.stock_size - 1] = (uint8_t)up;
    S.exchanged = was;
}

static int close_and_search(int p, int alpha, int beta, int ply);

static int search_lead(int p, int alpha, int beta, int ply) {
    if (nodes >= S.limit) {
        aborted = 1;
        return 0;
    }
    nodes++;
    if (score(p) >= WIN) return claim_value(p);
    int best = -INF;
    /* Exchanging first: the card taken may complete a marriage to claim
       with, and the card given (a jack or a nine) belongs to none. */
    int swapped = may_exchange(p) ? exchange(p) : -1;
    int hand = S.hands[p];
    if (S.tricks[p] && (hand & (hand >> 1) & QUEENS)) {
        best = marriage_claim(p);
        if (best >= beta) goto done;
    }
    uint32_t a = (uint32_t)S.hands[0] | ((uint32_t)p << 24) | ((S.tricks[0] ? 1u : 0u) << 25) |
                 ((S.tricks[1] ? 1u : 0u) << 26) | ((uint32_t)S.exchanged << 27) | ((uint32_t)S.coarse << 28);
    uint32_t b = (uint32_t)S.hands[1] | ((uint32_t)(S.mar[0] / 20) << 24);
    uint32_t k = (uint32_t)S.pts[0] | ((uint32_t)S.pts[1] << 8) | ((uint32_t)(S.mar[1] / 20) << 16) |
                 ((uint32_t)S.pos << 19);
    uint32_t d = (uint32_t)(S.closer + 1);
    if (d) {
        d |= ((uint32_t)S.close_score[0] << 2) | ((uint32_t)S.close_score[1] << 10);
        d |= ((S.close_tricks[0] ? 1u : 0u) << 18) | ((S.close_tricks[1] ? 1u : 0u) << 19);
    }
    uint64_t h = ((uint64_t)a * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)b * 0xC2B2AE3D27D4EB4Full) ^
                 ((uint64_t)k * 0x165667B19E3779F9ull) ^ ((uint64_t)d * 0x27D4EB2F165667C5ull);
    h ^= h >> 29;
    Entry *e = &table[(h * 0xBF58476D1CE4E5B9ull) >> (64 - TT_BITS)];
    int alpha0 = alpha;
    if (e->gen == gen && e->a == a && e->b == b && e->c == k && e->d == d) {
        int flag = e->v & 3, v = (e->v >> 2) - INF;
        if (flag == EXACT || (flag == LOWER && v >= beta) || (flag == UPPER && v <= alpha)) {
            if (v < best) v = best;
            best = v;
            goto done;
        }
    }
    if (best > alpha) alpha = best;
    if (S.close_in_tree && S.closer < 0 && S.pos < S.stock_size - 1 && alpha < beta) {
        int v = close_and_search(p, alpha, beta, ply);
        if (v > best) {
            best = v;
            if (v > alpha) alpha = v;
        }
    }
    {
        uint8_t *mv = moves[ply];
        int n = gen_leads(p, mv);
        int marry_ok = !(S.no_late_marriage && (S.closer >= 0 || S.pos >= S.stock_size));
        for (int i = 0; i < n && alpha < beta; i++) {
            int c = mv[i], m = 0;
            if (marry_ok) {
                int r = c % 6;
                if (r == QUEEN || (r == KING && !S.queen_lead)) {
                    int q = c - r + QUEEN;
                    if (((hand >> q) & 3) == 3) {
                        m = c / 6 == S.trump ? 40 : 20;
                        if (S.tricks[p] && S.pts[p] + S.mar[p] + m >= WIN) m = 0;
                    }
                }
            }
            for (;;) {
                S.hands[p] = hand & ~(1 << c);
                S.mar[p] += m;
                S.lead = c;
                int v = -search_follow(1 - p, -beta, -alpha, ply + 1, -1);
                S.lead = -1;
                S.mar[p] -= m;
                S.hands[p] = hand;
                if (v > best) {
                    best = v;
                    if (v > alpha) alpha = v;
                }
                if (alpha >= beta || m == 0) break;
                m = 0;
            }
        }
    }
    if (!aborted) {
        int flag = best <= alpha0 ? UPPER : (best >= beta ? LOWER : EXACT);
        e->gen = gen;
        e->a = a;
        e->b = b;
        e->c = k;
        e->d = d;
        e->v = ((best + INF) << 2) | flag;
    }
done:
    if (swapped >= 0) exchange_back(p, swapped, 0);
    return best;
}

static int close_and_search(int p, int alpha, int beta, int ply) {
    int cs0 = S.close_score[0], cs1 = S.close_score[1], ct0 = S.close_tricks[0], ct1 = S.close_tricks[1];
    S.close_score[0] = score(0);
    S.close_score[1] = score(1);
    S.close_tricks[0] = S.tricks[0];
    S.close_tricks[1] = S.tricks[1];
    S.closer = p;
    int v = search_lead(p, alpha, beta, ply + 1);
    S.closer = -1;
    S.close_score[0] = cs0;
    S.close_score[1] = cs1;
    S.close_tricks[0] = ct0;
    S.close_tricks[1] = ct1;
    return v;
}

static int search_follow(int p, int alpha, int beta, int ply, int only) {
    uint8_t *mv = moves[ply];
    int n;
    if (only < 0) {
        if (nodes >= S.limit) {
            aborted = 1;
            return 0;
        }
        nodes++;
        if (score(p) >= WIN) return claim_value(p);
        n = gen_follows(p, mv);
    } else {
        mv[0] = (uint8_t)only;
        n = 1;
    }
    int lead = S.lead, leader = 1 - p, hand = S.hands[p], pos = S.pos;
    int draws = S.closer < 0 && pos < S.stock_size;
    int best = -INF;
    for (int i = 0; i < n; i++) {
        int c = mv[i], cs = c / 6, w;
        if (cs == lead / 6)
            w = c > lead ? p : leader;
        else if (cs == S.trump)
            w = p;
        else
            w = leader;
        int pts = POINTS[lead] + POINTS[c];
        S.hands[p] = hand & ~(1 << c);
        S.pts[w] += pts;
        S.tricks[w] += 1;
        S.lead = -1;
        if (draws) {
            S.hands[w] |= 1 << S.stock[pos];
            S.hands[1 - w] |= 1 << S.stock[pos + 1];
            S.pos = pos + 2;
        }
        int v;
        if (S.hands[0] == 0 && S.hands[1] == 0) {
            int bonus = (S.closer < 0 && !S.no_bonus) ? 10 : 0;
            S.pts[w] += bonus;
            v = played_out_value(p, w);
            S.pts[w] -= bonus;
        } else if (w == p) {
            v = search_lead(p, alpha, beta, ply + 1);
        } else {
            v = -search_lead(w, -beta, -alpha, ply + 1);
        }
        if (draws) {
            S.pos = pos;
            S.hands[w] &= ~(1 << S.stock[pos]);
            S.hands[1 - w] &= ~(1 << S.stock[pos + 1]);
        }
        S.lead = lead;
        S.tricks[w] -= 1;
        S.pts[w] -= pts;
        S.hands[p] = hand;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

static int lead_card(int p, int c, int m, int lo, int hi) {
    int hand = S.hands[p];
    S.hands[p] = hand & ~(1 << c);
    S.mar[p] += m;
    S.lead = c;
    int v = -search_follow(1 - p, -hi, -lo, 1, -1);
    S.lead = -1;
    S.mar[p] -= m;
    S.hands[p] = hand;
    return v;
}

static int search_root(int p, int lo, int hi) {
    if (S.lead < 0) return search_lead(p, lo, hi, 0);
    return search_follow(p, lo, hi, 0, -1);
}

/* --- the interface (fastsolve.py) ---------------------------------------- */

/* Take a position: a new world, so the table's contents are forgotten. */
void ss_load(const Position *pos) {
    S = *pos;
    nodes = 0;
    aborted = 0;
    gen++;
    if (gen == 0) {
        memset(table, 0, sizeof table);
        gen = 1;
    }
}

int64_t ss_nodes(void) { return nodes; }

int ss_aborted(void) { return aborted; }

void ss_set_coarse(int coarse) { S.coarse = coarse; }

void ss_set_limit(int64_t limit) { S.limit = limit; }

/* Value for p of the loaded position, p to act. */
int ss_best(int p, int lo, int hi) {
    if (aborted) return 0;
    return search_root(p, lo, hi);
}

/* Value for p of action `code` (solverbase.value_of's codes: a card, 64 +
   suit for a marriage, 68 exchange, 69 close), searched within (lo, hi). */
int ss_value_of(int p, int code, int lo, int hi) {
    if (aborted) return 0;
    if (code == 69) return close_and_search(p, lo, hi, 0);
    if (code == 68) {
        int was = S.exchanged, up = exchange(p);
        int v = search_root(p, lo, hi);
        exchange_back(p, up, was);
        return v;
    }
    if (S.lead >= 0) return search_follow(p, lo, hi, 1, code);
    if (code < 64) return lead_card(p, code, 0, lo, hi);
    int suit = code - 64, m = suit == S.trump ? 40 : 20;
    if (S.tricks[p] && score(p) + m >= WIN) {
        S.mar[p] += m;
        int v = claim_value(p);
        S.mar[p] -= m;
        return v;
    }
    int q = suit * 6 + QUEEN;
    int v = lead_card(p, q, m, lo, hi);
    if (!S.queen_lead) {
        int king = lead_card(p, q + 1, m, lo, hi);
        if (king > v) v = king;
    }
    return v;
}
