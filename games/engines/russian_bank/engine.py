"""The Russian Bank engine: a match of games between two seats, in one of two modes.

- **enforce** (default): a move that breaks a building rule or the compulsory order is refused
  with the rule in words (moves.py).
- **stop**: every move a table allows stands, faults included; after each move the opponent
  has a Stop window (`{"type": "stop", "move": n}`, n = the move's number): a Stop on a fault
  undoes exactly that move; if the mover had skipped a compulsory move, it is carried out
  (seed 004: "take back the move you attempted to make instead, and carry out the compulsory
  move"); any card still turned from the hand goes back on top of it, and the turn passes.
  A Stop on a fair move changes nothing but is logged in `stops`. The window closes with the
  mover's next move, the opponent's own next move, `{"type": "no_stop", "move": n}` (what a
  room plays when the window's `wait_seconds` lapse), or a Stop. A game's last move counts
  only once its window has closed.

`to_act` lists the seat with a Stop window first, then the seat to play.
"""

from games.engines.base import RulesError, clone, configure, derived_rng
from games.engines.russian_bank import bot, moves
from games.engines.russian_bank.layout import cards_left, deal, face, other
from games.engines.russian_bank.notation import table
from games.engines.russian_bank.scoring import QUIET_TURNS, describe_games, finish_game
from games.engines.russian_bank.views import STOP_SECONDS, view
from live.words import said

MODES = ("enforce", "stop")


class RussianBank:
    name = "russian_bank"
    action_keys = moves.MOVE_KEYS
    bot_styles = tuple(bot.STYLES)
    settings = ("mode", "target")

    def new_state(self, config: dict | None, rng) -> dict:
        config = dict(config or {})
        mode = config.pop("mode", "enforce")
        if mode not in MODES:
            raise RulesError(
                said("The mode is enforce (moves are checked) or stop (players call Stop!).")
            )
        cfg = configure(config, {"seats": 2, "target": 300}) | {"mode": mode}
        if cfg["seats"] != 2:
            raise RulesError(said("Russian Bank is a game for two."))
        if cfg["target"] < 1:
            raise RulesError(said("The match target must be at least 1 point."))
        seed = rng.getrandbits(64)
        state = {
            "game": self.name,
            "config": cfg,
            "seed": seed,
            "game_no": 1,
            "scores": [0, 0],
            "games": [],
            "phase": "play",
            "board": deal(seed, 1),
            "moves": 0,
            "last": None,
            "window": None,
            "stops": [],
        }
        state["to_act"] = self._to_act(state)
        return state

    # -- who acts ------------------------------------------------------------------------
    def _to_act(self, state: dict) -> list[int]:
        if state["phase"] == "over":
            return []
        window, board = state["window"], state["board"]
        acting = [board["turn"]]
        if window:
            if cards_left(board, window["mover"]) == 0:
                acting = []  # the winning move waits for its window
            acting = [window["seat"]] + [s for s in acting if s != window["seat"]]
        return acting

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if seat not in state.get("to_act", []):
            return []
        actions, window = [], state["window"]
        if window and window["seat"] == seat:
            n = window["move"]
            actions += [{"type": "stop", "move": n}, {"type": "no_stop", "move": n}]
        board = state["board"]
        if seat == board["turn"] and not (window and cards_left(board, window["mover"]) == 0):
            actions += moves.legal_moves(board, seat)
        return actions

    def wait_seconds(self, state: dict, seat: int) -> int | None:
        """A Stop window lasts STOP_SECONDS; anything else waits the room's own timeout."""
        window = state.get("window")
        return STOP_SECONDS if window and window["seat"] == seat else None

    def default_action(self, state: dict, seat: int) -> dict | None:
        """A lapsed Stop window lets the move stand; a seat out of time plays like the bot."""
        if seat not in state.get("to_act", []):
            return None
        window = state["window"]
        if window and window["seat"] == seat:
            return {"type": "no_stop", "move": window["move"]}
        rng = derived_rng(state["seed"], f"default {state['moves']}")
        return bot.bot_action(state, seat, rng)

    # -- acting --------------------------------------------------------------------------
    def apply(self, state: dict, seat: int, action: dict, rng=None) -> dict:
        if not isinstance(action, dict):
            raise RulesError(said('An action is an object, e.g. {"type": "turn"}.'))
        if state["phase"] == "over":
            raise RulesError(said("The match is over."))
        if seat not in state["to_act"]:
            raise RulesError(said("It is not your turn."))
        state = clone(state)
        if action.get("type") in ("stop", "no_stop"):
            self._answer(state, seat, action)
        else:
            self._move(state, seat, action)
        state["to_act"] = self._to_act(state)
        return state

    def _move(self, state: dict, seat: int, action: dict) -> None:
        board = state["board"]
        if seat != board["turn"] or (
            state["window"] and cards_left(board, state["window"]["mover"]) == 0
        ):
            raise RulesError(said("It is not your turn: you may only call Stop now."))
        fault = moves.check(board, seat, action)
        stop_mode = state["config"]["mode"] == "stop"
        if fault and not stop_mode:
            raise RulesError(fault)
        before = clone(board) if stop_mode else None
        done = moves.perform(board, seat, action)
        state["moves"] += 1
        n = state["moves"]
        state["last"] = {"move": n, "seat": seat, "action": dict(action)} | done
        state["window"] = None
        if stop_mode:
            state["window"] = {
                "seat": other(seat), "mover": seat, "move": n, "fault": fault, "before": before,
            }  # fmt: skip
        if cards_left(board, seat) == 0 and not stop_mode:
            finish_game(state, seat)
        elif board["quiet"] >= QUIET_TURNS and not (stop_mode and fault):
            finish_game(state, None)  # a fault first waits for its window: a Stop may undo it

    def _answer(self, state: dict, seat: int, action: dict) -> None:
        window = state["window"]
        if not window or window["seat"] != seat:
            raise RulesError(said("There is no move of your opponent's to stop now."))
        if action.get("move") != window["move"] or set(action) != {"type", "move"}:
            raise RulesError(said("Too late: that is no longer the last move."))
        state["window"] = None
        mover, fault, attempted = window["mover"], window["fault"], state["last"]["action"]
        if action["type"] == "no_stop":
            if cards_left(state["board"], mover) == 0:
                finish_game(state, mover)
            elif state["board"]["quiet"] >= QUIET_TURNS:
                finish_game(state, None)
            return
        state["stops"].append(
            {"by": seat, "move": window["move"], "right": bool(fault), "fault": fault}
        )
        state["last"] = {
            "move": window["move"],
            "seat": seat,
            "action": dict(action),
            "undone": bool(fault),
        }
        if not fault:
            return  # a wrong Stop costs nothing
        board = window["before"]
        carried = moves.omitted(board, mover, attempted)
        if carried:  # seed: "take back the move ... and carry out the compulsory move"
            card = face(moves.source_card(board, mover, carried["from"]))
            moves.perform(board, mover, carried)
            state["stops"][-1]["carried_out"] = carried | {"card": card}
            state["last"]["carried_out"] = carried | {"card": card}
        if board["turned"][mover]:
            board["hand"][mover].append(board["turned"][mover])
            board["turned"][mover] = None
        board["turn"] = mover
        moves.end_turn(board)
        state["board"] = board
        if cards_left(board, mover) == 0:
            finish_game(state, mover)
        elif board["quiet"] >= QUIET_TURNS:
            finish_game(state, None)

    # -- reading -------------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        legal = self.legal_actions(state, seat) if seat is not None else []
        return view(state, seat, legal)

    def is_over(self, state: dict) -> bool:
        return state["phase"] == "over"

    def result(self, state: dict) -> dict:
        scores = state["scores"]
        ranking = sorted((0, 1), key=lambda s: -scores[s])
        winner = ranking[0] if state["phase"] == "over" else None
        return {
            "scores": list(scores),
            "winner": winner,
            "ranking": ranking,
            "games": state["games"],
        }

    def trace(self, state: dict) -> dict:
        """The whole table after an action, every pile in order (docs/game-record.md)."""
        return table(state)

    def describe(self, record: dict) -> str:
        """`python -m games.play`'s summary: one line per game, then the match."""
        head = f"russian_bank seed {record['seed']}: {len(record['actions'])} actions"
        return "\n".join([head, *describe_games(record["result"])])

    def bot_action(self, state: dict, seat: int, rng, style: str | None = None) -> dict | None:
        if seat not in state.get("to_act", []):
            return None
        return bot.bot_action(state, seat, rng, style)


ENGINE = RussianBank()
