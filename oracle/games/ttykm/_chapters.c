/* The compiled engine of TTYKM's chapters: Growth, Influence, Memory, the three
 * Convergence pairs after their draw, and every variant the fast perft mirrors
 * (perft_chapters.FAST_VARIANTS), the standard game's too.
 *
 * It is oracle/games/ttykm/perft_chapters.py on C values, function for
 * function and in the same order (the names are the same), so that the two
 * read side by side; that module's docstring describes the method and the
 * tests check both against the plain rules (tests/test_fast.py).
 *
 * A state is (mover, focus_w, focus_b, white, black, supply_w, supply_b,
 * seeds, cells, built_w, built_b), perft_chapters.State: copies and seeds as
 * 48-bit masks (bit era * 16 + square), cells 48 bytes, one object each.
 * The Python side (oracle/games/ttykm/fast.py) builds states only from
 * validated positions; read_state refuses any other all the same.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_chapters.h"
#include "_table.h"

#define ALL_CELLS ((1ULL << 48) - 1)
#define SEEDS 5 /* GROWTH.SEEDS */

/* The objects of a cell (perft_chapters: EMPTY ... ELEPHANT). */
enum { EMPTY = 0, SHRUB = 1, TREE = 2, FALLEN = 3, STATUE = 7, ELEPHANT = 10, CELL_VALUES = 16 };
#define IS_STATUE(v) ((v) >= STATUE && (v) < ELEPHANT)

/* Effects (EFFECTS.RECORD): the phases of EFFECTS.PHASES and the kinds. */
enum { REMOVAL, PLACEMENT, MOVEMENT };
enum { SEED_REMOVED, SHRUB_REMOVED, SEED_PLACED, SHRUB_GROWN, STATUE_BUILT, TRAINED, STATUE_MOVED, STEPPED };

enum { N, E, S, W };
static const int OPPOSITE[4] = {S, W, N, E};

/* The variants and chapters in play: one bit each, in the order fast.CHAPTER_FLAGS names them. */
enum {
    F_GROWTH = 1 << 0, F_INFLUENCE = 1 << 1, F_MEMORY = 1 << 2, F_CHOICE_FREE = 1 << 3,
    F_SELF_PUSH_PARADOX = 1 << 4, F_SELF_PUSH_ENDS = 1 << 5, F_SELF_PUSH_WHOLE_TURN = 1 << 6,
    F_PULL_NONE = 1 << 7, F_AUTO_PULL = 1 << 8, F_SIDEWAYS = 1 << 9, F_NO_PULL_WITH_PUSH = 1 << 10,
    F_PLANT_ALONE = 1 << 11, F_GROWTH_KILLS = 1 << 12, F_DIG_ONLY = 1 << 13, F_R2 = 1 << 14,
    F_HATTED_STAYS = 1 << 15, F_ADJACENCY = 1 << 16, F_STEPPED = 1 << 17, F_EFFECTS_RECORDED = 1 << 18,
    F_EFFECTS_GLOBAL = 1 << 19, F_SKIP_OCCUPIED = 1 << 20, F_MOVE_COPY = 1 << 21, F_V2023 = 1 << 22,
    F_REBOUND_ILLEGAL = 1 << 23, F_ALL = (1 << 24) - 1,
};

/* The flags read once per call (perft_chapters.Flags). */
typedef struct {
    int bits;
    int growth, influence, memory, choice_free, self_push, pull_none, auto_pull, sideways, no_pull_with_push,
        plant_alone, growth_kills, dig_only, r2, hatted_stays, adjacency, stepped, effects, skip_occupied,
        move_copy, v2023, rebound_illegal;
} Flags;

static void read_flags(int bits, Flags *f) {
    f->bits = bits;
    f->growth = !!(bits & F_GROWTH);
    f->influence = !!(bits & F_INFLUENCE);
    f->memory = !!(bits & F_MEMORY);
    f->choice_free = !!(bits & F_CHOICE_FREE);
    /* 0: MOVE.OWN-COPY; 1: VARIANT.SELF-PUSH-PARADOX; 2: VARIANT.SELF-PUSH-ENDS; 3: VARIANT.SELF-PUSH-WHOLE-TURN */
    f->self_push = bits & F_SELF_PUSH_WHOLE_TURN ? 3 : bits & F_SELF_PUSH_ENDS ? 2 : bits & F_SELF_PUSH_PARADOX ? 1 : 0;
    f->pull_none = !!(bits & F_PULL_NONE);
    f->auto_pull = !!(bits & F_AUTO_PULL);
    f->sideways = !!(bits & F_SIDEWAYS);
    f->no_pull_with_push = !!(bits & F_NO_PULL_WITH_PUSH);
    f->plant_alone = !!(bits & F_PLANT_ALONE);
    f->growth_kills = !!(bits & F_GROWTH_KILLS);
    f->dig_only = !!(bits & F_DIG_ONLY);
    f->r2 = !!(bits & F_R2);
    f->hatted_stays = !!(bits & F_HATTED_STAYS);
    f->adjacency = !!(bits & F_ADJACENCY);
    f->stepped = !!(bits & F_STEPPED);
    f->effects = bits & F_EFFECTS_GLOBAL ? 2 : bits & F_EFFECTS_RECORDED ? 1 : 0;
    f->skip_occupied = !!(bits & F_SKIP_OCCUPIED);
    f->move_copy = !!(bits & F_MOVE_COPY);
    f->v2023 = !!(bits & F_V2023);
    f->rebound_illegal = !!(bits & F_REBOUND_ILLEGAL);
}

/* STEP[d][c]: the cell one step from c in direction d (N, E, S, W), or -1 at the wall. */
static signed char STEP[4][48];
/* REACH[c]: Plant and Dig up's cells from c, its own and its neighbours, in increasing order (GROWTH.REACH). */
static signed char REACH[48][5], REACH_LEN[48];
/* NEXT_TO[c]: c's neighbours in the order N, E, S, W. */
static signed char NEXT_TO[48][4], NEXT_TO_LEN[48];
/* SIDE[a][s]: the direction from a to its neighbour s (STEP_SIDE). */
static signed char SIDE_OF[48][48];

void chapters_init(void) {
    static const int df[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
    memset(SIDE_OF, -1, sizeof SIDE_OF);
    for (int c = 0; c < 48; c++) {
        int base = c - c % 16, f = c % 4, r = c % 16 / 4;
        NEXT_TO_LEN[c] = 0;
        for (int d = 0; d < 4; d++) {
            int f2 = f + df[d], r2 = r + dr[d];
            STEP[d][c] = (signed char)(f2 < 0 || f2 > 3 || r2 < 0 || r2 > 3 ? -1 : base + r2 * 4 + f2);
            if (STEP[d][c] >= 0) {
                NEXT_TO[c][NEXT_TO_LEN[c]++] = STEP[d][c];
                SIDE_OF[c][STEP[d][c]] = (signed char)d;
            }
        }
        int n = 0;
        for (int t = base; t < base + 16; t++)
            if (t == c || SIDE_OF[c][t] >= 0) REACH[c][n++] = (signed char)t;
        REACH_LEN[c] = (signed char)n;
    }
}

/* --- positions and the working board ------------------------------------------ */

/* A position without the player to move and the Foci: what an action changes. No padding, so that
 * memcmp compares two positions. */
typedef struct {
    u64 copies[2], seeds;
    unsigned char cells[48];
    unsigned char supply[2], built[2], pad[4];
} Pos;

typedef struct {
    int mover, focus[2];
    Pos p;
} CState;

typedef struct {
    unsigned char phase, kind, a, b;
} Effect;

#define MAX_EFFECTS 64 /* per era and action; far more than any action records (checked) */

/* One position while an action resolves (perft_chapters.Board). */
typedef struct {
    Pos p;
    const Flags *flags;
    int active; /* -1: none */
    int self_pushed;
    int unplaced;
    unsigned moved; /* bit 3 * era + owner: that statue version has moved in this action (INFLUENCE.SPENT) */
    int neffects[3];
    Effect effects[3][MAX_EFFECTS];
} Board;

/* Set when something that cannot happen on a valid position happened; the call then raises. */
static int broken = 0;

static void start(Board *b, const Pos *p, const Flags *flags) {
    b->p = *p;
    b->flags = flags;
    b->active = -1;
    b->self_pushed = 0;
    b->unplaced = 0;
    b->moved = 0;
    b->neffects[0] = b->neffects[1] = b->neffects[2] = 0;
}

static inline int copy_at(const Pos *p, int c) { /* 0 White, 1 Black, -1 none */
    if (p->copies[0] >> c & 1) return 0;
    if (p->copies[1] >> c & 1) return 1;
    return -1;
}

static inline int free_for_copy(const Pos *p, int c) {
    return !((p->copies[0] | p->copies[1]) >> c & 1) && !p->cells[c];
}

static inline int is_empty(const Pos *p, int c) {
    return !((p->copies[0] | p->copies[1] | p->seeds) >> c & 1) && !p->cells[c];
}

/* OBJECTS.IMMOVABLE: a tree that cannot fall, a statue that cannot be pushed; shrubs, fallen trees and
 * elephants always. */
static int immovable(const Pos *p, int c, int d) {
    int v = p->cells[c];
    if (!v) return 0;
    if (v == TREE || IS_STATUE(v)) {
        int t = STEP[d][c];
        return t < 0 || immovable(p, t, d);
    }
    return 1;
}

/* --- changes --- */

static void remove_copy(Board *b, int c) {
    b->p.copies[0] &= ~(1ULL << c);
    b->p.copies[1] &= ~(1ULL << c);
    if (b->active == c) b->active = -1;
}

static void move_copy(Board *b, int k, int source, int target) {
    b->p.copies[k] = (b->p.copies[k] & ~(1ULL << source)) | 1ULL << target;
    if (b->active == source) b->active = target;
}

static void record(Board *b, int c, int phase, int kind, int x, int y) {
    int era = c >> 4;
    if (b->neffects[era] == MAX_EFFECTS) {
        broken = 1;
        return;
    }
    Effect *e = &b->effects[era][b->neffects[era]++];
    e->phase = (unsigned char)phase;
    e->kind = (unsigned char)kind;
    e->a = (unsigned char)x;
    e->b = (unsigned char)y;
}

static void remove_seed(Board *b, int c, int dug) { /* GROWTH.SEED-REMOVED */
    b->p.seeds &= ~(1ULL << c);
    if (dug || !b->flags->dig_only) record(b, c, REMOVAL, SEED_REMOVED, c & 15, 0);
}

static void make_way(Board *b, int c, int d);

static void push_copy(Board *b, int c, int d) { /* OBJECTS.PUSH */
    int k = copy_at(&b->p, c), t = STEP[d][c];
    if (t < 0 || immovable(&b->p, t, d)) {
        remove_copy(b, c);
        return;
    }
    int other = copy_at(&b->p, t);
    if (other == k) {
        remove_copy(b, c);
        remove_copy(b, t);
        return;
    }
    if (other >= 0)
        push_copy(b, t, d);
    else if (b->p.cells[t])
        make_way(b, t, d);
    move_copy(b, k, c, t);
}

static void fall(Board *b, int c, int d) { /* GROWTH.FALL */
    int t = STEP[d][c];
    if (t < 0) { /* a tree that cannot fall never makes way (immovable) */
        broken = 1;
        return;
    }
    if (b->p.cells[t]) make_way(b, t, d);
    if ((b->p.copies[0] | b->p.copies[1]) >> t & 1) remove_copy(b, t);
    if (b->p.seeds >> t & 1) remove_seed(b, t, 0);
    b->p.cells[c] = EMPTY;
    b->p.cells[t] = (unsigned char)(FALLEN + d);
}

static void make_room(Board *b, int t, int d) {
    if ((b->p.copies[0] | b->p.copies[1]) >> t & 1)
        push_copy(b, t, d);
    else if (b->p.cells[t])
        make_way(b, t, d);
    if (b->p.seeds >> t & 1) remove_seed(b, t, 0);
}

static void shift(Board *b, int c, int t, int d) { /* INFLUENCE.RECORD: the statue moves to the free t */
    int v = b->p.cells[c];
    b->p.cells[c] = EMPTY;
    b->p.cells[t] = (unsigned char)v;
    int owner = v - STATUE;
    b->moved |= 1u << (3 * (c >> 4) + owner);
    record(b, c, MOVEMENT, STATUE_MOVED, owner, d);
}

static void push_statue(Board *b, int c, int d) { /* INFLUENCE.PUSH */
    int t = STEP[d][c];
    if (t < 0) { /* a statue at the wall never makes way (immovable) */
        broken = 1;
        return;
    }
    make_room(b, t, d);
    shift(b, c, t, d);
}

static void make_way(Board *b, int c, int d) { /* OBJECTS.MAKE-WAY: a statue is pushed, a standing tree falls */
    if (b->p.cells[c] == TREE)
        fall(b, c, d);
    else
        push_statue(b, c, d);
}

static void pull(Board *b, int statue, int d) { /* INFLUENCE.PULL.AFTER-PUSH: into the square left */
    int t = STEP[d][statue];
    if (b->p.seeds >> t & 1) remove_seed(b, t, 0);
    shift(b, statue, t, d);
}

static int find(const Pos *p, int era, int value) {
    for (int c = era << 4; c < (era << 4) + 16; c++)
        if (p->cells[c] == value) return c;
    return -1;
}

static int elephant(const Pos *p, int era, int kind) { /* every era holds each elephant (MEMORY.VALID) */
    int low = ELEPHANT + 3 * kind;
    for (int c = era << 4; c < (era << 4) + 16; c++)
        if (p->cells[c] >= low && p->cells[c] < low + 3) return c;
    broken = 1;
    return -1;
}

static int commanded(const Pos *p, int colour, int era) { /* MEMORY.COMMAND.WHICH */
    for (int k = 0; k < 2; k++) {
        int c = find(p, era, ELEPHANT + 3 * k + 1 + colour);
        if (c >= 0) return c;
    }
    return -1;
}

static void put_hat(Board *b, int c, int colour) { /* MEMORY.TRAIN.HAT */
    int kind = (b->p.cells[c] - ELEPHANT) / 3;
    int partner = elephant(&b->p, c >> 4, 1 - kind);
    if (partner < 0) return;
    if ((b->p.cells[partner] - ELEPHANT) % 3 == colour + 1) b->p.cells[partner] = (unsigned char)(ELEPHANT + 3 * (1 - kind));
    b->p.cells[c] = (unsigned char)(ELEPHANT + 3 * kind + colour + 1);
}

static void step_elephant(Board *b, int source, int target) {
    if ((b->p.copies[0] | b->p.copies[1]) >> target & 1) remove_copy(b, target); /* MEMORY.TRAMPLE */
    b->p.cells[target] = b->p.cells[source];
    b->p.cells[source] = EMPTY;
}

/* --- the order of effects --- */

static int grow(Board *b, int c, int what) { /* GROWTH.GROW */
    if (b->flags->growth_kills && (b->p.copies[0] | b->p.copies[1]) >> c & 1 && !(b->p.seeds >> c & 1) &&
        !b->p.cells[c])
        remove_copy(b, c);
    if (!is_empty(&b->p, c)) return 0;
    b->p.cells[c] = (unsigned char)what;
    return 1;
}

static void place_copy(Board *b, int era, int square, int owner, int d) { /* INFLUENCE.BUILD.LATER, .REBOUND */
    int p = (era << 4) + square;
    const Flags *flags = b->flags;
    if (flags->skip_occupied && !free_for_copy(&b->p, p)) {
        b->unplaced = 1;
        return;
    }
    if (!free_for_copy(&b->p, p) && immovable(&b->p, p, d)) {
        if (flags->v2023) { /* VARIANT.STATUE-BUILD-V2023: no rebound */
            b->unplaced = 1;
            return;
        }
        int back = OPPOSITE[d], q = STEP[back][p];
        if (q < 0 || immovable(&b->p, q, back)) {
            b->unplaced = 1;
            return;
        }
        make_room(b, q, back);
        b->moved |= 1u << (3 * era + owner);
        b->p.cells[q] = (unsigned char)(STATUE + owner);
        if (flags->move_copy) {
            record(b, q, PLACEMENT, STATUE_BUILT, square, 4 * owner + d);
            record(b, q, MOVEMENT, STATUE_MOVED, owner, back);
        } else {
            record(b, q, PLACEMENT, STATUE_BUILT, q & 15, 4 * owner + d);
        }
        return;
    }
    make_room(b, p, d);
    b->p.cells[p] = (unsigned char)(STATUE + owner);
    record(b, p, PLACEMENT, STATUE_BUILT, square, 4 * owner + d);
}

static void apply(Board *b, int era, Effect effect) {
    int a = effect.a, x = effect.b, c = (era << 4) + a;
    unsigned char *cells = b->p.cells;
    switch (effect.kind) {
    case SEED_REMOVED: /* GROWTH.CASCADE.SHRUB */
        if (cells[c] == SHRUB) {
            cells[c] = EMPTY;
            record(b, c, REMOVAL, SHRUB_REMOVED, a, 0);
        }
        return;
    case SHRUB_REMOVED: /* GROWTH.CASCADE.TREE */
        if (cells[c] == TREE) {
            cells[c] = EMPTY;
            return;
        }
        for (int d = 0; d < 4; d++) {
            int t = STEP[d][c];
            if (t >= 0 && cells[t] == FALLEN + d) cells[t] = EMPTY;
        }
        return;
    case SEED_PLACED: /* GROWTH.SHRUB-GROWS */
        if (grow(b, c, SHRUB)) record(b, c, PLACEMENT, SHRUB_GROWN, a, 0);
        return;
    case SHRUB_GROWN: /* GROWTH.TREE-GROWS */
        grow(b, c, TREE);
        return;
    case STATUE_BUILT: /* INFLUENCE.BUILD.LATER: a the square, x = 4 * owner + direction */
        place_copy(b, era, a, x >> 2, x & 3);
        return;
    case STATUE_MOVED: { /* INFLUENCE.PROPAGATE: a the owner, x the direction */
        if (b->moved >> (3 * era + a) & 1) return;
        int s = find(&b->p, era, STATUE + a);
        if (s < 0) return;
        int t = STEP[x][s];
        if (t < 0 || immovable(&b->p, t, x)) return;
        push_statue(b, s, x);
        return;
    }
    case TRAINED: { /* MEMORY.TRAIN.LATER: a the kind, x the colour */
        int e = elephant(&b->p, era, a);
        if (e < 0) return;
        int hat = (cells[e] - ELEPHANT) % 3;
        if (b->flags->r2) {
            if (hat == x + 1) return;
            put_hat(b, e, x);
            if (hat == 0) record(b, e, PLACEMENT, TRAINED, a, x);
            return;
        }
        if (hat) return;
        put_hat(b, e, x);
        record(b, e, PLACEMENT, TRAINED, a, x);
        return;
    }
    default: { /* STEPPED, VARIANT.ELEPHANT-MOVES-PROPAGATE: a the kind, x the direction */
        int source = elephant(&b->p, era, a);
        if (source < 0) return;
        int t = STEP[x][source];
        if (t < 0 || cells[t]) return;
        if (b->p.seeds >> t & 1) remove_seed(b, t, 0); /* removed first, with the dig cascade */
        step_elephant(b, source, t);
        record(b, source, MOVEMENT, STEPPED, a, x);
    }
    }
}

static void propagate_global(Board *b, int era) { /* VARIANT.EFFECT-ORDER-GLOBAL-PHASES */
    u64 applied[3] = {0, 0, 0};
    int progressed = 1;
    while (progressed) {
        progressed = 0;
        for (int phase = REMOVAL; phase <= MOVEMENT; phase++)
            for (int k = era + 1; k < 3; k++)
                for (int i = 0; i < b->neffects[k - 1]; i++) {
                    Effect e = b->effects[k - 1][i];
                    if (e.phase == phase && !(applied[k - 1] >> i & 1)) {
                        applied[k - 1] |= 1ULL << i;
                        apply(b, k, e);
                        progressed = 1;
                    }
                }
    }
}

static void propagate(Board *b, int era) { /* EFFECTS.PHASES (or the variant order) to the later eras */
    int mode = b->flags->effects;
    if (mode == 2) {
        propagate_global(b, era);
        return;
    }
    for (int k = era + 1; k < 3; k++) {
        if (!b->neffects[k - 1]) return; /* nothing reaches era k, so nothing is recorded there for the next */
        if (mode == 1) {
            for (int i = 0; i < b->neffects[k - 1]; i++) apply(b, k, b->effects[k - 1][i]);
            continue;
        }
        for (int phase = REMOVAL; phase <= MOVEMENT; phase++)
            for (int i = 0; i < b->neffects[k - 1]; i++)
                if (b->effects[k - 1][i].phase == phase) apply(b, k, b->effects[k - 1][i]);
    }
}

/* --- the actions --- */

/* An action, as fast.py reads it back: kind, direction (Moves and Command), square (Plant, Dig up, Build,
 * Train, Command: the square of the era) and pull (0 none, 1 the statue behind, 2 + d the one on side d). */
enum { A_MOVE, A_FORWARD, A_BACKWARD, A_PLANT, A_DIG, A_BUILD, A_TRAIN, A_COMMAND };
#define ACTION(kind, d, square, pulled) ((kind) | (d) << 4 | (square) << 6 | (pulled) << 10)

/* A position after one action of a copy, with that action: the active copy's cell (-1 none), whether it
 * was a Move onto the mover's own copy (SelfPushed). */
typedef struct {
    Pos p;
    signed char active, self_pushed;
    short action;
} First;

#define MAX_FIRSTS 64 /* at most 16 Moves with their pulls, 2 travels, 5 Plants or Digs, 4 Builds, 4 Trains, 8 Commands */

static void add_first(First *out, int *n, const Board *b, int action) {
    if (*n == MAX_FIRSTS) {
        broken = 1;
        return;
    }
    First *f = &out[(*n)++];
    f->p = b->p;
    f->active = (signed char)b->active;
    f->self_pushed = (signed char)b->self_pushed;
    f->action = (short)action;
}

static int pull_code(int a, int back, int pulled) {
    return pulled < 0 ? 0 : pulled == back ? 1 : 2 + SIDE_OF[a][pulled];
}

static int pull_direction(int a, int d, int back, int pulled) {
    return pulled == back ? d : OPPOSITE[SIDE_OF[a][pulled]];
}

/* The pulls a Move or Command of the piece on a in direction d may end with (INFLUENCE.PULL), into pulls: -1
 * for none, then the statue behind, then (sideways: pull=sideways) the statues on either side, in that
 * order; under pull=automatic the one choice, the statue behind when there is one. may_pull 0: none but -1.
 * How many. */
static inline int pull_choices(const unsigned char *cells, const Flags *flags, int a, int d, int may_pull, int sideways,
                               int pulls[4]) {
    int np = 0, back = STEP[OPPOSITE[d]][a];
    int behind = may_pull && back >= 0 && IS_STATUE(cells[back]);
    if (flags->auto_pull) {
        pulls[np++] = behind ? back : -1;
    } else {
        pulls[np++] = -1;
        if (behind) pulls[np++] = back;
    }
    if (may_pull && sideways && !flags->auto_pull)
        for (int k = 0; k < 2; k++) {
            int s = STEP[(d + (k ? 3 : 1)) & 3][a];
            if (s >= 0 && IS_STATUE(cells[s])) pulls[np++] = s;
        }
    return np;
}

/* The Move of the copy on a onto the mover's own copy on t (a self-push variant) with each pull it may make:
 * how many there are, and (make) the positions after each. Both copies go and the copy acts no more; the Move
 * pushes nothing, so pull-with-push=forbidden never stops its pull (INFLUENCE.PULL.SELF-PUSH), except under
 * self-push-pull=none, where the statue stays. */
static int self_push(const Pos *p, const Flags *flags, int a, int t, int d, int make, First *out, int *n) {
    int pulls[4], back = STEP[OPPOSITE[d]][a];
    int np = pull_choices(p->cells, flags, a, d, flags->influence && !flags->pull_none, flags->sideways, pulls);
    if (make)
        for (int i = 0; i < np; i++) {
            Board b;
            start(&b, p, flags);
            b.self_pushed = 1; /* paradox */
            remove_copy(&b, a);
            remove_copy(&b, t);
            if (pulls[i] >= 0) {
                pull(&b, pulls[i], pull_direction(a, d, back, pulls[i]));
                propagate(&b, a >> 4);
            }
            add_first(out, n, &b, ACTION(A_MOVE, d, 0, pull_code(a, back, pulls[i])));
        }
    return np;
}

static void command(Board *b, int source, int target, int d) { /* MEMORY.COMMAND, CONVERGENCE.ELEPHANT-TRAMPLE */
    int v = b->p.cells[target];
    if (v == SHRUB || (v >= FALLEN && v < STATUE)) {
        b->p.cells[target] = EMPTY;
        if (v == SHRUB && !b->flags->dig_only) record(b, target, REMOVAL, SHRUB_REMOVED, target & 15, 0);
    } else if (v == TREE) {
        fall(b, target, d);
    } else if (v) {
        push_statue(b, target, d);
    }
    if (b->p.seeds >> target & 1) remove_seed(b, target, 0);
    int kind = (b->p.cells[source] - ELEPHANT) / 3;
    step_elephant(b, source, target);
    if (b->flags->stepped) record(b, source, MOVEMENT, STEPPED, kind, d);
}

/* Every legal action of the copy on a (the mover's, colour): the positions after each (make, appended to
 * out), or only how many there are (perft_chapters.Board.moves). */
static int moves(const Pos *p, const Flags *flags, int colour, int a, int make, First *out, int *nout) {
    int n = 0;
    const unsigned char *cells = p->cells;
    u64 occupied = p->copies[0] | p->copies[1], own = p->copies[colour];
    int era = a >> 4;
    for (int d = 0; d < 4; d++) { /* Move, and Move with pull (OBJECTS.MOVE, INFLUENCE.PULL) */
        int t = STEP[d][a];
        if (t < 0) continue;
        if (own >> t & 1) { /* onto the mover's own copy: MOVE.OWN-COPY, or a self-push variant */
            if (flags->self_push) n += self_push(p, flags, a, t, d, make, out, nout);
            continue;
        }
        if (cells[t] && immovable(p, t, d)) continue;
        int pushes = (occupied >> t & 1) || cells[t];
        int pulls[4], back = STEP[OPPOSITE[d]][a];
        int np = pull_choices(cells, flags, a, d, !(flags->no_pull_with_push && pushes), flags->sideways, pulls);
        if (!make) {
            n += np;
            continue;
        }
        for (int i = 0; i < np; i++) {
            Board b;
            start(&b, p, flags);
            b.active = a;
            if (occupied >> t & 1) /* the push in front of a Move (OBJECTS.PUSH, OBJECTS.MAKE-WAY); a seed stays */
                push_copy(&b, t, d);
            else if (cells[t])
                make_way(&b, t, d);
            move_copy(&b, colour, a, t);
            if (pulls[i] >= 0) pull(&b, pulls[i], pull_direction(a, d, back, pulls[i]));
            propagate(&b, era);
            add_first(out, nout, &b, ACTION(A_MOVE, d, 0, pull_code(a, back, pulls[i])));
        }
    }
    if (era < 2 && !(occupied >> (a + 16) & 1) && !cells[a + 16]) { /* TRAVEL.FORWARD, OBJECTS.TRAVEL */
        n++;
        if (make) {
            Board b;
            start(&b, p, flags);
            b.active = a;
            move_copy(&b, colour, a, a + 16);
            add_first(out, nout, &b, ACTION(A_FORWARD, 0, 0, 0));
        }
    }
    if (era > 0 && p->supply[colour] && !(occupied >> (a - 16) & 1) && !cells[a - 16]) { /* TRAVEL.BACKWARD */
        n++;
        if (make) {
            Board b;
            start(&b, p, flags);
            b.p.copies[colour] |= 1ULL << (a - 16);
            b.p.supply[colour]--;
            b.active = a - 16;
            add_first(out, nout, &b, ACTION(A_BACKWARD, 0, 0, 0));
        }
    }
    if (flags->growth) {
        int plantable = __builtin_popcountll(p->seeds) < SEEDS;
        for (int i = 0; i < REACH_LEN[a]; i++) {
            int s = REACH[a][i];
            if (p->seeds >> s & 1) { /* GROWTH.DIG */
                n++;
                if (make) {
                    Board b;
                    start(&b, p, flags);
                    b.active = a;
                    remove_seed(&b, s, 1);
                    propagate(&b, era);
                    add_first(out, nout, &b, ACTION(A_DIG, 0, s & 15, 0));
                }
            } else if (plantable && !cells[s] && !(flags->plant_alone && s != a && occupied >> s & 1)) {
                n++; /* GROWTH.PLANT */
                if (make) {
                    Board b;
                    start(&b, p, flags);
                    b.active = a;
                    b.p.seeds |= 1ULL << s;
                    record(&b, s, PLACEMENT, SEED_PLACED, s & 15, 0);
                    propagate(&b, era);
                    add_first(out, nout, &b, ACTION(A_PLANT, 0, s & 15, 0));
                }
            }
        }
    }
    if (flags->influence && !p->built[colour]) { /* INFLUENCE.BUILD */
        for (int d = 0; d < 4; d++) {
            int t = STEP[d][a];
            if (t < 0 || !is_empty(p, t)) continue;
            if (!make) {
                int lands = 1; /* every later copy lands on a free square, so none is refused (rebound-blocked=illegal) */
                if (flags->rebound_illegal)
                    for (int q = t + 16; q < 48; q += 16) lands &= free_for_copy(p, q);
                if (lands) {
                    n++;
                    continue;
                }
            }
            Board b;
            start(&b, p, flags);
            b.active = a;
            b.p.cells[t] = (unsigned char)(STATUE + 1 + colour);
            b.p.built[colour] = 1;
            record(&b, t, PLACEMENT, STATUE_BUILT, t & 15, 4 * (1 + colour) + d);
            propagate(&b, era);
            if (flags->rebound_illegal && b.unplaced) continue;
            n++;
            if (make) add_first(out, nout, &b, ACTION(A_BUILD, d, t & 15, 0));
        }
    }
    if (flags->memory) {
        for (int i = 0; i < NEXT_TO_LEN[a]; i++) { /* MEMORY.TRAIN */
            int t = NEXT_TO[a][i], v = cells[t];
            if (v < ELEPHANT || (v - ELEPHANT) % 3 == colour + 1) continue;
            n++;
            if (make) {
                Board b;
                start(&b, p, flags);
                b.active = a;
                put_hat(&b, t, colour);
                if ((v - ELEPHANT) % 3 == 0 || !flags->hatted_stays)
                    record(&b, t, PLACEMENT, TRAINED, (v - ELEPHANT) / 3, colour);
                propagate(&b, era);
                add_first(out, nout, &b, ACTION(A_TRAIN, 0, t & 15, 0));
            }
        }
        int source = commanded(p, colour, era);
        if (source >= 0 && !(flags->adjacency && SIDE_OF[a][source] < 0)) {
            for (int d = 0; d < 4; d++) { /* MEMORY.COMMAND, CONVERGENCE.ELEPHANT-TREE, .ELEPHANT-STATUE */
                int t = STEP[d][source];
                if (t < 0) continue;
                int v = cells[t];
                if (v >= ELEPHANT || ((v == TREE || IS_STATUE(v)) && immovable(p, t, d))) continue;
                int pulls[4], np = pull_choices(cells, flags, source, d, 1, 0, pulls);
                if (!make) {
                    n += np;
                    continue;
                }
                for (int k = 0; k < np; k++) {
                    Board b;
                    start(&b, p, flags);
                    b.active = a;
                    command(&b, source, t, d);
                    if (pulls[k] >= 0) pull(&b, pulls[k], d);
                    propagate(&b, era);
                    add_first(out, nout, &b, ACTION(A_COMMAND, d, t & 15, pulls[k] >= 0));
                }
            }
        }
    }
    return n;
}

/* --- the turn ------------------------------------------------------------------ */

/* A position after a copy's line of actions, with the actions (-1: none). */
typedef struct {
    Pos p;
    short copy, first, second;
    short pad;
} Line;

typedef struct {
    Line *v;
    int n, cap;
} Lines;

static void add_line(Lines *l, const Pos *p, int copy, int first, int second) {
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 256;
        Line *v = (Line *)realloc(l->v, (size_t)cap * sizeof(Line));
        if (!v) {
            broken = 1;
            return;
        }
        l->v = v;
        l->cap = cap;
    }
    Line *line = &l->v[l->n++];
    line->p = *p;
    line->copy = (short)copy;
    line->first = (short)first;
    line->second = (short)second;
    line->pad = 0;
}

/* The longest action count of the copy on a, how many lines of it (*count), and (lines not NULL) their
 * positions (perft_chapters.Rules._lines). A first action that removed the copy ends its line. Under
 * self-push=ends and self-push=whole-turn a first Move onto the mover's own copy is a complete line beside the
 * two-action lines (VARIANT.SELF-PUSH-ENDS); under self-push=whole-turn it also weighs two actions, for the
 * number of actions and the copy choice (VARIANT.SELF-PUSH-WHOLE-TURN). A copy trampled by its own command
 * (MEMORY.ACTIVE-KILLED) only ends its line. */
static int copy_lines(const Pos *p, const Flags *flags, int mover, int a, u64 *count, Lines *lines) {
    First firsts[MAX_FIRSTS], seconds[MAX_FIRSTS];
    int nf = 0;
    moves(p, flags, mover, a, 1, firsts, &nf);
    int mode = flags->self_push, completes = mode >= 2, square = a & 15;
    u64 twos = 0, pushed = 0;
    for (int i = 0; i < nf; i++) {
        if (firsts[i].active >= 0) {
            if (lines) {
                int ns = 0;
                moves(&firsts[i].p, flags, mover, firsts[i].active, 1, seconds, &ns);
                for (int j = 0; j < ns; j++) add_line(lines, &seconds[j].p, square, firsts[i].action, seconds[j].action);
                twos += (u64)ns;
            } else {
                twos += (u64)moves(&firsts[i].p, flags, mover, firsts[i].active, 0, NULL, NULL);
            }
        } else if (firsts[i].self_pushed) {
            pushed++;
        }
    }
    if (twos || (mode == 3 && pushed)) {
        if (completes && lines)
            for (int i = 0; i < nf; i++)
                if (firsts[i].self_pushed) add_line(lines, &firsts[i].p, square, firsts[i].action, -1);
        *count = completes ? twos + pushed : twos;
        return 2;
    }
    if (lines) { /* the two-action lines found none: the one-action lines instead */
        for (int i = 0; i < nf; i++) add_line(lines, &firsts[i].p, square, firsts[i].action, -1);
    }
    *count = (u64)nf;
    return nf ? 1 : 0;
}

/* TURN.COPY-CHOICE, TURN.NO-ACTION (and VARIANT.COPY-CHOICE-FREE): the number of lines, whether a turn with
 * no actions is legal, and (lines not NULL) the positions of the lines of the copies that may be chosen, in
 * copy order, with the position itself last for the turn with no actions (perft_chapters.Rules._choose). */
static u64 choose(const CState *st, const Flags *flags, int *no_action, Lines *lines) {
    int focus = st->focus[st->mover], best = 0, found = 0, chosen = 0;
    u64 mask = st->p.copies[st->mover] >> (focus * 16) & 0xFFFF, total = 0;
    while (mask) {
        int a = focus * 16 + __builtin_ctzll(mask);
        mask &= mask - 1;
        found++;
        int before = lines ? lines->n : 0;
        u64 count = 0;
        int length = copy_lines(&st->p, flags, st->mover, a, &count, lines);
        if (flags->choice_free) {
            if (length > 0) {
                chosen++;
                total += count;
            }
            continue;
        }
        if (length > best) { /* a longer copy: the shorter ones before it may not be chosen */
            if (lines) {
                memmove(lines->v, lines->v + before, (size_t)(lines->n - before) * sizeof(Line));
                lines->n -= before;
            }
            best = length;
            total = count;
        } else if (length == best && best > 0) {
            total += count;
        } else if (lines) {
            lines->n = before;
        }
    }
    if (flags->choice_free)
        *no_action = chosen < found || !found;
    else
        *no_action = best == 0;
    if (*no_action) {
        if (!flags->choice_free) total = 0;
        if (lines) add_line(lines, &st->p, -1, -1, -1);
    }
    return total;
}

static u64 count_turns(const CState *st, const Flags *flags) { /* two Focus choices for each line */
    int no_action = 0;
    u64 lines = choose(st, flags, &no_action, NULL);
    return 2 * (lines + (u64)no_action);
}

static int eras_of(u64 mask) {
    return ((mask & 0xFFFF) != 0) + ((mask >> 16 & 0xFFFF) != 0) + ((mask >> 32) != 0);
}

/* --- perft: the walk of perft_walk.walk, with an exact-key transposition table ------------ */

typedef struct {
    u64 key[7];
    u64 count;
} Entry;

static Table table = {NULL, sizeof(Entry), 0, 20, 28}; /* 2^20 entries of 64 bytes: 64 MB */

/* The key of (state, flags, depth): the masks, the cells 4 bits each (an era a word), and one word for the
 * rest, its top bit set so that an empty entry never matches. */
static void make_key(const CState *st, int bits, int depth, u64 key[7]) {
    key[0] = st->p.copies[0];
    key[1] = st->p.copies[1];
    key[2] = st->p.seeds;
    for (int era = 0; era < 3; era++) {
        u64 w = 0;
        for (int s = 0; s < 16; s++) w |= (u64)st->p.cells[era * 16 + s] << (4 * s);
        key[3 + era] = w;
    }
    key[6] = 1ULL << 63 | (u64)bits << 24 | (u64)depth << 16 | (u64)st->mover << 15 | (u64)st->focus[0] << 13 |
             (u64)st->focus[1] << 11 | (u64)st->p.supply[0] << 8 | (u64)st->p.supply[1] << 5 |
             (u64)st->p.built[0] << 4 | (u64)st->p.built[1] << 3;
}

static Entry *lookup(const u64 key[7]) {
    if (!table.entries) return NULL;
    u64 h = mix(key[0] ^ mix(key[1] ^ mix(key[2] ^ mix(key[3] ^ mix(key[4] ^ mix(key[5] ^ mix(key[6])))))));
    return (Entry *)table.entries + (h & table.mask);
}

static int cmp_pos(const void *x, const void *y) {
    return memcmp(&((const Line *)x)->p, &((const Line *)y)->p, sizeof(Pos));
}

static u64 perft(const CState *st, const Flags *flags, int depth) {
    u64 key[7];
    make_key(st, flags->bits, depth, key);
    Entry *e = lookup(key); /* the table keeps the last level's counts too (Hooks.cache_leaves) */
    if (e && memcmp(e->key, key, sizeof key) == 0) return e->count;
    u64 total = 0;
    if (depth == 1) {
        total = count_turns(st, flags);
    } else {
        Lines lines = {NULL, 0, 0};
        int no_action = 0;
        choose(st, flags, &no_action, &lines);
        if (lines.n > 1) qsort(lines.v, (size_t)lines.n, sizeof(Line), cmp_pos); /* equal positions together */
        int mover = st->mover;
        for (int i = 0; i < lines.n && !broken;) {
            int j = i + 1;
            while (j < lines.n && memcmp(&lines.v[j].p, &lines.v[i].p, sizeof(Pos)) == 0) j++;
            if (eras_of(lines.v[i].p.copies[1 - mover]) > 1) { /* WIN.CHECK: a won game has no further turns */
                CState child;
                child.p = lines.v[i].p;
                child.mover = 1 - mover;
                child.focus[1 - mover] = st->focus[1 - mover];
                for (int f = 0; f < 3; f++) {
                    if (f == st->focus[mover]) continue;
                    child.focus[mover] = f;
                    total += (u64)(j - i) * perft(&child, flags, depth - 1);
                }
            }
            i = j;
        }
        free(lines.v);
    }
    if (e && !broken) {
        memcpy(e->key, key, sizeof key);
        e->count = total;
    }
    return total;
}

/* --- the Python side ------------------------------------------------------------ */

/* Read (state, flags), refusing anything that is not a chapter position the readers could build
 * (POSITION.VALID): copies on distinct cells, at most seven a player with the supply, object values in
 * range, and under Memory each elephant once on every era. */
static int read_state(PyObject *state, int bits, CState *st, Flags *flags) {
    unsigned long long white, black, seeds;
    int sw, sb, bw, bb;
    const char *cells;
    Py_ssize_t ncells;
    if (!PyArg_ParseTuple(state, "iiiKKiiKy#pp", &st->mover, &st->focus[0], &st->focus[1], &white, &black, &sw, &sb,
                          &seeds, &cells, &ncells, &bw, &bb))
        return 0;
    int valid = ncells == 48 && (white | black | seeds) <= ALL_CELLS && !(white & black) && st->mover >= 0 &&
                st->mover <= 1 && st->focus[0] >= 0 && st->focus[0] <= 2 && st->focus[1] >= 0 && st->focus[1] <= 2 &&
                sw >= 0 && sw <= 4 && sb >= 0 && sb <= 4 && __builtin_popcountll(white) + sw <= 7 &&
                __builtin_popcountll(black) + sb <= 7 && __builtin_popcountll(seeds) <= SEEDS &&
                bits >= 0 && bits <= F_ALL;
    memset(&st->p, 0, sizeof st->p);
    if (valid) {
        st->p.copies[0] = white;
        st->p.copies[1] = black;
        st->p.seeds = seeds;
        st->p.supply[0] = (unsigned char)sw;
        st->p.supply[1] = (unsigned char)sb;
        st->p.built[0] = (unsigned char)bw;
        st->p.built[1] = (unsigned char)bb;
        for (int c = 0; c < 48; c++) {
            unsigned char v = (unsigned char)cells[c];
            valid &= v < CELL_VALUES && !(v >= FALLEN && v < STATUE && STEP[OPPOSITE[v - FALLEN]][c] < 0);
            st->p.cells[c] = v;
        }
    }
    if (valid && bits & F_MEMORY)
        for (int era = 0; era < 3; era++)
            for (int kind = 0; kind < 2; kind++) {
                int n = 0;
                for (int c = era * 16; c < era * 16 + 16; c++)
                    n += st->p.cells[c] >= ELEPHANT + 3 * kind && st->p.cells[c] < ELEPHANT + 3 * kind + 3;
                valid &= n == 1;
            }
    if (!valid) {
        PyErr_SetString(PyExc_ValueError, "not a valid chapter position (POSITION.VALID)");
        return 0;
    }
    read_flags(bits, flags);
    broken = 0;
    return 1;
}

static int check_broken(void) {
    if (!broken) return 1;
    broken = 0;
    PyErr_SetString(PyExc_RuntimeError, "the chapter engine met a position it cannot resolve");
    return 0;
}

static PyObject *py_count_turns(PyObject *self, PyObject *args) {
    PyObject *state;
    int bits;
    if (!PyArg_ParseTuple(args, "Oi", &state, &bits)) return NULL;
    CState st;
    Flags flags;
    if (!read_state(state, bits, &st, &flags)) return NULL;
    u64 n = count_turns(&st, &flags);
    if (!check_broken()) return NULL;
    return PyLong_FromUnsignedLongLong(n);
}

/* Every legal turn's line, in copy order, with the position after it: (copy, first, second, white, black,
 * supply_w, supply_b, seeds, cells, built_w, built_b); copy the square on the Focus era or -1 (the turn with
 * no actions, last), each action as ACTION packs it or -1. The Focus choices are the caller's. */
static PyObject *py_lines(PyObject *self, PyObject *args) {
    PyObject *state;
    int bits;
    if (!PyArg_ParseTuple(args, "Oi", &state, &bits)) return NULL;
    CState st;
    Flags flags;
    if (!read_state(state, bits, &st, &flags)) return NULL;
    Lines lines = {NULL, 0, 0};
    int no_action = 0;
    choose(&st, &flags, &no_action, &lines);
    if (!check_broken()) {
        free(lines.v);
        return NULL;
    }
    PyObject *out = PyList_New(lines.n);
    for (int i = 0; out && i < lines.n; i++) {
        const Line *l = &lines.v[i];
        PyObject *item = Py_BuildValue("(iiiKKiiKy#ii)", l->copy, l->first, l->second,
                                       (unsigned long long)l->p.copies[0], (unsigned long long)l->p.copies[1],
                                       l->p.supply[0], l->p.supply[1], (unsigned long long)l->p.seeds,
                                       (const char *)l->p.cells, (Py_ssize_t)48, l->p.built[0], l->p.built[1]);
        if (!item) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, item);
    }
    free(lines.v);
    return out;
}

/* The number of an action in the encoding's alphabet (ENCODING.ACTIONS, oracle/games/ttykm/encoding.py
 * `alphabet`) of the chapters in ``alphabet`` (bit 0 Growth, 1 Influence, 2 Memory): 1 to 6 the standard
 * actions, then Plant and Dig up by square, the Moves with pull each followed by its two sideways pulls and
 * Build by square, Train and Command by square, Command with pull by square; 0 for none. Under pull=automatic a
 * Move and a Command pull by themselves and are written without it. -1: not in the alphabet. */
static int letter(int action, int alphabet, const Flags *flags) {
    if (action < 0) return 0;
    int kind = action & 15, d = action >> 4 & 3, square = action >> 6 & 15, pulled = action >> 10 & 7;
    if (kind == A_MOVE && (pulled == 0 || (pulled == 1 && flags->auto_pull))) return 1 + d;
    if (kind == A_FORWARD) return 5;
    if (kind == A_BACKWARD) return 6;
    int base = 7;
    if (alphabet & 1) {
        if (kind == A_PLANT) return base + square;
        if (kind == A_DIG) return base + 16 + square;
        base += 32;
    }
    if (alphabet & 2) {
        /* a sideways pull's side: the first perpendicular direction (E of N and S, N of E and W) or the second */
        if (kind == A_MOVE) return base + 3 * d + (pulled == 1 ? 0 : (pulled - 2) == (d == N || d == S ? E : N) ? 1 : 2);
        if (kind == A_BUILD) return base + 12 + square;
        base += 28;
    }
    if (alphabet & 4) {
        if (kind == A_TRAIN) return base + square;
        if (kind == A_COMMAND && (!pulled || flags->auto_pull)) return base + 16 + square;
        base += 32;
    }
    if ((alphabet & 6) == 6 && kind == A_COMMAND) return base + square;
    return -1;
}

static int letters_of(int alphabet) {
    return 7 + (alphabet & 1 ? 32 : 0) + (alphabet & 2 ? 28 : 0) + (alphabet & 4 ? 32 : 0) + ((alphabet & 6) == 6 ? 16 : 0);
}

/* The number of a line's turn with the new Focus ``focus``: ((copy * L + first) * L + second) * 3 + focus,
 * copy 16 for none, L the alphabet's size with "none"; -1 when an action is not in the alphabet. */
static long line_id(const Line *line, int focus, int alphabet, const Flags *flags) {
    long n = letters_of(alphabet);
    int first = letter(line->first, alphabet, flags), second = letter(line->second, alphabet, flags);
    if (first < 0 || second < 0) return -1;
    return (((line->copy < 0 ? 16 : line->copy) * n + first) * n + second) * 3 + focus;
}

static int cmp_long(const void *x, const void *y) {
    long a = *(const long *)x, b = *(const long *)y;
    return (a > b) - (a < b);
}

/* chapter_turn_ids(state, flags, alphabet): the numbers of every legal turn, in increasing order. */
static PyObject *py_turn_ids(PyObject *self, PyObject *args) {
    PyObject *state;
    int bits, alphabet;
    if (!PyArg_ParseTuple(args, "Oii", &state, &bits, &alphabet)) return NULL;
    CState st;
    Flags flags;
    if (!read_state(state, bits, &st, &flags)) return NULL;
    Lines lines = {NULL, 0, 0};
    int no_action = 0;
    choose(&st, &flags, &no_action, &lines);
    long *ids = (long *)malloc((size_t)(2 * lines.n + 1) * sizeof(long));
    int k = 0;
    if (!ids) broken = 1;
    for (int i = 0; ids && i < lines.n; i++)
        for (int f = 0; f < 3; f++)
            if (f != st.focus[st.mover]) {
                ids[k] = line_id(&lines.v[i], f, alphabet & 7, &flags);
                if (ids[k++] < 0) broken = 1;
            }
    free(lines.v);
    if (!check_broken()) {
        free(ids);
        return NULL;
    }
    qsort(ids, (size_t)k, sizeof(long), cmp_long);
    PyObject *out = PyList_New(k);
    for (int i = 0; out && i < k; i++) {
        PyObject *id = PyLong_FromLong(ids[i]);
        if (!id) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, id);
    }
    free(ids);
    return out;
}

/* chapter_play_id(state, flags, alphabet, id): the position after the turn numbered id, (white, black,
 * supply_w, supply_b, seeds, cells, built_w, built_b, won), or None when no legal turn has that number. */
static PyObject *py_play_id(PyObject *self, PyObject *args) {
    PyObject *state;
    int bits, alphabet;
    long id;
    if (!PyArg_ParseTuple(args, "Oiil", &state, &bits, &alphabet, &id)) return NULL;
    CState st;
    Flags flags;
    if (!read_state(state, bits, &st, &flags)) return NULL;
    if (id < 0 || id % 3 == st.focus[st.mover]) Py_RETURN_NONE;
    Lines lines = {NULL, 0, 0};
    int no_action = 0;
    choose(&st, &flags, &no_action, &lines);
    PyObject *out = NULL;
    for (int i = 0; i < lines.n && !broken; i++) {
        const Line *l = &lines.v[i];
        if (line_id(l, (int)(id % 3), alphabet & 7, &flags) != id) continue;
        out = Py_BuildValue("(KKiiKy#iii)", (unsigned long long)l->p.copies[0], (unsigned long long)l->p.copies[1],
                            l->p.supply[0], l->p.supply[1], (unsigned long long)l->p.seeds, (const char *)l->p.cells,
                            (Py_ssize_t)48, l->p.built[0], l->p.built[1], eras_of(l->p.copies[1 - st.mover]) <= 1);
        break;
    }
    free(lines.v);
    if (!check_broken()) {
        Py_XDECREF(out);
        return NULL;
    }
    if (!out) Py_RETURN_NONE;
    return out;
}

/* chapter_tensor(white, black, supply_w, supply_b, removed_w, removed_b, focus_w, focus_b, to_move, seeds,
 * cells, built_w, built_b, modules): the observation planes of a chapter position (ENCODING.OBSERVATION,
 * oracle/games/ttykm/encoding.py `PLANES`) as float32 bytes, 29 planes of 48 cells; to_move -1 for none,
 * modules bit 0 Growth, 1 Influence, 2 Memory (each chapter's planes only where it is in play). */
#define PLANES 29
enum { P_SEED = 2, P_SHRUB, P_TREE, P_FALLEN, P_ROOT, P_STATUE, P_ELEPHANT = 10, P_HAT = 12, P_FOCUS = 14,
       P_TO_MOVE = 16, P_SUPPLY = 18, P_REMOVED = 20, P_SEED_SUPPLY = 22, P_BUILT = 23, P_CHAPTER = 25 };
static PyObject *py_tensor(PyObject *self, PyObject *args) {
    unsigned long long masks[2], seeds;
    int supply[2], removed[2], focus[2], to_move, built[2], modules;
    const char *cells;
    Py_ssize_t ncells;
    if (!PyArg_ParseTuple(args, "KKiiiiiiiKy#iii", &masks[0], &masks[1], &supply[0], &supply[1], &removed[0],
                          &removed[1], &focus[0], &focus[1], &to_move, &seeds, &cells, &ncells, &built[0], &built[1],
                          &modules))
        return NULL;
    if (ncells != 48 || (masks[0] | masks[1] | seeds) > ALL_CELLS || focus[0] < 0 || focus[0] > 2 || focus[1] < 0 ||
        focus[1] > 2) {
        PyErr_SetString(PyExc_ValueError, "not a valid chapter position (POSITION.VALID)");
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, PLANES * 48 * sizeof(float));
    if (!out) return NULL;
    float *t = (float *)PyBytes_AS_STRING(out);
    memset(t, 0, PLANES * 48 * sizeof(float));
#define AT(plane, c) t[(plane) * 48 + (c)]
    for (int k = 0; k < 2; k++) {
        for (int c = 0; c < 48; c++) {
            if (masks[k] >> c & 1) AT(k, c) = 1.0f;
            AT(P_SUPPLY + k, c) = (float)(supply[k] / 4.0);
            AT(P_REMOVED + k, c) = (float)(removed[k] / 7.0);
            if (to_move == k) AT(P_TO_MOVE + k, c) = 1.0f;
            if (modules & 2 && built[k]) AT(P_BUILT + k, c) = 1.0f;
        }
        for (int s = 0; s < 16; s++) AT(P_FOCUS + k, focus[k] * 16 + s) = 1.0f;
    }
    for (int c = 0; c < 48; c++) {
        for (int k = 0; k < 3; k++)
            if (modules >> k & 1) AT(P_CHAPTER + k, c) = 1.0f;
        if (modules & 1) {
            AT(P_SEED_SUPPLY, c) = (float)((SEEDS - __builtin_popcountll(seeds)) / 5.0);
            if (seeds >> c & 1) AT(P_SEED, c) = 1.0f;
        }
        int v = (unsigned char)cells[c];
        if (modules & 1 && v == SHRUB) AT(P_SHRUB, c) = 1.0f;
        if (modules & 1 && v == TREE) AT(P_TREE, c) = 1.0f;
        if (modules & 1 && v >= FALLEN && v < STATUE) {
            int root = STEP[OPPOSITE[v - FALLEN]][c];
            AT(P_FALLEN, c) = 1.0f;
            if (root >= 0) AT(P_ROOT, root) = 1.0f;
        }
        if (modules & 2 && IS_STATUE(v)) AT(P_STATUE + v - STATUE, c) = 1.0f;
        if (modules & 4 && v >= ELEPHANT && v < CELL_VALUES) {
            AT(P_ELEPHANT + (v - ELEPHANT) / 3, c) = 1.0f;
            if ((v - ELEPHANT) % 3) AT(P_HAT + (v - ELEPHANT) % 3 - 1, c) = 1.0f;
        }
    }
#undef AT
    return out;
}

static PyObject *py_perft(PyObject *self, PyObject *args) {
    PyObject *state;
    int bits, depth, use_table = 1;
    if (!PyArg_ParseTuple(args, "Oii|p", &state, &bits, &depth, &use_table)) return NULL;
    CState st;
    Flags flags;
    if (!read_state(state, bits, &st, &flags)) return NULL;
    void *saved;
    if (!table_begin(&table, depth, use_table, &saved)) return NULL;
    /* The GIL stays held: the table is shared by every call in the process (see _engine.c's perft). */
    u64 count = perft(&st, &flags, depth);
    table.entries = saved;
    if (!check_broken()) {
        table_drop(&table); /* an entry written before the fault may be wrong: start again */
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(count);
}

static PyObject *py_set_table_bits(PyObject *self, PyObject *arg) {
    return table_set_bits(&table, arg);
}

/* Empty the table, allocating it if need be, and touch every page of it: a count timed after this pays
 * neither for the allocation nor for the first touch of its memory. */
static PyObject *py_clear_table(PyObject *self, PyObject *unused) {
    if (!table_ensure(&table)) return PyErr_NoMemory();
    memset(table.entries, 0, (table.mask + 1) * table.entry_size);
    Py_RETURN_NONE;
}

static PyMethodDef chapter_methods[] = {
    {"chapter_clear_table", py_clear_table, METH_NOARGS, "Empty the chapters' transposition table (allocated)."},
    {"chapter_count_turns", py_count_turns, METH_VARARGS,
     "chapter_count_turns(state, flags): the number of legal turns of a chapter state."},
    {"chapter_lines", py_lines, METH_VARARGS,
     "chapter_lines(state, flags): every legal line with the position after it, in copy order."},
    {"chapter_turn_ids", py_turn_ids, METH_VARARGS,
     "chapter_turn_ids(state, flags, alphabet): the numbers of every legal turn, in increasing order."},
    {"chapter_play_id", py_play_id, METH_VARARGS,
     "chapter_play_id(state, flags, alphabet, id): the position after the turn numbered id, or None."},
    {"chapter_tensor", py_tensor, METH_VARARGS,
     "The observation planes of a chapter position, as float32 bytes."},
    {"chapter_perft", py_perft, METH_VARARGS,
     "chapter_perft(state, flags, depth, table=True): the number of turn sequences of a chapter state."},
    {"chapter_set_table_bits", py_set_table_bits, METH_O,
     "Size the chapters' transposition table: 2**bits entries of 64 bytes (emptied)."},
    {NULL, NULL, 0, NULL},
};

int chapters_add(PyObject *module) {
    return PyModule_AddFunctions(module, chapter_methods);
}
