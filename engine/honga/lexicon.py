"""HONGA's command words in Spanish, German and Portuguese (see :mod:`engine.lexicon`).

Spanish and German terms are the rule texts' (honga.es.txt: "colocar la carta de acción",
"atraer mamuts", "intercambiar", "la montaña sagrada", "tabla numerada", "el claro de
mamuts"; honga.de.txt: "Aktionsscheibe legen", "Mammuts anlocken", "tauschen", "der Heilige
Berg", "Tableau", "Mammutfeld"). There is no Portuguese text: the words are the usual ones of
board games in Portuguese (docs/LANGUAGES.md). The first word of each English word is the one
a mail shows.
"""

from __future__ import annotations

from engine.lexicon import TURN_END_SAYINGS, TURN_END_WORDS, TURN_ENDS, Lexicon, merged, numbers

VERBS = {
    "es": {
        "colocar": "place", "coloca": "place", "coloco": "place", "poner": "place",
        "pon": "place", "pongo": "place",
        "atraer": "lure", "atrae": "lure",
        "intercambiar": "trade", "intercambia": "trade",
        "pagar": "pay", "paga": "pay",
        "bonificación": "bonus", "bonificacion": "bonus", "bono": "bonus",
        "usar": "bonus", "usa": "bonus", "jugar": "play", "juega": "play",
        "comprar": "buy", "compra": "buy",
        "guardar": "keep",
        "subir": "climb", "sube": "climb", "escalar": "climb",
        "quedarse": "stay", "quedar": "stay", "quedo": "stay",
        "listo": "done", "lista": "done", "hecho": "done", "terminar": "done",
        "termino": "done", "pasar": "done", "paso": "done",
        "atraigo": "lure", "intercambio": "trade", "pago": "pay", "compro": "buy",
        "guardo": "keep", "subo": "climb", "escalo": "climb",
    },
    "de": {
        "legen": "place", "lege": "place", "leg": "place", "setzen": "place",
        "anlocken": "lure", "locken": "lure", "locke": "lure",
        "tauschen": "trade", "tausche": "trade",
        "zahlen": "pay", "bezahlen": "pay", "zahle": "pay",
        "bonus": "bonus", "bonuskarte": "bonus", "einsetzen": "bonus", "nutzen": "bonus",
        "spielen": "play", "spiele": "play",
        "kaufen": "buy", "kaufe": "buy",
        "behalten": "keep",
        "steigen": "climb", "klettern": "climb", "aufsteigen": "climb", "steige": "climb",
        "bleiben": "stay", "bleibe": "stay",
        "fertig": "done", "passen": "done", "passe": "done", "weiter": "done",
        "klettere": "climb",
    },
    "pt": {
        "colocar": "place", "coloca": "place", "coloque": "place", "coloco": "place",
        "pôr": "place",
        "atrair": "lure", "atrai": "lure",
        "trocar": "trade", "troca": "trade", "negociar": "trade",
        "pagar": "pay", "paga": "pay", "pague": "pay",
        "bônus": "bonus", "bonus": "bonus", "usar": "bonus", "jogar": "play", "joga": "play",
        "comprar": "buy", "compra": "buy",
        "guardar": "keep", "manter": "keep",
        "subir": "climb", "sobe": "climb", "escalar": "climb",
        "ficar": "stay", "fica": "stay", "fico": "stay",
        "pronto": "done", "feito": "done", "terminar": "done", "passar": "done", "passo": "done",
        "atraio": "lure", "troco": "trade", "pago": "pay", "compro": "buy", "guardo": "keep",
        "subo": "climb", "escalo": "climb",
    },
}  # fmt: skip

NAMES = {
    "es": {
        "norte": "north", "sur": "south", "oeste": "west", "o": "west",
        "pez": "fish", "peces": "fish", "lago": "fish", "pescar": "fish",
        "baya": "berries", "bayas": "berries",
        "setas": "mushrooms", "seta": "mushrooms", "hongos": "mushrooms",
        "agua": "water", "manantial": "water", "gota": "water", "gotas": "water",
        "bosque": "forest",
        "mamut": "mammoth", "mamuts": "mammoths",
        "montaña": "mountain", "montana": "mountain",
        "tigre": "tiger", "cavernícola": "caveman",
    },
    "de": {
        "Nord": "north", "Norden": "north", "Ost": "east", "Osten": "east", "o": "east",
        "Süd": "south", "Sued": "south", "Süden": "south", "Sueden": "south",
        "West": "west", "Westen": "west",
        "Fisch": "fish", "Fische": "fish", "fischen": "fish",
        "Beeren": "berries", "Beere": "berries",
        "Pilze": "mushrooms", "Pilz": "mushrooms",
        "Wasser": "water", "Quelle": "water", "Wassertropfen": "water",
        "Wald": "forest",
        "Mammut": "mammoth", "Mammuts": "mammoths", "Mammutfeld": "clearing",
        "Berg": "mountain",
        "Tiger": "tiger", "Säbelzahntiger": "tiger", "Urmensch": "caveman",
    },
    "pt": {
        "norte": "north", "leste": "east", "sul": "south", "oeste": "west",
        "peixe": "fish", "peixes": "fish", "lago": "fish", "pescar": "fish",
        "baga": "berries", "bagas": "berries", "frutas": "berries",
        "cogumelos": "mushrooms", "cogumelo": "mushrooms",
        "água": "water", "fonte": "water", "nascente": "water", "gota": "water",
        "floresta": "forest", "bosque": "forest",
        "mamute": "mammoth", "mamutes": "mammoths", "clareira": "clearing",
        "montanha": "mountain",
        "tigre": "tiger", "cavernícola": "caveman",
    },
}  # fmt: skip

#: Read like names, but too common in prose to make a line look like a command (the board
#: and the herd are verbs in English: named in a sentence they make no command either).
WORDS = {
    "es": {
        "tablero": "board", "manada": "herd",
        "este": "east", "claro": "clearing", "peldaño": "step", "peldaños": "steps",
        "hombre": "caveman", "tabla": "board", "carta": "card", "todos": "all", "todas": "all",
    },
    "de": {
        "Tableau": "board", "Spielertableau": "board", "Herde": "herd",
        "Stufe": "step", "Stufen": "steps", "Scheibe": "card", "Aktionsscheibe": "card",
        "Karte": "card", "alle": "all",
    },
    "pt": {
        "tabuleiro": "board", "manada": "herd",
        "este": "east", "degrau": "step", "degraus": "steps", "homem": "caveman",
        "carta": "card", "todos": "all", "todas": "all",
    },
}  # fmt: skip

FILLERS = {
    "es": (
        "el", "la", "los", "las", "lo", "un", "una", "en", "a", "al", "de", "del", "con", "mi",
        "mis", "hacia", "casilla", "círculo", "circulo", "por", "favor", "y", "número",
        "numero", "dirección", "direccion", "mirando", "girada", "girado", "para", "acción",
        "accion",
    ),
    "de": (
        "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "auf", "an", "in",
        "im", "nach", "zu", "zum", "zur", "mit", "von", "vom", "meine", "meinen", "mein",
        "feld", "kreis", "bitte", "und", "nummer", "nr", "richtung", "gedreht", "für",
    ),
    "pt": (
        "os", "as", "um", "uma", "em", "no", "na", "ao", "do", "da", "de", "com", "meu",
        "minha", "para", "círculo", "circulo", "casa", "espaço", "por", "favor", "número",
        "numero", "direção", "direcao", "virada", "virado", "ação", "acao",
    ),
}  # fmt: skip

#: Several words for one: the places as the rule texts name them.
PHRASES = {
    "es": {
        "claro de mamuts": "clearing", "claro de los mamuts": "clearing",
        "montaña sagrada": "mountain", "hombre prehistórico": "caveman",
        "tabla numerada": "board", "dientes de sable": "tiger",
        "por favor": "", **TURN_ENDS["es"],
    },
    "de": {"heiliger berg": "mountain", "heiligen berg": "mountain", **TURN_ENDS["de"]},
    "pt": {
        "montanha sagrada": "mountain", "homem pré-histórico": "caveman", "por favor": "",
        **TURN_ENDS["pt"],
    },
}  # fmt: skip


def _english() -> set[str]:
    """HONGA's own English words: they stay English to every reader."""
    from .vocabulary import ENGLISH

    return set(ENGLISH.verbs | ENGLISH.names | ENGLISH.fillers) | {"all", "up", "step", "steps"}


LEXICON = Lexicon(
    merged(VERBS, TURN_END_WORDS),
    NAMES,
    FILLERS,
    PHRASES,
    merged(WORDS, numbers()),
    english_words=_english,
    sayings=TURN_END_SAYINGS,
)
