"""The per-night settings: every Bunco default and every house-rule variant.

`Rules` is frozen and validated on construction, so a `Rules` value that exists is always
playable. `from_dict` / `to_dict` round-trip through JSON; `with_overrides` and
`parse_rule_args` read the `key=value` strings of the host's form and the CLI.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from live.words import Words, said

from .errors import RulesError

MINI_BUNCO_CHOICES = ("5", "0", "ends_turn")
PRIZE_TIE_CHOICES = ("rolloff", "split")

# What the host's form may offer for each setting (ints as inclusive ranges).
RULE_CHOICES: dict[str, tuple[Any, ...] | range] = {
    "sets": range(1, 7),
    "rounds_per_set": range(1, 7),
    "break_after_set": ("none", *range(1, 6)),
    "target": range(11, 52),
    "bunco_points": (21, 25),
    "mini_bunco": MINI_BUNCO_CHOICES,
    "wipeout": (False, True),
    "any_table_bunco": (False, True),
    "several_prizes": (False, True),
    "prize_ties": PRIZE_TIE_CHOICES,
    "contribution": range(0, 101),
}

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Rules:
    """One night's settings; the defaults are the World Bunco Association style night."""

    sets: int = 4
    rounds_per_set: int = 6
    break_after_set: int | None = 2  # None = no break
    target: int = 21
    bunco_points: int = 21
    mini_bunco: str = "5"
    wipeout: bool = False
    any_table_bunco: bool = False
    several_prizes: bool = False
    prize_ties: str = "rolloff"
    contribution: int = 5

    def __post_init__(self) -> None:
        for name in ("sets", "rounds_per_set", "target", "bunco_points", "contribution"):
            _require_int(name, getattr(self, name))
        for name in ("wipeout", "any_table_bunco", "several_prizes"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(
                    said(
                        "%(setting)s must be true or false, not %(value)s",
                        setting=name,
                        value=repr(getattr(self, name)),
                    )
                )
        _require_range("sets", self.sets, 1, 6)
        _require_range("rounds_per_set", self.rounds_per_set, 1, 6)
        _require_range("target", self.target, 11, 51)
        _require_range("contribution", self.contribution, 0, 100)
        if self.bunco_points not in (21, 25):
            raise RulesError(
                said("bunco_points must be 21 or 25, not %(value)s", value=self.bunco_points)
            )
        if self.mini_bunco not in MINI_BUNCO_CHOICES:
            raise RulesError(
                said(
                    "mini_bunco must be 5, 0 or ends_turn, not %(value)s",
                    value=repr(self.mini_bunco),
                )
            )
        if self.prize_ties not in PRIZE_TIE_CHOICES:
            raise RulesError(
                said(
                    "prize_ties must be rolloff or split, not %(value)s",
                    value=repr(self.prize_ties),
                )
            )
        if self.break_after_set is not None:
            _require_int("break_after_set", self.break_after_set)
            if not 1 <= self.break_after_set < self.sets:
                raise RulesError(_no_break_after(self.break_after_set, self.sets))

    @property
    def rounds(self) -> int:
        """Rounds in the whole night."""
        return self.sets * self.rounds_per_set

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Load saved settings; missing keys take their default, unknown keys are an error."""
        if not isinstance(data, dict):
            raise RulesError(said("rules must be a JSON object"))
        _reject_unknown(data)
        values = dict(data)
        if isinstance(values.get("mini_bunco"), int) and not isinstance(values["mini_bunco"], bool):
            values["mini_bunco"] = str(values["mini_bunco"])  # accept 5 / 0 as numbers
        return cls(**values)

    def with_overrides(self, pairs: dict[str, str]) -> Rules:
        """A copy with settings given as text, e.g. {"bunco_points": "25"}."""
        _reject_unknown(pairs)
        changes = {name: _parse_value(name, str(text)) for name, text in pairs.items()}
        return dataclasses.replace(self, **changes)


def parse_rule_args(args: list[str] | tuple[str, ...], base: Rules | None = None) -> Rules:
    """Rules from CLI-style ["bunco_points=25", "wipeout=on"] applied over `base`."""
    pairs: dict[str, str] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise RulesError(said("expected key=value, got %(arg)s", arg=repr(arg)))
        if key in pairs:
            raise RulesError(said("%(setting)s is given twice", setting=key))
        pairs[key] = value.strip()
    return (base or Rules()).with_overrides(pairs)


def _reject_unknown(data: dict[str, Any]) -> None:
    known = {f.name for f in dataclasses.fields(Rules)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RulesError(
            said(
                "unknown rule setting(s): %(unknown)s; known: %(known)s",
                unknown=", ".join(unknown),
                known=", ".join(sorted(known)),
            )
        )


def _parse_value(name: str, text: str) -> Any:
    lowered = text.strip().lower()
    if name in ("wipeout", "any_table_bunco", "several_prizes"):
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise RulesError(
            said("%(setting)s must be true or false, not %(value)s", setting=name, value=repr(text))
        )
    if name == "break_after_set" and lowered in ("none", "no", "off", "0", ""):
        return None
    if name in ("mini_bunco", "prize_ties"):
        return lowered
    try:
        return int(lowered)
    except ValueError:
        raise RulesError(
            said(
                "%(setting)s must be a whole number, not %(value)s", setting=name, value=repr(text)
            )
        ) from None


def _require_int(name: str, value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(
            said(
                "%(setting)s must be a whole number, not %(value)s", setting=name, value=repr(value)
            )
        )


def _require_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise RulesError(
            said(
                "%(setting)s must be from %(low)s to %(high)s, not %(value)s",
                setting=name,
                low=low,
                high=high,
                value=value,
            )
        )


def _no_break_after(set_number: int, sets: int) -> Words:
    if sets > 1:
        return said(
            "break_after_set=%(set)s is not possible with %(sets)s set(s): "
            "use none or a set from 1 to %(last)s",
            set=set_number,
            sets=sets,
            last=sets - 1,
        )
    return said(
        "break_after_set=%(set)s is not possible with %(sets)s set(s): use none",
        set=set_number,
        sets=sets,
    )
