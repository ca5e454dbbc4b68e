"""Bunco night rules as pure Python: no Django, all randomness through an injected
`random.Random`, JSON-serialisable state. See shared/rules/bunco-night.md for the rules and
docs/night-record.md for the night record."""

from .config import RULE_CHOICES, Rules, parse_rule_args
from .dice import check_dice, roll_dice
from .errors import RulesError
from .night import (
    PlannedRound,
    add_table_result,
    empty_totals,
    fuzzy_die_start,
    round_plan,
    tally_rounds,
)
from .prizes import (
    DEFAULT_PRIZE_TABLE,
    PRIZE_KINDS,
    award_prizes,
    check_prize_table,
    prize_amounts,
    rolloff,
)
from .record import validate_record
from .reducer import NightState, apply_event, standings, start_round
from .rotation import Move, Rotation, describe_move, rotate
from .scoring import RollScore, score_roll
from .seating import MAX_PLAYERS, MIN_PLAYERS, draw_seats, ghost_ids, table_count, table_name
from .simulation import play_round_virtually, simulate_night
from .table import (
    RollOutcome,
    TableRound,
    Turn,
    apply_roll,
    bunco_credit,
    bunco_holder,
    next_first_seat,
    ring_bell,
    start_table_round,
    whose_turn,
)

__all__ = [
    "DEFAULT_PRIZE_TABLE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRIZE_KINDS",
    "RULE_CHOICES",
    "Move",
    "NightState",
    "PlannedRound",
    "RollOutcome",
    "RollScore",
    "Rotation",
    "Rules",
    "RulesError",
    "TableRound",
    "Turn",
    "add_table_result",
    "apply_event",
    "apply_roll",
    "award_prizes",
    "bunco_credit",
    "bunco_holder",
    "check_dice",
    "check_prize_table",
    "describe_move",
    "draw_seats",
    "empty_totals",
    "fuzzy_die_start",
    "ghost_ids",
    "next_first_seat",
    "parse_rule_args",
    "play_round_virtually",
    "prize_amounts",
    "ring_bell",
    "roll_dice",
    "rolloff",
    "rotate",
    "round_plan",
    "score_roll",
    "standings",
    "simulate_night",
    "start_round",
    "start_table_round",
    "table_count",
    "table_name",
    "tally_rounds",
    "validate_record",
    "whose_turn",
]
