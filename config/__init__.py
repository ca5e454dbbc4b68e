"""Project configuration: settings, test settings, root URLs and the ASGI entry point."""
