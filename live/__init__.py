"""The live layer both apps stand on (partynight's nights and games' card rooms): the base
websocket consumer, message parsing with the schemas passed in, after-commit broadcasts with
their ordered sender, idempotent actions with the lookup passed in, the error type, the
limits, snapshots shared per version, and the websocket origin check. It knows nothing of
either app; each keeps its own groups, events and routing."""
