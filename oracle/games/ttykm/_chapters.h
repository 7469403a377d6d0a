/* The chapters' half of the compiled engine (_chapters.c), added to the module _engine.c makes. */
#ifndef TTYKM_CHAPTERS_H
#define TTYKM_CHAPTERS_H
#include <Python.h>

/* Fill the chapters' tables of cells; once, before any call. */
void chapters_init(void);

/* Add the chapters' functions (chapter_perft, chapter_lines ...) to the module; 0, or -1 with an exception. */
int chapters_add(PyObject *module);

#endif
