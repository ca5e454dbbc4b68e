"""What every door's contract test checks first: the installed libraries are the versions
the door (live/doors/) was written for."""

from importlib.metadata import version

import pytest


def installed_as_written_for(door) -> None:
    """Fail, saying what to re-check, unless each library `door` reaches into is installed
    at the version the door names in WRITTEN_FOR."""
    for library, written_for in door.WRITTEN_FOR.items():
        installed = version(library)
        if installed != written_for:
            pytest.fail(
                f"{door.__name__} was written for {library} {written_for}, and {installed} is"
                f" installed: re-check {door.RECHECK}; then run this test and set WRITTEN_FOR"
                " to the new version"
            )
