"""PartyNight: settings, ASGI entry point, URLs, and the Bunco night app itself."""
