"""What each audience hears after an action commits: built once here, in the service, then
sent in order through partynight.services.broadcast. No socket goes back to the database
because something happened elsewhere (the protocol: docs/protocol.md).

- A table changed (a roll, the bell reaching it, a correction): its phones and the watchers
  (dashboard, big screen) get the table's new view, the roll, the client id that caused it,
  and, when wins, losses or Buncos moved, those players' standings rows and the prize
  leaders. `v` is the table's version.
- The bell, the fuzzy die: every screen of the night; `v` is the night's version.
- A round starting or ending, the break, the end of the night, a late guest arriving or
  taking a ghost's chair, a host's change to the players or the settings: the watchers get
  the night's snapshot, each player their own (their table, their next seat), built once
  after commit; `what` names the change, `covers` the versions it brings that no event
  carries (the ghosts' opening rolls of a new round, every night version of the changes it
  folds together), so every version is announced once; the watchers' also carries those
  rolls' `logged` lines for the dashboard's roll log.

After commit the night's current versions also go to the cache, where the sockets' heartbeat
reads them: a client that missed a message without an error notices within seconds.
"""

import logging

from live.broadcast import (
    after_commit,
    frame,
    queued_after_commit,
    send_after_commit,
    store_versions,
)
from live.groups import link_group
from live.groups import night_versions_key as versions_key
from live.steps import written_once
from live.words import Text
from partynight import frames
from partynight.models import Night
from partynight.rules.reducer import standings
from partynight.rules.table import TableRound
from partynight.services import broadcast, selectors, snapshots
from partynight.services.common import bump

BIG = ("round_started", "round_done", "break", "night_over", "arrived", "late_seated")
SMALL = ("bell", "fuzzy_moved")
STANDINGS_EVENTS = ("table_done", "table_corrected")
logger = logging.getLogger(__name__)


def night_bumps(events: list[dict]) -> int:
    """How many night-level messages `events` make (each bumps the night's version): one per
    bell or fuzzy-die move, and one snapshot for any round-level change."""
    small = sum(1 for e in events if e["type"] in SMALL)
    return small + (1 if any(e["type"] in BIG for e in events) else 0)


@written_once
def announce(loaded, saved, client_id=None, notice=None, undone=()):
    """Queue every audience's messages for what the reducer did to `loaded` (`saved`, after
    partynight.services.store.save); `undone`: the roll log lines a correction took back."""
    night, state, events = loaded.night, saved.state, saved.events
    big = [e["type"] for e in events if e["type"] in BIG]
    names = yield from selectors.names_of.steps(night)
    ghosts = {g for t in state.tables for g in t.ghosts}
    totals = None
    undo = selectors.undo_offers_made(events, saved.logged, names)  # for the table's phones
    v, caused = saved.night_version, False
    covers: dict[str, list[int]] = {}  # what the snapshots bring that no event carries
    opening: dict[int, list[dict]] = {}  # their roll log lines, by table
    for event, table_v, logged in zip(events, saved.table_versions, saved.logged, strict=True):
        kind = event["type"]
        if table_v is not None and "round_started" in big:  # a new round's ghosts' rolls
            _cover(covers, f"table:{event['round']}:{event['table']}", table_v)
            if logged is not None:
                line = selectors.log_entry(logged, night, names)
                opening.setdefault(event["table"], []).append(line)
        elif table_v is not None:
            roll = event["roll"] if kind == "roll_scored" else None
            cause = None
            if roll is not None and not event["ghost"] and not caused:
                cause, caused = client_id, True
            table = TableRound.from_dict(event["state"])
            view = selectors.view_of_table(table, table_v, event["round"], names, len(state.tables))
            payload: frames.WatchTableEvent = {
                "type": "table",
                "scope": f"table:{event['round']}:{event['table']}",
                "v": table_v,
                "table": view,
                "roll": roll,
                "client_id": cause,
            }
            if logged is not None:  # the dashboard's roll log line
                payload["logged"] = selectors.log_entry(logged, night, names)
            if notice and kind == "table_corrected":
                payload["notice"] = notice
                payload["undone"] = list(undone)
            if kind == "table_corrected" or (roll and roll["credited"]) or table.is_done:
                if totals is None:
                    seated = (k for t in state.tables for k in t.seats)
                    totals = standings(state, seated)
                payload["standings"] = snapshots.standing_rows(totals, names, ghosts, table.seats)
                payload["leaders"] = snapshots.leaders(totals, ghosts, state.fuzzy)
            watchers = [broadcast.watch_group(night.pk)]
            send_after_commit(watchers, frame("table.event", payload))
            # the table's phones also get each seat's phone view (phase and headline)
            phones = selectors.table_phones(view, loaded.round, len(state.seating))
            to_phones: frames.PhoneTableEvent = {
                **payload,
                "phones": phones,
                "undo": undo.get(table.table),
            }
            mine = frame("table.event", to_phones)
            send_after_commit([broadcast.table_group(night.pk, table.table)], mine)
        elif kind == "bell":
            v += 1
            round_ = snapshots.round_view(snapshots.NightData(night, loaded, []))
            _small(night, "bell", v, bell=round_["bell"], round=round_)
        elif kind == "fuzzy_moved":
            v += 1
            holder = event["holder"]
            if totals is None:
                totals = standings(state, (k for t in state.tables for k in t.seats))
            _small(
                night,
                "fuzzy",
                v,
                fuzzy_holder=holder,
                fuzzy_holder_name=names.get(holder),
                leaders=snapshots.leaders(totals, ghosts, holder),
            )
    if big:
        _cover(covers, "night", night.version)  # the snapshot's own change
        _snapshots_after_commit(night.pk, big, covers, opening)
    else:
        versions = {"night": night.version}
        versions.update(
            (f"table:{state.round}:{n}", row.version) for n, row in loaded.tables.items()
        )
        after_commit(lambda: _store_versions(night.pk, versions))


def link_revoked(player_id: int, message: Text) -> None:
    """A player's link no longer plays (removed, replaced by a ghost, given a new link):
    after commit every socket it opened, phone page and rooms, is told and closed."""
    event = {"type": "link.revoked", "code": "removed", "message": message}
    send_after_commit([link_group(player_id)], event)


def night_changed(night: Night, what: str) -> None:
    """A host changed the night outside the reducer (players, settings, the seats): its
    version goes up and every screen gets its new snapshot after commit."""
    _snapshots_after_commit(night.pk, [what], {"night": [bump(night)] * 2})


def _cover(covers: dict[str, list[int]], scope: str, v: int) -> None:
    """Widen `covers`' range of `scope`'s versions ([first, last]) to take in `v`."""
    low, high = covers.get(scope, (v, v))
    covers[scope] = [min(low, v), max(high, v)]


def _small(night, what, v, **extra):
    payload: frames.NightEvent = {"type": "night", "scope": "night", "what": what, "v": v, **extra}
    send_after_commit([broadcast.night_group(night.pk)], frame("night.event", payload))


class _Snapshots:
    """Runs once after commit, however many changes the transaction made to the night:
    reads the night once, builds the watchers' snapshot and each player's, and queues them
    (a club's night created with its 40 members makes one round of snapshots, not 40).
    `covers`: every version those changes made that no event announces, by scope;
    `logged`: the roll log lines of the rolls among them, by table."""

    reads_database = True  # the event loop's outbox runs it on a database thread

    def __init__(self, night_id: int, what: list[str], covers: dict, logged: dict):
        self.night_id, self.what, self.covers, self.logged = night_id, what, covers, logged

    def __call__(self):
        try:
            self.send()
        except Exception:  # the change is committed: its answer stands; clients resync
            logger.exception("live: snapshots of night %s failed", self.night_id)

    def send(self):
        night = Night.objects.get(pk=self.night_id)
        data = snapshots.night_data(night)
        extra = {"what": self.what[-1], "events": self.what}
        watch: frames.WatchSnapshot = {
            **snapshots.night_snapshot(night, data),
            **extra,
            "covers": self.covers,
        }
        if self.logged:
            watch["logged"] = self.logged
        send_after_commit([broadcast.watch_group(night.pk)], frame("night.event", watch))
        for player in data.players:
            if player.active and not player.is_ghost:
                player.night = night
                mine: frames.PlayerSnapshot = {**snapshots.player_snapshot(player, data), **extra}
                mine["covers"] = {k: v for k, v in self.covers.items() if k in mine["versions"]}
                table = mine["table"] and mine["table"]["number"]
                seen = {k: v for k, v in mine["versions"].items() if k.startswith("table:")}
                send_after_commit(
                    [broadcast.player_group(player.pk)],
                    frame("player.event", mine, table=table, seen=seen),
                )
        _store_versions(night.pk, watch["versions"])


def _snapshots_after_commit(night_id: int, what: list[str], covers: dict, logged=None) -> None:
    for callback in queued_after_commit():
        if isinstance(callback, _Snapshots) and callback.night_id == night_id:
            callback.what += [w for w in what if w not in callback.what]
            for scope, (low, high) in covers.items():
                _cover(callback.covers, scope, low)
                _cover(callback.covers, scope, high)
            for table, lines in (logged or {}).items():
                callback.logged.setdefault(table, []).extend(lines)
            return
    after_commit(_Snapshots(night_id, list(what), dict(covers), dict(logged or {})))


def _store_versions(night_id: int, versions: dict) -> None:
    store_versions(versions_key(night_id), versions)
