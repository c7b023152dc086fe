"""A seat's private web page: its address is signed with the seat's secret token.

The token of the reply address never appears in a link: the page's token is an HMAC of the
game id under the seat's token, so knowing the page proves knowing the seat, and a page
address seen in a log or a browser history does not give away the reply address.
"""

from __future__ import annotations

import hashlib
import hmac

from pbem.config import Settings


def page_token(seat_token: str, game_id: int) -> str:
    """The signed token of ``game_id``'s private page for the seat holding ``seat_token``."""
    return hmac.new(seat_token.encode(), f"page/{game_id}".encode(), hashlib.sha256).hexdigest()[
        :32
    ]


def is_page_token(candidate: str, seat_token: str, game_id: int) -> bool:
    """Whether ``candidate`` is the seat's page token (compared in constant time)."""
    return hmac.compare_digest(candidate, page_token(seat_token, game_id))


def page_url(settings: Settings, game_id: int, seat_token: str) -> str:
    """The private page of a seat: its hand, the commands legal now, a form to send them."""
    return f"{settings.base_url}/game/{game_id}/{page_token(seat_token, game_id)}"


def public_url(settings: Settings, game_id: int) -> str:
    """The public page of a game: the board without any hand, the scores and the log."""
    return f"{settings.base_url}/game/{game_id}"
