"""The night's pages: the host's planning (host.py) and live pages (live.py), the phones'
(phone.py), accounts (accounts.py) and the site's own (site.py). They share shortcuts.py
and forms.py; no module here imports a view module for helpers."""
