"""HTTP edges: inbound webhooks (webhooks.py) and the few public pages (pages.py)."""
