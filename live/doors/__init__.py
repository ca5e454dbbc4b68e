"""The doors: the only modules that reach into a library's private or undocumented parts,
one module per library. Each names the versions it was written for (`WRITTEN_FOR`, the pins
of requirements.txt) and what to re-check when one changes (`RECHECK`); its contract test
(tests/integration/doors/) fails on an upgrade, first on the version, then on the behaviour
itself. Everything else uses the libraries' public API (tests/unit/test_doors.py)."""
