/* The transposition table of the compiled engine's perft, written once for both its halves: _engine.c
 * (the standard game) and _chapters.c (the chapters) each keep a table of their own entries, since their
 * keys differ, and size, allocate, hash and switch it off through these. */
#ifndef TTYKM_TABLE_H
#define TTYKM_TABLE_H
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

typedef uint64_t u64;

/* 2^bits entries of entry_size bytes, allocated zeroed by the first count that uses them (NULL until
 * then, and while a count runs without the table); bits is set between 10 and max_bits. */
typedef struct {
    void *entries;
    size_t entry_size;
    u64 mask;
    int bits, max_bits;
} Table;

/* Allocate the entries unless they are: 1, or 0 when memory is short. */
static inline int table_ensure(Table *t) {
    if (t->entries) return 1;
    size_t n = (size_t)1 << t->bits;
    t->entries = calloc(n, t->entry_size);
    if (!t->entries) return 0;
    t->mask = n - 1;
    return 1;
}

/* Free the entries: the next count starts from an empty table. */
static inline void table_drop(Table *t) {
    free(t->entries);
    t->entries = NULL;
}

/* The body of set_table_bits(bits): the table emptied and sized 2^bits; None, or NULL with an exception. */
static inline PyObject *table_set_bits(Table *t, PyObject *arg) {
    long bits = PyLong_AsLong(arg);
    if (bits == -1 && PyErr_Occurred()) return NULL;
    if (bits < 10 || bits > t->max_bits) {
        PyErr_Format(PyExc_ValueError, "table bits must be 10 to %d", t->max_bits);
        return NULL;
    }
    table_drop(t);
    t->bits = (int)bits;
    Py_RETURN_NONE;
}

/* Ready a perft count of depth: the entries allocated, or hidden from the count when use_table is 0
 * (*saved keeps them for the caller to put back).  1, or 0 with an exception: a depth outside 1 to 60,
 * or no memory. */
static inline int table_begin(Table *t, int depth, int use_table, void **saved) {
    if (depth < 1 || depth > 60) {
        PyErr_SetString(PyExc_ValueError, "depth must be 1 to 60");
        return 0;
    }
    if (use_table && !table_ensure(t)) {
        PyErr_NoMemory();
        return 0;
    }
    *saved = t->entries;
    if (!use_table) t->entries = NULL;
    return 1;
}

/* A bijection of 64-bit words that spreads every bit of a key over the low bits the index takes. */
static inline u64 mix(u64 x) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
}

#endif
