"""The night as a picture, in plain numbers: each player's wins round by round (the top ten,
and whoever holds the fuzzy die), their Buncos, the fuzzy die's path; or a group's season,
each member's wins night by night. `line_chart` turns series into coordinates for the one
SVG template (templates/charts/lines.svg), drawn once on the server for the stage, the
results page and the paper. No Django here."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

# The chart's own size is its size on the stage (1920x1080 design pixels), so its text is
# the stage's 24 px; the results page and the paper scale it.
WIDTH, HEIGHT = 640, 760
FONT = 24
LEFT, TOP, BOTTOM = 52, 24, 112  # room for the wins, the rounds and the legend
LABELS = 212  # the names at the lines' ends
LABEL_GAP = 30
NAME_CHARS = 10
TOP_N = 10
COLOURS = (
    "#7b2cbf", "#1b7f3b", "#c2410c", "#0369a1", "#be185d",
    "#4d7c0f", "#a16207", "#0f766e", "#6d28d9", "#b91c1c",
)  # fmt: skip


@dataclass
class Series:
    key: str
    name: str
    values: list[int]  # the running total after each step
    marks: set[int] = field(default_factory=set)  # steps with a Bunco
    held: set[int] = field(default_factory=set)  # steps that ended with the fuzzy die


def night_series(
    rounds: Sequence[Sequence[Mapping]],
    names: Mapping[str, str],
    ghosts: set[str],
    holders: Sequence[str | None],
) -> list[Series]:
    """Each real player's running wins after each finished round (`rounds`: each round's
    table records, with `seats`, `winner` and `buncos`), their Bunco rounds, and the rounds
    after which they held the fuzzy die (`holders`, one per round). The top ten by wins,
    plus the fuzzy die's holder at the end."""
    wins: dict[str, int] = {}
    series: dict[str, Series] = {}
    for step, tables in enumerate(rounds, 1):  # step 0: the start, everyone at 0
        for table in tables:
            winners = table["seats"][0::2] if table["winner"] == "A" else table["seats"][1::2]
            for key in table["seats"]:
                if key in ghosts:
                    continue
                line = series.setdefault(key, Series(key, names.get(key, key), [0] * step))
                wins[key] = wins.get(key, 0) + (key in winners and table["winner"] is not None)
                if table["buncos"].get(key):
                    line.marks.add(step)
        for line in series.values():
            line.values.append(wins.get(line.key, 0))
        holder = holders[step - 1] if step <= len(holders) else None
        if holder in series:
            series[holder].held.add(step)
    ranked = sorted(series.values(), key=lambda s: (-s.values[-1], s.name.casefold()))
    shown = ranked[:TOP_N]
    last = holders[-1] if holders else None
    if last in series and series[last] not in shown:
        shown[-1] = series[last]
    return shown


def season_series(nights: Sequence[Mapping[str, int]], names: Mapping[str, str]) -> list[Series]:
    """Each member's running wins night by night (`nights`: wins by member, oldest first),
    from 0 before the first: the top ten by wins."""
    series = {
        key: Series(key, name, [0, *_running(night.get(key, 0) for night in nights)])
        for key, name in names.items()
        if any(key in night for night in nights)
    }
    ranked = sorted(series.values(), key=lambda s: (-s.values[-1], s.name.casefold()))
    return ranked[:TOP_N] if nights else []


def _running(values):
    total = 0
    for value in values:
        total += value
        yield total


def short(name: str) -> str:
    """A name that fits beside its line: cut with an ellipsis, never wrapped."""
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1].rstrip() + "…"


def line_chart(series: Sequence[Series], x_labels: Sequence[str]) -> dict:
    """Where everything goes: the plot's box, the grid, each line's points, Bunco marks,
    fuzzy-die rings and its name (spread so no two names overlap)."""
    steps = len(x_labels)
    right = WIDTH - LABELS
    bottom = HEIGHT - BOTTOM
    top_value = max([s.values[-1] for s in series if s.values] + [1])
    y_step = _nice_step(top_value)
    y_max = -(-top_value // y_step) * y_step

    def x(step):
        return LEFT + (right - LEFT) * (step / max(steps - 1, 1))

    def y(value):
        return bottom - (bottom - TOP) * value / y_max

    x_every = max(1, -(-steps // 6))
    lines = []
    for index, line in enumerate(series):
        points = [(round(x(i), 1), round(y(v), 1)) for i, v in enumerate(line.values)]
        lines.append(
            {
                "name": short(line.name),
                "full_name": line.name,
                "colour": COLOURS[index % len(COLOURS)],
                "points": " ".join(f"{px},{py}" for px, py in points),
                "marks": [points[i] for i in sorted(line.marks)],
                "held": [points[i] for i in sorted(line.held)],
                "end": points[-1] if points else (LEFT, bottom),
            }
        )
    heights = _spread([line["end"][1] for line in lines], TOP, bottom)
    for line, label_y in zip(lines, heights, strict=True):
        line["label_y"] = label_y
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "font": FONT,
        "left": LEFT,
        "right": right,
        "top": TOP,
        "bottom": bottom,
        "label_x": right + 16,
        "y_ticks": [(v, round(y(v), 1)) for v in range(0, y_max + 1, y_step)],
        "x_ticks": [
            (label, round(x(i), 1))
            for i, label in enumerate(x_labels)
            if i % x_every == 0 or i == steps - 1
        ],
        "lines": lines,
        "legend_y": HEIGHT - 20,
        "axis_y": bottom + 36,
    }


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 50):
        if top / step <= 6:
            return step
    return 100


def _spread(ys: Sequence[float], low: float, high: float) -> list[float]:
    """Label heights near `ys`, at least LABEL_GAP apart, inside low..high (+ the text's
    own height), in the lines' order."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed: dict[int, float] = {}
    floor = low + FONT * 0.8
    for i in order:  # down the stack: no two closer than the gap
        placed[i] = max(ys[i] + FONT * 0.35, floor)
        floor = placed[i] + LABEL_GAP
    ceiling = high + FONT * 0.35
    for i in reversed(order):  # up from the bottom: none past the plot's foot
        placed[i] = min(placed[i], ceiling)
        ceiling = placed[i] - LABEL_GAP
    return [round(placed[i], 1) for i in range(len(ys))]
