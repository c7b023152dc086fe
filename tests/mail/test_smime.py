"""S/MIME replies: the text an opaque signature (or compression) wraps is read, the signature
not checked; an encrypted reply cannot be read and is told apart."""

from __future__ import annotations

import base64
import zlib
from email import message_from_bytes, policy
from email.message import Message
from pathlib import Path

import pytest
from asn1crypto import cms

from pbem.mail import mime
from pbem.mail.extract import new_text

CORPUS = Path(__file__).parent / "corpus"
TEXT = (
    b'Content-Type: text/plain; charset="utf-8"\r\n\r\nHi Bob,\r\n\r\nplace 1 north\r\n'
    b"done\r\n\r\nOn Mon, 2 Apr 2012 at 18:26, pbem <play@pbem.test> wrote:\r\n> done\r\n"
)


def signed(content: bytes) -> bytes:
    """A CMS SignedData holding ``content`` (no signer: reading never checks one)."""
    return cms.ContentInfo(
        {
            "content_type": "signed_data",
            "content": {
                "version": "v1",
                "digest_algorithms": [],
                "encap_content_info": {"content_type": "data", "content": content},
                "signer_infos": [],
            },
        }
    ).dump()


def enveloped() -> bytes:
    return cms.ContentInfo(
        {
            "content_type": "enveloped_data",
            "content": {
                "version": "v0",
                "recipient_infos": [],
                "encrypted_content_info": {
                    "content_type": "data",
                    "content_encryption_algorithm": {
                        "algorithm": "aes256_cbc",
                        "parameters": b"\x00" * 16,
                    },
                    "encrypted_content": b"\x17" * 32,
                },
            },
        }
    ).dump()


def mail(der: bytes, kind: str = "application/pkcs7-mime", smime_type: str = "signed-data"):
    params = f"; smime-type={smime_type}" if smime_type else ""
    raw = (
        b"From: ann@example.org\r\nTo: play@pbem.test\r\nSubject: Re: move\r\nMIME-Version: 1.0\r\n"
        + f'Content-Type: {kind}{params}; name="smime.p7m"\r\n'.encode()
        + b'Content-Disposition: attachment; filename="smime.p7m"\r\n'
        + b"Content-Transfer-Encoding: base64\r\n\r\n"
        + base64.encodebytes(der)
    )
    return message_from_bytes(raw, policy=policy.default)


@pytest.mark.parametrize("kind", ["application/pkcs7-mime", "application/x-pkcs7-mime"])
@pytest.mark.parametrize("smime_type", ["signed-data", ""])
def test_the_text_inside_an_opaque_signature_is_read(kind, smime_type):
    message = mail(signed(TEXT), kind, smime_type)
    assert new_text(message) == "Hi Bob,\n\nplace 1 north\ndone"
    assert not mime.encrypted(message)


def compressed_data(content: bytes) -> bytes:
    """A DER PKCS#7 CompressedData holding ``content`` (zlib)."""
    return cms.ContentInfo(
        {
            "content_type": "compressed_data",
            "content": {
                "version": "v0",
                "compression_algorithm": {"algorithm": "zlib"},
                "encap_content_info": {"content_type": "data", "content": zlib.compress(content)},
            },
        }
    ).dump()


def test_the_text_inside_a_compressed_part_is_read():
    message = mail(compressed_data(TEXT), smime_type="compressed-data")
    assert new_text(message) == "Hi Bob,\n\nplace 1 north\ndone"


def test_a_signature_inside_a_signature_is_read_to_a_bound():
    content = TEXT
    for _layer in range(3):
        content = (
            b"Content-Type: application/pkcs7-mime; smime-type=signed-data\r\n"
            b"Content-Transfer-Encoding: base64\r\n\r\n"
        ) + base64.encodebytes(signed(content))
    assert new_text(mail(signed(content))) == "Hi Bob,\n\nplace 1 north\ndone"
    deep = TEXT
    for _layer in range(mime.MAX_DEPTH + 2):
        deep = (
            b"Content-Type: application/pkcs7-mime; smime-type=signed-data\r\n"
            b"Content-Transfer-Encoding: base64\r\n\r\n"
        ) + base64.encodebytes(signed(deep))
    assert new_text(mail(signed(deep))) == ""


@pytest.mark.parametrize("smime_type", ["enveloped-data", "authEnveloped-data", ""])
def test_an_encrypted_reply_is_told_and_reads_as_nothing(smime_type):
    message = mail(enveloped(), smime_type=smime_type)
    assert mime.encrypted(message) and new_text(message) == ""


def test_an_encrypted_reply_inside_a_signature_is_told():
    inner = (
        b"Content-Type: application/pkcs7-mime; smime-type=enveloped-data\r\n"
        b"Content-Transfer-Encoding: base64\r\n\r\n"
    ) + base64.encodebytes(enveloped())
    assert mime.encrypted(mail(signed(inner)))


def test_pgp_mime_encrypted_is_told():
    raw = (
        b"From: ann@example.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/encrypted; "
        b'protocol="application/pgp-encrypted"; boundary="b"\r\n\r\n--b\r\n'
        b"Content-Type: application/pgp-encrypted\r\n\r\nVersion: 1\r\n--b\r\n"
        b"Content-Type: application/octet-stream\r\n\r\n-----BEGIN PGP MESSAGE-----\r\n\r\n"
        b"hQEMA1b2\r\n-----END PGP MESSAGE-----\r\n--b--\r\n"
    )
    assert mime.encrypted(message_from_bytes(raw, policy=policy.default))


@pytest.mark.parametrize("der", [b"", b"\x30\x03\x02\x01", b"not asn.1 at all" * 40])
def test_a_broken_smime_part_reads_as_nothing_and_is_no_encryption(der):
    message = mail(der)
    assert new_text(message) == "" and not mime.encrypted(message)


def test_the_corpus_encrypted_reply_made_by_openssl_is_told():
    raw = (CORPUS / "outlook_smime_encrypted_en.eml").read_bytes()
    assert mime.encrypted(mime.parse(raw))
    for name in ("outlook_smime_opaque_es", "kmail_smime_opaque_en", "outlook_smime_es"):
        assert not mime.encrypted(mime.parse((CORPUS / f"{name}.eml").read_bytes()))


def test_an_opaque_signature_sent_as_octet_stream_is_read():
    """Some gateways label the ``smime.p7m`` ``application/octet-stream``: its name tells."""
    message = mail(signed(TEXT), "application/octet-stream", "")
    assert new_text(message) == "Hi Bob,\n\nplace 1 north\ndone"
    assert mime.encrypted(mail(enveloped(), "application/octet-stream", ""))


def attached(der: bytes, name: str) -> Message:
    """A plain reply with a PKCS#7 file attached (an Italian signed PDF is "x.pdf.p7m")."""
    raw = (
        b"From: ann@example.org\r\nTo: play@pbem.test\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\n'
        b"Content-Type: text/plain\r\n\r\np1n\r\ndone\r\n--b\r\n"
        + f'Content-Type: application/pkcs7-mime; name="{name}"\r\n'.encode()
        + f'Content-Disposition: attachment; filename="{name}"\r\n'.encode()
        + b"Content-Transfer-Encoding: base64\r\n\r\n"
        + base64.encodebytes(der)
        + b"--b--\r\n"
    )
    return message_from_bytes(raw, policy=policy.default)


def test_a_signed_or_encrypted_file_attached_to_a_text_is_no_text_and_no_encrypted_mail():
    for der in (signed(TEXT), enveloped()):
        message = attached(der, "contract.pdf.p7m")
        assert new_text(message) == "p1n\ndone" and not mime.encrypted(message)


def test_a_signed_document_that_is_no_mime_entity_reads_as_nothing():
    message = mail(signed(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nplace 2 north\n"))
    assert new_text(message) == "" and not mime.encrypted(message)


def test_a_compressed_part_is_inflated_to_a_bound():
    bomb = b"Content-Type: text/plain\r\n\r\np1n\r\ndone\r\n" + b" " * (mime.INFLATED_AT_MOST * 4)
    compressed = compressed_data(bomb)
    assert len(compressed) < 100_000
    message = mail(compressed, smime_type="compressed-data")
    inner = mime.wrapped(message)
    assert inner is not None and len(inner.get_payload()) <= mime.INFLATED_AT_MOST
    assert new_text(message) == "p1n\ndone"
