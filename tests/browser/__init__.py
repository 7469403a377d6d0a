"""The built rules site in a real browser: pages load without console errors,

board pictures render and stay legible at desktop and phone widths, the
learn-to-play path can be walked, the playground plays a turn by clicking
with the real oracle (Pyodide), removal badges sit on the removed copy,
Japanese quotations render with the site's own font, no link is broken (every
ruling cited included), search finds a rule and prefers the reader's game, the
card games show each player their own view, no page scrolls sideways, and
nothing is fetched from outside.

Needs Chromium (Debian's ``chromium``) and Playwright's Python package, which
drives the system browser through ``executable_path`` and never downloads one.
Without them the test skips locally and fails in CI (when ``CI`` is set).

Shared code is in `tests.browser.visit`, the fixtures in conftest.py, and the tests in one file per topic."""
