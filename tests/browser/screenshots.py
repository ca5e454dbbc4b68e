"""Screenshots the browser tests save for a reviewer to look at (README: "Screenshots"):
in `screenshots/` at the top of the checkout (not in git), or `$SCREENSHOTS_DIR`."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def screenshot(page, name: str) -> Path:
    folder = Path(os.environ.get("SCREENSHOTS_DIR") or ROOT / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path
