"""Screenshots the browser tests save for a reviewer to look at (README: "Screenshots"):
in `tests/screenshots/` (git-ignored), or `$SCREENSHOTS_DIR`."""

import os
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[1] / "screenshots"


def screenshot(page, name: str) -> Path:
    folder = Path(os.environ.get("SCREENSHOTS_DIR") or FOLDER)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path
