"""The Bunco night: its models, rules, services, consumers and pages (config/ holds the
settings, the ASGI entry point and the URLs)."""
