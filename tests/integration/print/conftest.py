"""Fixtures for the printed sheets, the results link and the groups: hosts, nights played
through the services, and WeasyPrint (skipped with a reason where its system libraries
are missing, but required under CI, as Chromium is for the browser tests)."""

import os

import pytest

from paper.pdf import load_weasyprint


@pytest.fixture
def weasyprint():
    module = load_weasyprint()
    if module is None:
        reason = "WeasyPrint's system libraries are missing (apt-get install libpango-1.0-0 "
        reason += "libpangoft2-1.0-0 libharfbuzz-subset0)"
        if os.environ.get("CI"):
            pytest.fail(f"the PDF tests must run in CI: {reason}")
        pytest.skip(reason)
    return module
