"""The host's groups: their pages (members, past nights, the season, a night started from
the group) and forms. The models and services stay in partynight (README: Architecture)."""
