"""Hengist's command words in Spanish, German and Portuguese (see :mod:`engine.lexicon`).

Spanish terms are the rule text's (hengist.es.txt: "mover un grupo de asalto", "asaltar una
aldea", "espía", "refuerzo", "descartar 3 cartas", "barco", "playa", "interior", the paths
"blanco, verde, azul, rojo", "carta de Explorador"). There is no German or Portuguese text:
the words are the usual ones of board games in those languages (docs/LANGUAGES.md). The
terrains are a reconstruction (engine/hengist/data.py) and so are their names here. Party
letters (a, b, c), beaches (1a-6c) and hinterland spaces (h1-h9) are the same in every
language, so no single letter is a word here. The first word of each English word is the one
a mail shows.
"""

from __future__ import annotations

from engine.lexicon import TURN_END_SAYINGS, TURN_END_WORDS, TURN_ENDS, Lexicon, merged, numbers

VERBS = {
    "es": {
        "mover": "move", "mueve": "move", "ir": "move", "desembarcar": "land",
        "embarcar": "embark",
        "asaltar": "raid", "asalta": "raid", "saquear": "raid", "atacar": "attack",
        "espiar": "spy", "espía": "spy", "mirar": "look",
        "reforzar": "reinforce", "refuerzo": "reinforcement",
        "volver": "return", "vuelve": "return", "regresar": "return",
        "listo": "done", "hecho": "done", "terminar": "done", "pasar": "pass", "paso": "pass",
        "descartar": "discard", "descarta": "discard",
        "muevo": "move", "saqueo": "raid", "espío": "spy", "descarto": "discard",
    },
    "de": {
        "ziehen": "move", "ziehe": "move", "bewegen": "move", "gehen": "move",
        "landen": "land", "einschiffen": "embark",
        "überfallen": "raid", "ueberfallen": "raid", "plündern": "raid", "pluendern": "raid",
        "angreifen": "attack",
        "spionieren": "spy", "spähen": "spy", "ausspähen": "spy",
        "verstärken": "reinforce", "verstaerken": "reinforce", "verstärkung": "reinforcement",
        "zurückkehren": "return", "zurueckkehren": "return", "zurück": "back", "zurueck": "back",
        "fertig": "done", "passen": "pass", "passe": "pass",
        "abwerfen": "discard", "ablegen": "discard",
        "bewege": "move", "überfalle": "raid", "spioniere": "spy", "verstärke": "reinforce",
    },
    "pt": {
        "mover": "move", "move": "move", "ir": "move", "desembarcar": "land",
        "embarcar": "embark",
        "saquear": "raid", "saqueia": "raid", "assaltar": "raid", "atacar": "attack",
        "espiar": "spy", "espionar": "spy", "olhar": "look",
        "reforçar": "reinforce", "reforcar": "reinforce", "reforço": "reinforcement",
        "voltar": "return", "volta": "return", "retornar": "return",
        "pronto": "done", "feito": "done", "terminar": "done", "passar": "pass", "passo": "pass",
        "descartar": "discard", "descarta": "discard",
        "movo": "move", "saqueio": "raid", "espio": "spy", "descarto": "discard",
    },
}  # fmt: skip

NAMES = {
    "es": {
        "colina": "hill", "río": "river", "montaña": "mountain", "montana": "mountain",
        "bosque": "forest", "explorador": "explorer",
        "blanco": "white", "verde": "green", "azul": "blue", "rojo": "red",
        "barco": "boat", "bote": "boat",
    },
    "de": {
        "Hügel": "hill", "Huegel": "hill", "Fluss": "river", "Berg": "mountain",
        "Wald": "forest", "Entdecker": "explorer", "Kundschafter": "explorer",
        "weiß": "white", "weiss": "white", "grün": "green", "gruen": "green", "blau": "blue",
        "rot": "red",
        "Boot": "boat", "Schiff": "boat",
    },
    "pt": {
        "colina": "hill", "rio": "river", "montanha": "mountain", "floresta": "forest",
        "explorador": "explorer",
        "branco": "white", "verde": "green", "azul": "blue", "vermelho": "red",
        "barco": "boat",
    },
}  # fmt: skip

FILLERS = {
    "es": (
        "el", "la", "los", "las", "un", "una", "al", "de", "del", "con", "en", "por", "y",
        "mi", "mis", "hacia", "desde", "hasta", "carta", "cartas", "grupo", "camino",
        "tablero", "baldosa", "carretera", "playa", "espacio", "interior", "aldea", "pueblo",
        "favor", "usando", "pagando", "asalto",
    ),
    "de": (
        "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "mit", "auf",
        "nach", "zum", "zur", "zu", "von", "vom", "im", "in", "ins", "und", "mein", "meine",
        "Karte", "Karten", "Trupp", "Gruppe", "Pfad", "Weg", "Straße", "Plättchen", "Strand",
        "Feld", "Hinterland", "Dorf", "bitte",
    ),
    "pt": (
        "o", "os", "as", "um", "uma", "ao", "do", "da", "de", "com", "em", "no", "na",
        "para", "por", "e", "meu", "minha", "carta", "cartas", "grupo", "caminho",
        "tabuleiro", "estrada", "praia", "espaço", "interior", "aldeia", "vila", "favor",
        "usando", "pagando", "assalto",
    ),
}  # fmt: skip

#: Several words for one: the parts of a raiding party's way as the rule text names them.
PHRASES = {
    "es": {"grupo de asalto": "", "de vuelta": "back", "por favor": "", **TURN_ENDS["es"]},
    "de": {**TURN_ENDS["de"]},
    "pt": {"grupo de assalto": "", "de volta": "back", "por favor": "", **TURN_ENDS["pt"]},
}  # fmt: skip


def _english() -> set[str]:
    """Hengist's own English words: they stay English to every reader."""
    from .vocabulary import ENGLISH

    return set(ENGLISH.verbs | ENGLISH.names | ENGLISH.fillers)


LEXICON = Lexicon(
    merged(VERBS, TURN_END_WORDS),
    NAMES,
    FILLERS,
    PHRASES,
    numbers(),
    english_words=_english,
    sayings=TURN_END_SAYINGS,
)
