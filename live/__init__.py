"""The live layer both apps stand on (partynight's nights and games' card rooms): the base
websocket consumer, message parsing with the schemas passed in, after-commit broadcasts with
their ordered sender, idempotent actions with the lookup passed in, the error type, the
limits, snapshots shared per version, the websocket origin check, the group names and
heartbeat keys both apps meet under, and the pure rules' one error. It knows nothing of either
app's state; each keeps its own events and routing."""
