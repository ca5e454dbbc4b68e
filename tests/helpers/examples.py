"""How hard the property tests look: each Hypothesis test and random loop names its full
count, which `make test` (CI) runs; `make check`, the inner loop, sets
HYPOTHESIS_PROFILE=check and tries at most QUICK of each (README: Tests)."""

import os

import hypothesis

QUICK = 5  # make check's minute (README: Tests)
hypothesis.settings.register_profile("check", max_examples=QUICK, deadline=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE")  # unset: Hypothesis's own default (or "ci")


def examples(full: int, quick: int = QUICK) -> int:
    """`full` examples (or coups, or rounds of a random loop), or at most `quick` under the
    check profile. A Hypothesis test's own `max_examples` outranks any profile, so each
    test asks here."""
    return min(full, quick) if PROFILE == "check" else full
