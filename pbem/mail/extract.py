"""The text a player newly wrote in a reply: no quoted history, no signature.

Mail clients quote in many ways; :func:`new_text` knows the common ones (``>`` lines,
attribution lines in several languages, Outlook header blocks and separators, forwarded
blocks, HTML quote containers) and never raises, whatever the message looks like.
"""

from __future__ import annotations

import codecs
import re
from email.message import Message

from engine.lexicon import fold
from pbem.mail import header_labels, mime
from pbem.mail.commands import signature
from pbem.mail.html_text import INVISIBLE, RULE, html_reply_text, html_to_text, is_markup
from pbem.mail.outgoing import SENDER_NAME

# -- the body -----------------------------------------------------------------------------------


#: How much of a body is read: commands stand above the quoted history, and a bound keeps a
#: hostile mail of megabytes as cheap as any other (each step is linear besides).
READ_AT_MOST = 500_000


def new_text(message: Message) -> str:
    """The newly written text of ``message``: quotes, signatures and all after ``end`` removed.
    A mail whose body holds no new text may hold its commands in the subject
    (:func:`subject_text`)."""
    plain, html = _bodies(message)
    if plain.strip():
        text = _strip_history(plain[:READ_AT_MOST])
    else:
        text = _strip_history(html_reply_text(html[:READ_AT_MOST]))
    if any(character.isalnum() for character in text):
        return text
    return subject_text(message) or text


#: How much of a subject is read (a subject is a line; a hostile one is cut).
_SUBJECT_AT_MOST = 998
#: The tag of a game's subject ("[pbem #12] HONGA — ann, bob").
_GAME_TAG = re.compile(r"^\[pbem #\d{1,12}\]\s*")
#: What follows the tag in a game's own subject: its title, a dash, the players' names (a
#: client may write the dash as a hyphen).
_OWN_SUBJECT = re.compile(r"\s[—–-]\s")


def subject_text(message: Message) -> str:
    """What the writer typed in the subject, for a mail without a body ("" if nothing): some
    people type their move there. The whole subject when it is no reply's ("p2n", typed over
    the game's); in a reply's, what follows the game's tag ("Re: [pbem #12] p2n, done"), but
    for the game's own title and names after it ("Re: [pbem #12] HONGA — ann, bob" holds no
    command).
    The game's tag, which names a game and no position, is never part of it."""
    subject = _subject(message)
    replied = header_labels.REPLY_PREFIX.match(subject)
    rest = subject[replied.end() :] if replied else subject
    tag = _GAME_TAG.match(rest)
    if tag:
        rest = rest[tag.end() :]
    elif replied:
        return ""
    return "" if _OWN_SUBJECT.search(rest) else rest


def _subject(message: Message) -> str:
    """The subject of ``message``, decoded, one line ("" when it has none)."""
    raw = next((str(v) for k, v in message.raw_items() if k.lower() == "subject"), "")
    return " ".join(mime.header_text(raw[: 4 * _SUBJECT_AT_MOST])[:_SUBJECT_AT_MOST].split())


def body_text(message: Message) -> str:
    """The whole text of ``message``, quoted history included (its plain body, else its HTML
    as text): what its client wrote above the quote tells its language."""
    plain, html = _bodies(message)
    return plain if plain.strip() else html_to_text(html[:READ_AT_MOST])


def _bodies(message: Message) -> tuple[str, str]:
    """The inline text/plain and text/html bodies ("" where missing), each the text of its
    parts in order: Apple Mail splits the text around a photo in two parts of a mixed one.
    A text/plain body that is really HTML (:func:`is_markup`) is read as HTML.
    A later part that names a file, or has a From: of its own (a message attached as it is),
    is no more of the text."""
    found: dict[str, list[str]] = {"text/plain": [], "text/html": []}
    for part in _inline_parts(message):
        kind = part.get_content_type()
        if kind in found and not (found[kind] and (part.get_filename() or part["From"])):
            found[kind].append(_decoded(part))
    if not any(found.values()) and not message.is_multipart() and not mime.smime(message):
        # Broken MIME (say, multipart without a boundary): read the body as it is.
        found["text/plain"].append(_decoded(message))
    plain, html = "\n".join(found["text/plain"]), "\n".join(found["text/html"])
    if is_markup(plain):  # HTML sent as text/plain: its tags are no text
        return "", html or plain
    return plain, html


def _inline_parts(part: Message, depth: int = 0, whole: bool = True):
    """Leaf parts in order, skipping attachments and attached messages; the message an
    S/MIME signature wraps (:func:`pbem.mail.mime.wrapped`) read in its place where it is
    the ``whole`` mail (or what a ``multipart/signed`` signs), no signed file attached."""
    inner = mime.wrapped(part, depth) if whole else None
    if inner is not None:
        yield from _inline_parts(inner, depth + 1)
    elif part.is_multipart():
        signed = whole and part.get_content_type() == "multipart/signed"
        for index, child in enumerate(part.get_payload()):
            if isinstance(child, Message) and child.get_content_maintype() != "message":
                yield from _inline_parts(child, depth, signed and index == 0)
    elif part.get_content_disposition() != "attachment":
        yield part


def _decoded(part: Message) -> str:
    """The part's text: declared charset, else UTF-8, else windows-1252, else Latin-1 (which
    always works)."""
    try:
        payload = part.get_payload(decode=True)
    except (ValueError, TypeError, LookupError):
        payload = None
    if payload is None:
        raw = part.get_payload()
        return raw if isinstance(raw, str) else ""
    text = _decode(payload, part.get_content_charset())
    if _is_flowed(part):
        text = _unflow(text, delsp=str(part.get_param("delsp", "no")).lower() == "yes")
    return text


#: Where a label names Latin-1, mail is read as windows-1252, its superset, as browsers read
#: it (WHATWG Encoding Standard): Outlook labels its quotes and dashes (“ ” –) "iso-8859-1".
_LATIN_1 = "iso8859-1"


def _decode(payload: bytes, charset: str | None) -> str:
    try:
        if charset and codecs.lookup(charset).name == _LATIN_1:
            charset = "windows-1252"
    except (LookupError, ValueError, TypeError):
        charset = None
    for candidate in (charset, "utf-8", "windows-1252"):
        if candidate:
            try:
                return payload.decode(candidate)
            except (LookupError, UnicodeError, ValueError):
                continue
    return payload.decode("latin-1")


def _is_flowed(part: Message) -> bool:
    return part.get_content_type() == "text/plain" and (
        str(part.get_param("format", "fixed")).lower() == "flowed"
    )


def _unflow(text: str, delsp: bool) -> str:
    """Join the soft line breaks of ``format=flowed`` (RFC 3676) back into long lines."""
    lines: list[list[str]] = []  # each line in pieces: joining a long paragraph stays linear
    depth_of_last = -1
    open_last = False
    for line in text.replace("\r\n", "\n").split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        body = line[depth:]
        if body.startswith(" "):
            body = body[1:]  # space-stuffing
        open_now = body.endswith(" ") and body.rstrip() != "--"
        piece = body[:-1] if open_now and delsp else body
        if open_last and depth == depth_of_last:
            lines[-1].append(piece)
        else:
            lines.append([">" * depth + (" " if depth and body else "") + piece])
        open_last = open_now
        depth_of_last = depth
    return "\n".join("".join(pieces) for pieces in lines)


# -- plain text ---------------------------------------------------------------------------------

#: The line that stops reading (all below it is ignored), in each language; a player may write
#: any of them. None is a word of any game (tests/mail/test_extract.py checks).
END_WORDS = {"en": ("end",), "es": ("fin",), "de": ("ende",), "pt": ("fim",)}
_END = frozenset(fold(word) for words in END_WORDS.values() for word in words)
_SEPARATOR_TEXT = (
    r"(-{2,}\s*(original message|forwarded message|mensaje original|mensaje reenviado"
    r"|ursprüngliche nachricht|weitergeleitete nachricht|mensagem original"
    r"|mensagem encaminhada|message d'origine|message original|message transféré"
    r"|messaggio originale|messaggio inoltrato|oorspronkelijk bericht|doorgestuurd bericht"
    r"|исходное сообщение|пересылаемое сообщение|переслано)\s*-{2,}"
    r"|-{4,}\s*[^\W\d_][\w' .-]{2,40}?\s*-{4,}"  # any "------- Original-Nachricht -------"
    r"|_{10,}"
    r"|(begin forwarded message|anfang der weitergeleiteten nachricht"
    r"|inicio del mensaje reenviado|início da mensagem (re)?encaminhada"
    r"|début du message réexpédié|inizio messaggio inoltrato)\s*:"
    r"|>>>\s.{1,300}\s>>>)"  # GroupWise: ">>> Ann <ann@x.org> 02.04.2012 18:26 >>>"
)
_SEPARATOR = re.compile(rf"^{_SEPARATOR_TEXT}$", re.IGNORECASE)
_HEADER_LABEL = re.compile(
    rf"^\*?\s*(?P<label>{header_labels.alternatives(header_labels.labels())})\s*\*?\s*:",
    re.IGNORECASE,
)
_FROM_LABELS = header_labels.labels("from")
#: A separator with the header below it on its line: ``format=flowed`` joined them, as
#: Windows Live Mail ends its "----- Original Message ----- " with a space.
_SEPARATOR_JOINED = re.compile(
    rf"^{_SEPARATOR_TEXT}\s+\*?({header_labels.alternatives(_FROM_LABELS)})\s*\*?:", re.IGNORECASE
)
_TO_LABELS = header_labels.labels("to")
_SUBJECT_LABELS = header_labels.labels("subject")
#: How far below its "To" label Notes writes its "Subject" label (its lines at the most).
_LABEL_BLOCK_LINES = 8
#: Notes writes the sender, who sent for them, the date and whom to answer on at most this
#: many lines above its labels.
_SENDER_LINES = 5
#: Those lines of Notes that hold neither an address nor a date: "Sent by: pbem", the bare
#: "Please respond to" above the address.
_NOTES_SENDER = re.compile(
    rf"^({header_labels.alternatives(header_labels.labels('sent_by'))})\s*:"
    rf"|^({header_labels.alternatives(header_labels.labels('reply_to'))})$",
    re.IGNORECASE,
)
#: A header block a client wrote on one line: "From: pbem <...> Sent: Monday ... To: ...".
_HEADER_LINE = re.compile(
    rf"^\*?\s*({header_labels.alternatives(_FROM_LABELS)})\s*\*?\s*:.{{1,300}}?"
    rf"\s\*?({header_labels.alternatives(header_labels.labels('sent'))})\s*\*?\s*:",
    re.IGNORECASE,
)
_ATTRIBUTION_VERB = (
    r"wrote|writes|escribió|escribio|escreveu|a écrit|ha scritto|schrieb|geschrieben|schreef|geschreven|skrev"
    r"|napisał(\(a\))?|kirjoitti|пишет|написал(\(а\)|а)?"
)
#: "On ... wrote:" and its translations, the verb last.
_ATTRIBUTION = re.compile(rf"^.{{0,300}}\b({_ATTRIBUTION_VERB})\s*:$", re.IGNORECASE)
#: Our name in an attribution: "pbem escribió:", "Am Montag schrieb pbem:" quote our mail
#: even without a date or an address (prose naming us and ending in "wrote:" is unlikely).
_OUR_NAME = re.compile(rf"(?<!\w){re.escape(SENDER_NAME)}(?!\w)", re.IGNORECASE)
#: "Am ... schrieb Ann <ann@x.org>:", "Op ... schreef ...:", "Ann schrieb am ...:".
_ATTRIBUTION_VERB_INSIDE = re.compile(
    rf"^.{{0,300}}\b({_ATTRIBUTION_VERB})\b.{{0,300}}:$", re.IGNORECASE
)
#: A date or a time, as attributions write them.
_ATTRIBUTION_DATE = re.compile(r"\d{1,2}:\d{2}|\d{4}|\d{1,2}[./-]\d{1,2}[./-]\d{2}")
#: A date, a time or an address: what makes "... wrote:" an attribution beyond doubt.
_ATTRIBUTION_DETAIL = re.compile(rf"@|{_ATTRIBUTION_DATE.pattern}")
#: How the first line of an attribution that a client wrapped in two begins.
_ATTRIBUTION_OPENER_WORD = re.compile(r"^(On|El|Am|Em|Le|Il|Op|Den|W dniu|В)\s")
_ATTRIBUTION_OPENER = re.compile(rf"{_ATTRIBUTION_OPENER_WORD.pattern}|^\d")
#: The writer's address in an attribution: "pbem <play@x.org> schrieb am ...".
_ATTRIBUTION_ADDRESS = re.compile(r"<[^<>\s]+@[^<>\s]+>")
#: How many lines a client wraps an attribution over, at the most.
_ATTRIBUTION_LINES = 3
#: The footers mail apps write below a text; an app's own ("Get Outlook for iOS", "Get
#: BlueMail for Android", "Obtener Outlook para Android") names the app and its system.
_APP_FOR = r"[\w-]{3,20} (for|para|für) (ios|android)"
_SIGNATURE = re.compile(
    rf"^(sent (from|with|via|using) .{{1,90}}|get {_APP_FOR}.{{0,60}}"
    r"|enviad[oa] (desde|do|da|de|con|com|por|pelo|via|a trav[eé]s de|a partir d[oa]) .{1,90}"
    r"|von .{1,50} gesendet\.?|gesendet (von|mit|über|vom) .{1,90}"
    r"|diese nachricht wurde (von|mit) .{1,90} (gesendet|versendet|verschickt)\.?"
    rf"|(obtener|obtenga|descargar?|obter|obtenha|baixe|baixar) (o )?{_APP_FOR}.{{0,40}}"
    r"|outlook für (ios|android) (herunterladen|beziehen).{0,40}"
    rf"|holen sie sich {_APP_FOR}.{{0,40}}"
    r"|envoyé (de|depuis) mon .{1,40}"
    r"|inviato da .{1,40}|verzonden (vanaf|met) .{1,40}|отправлено (с|из) .{1,40})$",
    re.IGNORECASE,
)
#: Where a plain text stands for an image of its HTML (which reads as nothing): Gmail's
#: "[image: IMG_0412.jpg]" (in Spanish "[imagen: ...]"), Outlook's "[cid:image001.png@01D8...]".
_IMAGE = re.compile(r"\[((image|imagen|imagem|bild): ?|cid:)[^\[\]]{1,200}\]", re.IGNORECASE)
#: A rule drawn above a signature: a line of five or more dashes, underscores or long dashes
#: (Outlook mobile's), or an HTML ``<hr>`` (:data:`RULE`).
_RULE = re.compile(rf"[-_—–]{{5,}}|{RULE}")
#: How far below a rule a signature is looked for (blank lines included): a bound on the cost.
_RULE_READ = 40
#: The start of an e-mail disclaimer, in the players' languages: everything from it is cut.
_DISCLAIMER = re.compile(
    r"\b(confidential|privileged|intended (solely )?(only )?for the (use|addressee)"
    r"|intended recipient|disclaimer|vertraulich|ausschließlich für den|haftungsausschluss"
    r"|nicht der (richtige|beabsichtigte) (adressat|empfänger)|confidencial|aviso legal"
    r"|destinatari[oa] (indicad|únic|exclusiv)|sigilos[ao]|destinatário|aviso de confidencialidade"
    r"|please consider the environment|antes de imprimir|bitte denken sie an die umwelt"
    r"|think before you print)",
    re.IGNORECASE,
)
#: A disclaimer is prose: a line of at least this many words.
_DISCLAIMER_WORDS = 6


def _strip_history(text: str) -> str:
    """The new lines of a plain-text reply (see :func:`new_text`)."""
    text = INVISIBLE.sub("", text.replace("\r\n", "\n").replace("\r", "\n").replace("\xa0", " "))
    lines = _without_clear_signature(text.split("\n"))
    kept: list[str] = []
    wrote = False  # whether a kept line holds text
    index = 0
    while index < len(lines):
        line = lines[index].rstrip()
        stripped = line.strip()
        if fold(stripped) in _END:
            break
        if _SEPARATOR.match(stripped) or _SEPARATOR_JOINED.match(stripped):
            break
        if _is_quoted(line):
            index += 1
            continue
        if line == "--" or _is_header_block(lines, index):
            break
        if _is_label_block(lines, index):
            _drop_sender_lines(kept)
            break
        if len(stripped.split()) >= _DISCLAIMER_WORDS and _DISCLAIMER.search(stripped):
            break
        if _RULE.fullmatch(stripped):
            if wrote and _signature_below(lines, index + 1):
                break
            if stripped == RULE:
                index += 1
                continue
        span = _attribution_span(lines, index)
        if span:
            attribution = " ".join(lines[index : index + span])
            if _quote_follows(lines, index + span):
                _drop_attribution_start(kept, attribution)
                index += span
                continue
            if _ATTRIBUTION_DETAIL.search(attribution) or _OUR_NAME.search(attribution):
                _drop_attribution_start(kept, attribution)
                break
        if not (_SIGNATURE.match(stripped) or _IMAGE.fullmatch(stripped)):
            kept.append(line)
            wrote = wrote or bool(stripped)
        index += 1
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip("\n")


#: The armor lines of an OpenPGP clear-signed text (RFC 4880, section 7).
_SIGNED_BEGIN = "-----BEGIN PGP SIGNED MESSAGE-----"
_SIGNATURE_BEGIN = "-----BEGIN PGP SIGNATURE-----"
_SIGNATURE_END = "-----END PGP SIGNATURE-----"


def _without_clear_signature(lines: list[str]) -> list[str]:
    """``lines`` as their writer typed them where a client signed them inline with OpenPGP:
    without the armor line and its headers ("Hash: SHA256") above the text, without the
    signature block below it, and without the "- " a signer puts before a line that begins
    with a dash (RFC 4880, 7.1)."""
    kept: list[str] = []
    state = "text"  # text, headers (of the armor), signed (text), signature (block)
    for line in lines:
        armor = line.strip()
        if state == "text" and armor == _SIGNED_BEGIN:
            state = "headers"
        elif state == "headers":
            state = "headers" if armor else "signed"
        elif state == "signed" and armor == _SIGNATURE_BEGIN:
            state = "signature"
        elif state == "signature":
            state = "text" if armor == _SIGNATURE_END else "signature"
        else:
            kept.append(line[2:] if state == "signed" and line.startswith("- ") else line)
    return kept


def _signature_below(lines: list[str], start: int) -> bool:
    """Whether the lines from ``start`` (below a rule) to the end of the text or to its quoted
    history are a :func:`~pbem.mail.commands.signature`."""
    below: list[str] = []
    end = min(start + _RULE_READ, len(lines))
    for index in range(start, end):
        stripped = lines[index].strip()
        if not stripped:
            continue
        if (
            _is_quoted(stripped)
            or _SEPARATOR.match(stripped)
            or _is_header_block(lines, index)
            or _attribution_span(lines, index)
        ):
            return signature(below)
        below.append(stripped)
    return end == len(lines) and signature(below)


def _is_quoted(line: str) -> bool:
    """A line of quoted history: ``>`` in front, or ``|`` as some clients quote."""
    return line.lstrip().startswith((">", "|"))


def _quote_follows(lines: list[str], start: int) -> bool:
    """Whether the next non-blank line from ``start`` is a quoted one."""
    for index in range(start, len(lines)):  # no slice: called for many lines of one mail
        if lines[index].strip():
            return _is_quoted(lines[index])
    return False


def _is_header_block(lines: list[str], start: int) -> bool:
    """Whether an Outlook-style header block (From: / Sent: / To: / Subject:) starts here."""
    if not _HEADER_LABEL.match(lines[start].strip()):
        return False
    if _HEADER_LINE.match(lines[start].strip()):
        return True
    labels = []
    for line in lines[start : start + 8]:
        match = _HEADER_LABEL.match(line.strip())
        if match:
            labels.append(match["label"].lower())
    return len(labels) >= 3 and bool(_FROM_LABELS & set(labels))


def _is_label_block(lines: list[str], start: int) -> bool:
    """Whether Lotus Notes' header block starts here: its labels bare on lines of their own,
    "To" (or "An", "Para") and below it "Subject" ("Thema", "Asunto"), the sender's name
    and the date above them."""
    if lines[start].strip().lower() not in _TO_LABELS:
        return False
    below = lines[start + 1 : start + _LABEL_BLOCK_LINES]
    return any(line.strip().lower() in _SUBJECT_LABELS for line in below)


def _drop_sender_lines(kept: list[str]) -> None:
    """Drop from ``kept`` the lines above a Notes header block that name its sender and date
    ("pbem <play@x.org>", "Sent by: pbem", "02.04.2012 18:26", "Please respond to"), and the
    blank lines around them."""
    dropped = 0
    while kept and dropped <= _SENDER_LINES:
        line = kept[-1].strip()
        if line and (
            dropped == _SENDER_LINES
            or not (_ATTRIBUTION_DETAIL.search(line) or _NOTES_SENDER.match(line))
        ):
            return
        dropped += bool(line)
        kept.pop()


def _attribution_span(lines: list[str], start: int) -> int:
    """How many lines (1 to :data:`_ATTRIBUTION_LINES`) an attribution starting at ``start``
    takes; 0 if none starts. A client that wraps one leaves its date, time or address on the
    first line, which begins as attributions do ("On ...", "Am ...") or with the writer's
    address ("pbem <play@x.org> schrieb am Mo., 2. Apr.")."""
    first = lines[start].strip()
    if _is_attribution(first) or _is_generic_attribution(lines, start):
        return 1
    if not (
        _ATTRIBUTION_OPENER.match(first) or _ATTRIBUTION_ADDRESS.search(first)
    ) or not _ATTRIBUTION_DETAIL.search(first):
        return 0
    joined = first
    for index in range(start + 1, min(start + _ATTRIBUTION_LINES, len(lines))):
        line = lines[index].strip()
        if not line or _ATTRIBUTION_OPENER_WORD.match(line):
            return 0  # a blank line, or the start of an attribution: the line above is prose
        joined = f"{joined} {line}"
        if _is_attribution(joined):
            return index - start + 1
    return 0


#: The longest first line of a wrapped attribution.
_ATTRIBUTION_START = 300


def _drop_attribution_start(kept: list[str], attribution: str) -> None:
    """Drop from ``kept`` the first line of an ``attribution`` a client wrapped, when it
    begins as no known client's does ("A 2/04/2012, às 18:26, pbem" above "<ann@x.org>
    escreveu:", Apple Mail in Portugal; Yahoo's Spanish "En lunes, ..."): the line right above
    it, which holds the date or time the attribution lacks, begins no command and ends no
    sentence."""
    if not kept or len(kept[-1]) > _ATTRIBUTION_START or _ATTRIBUTION_DATE.search(attribution):
        return  # a long line is no attribution's start: each call costs a bounded time
    above = kept[-1].strip()
    if (
        above
        and _ATTRIBUTION_DATE.search(above)
        and not above.endswith((".", "!", "?"))
        and signature([above])  # one line that begins no command
        and _is_attribution(f"{above} {attribution.strip()}")
    ):
        kept.pop()


def _is_attribution(line: str) -> bool:
    if line.startswith("--") and line.endswith("--"):
        # between dashes, without the colon: "---- On Mon, 02 Apr 2012 ... wrote ----" (Zoho)
        line = line.strip("-").strip() + ":"
    if _ATTRIBUTION.match(line):
        return True
    return bool(
        _ATTRIBUTION_VERB_INSIDE.match(line)
        and (_ATTRIBUTION_DETAIL.search(line) or _OUR_NAME.search(line))
    )


def _is_generic_attribution(lines: list[str], start: int) -> bool:
    """A line in any language that ends with ":", names an address or a time, and is followed
    by quoted lines ("26.06.2014, 14:41, "Ann" <ann@x.org>:")."""
    line = lines[start].strip()
    return (
        line.endswith(":")
        and bool(re.search(r"@|\d{1,2}:\d{2}", line))
        and _quote_follows(lines, start + 1)
    )
