"""Reading hostile replies (``make bench``): seconds per mail for deep nesting, unclosed
markup and a 2.6 MB reply, each printed with its size."""

from __future__ import annotations

import time
from email.message import EmailMessage

from pbem.mail.extract import new_text


def _html(markup: str) -> EmailMessage:
    message = EmailMessage()
    message.set_content(markup, subtype="html")
    return message


def _plain(text: str) -> EmailMessage:
    message = EmailMessage()
    message.set_content(text)
    return message


def cases() -> dict[str, EmailMessage]:
    """Each hostile reply by name; every one has the command ``place 2 north`` on top."""
    top = "<p>place 2 north</p>"
    return {
        "20,000 nested blockquotes": _html(top + "<blockquote>x" * 20_000),
        "20,000 nested divs": _html(top + "<div>x" * 20_000),
        "20,000 unclosed comments": _html(top + "<!--" * 20_000),
        "20,000 unclosed attribute quotes": _html(top + "<a b='" * 20_000),
        "2.6 MB HTML reply, quotes nested 60,000 deep": _html(
            top + "<blockquote><p>an old line of the game mail</p>" * 60_000
        ),
        "2.6 MB plain reply": _plain("place 2 north\n" + "> an old line of the mail\n" * 100_000),
    }


def main() -> None:
    for name, message in cases().items():
        size = len(message.as_bytes())
        started = time.perf_counter()
        text = new_text(message)
        seconds = time.perf_counter() - started
        assert text.startswith("place 2 north"), name
        print(f"extract  {name:48} {size / 1e6:5.2f} MB  {seconds:7.3f} s")


if __name__ == "__main__":
    main()
