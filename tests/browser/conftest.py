"""Headless Chromium (Debian's /usr/bin/chromium) driven by Playwright, never its own browser.

Without chromium or Playwright the browser tests skip on a developer's machine and fail on
CI (``CI`` set), where ``.ci/run`` installs the packages.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import REPO

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = REPO / "var" / "screenshots"


def _unavailable(what: str):
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing, and on CI the browser tests must run")
    pytest.skip(f"{what} is missing")


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session."""
    if not CHROMIUM.exists():
        _unavailable(str(CHROMIUM))
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
