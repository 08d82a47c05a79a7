"""The default Prydon edition satisfies every fact of SPEC §2."""

from throne_pnp.content import drawn_adjacency, load_content

ADJACENCY = {
    1: (2, 5), 2: (1, 5, 7), 3: (5, 6), 4: (7, 8, 9), 5: (1, 2, 3, 7, 8),
    6: (3, 8, 9), 7: (2, 4, 5, 8), 8: (4, 5, 6, 7), 9: (4, 6),
}


def test_adjacency_is_the_spec_table():
    game_map = load_content().map
    assert {n: t.adjacent for n, t in game_map.territories.items()} == ADJACENCY


def test_castles_home_and_setup():
    game_map = load_content().map
    assert game_map.castles == (1, 3, 7, 9)
    assert game_map.home == 1
    assert game_map.setup_player == {1: 2}
    assert game_map.setup_king == {3: 2, 7: 2, 9: 2}
    assert (game_map.forces, game_map.king_limit, game_map.hand_size) == (10, 5, 5)


def test_territory_seven_gives_one_bugle_and_one_shield():
    seven = load_content().map.territories[7]
    assert (seven.bugles, seven.shields) == (1, 1)


def test_wheat_facts():
    terr = load_content().map.territories
    assert terr[1].wheat >= 2
    assert terr[1].wheat + terr[2].wheat + terr[5].wheat >= 4


def test_symbol_counts_in_range():
    for terr in load_content().map.territories.values():
        assert all(0 <= v <= 3 for v in (terr.wheat, terr.bugles, terr.shields))


def test_drawing_agrees_with_adjacency():
    game_map = load_content().map
    assert game_map.drawable
    listed = {(a, b) for a, adj in ADJACENCY.items() for b in adj if a < b}
    assert drawn_adjacency(game_map) | set(game_map.drawing.crossings) == listed


def test_deck_shape():
    content = load_content()
    assert [c.id for c in content.normal_cards] == list(range(1, 19))
    assert [c.id for c in content.hard_cards] == list(range(19, 28))
    assert all(len(c.king) == 2 for c in content.hard_cards)
    assert sum(c.uncertain for c in content.normal_cards) == 3
    actions = {a for c in content.normal_cards for a in c.king}
    assert actions == {"rally", "move-castle", "move-wheat", "move-player", "uncertain"}
