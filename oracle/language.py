"""The language of the games' text pictures (``oracle show``, the playground's umpire): English, or French
when ``ORACLE_LANG`` (``oracle --lang``) or the locale says so."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

LANGUAGES = ("en", "fr")  # of the games' words in text pictures, where a game has two (the card games)


def language() -> str:
    """The language of the words: ``ORACLE_LANG`` (``oracle --lang``), else the locale (``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, the first one set); French when it starts with ``fr``, else English."""
    for name in ("ORACLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


@contextlib.contextmanager
def text_language(lang: str | None) -> Iterator[None]:
    """The games' text pictures in ``lang`` (``ORACLE_LANG``) while the block runs; None: as they are."""
    if lang is None:
        yield
        return
    saved = os.environ.get("ORACLE_LANG")
    os.environ["ORACLE_LANG"] = lang
    try:
        yield
    finally:
        if saved is None:
            del os.environ["ORACLE_LANG"]
        else:
            os.environ["ORACLE_LANG"] = saved
