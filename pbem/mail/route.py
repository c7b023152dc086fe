"""Route and authenticate: which seat a mail is for, and whether its sender may speak for it.

The secret token in the reply address (``play+TOKEN@domain``), not the From header, says
which seat is moving; the From address must then be the seat's registered address.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import Message
from email.utils import getaddresses

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session, joinedload

from pbem.mail.address import from_header
from pbem.models import Player, Seat


@dataclass(frozen=True)
class Route:
    """Where a mail goes: ``kind`` is "seat", "player" (a player's own address, which the
    digest replies to), "service" or "unknown"; ``seat`` or ``player`` for those."""

    kind: str
    seat: Seat | None = None
    token: str = ""
    player: Player | None = None


def header_values(message: Message, name: str) -> list[str]:
    """The raw values of header ``name``, unfolded; never raises on malformed headers."""
    return [
        re.sub(r"\s+", " ", str(v)).strip()
        for k, v in message.raw_items()
        if k.lower() == name.lower()
    ]


def sender(message: Message) -> str:
    """The From address, canonical; "" when there is none, or no single unambiguous one."""
    values = header_values(message, "From")
    return from_header(values[0]) if len(values) == 1 else ""


def recipients(message: Message, envelope_to: str) -> list[str]:
    """Envelope recipient first, then the addresses in the delivery and To/Cc headers."""
    found = [envelope_to] if envelope_to else []
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        found += [addr for _, addr in getaddresses(header_values(message, header))]
    return [a.strip().lower() for a in found if a]


#: the seat (with its player, whom authenticating reads) and the player of a secret reply
#: address (built once: run on every mail)
_SEAT = select(Seat).where(Seat.token == bindparam("token")).options(joinedload(Seat.player))
_PLAYER = select(Player).where(Player.token == bindparam("token"))


def _token_address(domain: str) -> re.Pattern:
    """A secret reply address at ``domain`` (a seat's or a player's), its token a group."""
    return re.compile(rf"^play\+([a-z0-9]+)@{re.escape(domain.lower())}$")


def ours(address: str, domain: str) -> bool:
    """Whether ``address`` is one of ours: the service's or a secret reply address."""
    return address == f"play@{domain.lower()}" or bool(_token_address(domain).match(address))


def route(session: Session, message: Message, envelope_to: str, domain: str) -> Route:
    """The seat whose token the mail is addressed to, or the service address, or unknown."""
    pattern = _token_address(domain)
    service = f"play@{domain.lower()}"
    is_service = False
    for address in recipients(message, envelope_to):
        match = pattern.match(address)
        if match:
            seat = session.scalar(_SEAT, {"token": match.group(1)})
            if seat is not None:
                return Route("seat", seat=seat, token=seat.token)
            player = session.scalar(_PLAYER, {"token": match.group(1)})
            if player is not None:
                return Route("player", token=player.token, player=player)
            return Route("unknown", token=match.group(1))
        is_service = is_service or address == service
    return Route("service") if is_service else Route("unknown")


def authentic(from_address: str, seat: Seat | Player) -> bool:
    """True when ``from_address`` (the mail's, :func:`sender`) is the seat's (or player's)
    registered address."""
    player = seat.player if isinstance(seat, Seat) else seat
    return from_address == player.address
