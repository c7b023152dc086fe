"""Stone Age's command words in Spanish, German and Portuguese (see :mod:`engine.lexicon`).

Spanish terms are the rule text's (stoneage.es.txt, Devir's edition: "terrenos de caza",
"bosque", "montón de arcilla", "cantera", "río", "fabricante de herramientas", "cabaña",
"campo", "losetas de edificio", "cartas de Civilización"); Portuguese ones The Mammoth
Herd's (stoneage-mammoth-herd.pt.txt: "madeira, tijolo, pedra, ouro", "poço de argila",
"domar", "ficha de bônus", "figura de pessoa", "trilha de comida" for the agriculture track)
and the base game's usual Brazilian terms, with the other names players use for the field and
the hunting grounds ("lavoura", "campo de caça"; the text names neither).
There is no German text: the words are those of the German edition by Hans im Glück
("Jagd", "Wald", "Lehmgrube", "Steinbruch", "Fluss", "Werkzeugmacher", "Hütte", "Acker",
"Gebäude", "Zivilisationskarten"; docs/LANGUAGES.md). The first word of each English word
is the one a mail shows.
"""

from __future__ import annotations

from engine.lexicon import Lexicon, merged, numbers

VERBS = {
    "es": {
        "colocar": "place", "coloca": "place", "coloco": "place", "poner": "place",
        "pon": "place", "pongo": "place",
        "enviar": "send", "mandar": "send",
        "herramientas": "tools",
        "elegir": "pick", "elige": "pick", "escoger": "choose", "escoge": "choose",
        "tomar": "take", "toma": "take", "coger": "take", "coge": "take",
        "domar": "tame", "doma": "tame",
        "bonificación": "bonus", "bonificacion": "bonus",
        "pagar": "pay", "paga": "pay", "alimentar": "feed",
        "hambre": "starve", "perder": "lose",
        "usar": "use", "usa": "use", "resolver": "resolve",
        "comprar": "buy", "compra": "buy", "obtener": "get",
        "construir": "build", "construye": "build",
        "omitir": "skip", "renunciar": "skip", "dejar": "leave", "pasar": "pass",
        "uso": "use", "compro": "buy", "pago": "pay", "elijo": "pick", "tomo": "take",
        "cojo": "take", "domo": "tame", "alimento": "feed", "construyo": "build", "paso": "pass",
    },
    "de": {
        "setzen": "place", "setze": "place", "stellen": "place", "stelle": "place",
        "platzieren": "place", "schicken": "send", "senden": "send",
        "werkzeuge": "tools",
        "wählen": "pick", "wähle": "pick", "waehlen": "pick", "aussuchen": "choose",
        "nehmen": "take", "nimm": "take", "nehme": "take",
        "zähmen": "tame", "zähme": "tame", "zaehmen": "tame",
        "bonus": "bonus",
        "zahlen": "pay", "bezahlen": "pay", "zahle": "pay",
        "ernähren": "feed", "füttern": "feed",
        "hungern": "starve", "verlieren": "lose",
        "nutzen": "use", "nutze": "use", "benutzen": "use", "auswerten": "resolve",
        "kaufen": "buy", "kaufe": "buy", "bekommen": "get",
        "bauen": "build", "baue": "build",
        "auslassen": "skip", "verzichten": "skip", "überspringen": "skip", "passen": "pass",
        "passe": "pass",
    },
    "pt": {
        "colocar": "place", "coloca": "place", "coloque": "place", "coloco": "place",
        "enviar": "send", "mandar": "send",
        "ferramentas": "tools",
        "escolher": "pick", "escolha": "pick", "escolhe": "choose",
        "pegar": "take", "pega": "take", "pegue": "take", "tomar": "take",
        "domar": "tame", "doma": "tame", "dome": "tame",
        "bônus": "bonus", "bonus": "bonus",
        "pagar": "pay", "paga": "pay", "pague": "pay", "alimentar": "feed",
        "fome": "starve", "perder": "lose",
        "usar": "use", "usa": "use", "resolver": "resolve",
        "comprar": "buy", "compra": "buy", "obter": "get",
        "construir": "build", "constrói": "build", "construa": "build",
        "pular": "skip", "renunciar": "skip", "deixar": "leave", "passar": "pass",
        "uso": "use", "compro": "buy", "pago": "pay", "escolho": "pick", "pego": "take",
        "domo": "tame", "alimento": "feed", "construo": "build", "passo": "pass",
    },
}  # fmt: skip

NAMES = {
    "es": {
        "caza": "hunt", "cazar": "hunt", "comida": "food",
        "bosque": "forest", "madera": "wood",
        "arcilla": "clay", "barro": "clay",
        "cantera": "quarry", "piedra": "stone", "piedras": "stone",
        "río": "river", "oro": "gold",
        "fabricante": "toolmaker", "herramienta": "tool",
        "cabaña": "hut", "cabana": "hut",
        "campo": "field", "agricultura": "agriculture",
        "civilización": "civilization", "civilizacion": "civilization",
        "edificio": "building", "edificios": "building",
        "mamut": "mammoth",
    },
    "de": {
        "Jagd": "hunt", "jagen": "hunt", "Jagdgebiet": "hunt", "Nahrung": "food",
        "Wald": "forest", "Holz": "wood",
        "Lehm": "clay", "Lehmgrube": "clay", "Ziegel": "brick",
        "Steinbruch": "quarry", "Stein": "stone", "Steine": "stone",
        "Fluss": "river", "Gold": "gold",
        "Werkzeugmacher": "toolmaker", "Werkzeug": "tool",
        "Hütte": "hut", "Huette": "hut",
        "Acker": "field", "Ackerbau": "agriculture", "Landwirtschaft": "agriculture",
        "Zivilisation": "civilization",
        "Gebäude": "building", "Gebaeude": "building",
        "Mammut": "mammoth",
    },
    "pt": {
        "caça": "hunt", "caçar": "hunt", "comida": "food",
        "floresta": "forest", "madeira": "wood",
        "argila": "clay", "tijolo": "clay", "tijolos": "clay",
        "pedreira": "quarry", "pedra": "stone", "pedras": "stone",
        "rio": "river", "ouro": "gold",
        "fabricante": "toolmaker", "ferramenteiro": "toolmaker", "ferramenta": "tool",
        "cabana": "hut",
        "campo": "field", "lavoura": "field", "agricultura": "agriculture", "fazenda": "farm",
        "civilização": "civilization", "civilizacao": "civilization",
        "construção": "building", "construcao": "building", "edifício": "building",
        "mamute": "mammoth",
    },
}  # fmt: skip

#: Read like names, but too common in prose to make a line look like a command (the herd
#: is no name in English either: "My herd grows" is no command).
WORDS = {
    "es": {
        "manada": "herd", "carta": "card", "cartas": "card", "loseta": "building", "pila": "stack",
        "ficha": "tile", "dado": "die", "nada": "nothing", "ninguna": "none",
        "ninguno": "none", "nadie": "nobody", "todos": "all", "todas": "all", "todo": "all",
        "auto": "auto", "automático": "auto", "automatico": "auto", "preguntar": "ask",
        "mover": "move",
    },
    "de": {
        "Herde": "herd", "Karte": "card", "Karten": "card", "Zivilisationskarte": "card", "Plättchen": "tile", "Stapel": "stack",
        "Würfel": "die", "nichts": "nothing", "keine": "none", "kein": "none",
        "niemand": "nobody", "alle": "all", "alles": "all",
        "auto": "auto", "automatisch": "auto", "fragen": "ask", "bewegen": "move",
    },
    "pt": {
        "manada": "herd", "carta": "card", "cartas": "card", "pilha": "stack", "ficha": "tile", "dado": "die",
        "nada": "nothing", "nenhuma": "none", "nenhum": "none", "ninguém": "nobody",
        "todos": "all", "todas": "all", "tudo": "all",
        "automático": "auto", "automatico": "auto", "auto": "auto", "perguntar": "ask",
        "mover": "move",
    },
}  # fmt: skip

FILLERS = {
    "es": (
        "el", "la", "los", "las", "un", "una", "en", "a", "al", "de", "del", "con", "y",
        "mi", "mis", "para", "por", "favor", "figura", "figuras", "persona", "personas",
        "trabajador", "trabajadores", "espacio", "lugar", "casilla", "usando", "pagando",
    ),
    "de": (
        "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "auf", "an", "in",
        "im", "ins", "zu", "zum", "zur", "mit", "und", "mein", "meine", "für", "bitte",
        "figur", "figuren", "person", "personen", "leute", "arbeiter", "platz", "feld",
    ),
    "pt": (
        "o", "os", "as", "um", "uma", "em", "no", "na", "nos", "nas", "ao", "do", "da", "de",
        "com", "e", "meu", "minha", "para", "por", "favor", "figura", "figuras", "pessoa",
        "pessoas", "trabalhador", "trabalhadores", "espaço", "lugar", "usando", "pagando",
    ),
}  # fmt: skip

#: Several words for one: the places as the rule texts name them.
PHRASES = {
    "es": {
        "terrenos de caza": "hunt", "terreno de caza": "hunt", "montón de arcilla": "clay",
        "fabricante de herramientas": "toolmaker", "carta de civilización": "card",
        "cartas de civilización": "card", "loseta de edificio": "building",
        "pasar hambre": "starve", "por favor": "",
    },
    "de": {},
    "pt": {
        "área de caça": "hunt", "campo de caça": "hunt", "poço de argila": "clay",
        "trilha de comida": "agriculture",
        "fabricante de ferramentas": "toolmaker", "carta de civilização": "card",
        "cartas de civilização": "card", "passar fome": "starve", "por favor": "",
    },
}  # fmt: skip

#: "bonus one" is shown with the number, which every language reads.
SHOWN = {language: {"one": "1"} for language in ("es", "de", "pt")}


def _english() -> set[str]:
    """Stone Age's own English words (also those only a decision reads: "tame no", "take
    nothing"): they stay English to every reader."""
    from .vocabulary import ENGLISH

    return set(ENGLISH.verbs | ENGLISH.names | ENGLISH.fillers)


LEXICON = Lexicon(
    VERBS, NAMES, FILLERS, PHRASES, merged(WORDS, numbers()), SHOWN, english_words=_english
)


#: The options' names in other languages, for ``new stoneage with ... manada=sí``: The
#: Mammoth Herd as the Portuguese text names it ("Manada de Mamute") and the catalogues do.
OPTION_WORDS = Lexicon(
    words={
        "es": {
            "manada": "mammoth_herd", "manada_de_mamuts": "mammoth_herd",
            "recursos_limitados": "resource_limit", "límite": "resource_limit",
        },
        "de": {
            "mammutherde": "mammoth_herd", "herde": "mammoth_herd",
            "begrenzte_rohstoffe": "resource_limit", "rohstofflimit": "resource_limit",
        },
        "pt": {
            "manada": "mammoth_herd", "manada_de_mamute": "mammoth_herd",
            "recursos_limitados": "resource_limit", "limite": "resource_limit",
        },
    },
)  # fmt: skip
