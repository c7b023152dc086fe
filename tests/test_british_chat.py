"""Chat in British spelling around a move is set aside like any chat ("Return the favour",
"Move back to the centre"): its words are everyday English (engine/words, from wordfreq's
frequencies too), never slips of a command. And a slip of a command's word that is a word of
the web ("forrest") or of none ("plase", "palce", "moeve") is still read for the game to
answer."""

from __future__ import annotations

import pytest

import engine
from pbem.mail.commands import parse

#: A command of each game, to write the chat around.
COMMAND = {"honga": "place 2 north", "stoneage": "place 3 forest", "hengist": "move a 1b"}
#: Chat a British player writes above or below a move; the last five begin with a game's verb
#: and were read as a mistyped command (the mail refused) while the list lacked the spelling.
BRITISH = [
    "Cheers, hope your neighbour likes the colour!", "Sorry, I've been travelling this fortnight",
    "Realise I'm late, apologies", "Mum says hi, we're off to the theatre",
    "Whilst you think, I'll organise the next one", "The cheque is in the post",
    "Return the favour", "Pass the favour on", "Trade favours", "Take the favour",
    "Move back to the centre",
]  # fmt: skip
#: Mistyped commands whose slips are no English word of the lists, or one the game knows a
#: word one slip from ("forrest", "forest"): read, so the game answers them.
TYPOS = {
    "honga": ["plase 2 north", "palce 2 nrth", "place 3 on forrest", "doen"],
    "stoneage": ["plase 3 forest", "palce 3 forrest", "place 3 on forrest", "take 2 wod"],
    "hengist": ["moeve a 1b", "mvoe a 1b", "discard forrest", "raid a rde"],
}


#: Where chat stands in a reply: below the move, above it, between a greeting and a sign-off.
AROUND = ["{line}\n{command}", "{command}\n\n{line}", "Hi,\n{line}\n{command}\nBob"]
#: Where a slip stands: above the move, below it, between chat above and below.
AMONG = ["{line}\n{command}", "{command}\n{line}", "{chat}\n{command}\n{line}\n{chat}"]
CHAT = "Cheers, hope your neighbour likes the colour!"


def reading(name: str, text: str):
    game_engine = engine.load(name)
    return parse(text, lambda line: game_engine.resembles(None, None, line))


@pytest.mark.parametrize("around", AROUND)
@pytest.mark.parametrize("name", sorted(COMMAND))
@pytest.mark.parametrize("line", BRITISH)
def test_british_chat_around_a_move_is_set_aside(name, line, around):
    parsed = reading(name, around.format(line=line, command=COMMAND[name]))
    assert (parsed.read, line in parsed.set_aside) == ([COMMAND[name]], True)


@pytest.mark.parametrize("among", AMONG)
@pytest.mark.parametrize(
    ("name", "line"), [(n, line) for n, lines in TYPOS.items() for line in lines]
)
def test_a_slip_of_a_command_is_still_read_beside_british_chat(name, line, among):
    parsed = reading(name, among.format(line=line, command=COMMAND[name], chat=CHAT))
    assert line in parsed.read and line not in parsed.set_aside and CHAT not in parsed.read
