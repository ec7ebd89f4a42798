/* Information-set Monte Carlo tree search for Sixty-Six and Schnapsen,
   for the host tools only: the `ismcts` arena player (ismcts.py), a
   reference opponent of the kind outside engines play, far beyond a
   device's budget.

   Single observer: the tree belongs to the player to move at the root.
   Each iteration
   1. deals the cards that player cannot see (the opponent's hand and the
      face-down stock) afresh, to agree with its view: the opponent's shown
      cards, its voids, and (up to 8 redeals) the marriages it did not
      declare when it could have;
   2. walks down the tree of actions, both players choosing by UCB1 among
      the actions legal in this deal, each child's exploration term counted
      over the iterations in which it was available;
   3. adds the first action not yet in the tree, and
   4. plays the hand out by the rollout policy: the trump exchange and a
      marriage whenever allowed, never a close, otherwise a random legal
      card;
   5. adds the hand's game points for the root player, over 3, to every
      node on the way (negated for the opponent's nodes).
   The most visited root action is played.

   The rules are the engine's (firmware/sixtysix/hand.py), checked by
   host_tests/test_ismcts.py against it; two options the tree does not use
   are the trump exchange while following (`exchange-when any-turn`) and
   closing by the follower (`close-by either`): it takes those only on
   lead, which is always legal.  A player with 66 on its turn claims at
   once, and nobody claims falsely, as in the engine's solver.

   Everything is deterministic for a seed: the random numbers are a
   xorshift64 of the caller's seed, and the logarithm of UCB1 is computed
   from + - * / only (compiled with -ffp-contract=off), so the same seed
   picks the same moves on any machine with IEEE doubles. */

#include <stdint.h>
#include <math.h>

#define WIN 66
#define SCHNEIDER 33
#define QUEEN 2
#define KING 3
#define QUEENS 0x104104
#define MARRY_LEAD 32 /* 32 + c: lead c, a king or queen, declaring its marriage */
#define EXCHANGE 68
#define CLOSE 69
#define MOST_ITERATIONS 1000000
#define MOST_ACTIONS 32

typedef struct {
    int32_t queen_lead, no_late_marriage, must_head, must_trump, no_bonus;
    int32_t last_trick_wins, tie_last_trick, schwarz_two, closer_at_close;
    int32_t closer_flat, exchange_rank, exchange_free;
} Rules;

typedef struct {
    int32_t hands[2], pts[2], mar[2], tricks[2], close_score[2], close_tricks[2];
    int32_t trump, closer, lead, pos, stock_size, exchanged, turn, pending, over, winner, gp;
    uint8_t stock[12];
} State;

/* The root: the state with the root player's hand and every public fact
   (the opponent's hand and the face-down stock are dealt here), and how to
   deal: the unseen cards, those the opponent may hold (its voids left
   out), the cards it has shown, how many it holds, and the suits in which
   it is taken to hold no marriage.  `policy` is the rollout's: 0 as
   above; 1, for tests only, a random action of every kind (closes too). */
typedef struct {
    Rules rules;
    State root;
    int32_t me, unseen, allowed, opp_known, opp_count, no_pairs, policy, plain_root;
} Info;

typedef struct {
    int32_t first, next, visits, avail;
    double reward;
    uint8_t action, actor;
} Node;

static Info I;
static Rules R;
static Node tree[MOST_ITERATIONS + 1];
static int ntree;
static double logs[MOST_ITERATIONS + 2];
static int nlogs;
static uint64_t rs;
static const uint8_t POINTS[24] = {0, 2, 3, 4, 10, 11, 0, 2, 3, 4, 10, 11,
                                   0, 2, 3, 4, 10, 11, 0, 2, 3, 4, 10, 11};

/* --- arithmetic that gives the same bits everywhere ---------------------- */

static uint32_t next_random(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return (uint32_t)(rs >> 32);
}

static int below(int n) { return (int)(next_random() % (uint32_t)n); }

/* ln(n) for n >= 1: n = m * 2**k with m in [1, 2), ln(m) = 2 atanh(z) for
   z = (m - 1) / (m + 1) <= 1/3 by its series. */
static double ln_of(int n) {
    double m = n;
    int k = 0;
    while (m >= 2.0) {
        m /= 2.0;
        k++;
    }
    double z = (m - 1.0) / (m + 1.0), z2 = z * z, term = z, sum = 0.0;
    for (int i = 1; i < 40; i += 2) {
        sum += term / i;
        term *= z2;
    }
    return 2.0 * sum + k * 0.69314718055994530942;
}

static double ln_table(int n) {
    while (nlogs <= n) {
        logs[nlogs] = nlogs ? ln_of(nlogs) : 0.0;
        nlogs++;
    }
    return logs[n];
}

static int bits(uint32_t x) { return __builtin_popcount(x); }

static int nth_card(uint32_t x, int k) {
    while (k--) x &= x - 1;
    return __builtin_ctz(x);
}

/* --- the rules ----------------------------------------------------------- */

static int score(const State *s, int p) { return s->tricks[p] ? s->pts[p] + s->mar[p] : s->pts[p]; }

static int strict(const State *s) { return s->closer >= 0 || s->pos >= s->stock_size; }

static int facedown(const State *s) {
    int n = s->stock_size - 1 - s->pos;
    return n > 0 ? n : 0;
}

static int win_points(const State *s, int w) {
    int loser = 1 - w, pts, tricks;
    if (s->closer == w && R.closer_at_close) {
        pts = s->close_score[loser];
        tricks = s->close_tricks[loser];
    } else {
        pts = score(s, loser);
        tricks = s->tricks[loser];
    }
    if (tricks == 0) return R.schwarz_two ? 2 : 3;
    return pts < SCHNEIDER ? 2 : 1;
}

static int closer_failed_points(const State *s) {
    return (R.closer_flat || s->close_tricks[1 - s->closer]) ? 2 : 3;
}

static void end(State *s, int winner, int gp) {
    s->over = 1;
    s->winner = winner;
    s->gp = gp;
}

static void claim(State *s, int p) {
    end(s, p, s->closer == 1 - p ? closer_failed_points(s) : win_points(s, p));
}

static void played_out(State *s, int last) {
    int k = s->closer;
    if (k >= 0) {
        if (score(s, k) >= WIN)
            end(s, k, win_points(s, k));
        else
            end(s, 1 - k, closer_failed_points(s));
        return;
    }
    if (R.last_trick_wins) {
        end(s, last, win_points(s, last));
        return;
    }
    int a = score(s, 0) >= WIN, b = score(s, 1) >= WIN;
    if (a != b)
        end(s, a ? 0 : 1, win_points(s, a ? 0 : 1));
    else if (R.tie_last_trick)
        end(s, last, win_points(s, last));
    else
        end(s, -1, 0);
}

static int follows(const State *s) {
    int hand = s->hands[s->turn], lead = s->lead;
    if (!strict(s)) return hand;
    int same = hand & (0x3F << (lead / 6 * 6));
    if (same) {
        int higher = same & ~((2 << lead) - 1);
        return R.must_head && higher ? higher : same;
    }
    int trumps = hand & (0x3F << (s->trump * 6));
    return R.must_trump && trumps ? trumps : hand;
}

static int may_marry(const State *s) { return !(strict(s) && R.no_late_marriage); }

static int may_exchange(const State *s) {
    int p = s->turn;
    return !s->exchanged && s->closer < 0 && facedown(s) >= 1 &&
           ((s->hands[p] >> (s->trump * 6 + R.exchange_rank)) & 1) && (R.exchange_free || s->tricks[p]);
}

/* The actions of the player to move: cards, MARRY_LEAD + c, EXCHANGE,
   CLOSE. */
static int actions(const State *s, uint8_t *out) {
    int n = 0;
    if (s->lead >= 0) {
        for (int f = follows(s); f; f &= f - 1) out[n++] = (uint8_t)__builtin_ctz(f);
        return n;
    }
    if (s->pending >= 0) {
        int q = s->pending * 6 + QUEEN;
        out[n++] = (uint8_t)q;
        if (!R.queen_lead) out[n++] = (uint8_t)(q + 1);
        return n;
    }
    int hand = s->hands[s->turn];
    for (int h = hand; h; h &= h - 1) {
        int c = __builtin_ctz(h), r = c % 6;
        out[n++] = (uint8_t)c;
        if (may_marry(s) && (r == QUEEN || (r == KING && !R.queen_lead)) && ((hand >> (c - r + QUEEN)) & 3) == 3)
            out[n++] = (uint8_t)(MARRY_LEAD + c);
    }
    if (may_exchange(s)) out[n++] = EXCHANGE;
    if (s->closer < 0 && facedown(s) >= 1) out[n++] = CLOSE;
    return n;
}

static void apply(State *s, int a) {
    int p = s->turn;
    if (a == EXCHANGE) {
        int last = s->stock_size - 1, mine = s->trump * 6 + R.exchange_rank, up = s->stock[last];
        s->hands[p] = (s->hands[p] & ~(1 << mine)) | (1 << up);
        s->stock[last] = (uint8_t)mine;
        s->exchanged = 1;
        return;
    }
    if (a == CLOSE) {
        for (int q = 0; q < 2; q++) {
            s->close_score[q] = score(s, q);
            s->close_tricks[q] = s->tricks[q];
        }
        s->closer = p;
        return;
    }
    if (a >= MARRY_LEAD) {
        a -= MARRY_LEAD;
        s->mar[p] += a / 6 == s->trump ? 40 : 20;
        if (s->tricks[p] && score(s, p) >= WIN) {
            claim(s, p);
            return;
        }
    }
    if (s->lead < 0) {
        s->hands[p] &= ~(1 << a);
        s->lead = a;
        s->pending = -1;
        s->turn = 1 - p;
        return;
    }
    int lead = s->lead, w;
    if (a / 6 == lead / 6)
        w = a > lead ? p : 1 - p;
    else
        w = a / 6 == s->trump ? p : 1 - p;
    s->hands[p] &= ~(1 << a);
    s->pts[w] += POINTS[lead] + POINTS[a];
    s->tricks[w]++;
    s->lead = -1;
    s->turn = w;
    if (s->closer < 0 && s->pos < s->stock_size) {
        s->hands[w] |= 1 << s->stock[s->pos];
        s->hands[1 - w] |= 1 << s->stock[s->pos + 1];
        s->pos += 2;
    }
    if (s->hands[0] == 0 && s->hands[1] == 0) {
        if (s->closer < 0 && !R.no_bonus) s->pts[w] += 10;
        played_out(s, w);
    } else if (score(s, w) >= WIN) {
        claim(s, w);
    }
}

/* --- search --------------------------------------------------------------- */

static int rollout_action(const State *s) {
    uint8_t acts[MOST_ACTIONS];
    if (I.policy == 1) return acts[below(actions(s, acts))];
    if (s->lead >= 0) {
        int f = follows(s);
        return nth_card((uint32_t)f, below(bits((uint32_t)f)));
    }
    if (s->pending >= 0) return s->pending * 6 + QUEEN;
    if (may_exchange(s)) return EXCHANGE;
    int hand = s->hands[s->turn];
    int pairs = hand & (hand >> 1) & QUEENS;
    if (pairs && may_marry(s)) return MARRY_LEAD + __builtin_ctz(pairs);
    return nth_card((uint32_t)hand, below(bits((uint32_t)hand)));
}

static void deal(State *s) {
    *s = I.root;
    int need = I.opp_count - bits((uint32_t)I.opp_known), opp = I.opp_known;
    for (int tries = 0; tries < 8; tries++) {
        int pool = I.allowed;
        opp = I.opp_known;
        for (int i = 0; i < need; i++) {
            int c = nth_card((uint32_t)pool, below(bits((uint32_t)pool)));
            pool &= ~(1 << c);
            opp |= 1 << c;
        }
        int pairs = opp & (opp >> 1) & QUEENS, suits = 0;
        for (; pairs; pairs &= pairs - 1) suits |= 1 << (__builtin_ctz(pairs) / 6);
        if (!(suits & I.no_pairs)) break;
    }
    s->hands[1 - I.me] = opp;
    uint8_t rest[24];
    int k = 0;
    for (int r = I.unseen & ~opp; r; r &= r - 1) rest[k++] = (uint8_t)__builtin_ctz(r);
    for (int i = k - 1; i > 0; i--) {
        int j = below(i + 1);
        uint8_t t = rest[i];
        rest[i] = rest[j];
        rest[j] = t;
    }
    for (int i = 0; i < k; i++) s->stock[s->pos + i] = rest[i];
}

static int child(int parent, int action) {
    for (int c = tree[parent].first; c >= 0; c = tree[c].next)
        if (tree[c].action == action) return c;
    return -1;
}

static int add_child(int parent, int action, int actor) {
    Node *n = &tree[ntree];
    n->first = -1;
    n->next = tree[parent].first;
    n->visits = 0;
    n->avail = 1;
    n->reward = 0.0;
    n->action = (uint8_t)action;
    n->actor = (uint8_t)actor;
    tree[parent].first = ntree;
    return ntree++;
}

/* One iteration from a fresh deal; returns nothing, updates the tree. */
static void iterate(double c) {
    State s;
    uint8_t acts[MOST_ACTIONS];
    int path[64], depth = 0, node = 0;
    deal(&s);
    path[depth++] = 0;
    while (!s.over) {
        int n = actions(&s, acts), m = 0;
        if (node == 0 && I.plain_root) {
            for (int i = 0; i < n; i++)
                if (acts[i] < 24) acts[m++] = acts[i];
            n = m;
        }
        int fresh[MOST_ACTIONS], nf = 0, kids[MOST_ACTIONS];
        for (int i = 0; i < n; i++) {
            kids[i] = child(node, acts[i]);
            if (kids[i] < 0)
                fresh[nf++] = acts[i];
            else
                tree[kids[i]].avail++;
        }
        if (nf) {
            int a = fresh[below(nf)];
            node = add_child(node, a, s.turn);
            path[depth++] = node;
            apply(&s, a);
            break;
        }
        int best = -1;
        double top = 0.0;
        for (int i = 0; i < n; i++) {
            Node *x = &tree[kids[i]];
            double v = x->reward / x->visits + c * sqrt(ln_table(x->avail) / x->visits);
            if (best < 0 || v > top) {
                best = kids[i];
                top = v;
            }
        }
        node = best;
        path[depth++] = node;
        apply(&s, tree[node].action);
    }
    while (!s.over) apply(&s, rollout_action(&s));
    double r = s.winner < 0 ? 0.0 : (s.winner == I.me ? s.gp : -s.gp) / 3.0;
    for (int i = 0; i < depth; i++) {
        Node *x = &tree[path[i]];
        x->visits++;
        x->reward += x->actor == I.me ? r : -r;
    }
}

/* Search `iterations` times from `info` (at most MOST_ITERATIONS) and
   return the most visited root action (ties: the one added last), or -1
   if the root has none; each root action's visits and mean reward are
   written to the arrays (MOST_ACTIONS long) and their count to *n. */
int is_search(const Info *info, int iterations, double c, uint64_t seed, int32_t *root_actions,
              int32_t *visits, double *means, int32_t *n) {
    I = *info;
    R = I.rules;
    rs = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (iterations > MOST_ITERATIONS) iterations = MOST_ITERATIONS;
    ntree = 0;
    tree[0].first = -1;
    tree[0].visits = 0;
    tree[0].actor = 255;
    ntree = 1;
    for (int i = 0; i < iterations; i++) iterate(c);
    int best = -1, k = 0;
    for (int x = tree[0].first; x >= 0; x = tree[x].next) {
        if (k < MOST_ACTIONS) {
            root_actions[k] = tree[x].action;
            visits[k] = tree[x].visits;
            means[k] = tree[x].visits ? tree[x].reward / tree[x].visits : 0.0;
            k++;
        }
        if (best < 0 || tree[x].visits > tree[best].visits) best = x;
    }
    *n = k;
    return best < 0 ? -1 : tree[best].action;
}

/* For the tests: the root state (every card placed by the caller) played
   to its end by the rollout policy, each action written to `log`; returns
   how many, and the winner (-1: nobody) and game points. */
int is_playout(const Info *info, uint64_t seed, uint8_t *log, int32_t *winner, int32_t *gp) {
    I = *info;
    R = I.rules;
    rs = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    State s = I.root;
    int n = 0;
    if (score(&s, s.turn) >= WIN) claim(&s, s.turn);
    while (!s.over && n < 64) {
        int a = rollout_action(&s);
        log[n++] = (uint8_t)a;
        apply(&s, a);
    }
    *winner = s.winner;
    *gp = s.gp;
    return n;
}
