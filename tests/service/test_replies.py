"""Replies as people write them, through the whole pipeline: each moves the game or joins it,
and the answer says what was read and what was set aside."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest
from service_mails import flat, said, text_of

import engine

LETTERS = {
    "en": ("Hi all,", "Thanks,\nBob"),
    "es": ("Hola:", "Un saludo,\nMaría"),
    "de": ("Hallo zusammen", "Viele Grüße\nJürgen"),
    "pt": ("Olá", "Abraços,\nRita"),
}


@pytest.mark.parametrize("language", LETTERS)
def test_a_greeted_and_signed_turn_is_applied_and_echoed(service, language):
    greeting, sign_off = LETTERS[language]
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    body = "\n".join([greeting, "", *lines, "", sign_off])
    sent = service.deliver(service.reply(game_id, mover, body))
    assert mover not in service.to_move(game_id)
    mine = [m for m in sent if m.to_address == service.seat(game_id, mover)["address"]]
    assert [m.kind for m in mine] == ["turn"]
    echo = flat(text_of(mine[0]))
    assert said(language, "I read: %(commands)s.", commands="; ".join(lines)) in echo
    set_aside = " / ".join([greeting, *sign_off.splitlines()])
    assert said(language, "I left aside: %(lines)s", lines=set_aside) in echo
    others = [m for m in sent if m not in mine]
    assert others and all(set_aside not in flat(text_of(m)) for m in others)


@pytest.mark.parametrize("language", LETTERS)
def test_a_greeted_join_starts_the_game(service, language):
    greeting, sign_off = LETTERS[language]
    game_id, guest, _ = service.invite_guest()
    sent = service.deliver(service.reply(game_id, guest, f"{greeting}\njoin\n{sign_off}"))
    assert service.game(game_id)[0].status == "active"
    to_guest = [m for m in sent if m.to_address == "guest@y.test"]
    assert said(language, "I read: %(commands)s.", commands="join") in flat(text_of(to_guest[0]))


def test_a_mistyped_command_after_a_move_refuses_the_mail_by_line_number(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    first = service.legal(game_id, mover)[0]
    sent = service.deliver(service.reply(game_id, mover, f"Hi,\n{first}\nplce 2 nrth\nBob"))
    assert [m.kind for m in sent] == ["error"]
    body = flat(text_of(sent[0]))
    assert "Line 3 of your mail could not be carried out: > plce 2 nrth" in body
    assert service.game(game_id)[0].version == 1


def test_greetings_only_get_an_answer_that_says_what_was_set_aside(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, mover, "Hi Bob,\nsee you tomorrow!\nAnn"))
    assert [m.kind for m in sent] == ["error"]
    body = flat(text_of(sent[0]))
    assert "We found no command in your mail." in body
    assert "I left aside: Hi Bob, / see you tomorrow! / Ann" in body


@pytest.mark.parametrize("word", ["resign", "surrender", "concede"])
def test_chat_starting_with_resign_resigns_nobody(service, word):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    other = next(s["name"] for s in service.game(game_id)[1] if s["name"] != mover)
    chat = f"{word.capitalize()}? Never! Good game so far."
    service.deliver(service.reply(game_id, other, chat))
    assert service.seat(game_id, other)["status"] == "joined"
    lines = service.turn_of(game_id, mover)
    sent = service.deliver(service.reply(game_id, mover, "\n".join([*lines, chat])))
    assert mover not in service.to_move(game_id)
    assert service.seat(game_id, mover)["status"] == "joined"
    mine = next(m for m in sent if m.to_address == service.seat(game_id, mover)["address"])
    assert f"I left aside: {chat}" in flat(text_of(mine))


def test_quoted_commands_are_read_without_their_quotes(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    quoted = [f"“{line}”" if n % 2 else f"«{line}»" for n, line in enumerate(lines)]
    service.deliver(service.reply(game_id, mover, "\n".join(quoted)))
    assert mover not in service.to_move(game_id)


def test_a_new_game_with_greetings_to_the_service(service):
    sent = service.deliver(
        service.to_service("host@x.test", "Hola:\nnew honga with guest@y.test\nGracias, Ana")
    )
    assert [m.kind for m in sent] == ["invite", "news"]
    set_aside = said("es", "I left aside: %(lines)s", lines="Hola: / Gracias, Ana")
    assert set_aside in flat(text_of(sent[1]))


def test_help_new_lists_every_game_with_its_options(service):
    (answer,) = service.deliver(service.to_service("host@x.test", "help new"))
    body = flat(text_of(answer))
    for name in engine.names():
        assert f"{name}: {engine.load(name).title}" in body
        for option in engine.load(name).options:
            assert f"{option}=" in body


def test_a_misspelt_game_gets_a_suggestion_by_mail(service):
    (answer,) = service.deliver(service.to_service("host@x.test", "new stonage with guest@y.test"))
    assert "Did you mean stoneage?" in flat(text_of(answer))
    sent = service.deliver(service.to_service("host@x.test", "new Stone Age with guest@y.test"))
    assert [m.kind for m in sent] == ["invite", "news"]


def test_the_inbox_preview_says_whose_turn_it_is_and_the_subject_stays(service):
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    subjects = {m.subject for m in service.outbox()}
    previews = {m.to_address: text_of(m).lstrip().splitlines()[0] for m in service.outbox()}
    assert previews[service.seat(game_id, mover)["address"]].startswith(f"Your turn, {mover}")
    other = next(s for s in service.game(game_id)[1] if s["name"] != mover)
    assert previews[other["address"]].startswith(f"Waiting for {mover}")
    sent = service.deliver(
        service.reply(game_id, mover, "\n".join(service.turn_of(game_id, mover)))
    )
    assert {m.subject for m in sent} == subjects
    html = next(m for m in sent if m.to_address == other["address"]).message.decode(
        "utf-8", "replace"
    )
    assert "display:none" in html and "Your turn, " in html


def test_the_readme_lists_every_game_with_its_options():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for name in engine.names():
        assert f"| `{name}` | {engine.load(name).title} |" in readme
        for option in engine.load(name).options:
            assert f"`{option}`" in readme


CHATTY = {
    "en": ("Hi all,", "Pass me the salt, please", "Cheers"),
    "es": ("Hola:", "No me voy a rendir", "Saludos"),
    "de": ("Hallo zusammen,", "Ich passe heute nicht auf", "Viele Grüße"),
    "pt": ("Olá,", "Desistir jamais", "Abraços"),
}


@pytest.mark.parametrize("language", CHATTY)
def test_chat_between_commands_is_refused_with_the_line_and_what_is_legal(service, language):
    """A chatty line between commands never acts: the mail is refused, the answer quotes the
    line, says why and lists what may be written now; the seat still plays."""
    greeting, chat, sign_off = CHATTY[language]
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    body = "\n".join([greeting, "status", chat, *lines, sign_off])
    sent = service.deliver(service.reply(game_id, mover, body))
    assert [m.kind for m in sent] == ["error"]
    answer = flat(text_of(sent[0]))
    assert f"> {chat}" in answer
    assert said(language, "What you may write now:") in answer
    assert service.game(game_id)[0].version == 1
    assert service.seat(game_id, mover)["status"] == "joined"


#: A slip in a short word after a verb of HONGA ("fsh" for fish, "pz" for pez, "bga" for baga)
SHORT_SLIPS = {"en": "lure fsh", "es": "comprar pz", "de": "kaufe Fsh", "pt": "comprar bga"}


@pytest.mark.parametrize("language", SHORT_SLIPS)
def test_a_slip_in_a_short_word_is_refused_not_set_aside(service, language):
    """A word no language's list holds, one slip from a word of the game, marks a mistyped
    command even when short: the mail is refused with the line quoted, never played without
    it (these lines were left aside as greetings and the moves below them played)."""
    greeting, _chat, sign_off = CHATTY[language]
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    body = "\n".join([greeting, SHORT_SLIPS[language], *lines, sign_off])
    sent = service.deliver(service.reply(game_id, mover, body))
    assert [m.kind for m in sent] == ["error"]
    assert f"> {SHORT_SLIPS[language]}" in flat(text_of(sent[0]))
    assert service.game(game_id)[0].version == 1


@pytest.mark.parametrize("language", CHATTY)
def test_chat_as_a_sign_off_is_left_aside_and_the_moves_play(service, language):
    greeting, chat, sign_off = CHATTY[language]
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    body = "\n".join([greeting, *lines, chat, sign_off])
    sent = service.deliver(service.reply(game_id, mover, body))
    assert mover not in service.to_move(game_id)
    assert service.seat(game_id, mover)["status"] == "joined"
    mine = next(m for m in sent if m.to_address == service.seat(game_id, mover)["address"])
    left = said(language, "I left aside: %(lines)s", lines=f"{greeting} / {chat} / {sign_off}")
    assert left in flat(text_of(mine))


def test_a_name_one_slip_from_a_game_verb_signs_the_mail(service):
    """ "Pilar" is one slip from Stone Age's Portuguese "pular" (skip): below "Beijos," it is
    the writer's name, set aside, and the turn is played (it refused the mail before)."""
    game_id = service.new_game("stoneage")
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    body = "\n".join(["Olá", "", *lines, "", "Beijos,", "Pilar"])
    sent = service.deliver(service.reply(game_id, mover, body))
    assert service.game(game_id)[0].version == 2
    mine = [m for m in sent if m.to_address == service.seat(game_id, mover)["address"]]
    echo = flat(text_of(mine[0]))
    assert said("pt", "I left aside: %(lines)s", lines="Olá / Beijos, / Pilar") in echo


#: Chat of exactly the shape of a Hengist command ("a" is a party), in the players' languages.
SHAPED = {
    "en": ("Hi Bob,", "Move a muscle", "Cheers"),
    "es": ("Hola Bob:", "Vuelvo a las nueve", "Saludos"),
    "pt": ("Olá,", "Passa a bola", "Abraços"),
}


@pytest.mark.parametrize("language", SHAPED)
def test_chat_of_a_commands_shape_beside_the_moves_is_left_aside_knowing_the_position(
    service, language
):
    greeting, chat, sign_off = SHAPED[language]
    game_id = service.new_game("hengist")
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    assert engine.load("hengist").resembles(None, None, chat)  # its shape is a command's
    body = "\n".join([greeting, chat, *lines, "", sign_off])
    sent = service.deliver(service.reply(game_id, mover, body))
    assert service.game(game_id)[0].version == 2
    mine = next(m for m in sent if m.to_address == service.seat(game_id, mover)["address"])
    left = said(language, "I left aside: %(lines)s", lines=f"{greeting} / {chat} / {sign_off}")
    assert left in flat(text_of(mine))


def test_chat_of_a_commands_shape_alone_is_answered_as_a_try(service):
    """Nothing else in the mail reads as a command: the line is read by its shape, and the
    answer quotes it, says why and lists what may be written now."""
    game_id = service.new_game("hengist")
    mover = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, mover, "Hi Bob,\nMove a muscle\nCheers"))
    assert [m.kind for m in sent] == ["error"]
    answer = flat(text_of(sent[0]))
    assert "> Move a muscle" in answer and said("en", "What you may write now:") in answer
    assert service.game(game_id)[0].version == 1


#: A postscript below the moves that names a thing of HONGA, and a sign-off that does.
POSTSCRIPTS = {
    "en": "P.S. nice mammoth move!", "es": "PD: qué suerte tuviste con el mamut",
    "de": "PS: Glückwunsch zum Mammut!", "pt": "Abraços do sul!",
}  # fmt: skip


@pytest.mark.parametrize("language", POSTSCRIPTS)
def test_a_postscript_naming_a_game_word_is_left_aside_and_every_move_plays(service, language):
    """It was read as a command and refused below the moves: those after the draw were not
    played."""
    greeting, postscript = LETTERS[language][0], POSTSCRIPTS[language]
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)[:-1]  # the turn left open: nothing after it is cut
    sent = service.deliver(service.reply(game_id, mover, "\n".join([greeting, *lines, postscript])))
    mine = next(m for m in sent if m.to_address == service.seat(game_id, mover)["address"])
    echo = flat(text_of(mine))
    assert said(language, "I read: %(commands)s.", commands="; ".join(lines)) in echo
    assert said(language, "I left aside: %(lines)s", lines=f"{greeting} / {postscript}") in echo


#: A wish of luck, and chat, after the command that ends the turn, on its line.
AFTER_THE_LAST = {
    "en": (", good luck all!", ", see you next week"), "es": (" 😎 suerte!", ", te toca, Juan"),
    "de": (", viel Glück!", " - mal sehen"), "pt": (", boa sorte!", ", desculpem a demora"),
}  # fmt: skip


@pytest.mark.parametrize(
    ("language", "after"),
    [(language, after) for language, afters in AFTER_THE_LAST.items() for after in afters],
)
def test_words_after_the_last_command_on_its_line_leave_it_to_end_the_turn(
    service, language, after
):
    """The line was set aside whole, the word that ends the turn with it: the turn stayed open."""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = [engine.load("honga").shown(line, language) for line in service.turn_of(game_id, mover)]
    lines[-1] += after
    service.deliver(service.reply(game_id, mover, "\n".join(lines)))
    assert mover not in service.to_move(game_id)


def test_a_move_with_a_comment_in_brackets_is_played_and_the_comment_left_aside(service):
    """ "p2e (as always)" looked like no command and was left aside whole: "done" below it
    ended the turn without the piece placed."""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    first, *rest = service.turn_of(game_id, mover)
    assert first == "place 2 east"  # written short below, as players do
    body = "\n".join(["Hi all,", "p2e (as always)", *rest, "Thanks,", "Bob"])
    sent = service.deliver(service.reply(game_id, mover, body))
    placed = [e for e in service.state(game_id)["log"] if e["type"] == "place"]
    assert placed and placed[0]["player"] == mover and placed[0]["circle"] == 2
    mine = next(m for m in sent if m.to_address == service.seat(game_id, mover)["address"])
    left = said("en", "I left aside: %(lines)s", lines="Hi all, / (as always) / Thanks, / Bob")
    assert left in flat(text_of(mine))


@pytest.mark.parametrize(
    "typed",
    ["I'm done", "I’m done", "All done!", "ok done", "ya está", "ich bin fertig", "já está"],
)
def test_a_turn_ended_in_words_below_the_moves_ends_the_turn(service, typed):
    """ "end turn" below the moves ends the turn as "done" does: it was set aside as a
    sign-off, and the turn stayed open. ("fin" and "fim" alone end the mail's commands: the
    words below them are not read.)"""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    assert lines[-1] == "done"
    service.deliver(service.reply(game_id, mover, "\n".join([*lines[:-1], typed])))
    assert mover not in service.to_move(game_id)


@pytest.mark.parametrize("typed", ["end turn", "End my turn.", "end of turn"])
def test_a_turn_ended_with_end_is_refused_not_set_aside(service, typed):
    """ "end" is no command (a line "end" ends a mail), so "end turn" cannot end the turn; set
    aside as a sign-off, the player was never told the turn stayed open. It is refused: the
    answer quotes it and says what ends a turn."""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    sent = service.deliver(service.reply(game_id, mover, "\n".join([*lines[:-1], typed])))
    assert mover in service.to_move(game_id)
    mine = [m for m in sent if m.to_address == service.seat(game_id, mover)["address"]]
    body = flat(text_of(mine[-1]))
    quoted = f"> {typed.rstrip('.')}"
    assert quoted in body and "done" in body.split(quoted)[1]
    assert "I left aside" not in body


@pytest.mark.parametrize("guard", ["position 5", "Position #5", "Stellung #5", "jugada 5"])
def test_a_late_reply_naming_its_position_in_words_is_not_played(service, guard):
    """ "position 5" above the moves names the position they answer, as "#5" does: it was set
    aside, and the moves played on a position their writer had not seen."""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    sent = service.deliver(service.reply(game_id, mover, "\n".join([guard, *lines])))
    assert mover in service.to_move(game_id) and service.game(game_id)[0].version == 1
    assert "position #5" in flat(text_of(sent[0]))


@pytest.mark.parametrize("subject", ["{move}", "Re: [pbem #{game}] {move}"])
def test_a_move_typed_in_the_subject_of_an_empty_mail_is_played(service, subject):
    """Some people type the move in the subject and send no body: it was answered "We found
    no command in your mail"."""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    move = service.legal(game_id, mover)[0]
    typed = subject.format(move=move, game=game_id)
    service.deliver(_subject(service.reply(game_id, mover, ""), typed))
    assert service.game(game_id)[0].version == 2


def test_an_empty_mail_under_the_games_subject_finds_no_command(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    subject = f"Re: [pbem #{game_id}] HONGA — a1, a2"
    sent = service.deliver(_subject(service.reply(game_id, mover, ""), subject))
    assert "We found no command in your mail." in flat(text_of(sent[0]))


def _subject(raw: bytes, subject: str) -> bytes:
    """The mail ``raw`` with ``subject`` as its subject."""
    message = email.message_from_bytes(raw, policy=email.policy.default)
    message.replace_header("Subject", subject)
    return message.as_bytes()
