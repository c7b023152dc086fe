"""The Jinja2 templates of the mails (``mail/``) and the web pages (``web/``): the package
``pbem.templates`` of an installed copy (pyproject.toml), read by :mod:`pbem.i18n`."""
