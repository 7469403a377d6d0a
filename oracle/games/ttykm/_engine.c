/* The compiled engine of the standard game: which turns, which position after
 * each, how many (perft), and the observation planes.
 *
 * It mirrors the standard rules (spec/ttykm/; the plain reading is
 * oracle/games/ttykm/rules/standard.py) on bit masks, as the Python hooks of
 * oracle/games/ttykm/perft.py do, and the tests check it against the plain
 * rules on random and crowded positions (tests/test_fast.py).  The Python side
 * (oracle/games/ttykm/fast.py) builds its states only from validated
 * positions; the checks below refuse anything else all the same, so no value
 * from outside can reach the generator.
 *
 * A state is seen from the player to move: (own, opp, own_supply, opp_supply,
 * own_focus, opp_focus), copies as 48-bit masks, bit era * 16 + square.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_chapters.h"
#include "_table.h"

#define ALL_CELLS ((1ULL << 48) - 1)
#define ERA_BITS 0xFFFFULL
#define MAX_LINES 64   /* one copy: at most 6 first actions, each with at most 6 second ones */
#define MAX_BOARDS 512 /* every copy on the Focus era (at most 7) with its lines */

typedef struct {
    u64 own, opp;
    int so, sp, fo, fp;
    int free; /* the variant copy-choice=free (VARIANT.COPY-CHOICE-FREE) */
} State;

/* A board after a copy's actions, with the actions that led there (-1: none). */
typedef struct {
    u64 own, opp;
    int so;
    signed char copy, first, second;
} Line;

/* RAY[c][d][k]: the k-th cell beyond cell c in direction d (N, E, S, W); RAYLEN[c][d] how many. */
static signed char RAY[48][4][3];
static signed char RAYLEN[48][4];

static void init_rays(void) {
    static const int df[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
    for (int c = 0; c < 48; c++) {
        int base = c - c % 16, s = c % 16;
        for (int d = 0; d < 4; d++) {
            int f = s % 4, r = s / 4, n = 0;
            for (;;) {
                f += df[d];
                r += dr[d];
                if (f < 0 || f > 3 || r < 0 || r > 3) break;
                RAY[c][d][n++] = (signed char)(base + r * 4 + f);
            }
            RAYLEN[c][d] = (signed char)n;
        }
    }
}

/* Move the copy on a in direction d: MOVE.ORTHOGONAL, MOVE.WALL, MOVE.OWN-COPY,
 * MOVE.EMPTY and the push (MOVE.PUSH, .CHAIN, .CRUSH, .PARADOX).  Returns 0 when
 * the move is illegal, else 1 with the board after it and the new active cell. */
static int move(u64 own, u64 opp, int a, int d, u64 *own_out, u64 *opp_out, int *target) {
    int n = RAYLEN[a][d];
    if (n == 0) return 0; /* the wall */
    const signed char *ray = RAY[a][d];
    int t = ray[0];
    u64 abit = 1ULL << a, tbit = 1ULL << t;
    if (own & tbit) return 0; /* onto your own copy */
    *target = t;
    if (!(opp & tbit)) {
        *own_out = (own & ~abit) | tbit;
        *opp_out = opp;
        return 1;
    }
    /* A push chain: colours alternate from ray[0] until the chain meets the wall
     * (its last copy is crushed), an empty square (it moves on) or a copy of its
     * own colour (both go: a paradox).  Every copy of the chain moving one square
     * on swaps the colours of the chain's squares. */
    u64 o = own, p = opp, flip = tbit;
    int j = 0, end_own = 0; /* the colour of the copy on ray[j]: 0 opp, 1 own */
    for (;;) {
        if (j + 1 == n) { /* MOVE.PUSH.CRUSH */
            o ^= flip;
            p ^= flip;
            break;
        }
        u64 nb = 1ULL << ray[j + 1];
        if (!((o | p) & nb)) { /* an empty square: the last copy moves onto it */
            o ^= flip;
            p ^= flip;
            if (end_own) o |= nb; else p |= nb;
            break;
        }
        if ((end_own ? o : p) & nb) { /* MOVE.PUSH.PARADOX: the last copy and the one beyond go */
            o ^= flip;
            p ^= flip;
            if (end_own) o &= ~nb; else p &= ~nb;
            break;
        }
        flip |= nb; /* MOVE.PUSH.CHAIN */
        j++;
        end_own = !end_own;
    }
    *own_out = o & ~abit;
    *opp_out = p;
    return 1;
}

/* Action d of the copy on a (0-3 a Move N, E, S, W; 4 TRAVEL.FORWARD; 5 TRAVEL.BACKWARD and
 * TRAVEL.BACKWARD.SUPPLY), so supply so.  Returns 0 when it is illegal, else 1 with the board and
 * the supply after it and the new active cell. */
static inline int act(u64 own, u64 opp, int so, int a, int d, u64 *own_out, u64 *opp_out, int *so_out, int *target) {
    *so_out = so;
    if (d < 4) return move(own, opp, a, d, own_out, opp_out, target);
    if (d == 4) {
        if (a >= 32 || ((own | opp) >> (a + 16) & 1)) return 0;
        *own_out = (own & ~(1ULL << a)) | 1ULL << (a + 16);
        *target = a + 16;
    } else {
        if (a < 16 || !so || ((own | opp) >> (a - 16) & 1)) return 0;
        *own_out = own | 1ULL << (a - 16);
        *target = a - 16;
        *so_out = so - 1;
    }
    *opp_out = opp;
    return 1;
}

/* Every line of the copy on a at its longest (TURN.ACTIVE-COPY, TURN.ACTION-COUNT),
 * in the order N, E, S, W, F, B for each action (ORACLE.ORDER).  Returns the
 * length (0, 1 or 2) and appends the lines to out (none for length 0). */
static int copy_lines(u64 own, u64 opp, int so, int a, Line *out, int *count) {
    Line firsts[6];
    int tfirst[6], nf = 0;
    for (int d = 0; d < 6; d++) {
        u64 o, p;
        int t, s;
        if (!act(own, opp, so, a, d, &o, &p, &s, &t)) continue;
        firsts[nf].own = o;
        firsts[nf].opp = p;
        firsts[nf].so = s;
        firsts[nf].first = (signed char)d;
        tfirst[nf++] = t;
    }
    int start = *count, twos = 0;
    for (int i = 0; i < nf; i++) {
        u64 o1 = firsts[i].own, p1 = firsts[i].opp;
        int s1 = firsts[i].so, t1 = tfirst[i];
        for (int d = 0; d < 6; d++) {
            u64 o, p;
            int t, s;
            if (!act(o1, p1, s1, t1, d, &o, &p, &s, &t)) continue;
            Line *line = &out[*count];
            line->own = o;
            line->opp = p;
            line->so = s;
            line->copy = (signed char)(a % 16);
            line->first = firsts[i].first;
            line->second = (signed char)d;
            (*count)++;
            twos++;
        }
    }
    if (twos) return 2;
    *count = start;
    for (int i = 0; i < nf; i++) {
        out[*count] = firsts[i];
        out[*count].copy = (signed char)(a % 16);
        out[*count].second = -1;
        (*count)++;
    }
    return nf ? 1 : 0;
}

/* The number of second actions the copy on t can take (a Move is legal unless at
 * the wall or onto an own copy; a push always resolves). */
static int count_seconds(u64 o, u64 p, int s, int t) {
    int n = 0;
    u64 occ = o | p;
    for (int d = 0; d < 4; d++)
        if (RAYLEN[t][d] && !(o >> RAY[t][d][0] & 1)) n++;
    if (t < 32 && !(occ >> (t + 16) & 1)) n++;
    if (t >= 16 && s && !(occ >> (t - 16) & 1)) n++;
    return n;
}

/* TURN.COPY-CHOICE, TURN.NO-ACTION: the number of legal turns, counted without
 * making the second actions (bulk counting); each line has two Focus choices. */
static u64 count_turns(const State *st) {
    u64 own = st->own, opp = st->opp;
    int so = st->so, best = 0;
    u64 total = 0;
    u64 mask = own >> (st->fo * 16) & ERA_BITS;
    while (mask) {
        int a = st->fo * 16 + __builtin_ctzll(mask);
        mask &= mask - 1;
        int nf = 0;
        u64 twos = 0;
        for (int d = 0; d < 6; d++) {
            u64 o, p;
            int t, s;
            if (!act(own, opp, so, a, d, &o, &p, &s, &t)) continue;
            nf++;
            twos += (u64)count_seconds(o, p, s, t);
        }
        int length = twos ? 2 : (nf ? 1 : 0);
        u64 n = twos ? twos : (u64)nf;
        if (st->free) { /* any copy that can act, each at its own longest; no actions if one cannot */
            total += n;
            if (!length) best = -1;
            continue;
        }
        if (length > best) {
            best = length;
            total = n;
        } else if (length == best) {
            total += n;
        }
    }
    if (st->free) return 2 * (total + (best < 0 || !(own >> (st->fo * 16) & ERA_BITS)));
    return best ? 2 * total : 2;
}

static int eras_of(u64 mask) {
    return ((mask & ERA_BITS) != 0) + ((mask >> 16 & ERA_BITS) != 0) + ((mask >> 32) != 0);
}

/* Every line of the copies that may be chosen (TURN.COPY-CHOICE), in the order of
 * legal_turns; a turn with no actions (TURN.NO-ACTION) is one line without a copy. */
static int choose_lines(const State *st, Line *out) {
    int best = 0, count = 0, stuck = 0;
    u64 mask = st->own >> (st->fo * 16) & ERA_BITS;
    if (st->free && !mask) stuck = 1; /* no copy on the Focus era */
    while (mask) {
        int a = st->fo * 16 + __builtin_ctzll(mask);
        mask &= mask - 1;
        int before = count;
        int length = copy_lines(st->own, st->opp, st->so, a, out + (st->free ? 1 : 0), &count);
        if (st->free) { /* VARIANT.COPY-CHOICE-FREE: any copy that can act, each at its own longest */
            if (!length) stuck = 1; /* a copy that cannot act: a turn with no actions is legal too */
            continue;
        }
        if (length > best) {
            /* a longer copy: the shorter ones before it may not be chosen */
            memmove(out, out + before, (size_t)(count - before) * sizeof(Line));
            count -= before;
            best = length;
        } else if (length < best) {
            count = before;
        }
    }
    if (st->free) { /* out[0] was kept for the turn with no actions, which comes first (ORACLE.ORDER) */
        if (!stuck) {
            memmove(out, out + 1, (size_t)count * sizeof(Line));
            return count;
        }
        best = 0;
        count++;
    }
    if (best == 0) {
        out[0].own = st->own;
        out[0].opp = st->opp;
        out[0].so = st->so;
        out[0].copy = out[0].first = out[0].second = -1;
        if (!st->free) count = 1;
    }
    return count;
}

/* --- the transposition table: exact keys, kept between calls ------------------ */

typedef struct {
    u64 k1, k2, count;
} Entry;

static Table table = {NULL, sizeof(Entry), 0, 20, 30}; /* 2^20 entries of 24 bytes: 24 MB */

/* Key words: k1 holds own, own supply, own focus and the depth; k2 opp, its supply and Focus.
 * k1 is never 0 for a depth of 2 or more, so an empty entry never matches. */
static inline void keys(const State *st, int depth, u64 *k1, u64 *k2) {
    *k1 = st->own | (u64)st->so << 48 | (u64)st->fo << 52 | (u64)depth << 56;
    *k2 = st->opp | (u64)st->sp << 48 | (u64)st->fp << 52 | (u64)st->free << 54;
}

static int cmp_board(const void *x, const void *y) {
    const Line *a = (const Line *)x, *b = (const Line *)y;
    if (a->own != b->own) return a->own < b->own ? -1 : 1;
    if (a->opp != b->opp) return a->opp < b->opp ? -1 : 1;
    return a->so - b->so;
}

static u64 perft(const State *st, int depth) {
    if (depth == 1) return count_turns(st);
    u64 k1, k2;
    keys(st, depth, &k1, &k2);
    Entry *e = table.entries ? (Entry *)table.entries + (mix(k1 ^ mix(k2)) & table.mask) : NULL;
    if (e && e->k1 == k1 && e->k2 == k2) return e->count;
    Line lines[MAX_BOARDS];
    int n = choose_lines(st, lines);
    qsort(lines, (size_t)n, sizeof(Line), cmp_board); /* equal boards together, counted once */
    u64 total = 0;
    for (int i = 0; i < n;) {
        int j = i + 1;
        while (j < n && lines[j].own == lines[i].own && lines[j].opp == lines[i].opp && lines[j].so == lines[i].so) j++;
        if (eras_of(lines[i].opp) > 1) { /* WIN.CHECK: a won game has no further turns */
            State child = {lines[i].opp, lines[i].own, st->sp, lines[i].so, st->fp, 0, st->free};
            for (int f = 0; f < 3; f++) {
                if (f == st->fo) continue;
                child.fp = f;
                total += (u64)(j - i) * perft(&child, depth - 1);
            }
        }
        i = j;
    }
    if (e) {
        e->k1 = k1;
        e->k2 = k2;
        e->count = total;
    }
    return total;
}

/* --- the Python side ------------------------------------------------------------ */

/* Read a state tuple, refusing anything that is not a valid standard position seen
 * from the player to move (POSITION.VALID): the generator never sees another. */
static int read_state(PyObject *arg, State *st) {
    unsigned long long own, opp;
    st->free = 0;
    if (!PyArg_ParseTuple(arg, "KKiiii|p", &own, &opp, &st->so, &st->sp, &st->fo, &st->fp, &st->free)) return 0;
    st->own = own;
    st->opp = opp;
    if ((own | opp) > ALL_CELLS || (own & opp) || st->so < 0 || st->so > 4 || st->sp < 0 || st->sp > 4 ||
        st->fo < 0 || st->fo > 2 || st->fp < 0 || st->fp > 2 || __builtin_popcountll(own) + st->so > 7 ||
        __builtin_popcountll(opp) + st->sp > 7) {
        PyErr_SetString(PyExc_ValueError, "not a valid standard position (POSITION.VALID)");
        return 0;
    }
    return 1;
}

static PyObject *state_tuple(u64 own, u64 opp, int so, int sp, int fo, int fp) {
    return Py_BuildValue("(KKiiii)", (unsigned long long)own, (unsigned long long)opp, so, sp, fo, fp);
}

static PyObject *py_count_turns(PyObject *self, PyObject *arg) {
    State st;
    if (!read_state(arg, &st)) return NULL;
    return PyLong_FromUnsignedLongLong(count_turns(&st));
}

static PyObject *py_children(PyObject *self, PyObject *arg) {
    State st;
    if (!read_state(arg, &st)) return NULL;
    Line lines[MAX_BOARDS];
    int n = choose_lines(&st, lines);
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        int won = eras_of(lines[i].opp) <= 1;
        for (int f = 0; f < 3; f++) {
            if (f == st.fo) continue;
            PyObject *key = won ? Py_NewRef(Py_None)
                                : state_tuple(lines[i].opp, lines[i].own, st.sp, lines[i].so, st.fp, f);
            if (!key) goto fail;
            PyObject *old = PyDict_GetItemWithError(out, key);
            if (!old && PyErr_Occurred()) {
                Py_DECREF(key);
                goto fail;
            }
            long count = old ? PyLong_AsLong(old) + 1 : 1;
            PyObject *value = PyLong_FromLong(count);
            int failed = !value || PyDict_SetItem(out, key, value) < 0;
            Py_XDECREF(value);
            Py_DECREF(key);
            if (failed) goto fail;
        }
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* Every legal turn in legal_turns order: (copy, first, second, focus, own, opp, own_supply, won),
 * copy the square on the Focus era or -1, each action 0-5 (N E S W F B) or -1; the board
 * after it is still the mover's (own, opp). */
static PyObject *py_turns(PyObject *self, PyObject *arg) {
    State st;
    if (!read_state(arg, &st)) return NULL;
    Line lines[MAX_BOARDS];
    int n = choose_lines(&st, lines);
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        int won = eras_of(lines[i].opp) <= 1;
        for (int f = 0; f < 3; f++) {
            if (f == st.fo) continue;
            PyObject *item = Py_BuildValue("(iiiiKKii)", lines[i].copy, lines[i].first, lines[i].second, f,
                                           (unsigned long long)lines[i].own, (unsigned long long)lines[i].opp,
                                           lines[i].so, won);
            if (!item || PyList_Append(out, item) < 0) {
                Py_XDECREF(item);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(item);
        }
    }
    return out;
}

/* The number of a turn in the standard game's encoding (ENCODING.ACTIONS, spec/ttykm/encoding.md):
 * ((copy * 7 + first) * 7 + second) * 3 + focus, copy 16 for none, each action 1-6 (N E S W F B), 0 for none. */
static long turn_id(const Line *line, int focus) {
    long copy = line->copy < 0 ? 16 : line->copy;
    return ((copy * 7 + (line->first + 1)) * 7 + (line->second + 1)) * 3 + focus;
}

static int cmp_long(const void *x, const void *y) {
    long a = *(const long *)x, b = *(const long *)y;
    return (a > b) - (a < b);
}

/* The numbers of every legal turn, in increasing order. */
static PyObject *py_turn_ids(PyObject *self, PyObject *arg) {
    State st;
    if (!read_state(arg, &st)) return NULL;
    Line lines[MAX_BOARDS];
    long ids[2 * MAX_BOARDS];
    int n = choose_lines(&st, lines), k = 0;
    for (int i = 0; i < n; i++)
        for (int f = 0; f < 3; f++)
            if (f != st.fo) ids[k++] = turn_id(&lines[i], f);
    qsort(ids, (size_t)k, sizeof(long), cmp_long);
    PyObject *out = PyList_New(k);
    if (!out) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *id = PyLong_FromLong(ids[i]);
        if (!id) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, id);
    }
    return out;
}

/* The board after the turn numbered id: (own, opp, own_supply, won) from the mover's side, or None
 * when no legal turn has that number. */
static PyObject *py_play_id(PyObject *self, PyObject *args) {
    PyObject *state;
    long id;
    if (!PyArg_ParseTuple(args, "Ol", &state, &id)) return NULL;
    State st;
    if (!read_state(state, &st)) return NULL;
    Line lines[MAX_BOARDS];
    int n = choose_lines(&st, lines);
    int focus = (int)(id % 3);
    if (id >= 0 && focus != st.fo)
        for (int i = 0; i < n; i++)
            if (turn_id(&lines[i], focus) == id)
                return Py_BuildValue("(KKii)", (unsigned long long)lines[i].own, (unsigned long long)lines[i].opp,
                                     lines[i].so, eras_of(lines[i].opp) <= 1);
    Py_RETURN_NONE;
}

static PyObject *py_perft(PyObject *self, PyObject *args) {
    PyObject *state;
    int depth, use_table = 1;
    if (!PyArg_ParseTuple(args, "Oi|p", &state, &depth, &use_table)) return NULL;
    State st;
    if (!read_state(state, &st)) return NULL;
    void *saved;
    if (!table_begin(&table, depth, use_table, &saved)) return NULL;
    /* The GIL stays held: the table is shared by every call in the process, so two threads must
     * never count at once (a Dask worker may run several tasks on threads). */
    u64 count = perft(&st, depth);
    table.entries = saved;
    return PyLong_FromUnsignedLongLong(count);
}

static PyObject *py_set_table_bits(PyObject *self, PyObject *arg) {
    return table_set_bits(&table, arg);
}

/* The observation planes of the standard game (ENCODING.OBSERVATION), as float32 bytes:
 * 29 planes x 3 eras x 16 squares, of which the standard game fills the copies, the Focus,
 * the player to move, the supplies and the removed counts. */
#define PLANES 29
#define PLANE_SIZE 48
static PyObject *py_tensor(PyObject *self, PyObject *args) {
    unsigned long long white, black;
    int supply[2], removed[2], focus[2], to_move;
    if (!PyArg_ParseTuple(args, "KKiiiiiii", &white, &black, &supply[0], &supply[1], &removed[0], &removed[1],
                          &focus[0], &focus[1], &to_move))
        return NULL;
    if ((white | black) > ALL_CELLS || focus[0] < 0 || focus[0] > 2 || focus[1] < 0 || focus[1] > 2) {
        PyErr_SetString(PyExc_ValueError, "not a valid standard position (POSITION.VALID)");
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, PLANES * PLANE_SIZE * sizeof(float));
    if (!out) return NULL;
    float *t = (float *)PyBytes_AS_STRING(out);
    memset(t, 0, PLANES * PLANE_SIZE * sizeof(float));
    u64 masks[2] = {white, black};
    for (int c = 0; c < 2; c++) {
        float *copy = t + c * PLANE_SIZE; /* planes 0, 1: the copies */
        for (int k = 0; k < 48; k++)
            if (masks[c] >> k & 1) copy[k] = 1.0f;
        float *f = t + (14 + c) * PLANE_SIZE + focus[c] * 16; /* 14, 15: the Focus */
        for (int k = 0; k < 16; k++) f[k] = 1.0f;
        float *s = t + (18 + c) * PLANE_SIZE, *r = t + (20 + c) * PLANE_SIZE; /* 18-21: supply, removed */
        for (int k = 0; k < 48; k++) {
            s[k] = (float)(supply[c] / 4.0);
            r[k] = (float)(removed[c] / 7.0);
        }
        if (to_move == c) {
            float *m = t + (16 + c) * PLANE_SIZE; /* 16, 17: to move */
            for (int k = 0; k < 48; k++) m[k] = 1.0f;
        }
    }
    return out;
}

static PyMethodDef methods[] = {
    {"count_turns", py_count_turns, METH_O, "The number of legal turns of a state (bulk counting)."},
    {"children", py_children, METH_O, "The states one turn on with their multiplicity; None for a won game."},
    {"turns", py_turns, METH_O, "Every legal turn with the board after it, in legal_turns order."},
    {"turn_ids", py_turn_ids, METH_O, "The numbers of every legal turn (the encoding's), in increasing order."},
    {"play_id", py_play_id, METH_VARARGS, "The board after the turn numbered id, or None if it is not legal."},
    {"perft", py_perft, METH_VARARGS, "perft(state, depth, table=True): the number of turn sequences."},
    {"set_table_bits", py_set_table_bits, METH_O, "Size the transposition table: 2**bits entries (emptied)."},
    {"tensor", py_tensor, METH_VARARGS, "The observation planes of a standard position, as float32 bytes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_engine", "The compiled engine of TTYKM (see oracle.games.ttykm.fast).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__engine(void) {
    init_rays();
    chapters_init();
    PyObject *m = PyModule_Create(&module);
    if (m && chapters_add(m) < 0) Py_CLEAR(m);
    return m;
}
