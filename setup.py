"""The compiled engine of TTYKM (the standard game and the chapters), built where a C compiler is present.

Everything else is in pyproject.toml.  ``optional=True``: without a compiler
the package installs all the same and plays on the spec engine
(`oracle.games.ttykm.fast`).  ``python setup.py build_ext --inplace`` builds it
next to its source for a checkout used without installing.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "oracle.games.ttykm._engine",
            ["oracle/games/ttykm/_engine.c", "oracle/games/ttykm/_chapters.c"],
            depends=["oracle/games/ttykm/_chapters.h", "oracle/games/ttykm/_table.h"],
            extra_compile_args=["-O2", "-std=c11", "-Wall"],
            optional=True,
        )
    ]
)
