"""How hard the property tests look: each Hypothesis test and random loop names its full
count, which `make test` (CI) runs; `make check`, the inner loop, sets
HYPOTHESIS_PROFILE=check and tries at most QUICK of each (README: Tests)."""

import os

import hypothesis

QUICK = 10
hypothesis.settings.register_profile("check", max_examples=QUICK, deadline=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE")  # unset: Hypothesis's own default (or "ci")


def examples(full: int) -> int:
    """`full` examples, or QUICK under the check profile (a test's own `max_examples`
    outranks any profile, so each test asks here)."""
    return min(full, QUICK) if PROFILE == "check" else full
