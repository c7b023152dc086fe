"""A third, independent reading of stoneage.es.txt, stoneage-mammoth-herd.pt.txt, NOTES.md and
the card and building lists, line by line against the engine: what the two earlier audits
left wrong, and rules no earlier test checks in play."""

from __future__ import annotations

from engine.stoneage import data


def test_the_herds_fixed_size_bonuses_are_one_of_a_kind():
    """The herd text's list of the bonus symbols gives a number only to the shown resources
    ("Pegue os recursos mostrados, nesse caso, 2 tijolos") and the shown points ("o número de
    pontos mostrado"); the others are one: "Mova seu marcador na trilha de comida um espaço",
    "Pegue 1 nova ferramenta ou melhore 1 ferramenta", "Pegue uma figura de pessoa extra",
    "Pegue 1 recurso à sua escolha", "Pegue a carta mais de cima". Tile 11 gave 2 resources of
    choice for one, a bonus no tile shows."""
    for tile, info in data.HERD_TILES.items():
        for bonus in (info["one"], info["all"]):
            if bonus["kind"] not in ("resources", "points"):
                assert bonus["amount"] == 1, (tile, bonus)
