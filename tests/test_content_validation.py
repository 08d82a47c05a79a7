"""Validation of the content model: one failing example per rule (SPEC §1).

Each test copies the default edition to a temporary directory, changes one
thing in the YAML text, and checks that `check_content`, `throne validate`
and `load_content` all reject it with a message naming the file, the exact
line (computed from the text written), the key path and the problem.

The edits find what they change by structure (territory N's `wheat:` line,
card N's `swords:` entry), not by today's values, so tuning the default
edition does not break these tests.
"""

from __future__ import annotations

import re
import shutil
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import (
    KING_ACTIONS,
    ContentReport,
    check_content,
    load_content,
)
from throne_pnp.errors import ContentError

DEFAULT_CONTENT = Path(__file__).resolve().parent.parent / "content"


# --------------------------------------------------------------------------- helpers


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _is_code(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


class Edition:
    """A private copy of the default content whose files a test edits as text.

    Line numbers returned and taken are 1-based, as in validation messages.
    """

    def __init__(self, root: Path):
        self.root = root

    # ---- whole files and lines

    def text(self, name: str) -> str:
        return (self.root / name).read_text(encoding="utf-8")

    def write(self, name: str, text: str) -> None:
        (self.root / name).write_text(text, encoding="utf-8")

    def lines(self, name: str) -> list[str]:
        return self.text(name).splitlines()

    def write_lines(self, name: str, lines: list[str]) -> None:
        self.write(name, "\n".join(lines) + "\n")

    def find(self, name: str, prefix: str, nth: int = 0) -> int:
        """Line number of the line starting with `prefix` (the only one unless nth)."""
        found = [n for n, line in enumerate(self.lines(name), start=1) if line.startswith(prefix)]
        if nth == 0:
            assert len(found) == 1, f"{prefix!r} starts lines {found} of {name}"
            return found[0]
        return found[nth - 1]

    def line(self, name: str, needle: str) -> int:
        """Line number of the one line of file `name` that contains `needle`."""
        found = [n for n, line in enumerate(self.lines(name), start=1) if needle in line]
        assert len(found) == 1, f"{needle!r} is on lines {found} of {name}"
        return found[0]

    def set_line(self, name: str, number: int, *new: str) -> int:
        """Replace line `number` by the lines `new`; return `number`."""
        lines = self.lines(name)
        lines[number - 1:number] = list(new)
        self.write_lines(name, lines)
        return number

    def insert_after(self, name: str, number: int, *new: str) -> int:
        """Insert lines after line `number`; return the number of the first one."""
        lines = self.lines(name)
        lines[number:number] = list(new)
        self.write_lines(name, lines)
        return number + 1

    def delete_line(self, name: str, number: int) -> None:
        self.set_line(name, number)

    def set_top(self, name: str, key: str, value: str) -> int:
        """Set a top-level `key: value` (the line must exist); return its line."""
        return self.set_line(name, self.find(name, f"{key}:"), f"{key}: {value}")

    # ---- map.yaml territories

    def territory_block(self, n: int) -> tuple[int, int]:
        """First and last line of territory n's block in map.yaml."""
        lines = self.lines("map.yaml")
        start = self.find("map.yaml", f"  {n}:")
        end = start
        for i in range(start, len(lines)):  # lines[i] is line i + 1
            if _is_code(lines[i]) and _indent(lines[i]) <= 2:
                break
            if _is_code(lines[i]):
                end = i + 1
        return start, end

    def territory_key_line(self, n: int, key: str) -> int | None:
        start, end = self.territory_block(n)
        lines = self.lines("map.yaml")
        hits = [i for i in range(start + 1, end + 1)
                if lines[i - 1].startswith(f"    {key}:")]
        assert len(hits) <= 1
        return hits[0] if hits else None

    def set_territory(self, n: int, key: str, value: str) -> int:
        """Set territory n's `key` (replacing or adding the line); return its line."""
        number = self.territory_key_line(n, key)
        if number is None:
            return self.insert_after("map.yaml", self.territory_block(n)[0], f"    {key}: {value}")
        return self.set_line("map.yaml", number, f"    {key}: {value}")

    def remove_territory_key(self, n: int, key: str) -> None:
        number = self.territory_key_line(n, key)
        if number is not None:
            self.delete_line("map.yaml", number)

    # ---- cards.yaml (one flow mapping per card)

    def card_ids(self) -> list[int]:
        return [int(m.group(1)) for line in self.lines("cards.yaml")
                if (m := re.match(r"\s*- \{id: (\d+),", line))]

    def card_line(self, card_id: int) -> int:
        return self.line("cards.yaml", f"{{id: {card_id},")

    def card_index(self, card_id: int) -> int:
        """Position of the card in the `cards:` list, as in `cards[i]` paths."""
        return self.card_ids().index(card_id)

    def set_card(self, card_id: int, key: str, value: str) -> int:
        """Set `key: value` in the card's flow mapping (adding it if absent)."""
        number = self.card_line(card_id)
        line = self.lines("cards.yaml")[number - 1]
        pattern = rf"\b{re.escape(key)}: (\[[^\]]*\]|[^,}}]*)"
        if re.search(pattern, line):
            line = re.sub(pattern, lambda _m: f"{key}: {value}", line, count=1)
        else:
            line = line[:line.rindex("}")] + f", {key}: {value}}}"
        return self.set_line("cards.yaml", number, line)

    def remove_card_key(self, card_id: int, key: str) -> int:
        number = self.card_line(card_id)
        line = self.lines("cards.yaml")[number - 1]
        line = re.sub(rf", {re.escape(key)}: (\[[^\]]*\]|[^,}}]*)", "", line, count=1)
        return self.set_line("cards.yaml", number, line)

    def normal_card_lines(self) -> list[int]:
        return [n for n, line in enumerate(self.lines("cards.yaml"), start=1)
                if re.match(r"\s*- \{id:", line) and "hard: true" not in line]


@pytest.fixture
def edition(tmp_path: Path) -> Edition:
    root = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, root)
    return Edition(root)


def run_validate(root: Path) -> tuple[ContentReport, str, int]:
    """check_content and `throne validate`; never a traceback, never a crash."""
    report = check_content(root)
    result = CliRunner().invoke(cli, ["validate", "--content", str(root)])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"validate crashed: {result.exception!r}"
    return report, result.output, result.exit_code


def expect_problem(edition: Edition, filename: str, line: int | None, path: str | None,
                   *fragments: str, only: bool = True) -> str:
    """Assert the content is rejected with this problem; return the problem text.

    The problem must start with `file:line: path: ` (or `file:line: ` when the
    file has no key path, `file: ` when there is no line) and contain every
    fragment. `only` asserts that it is the one problem found, so a single
    mistake does not drag false problems after it.
    """
    report, output, code = run_validate(edition.root)
    assert code == 2, output
    head = filename + (f":{line}" if line is not None else "") + ": "
    if path is not None:
        head += f"{path}: "
    matches = [p for p in report.problems
               if p.startswith(head) and all(f in p for f in fragments)]
    assert matches, f"no problem starting {head!r} with {fragments}; got {report.problems}"
    problem = matches[0]
    assert "\n" not in problem, "each problem is one line"
    assert problem in output, "throne validate prints every problem"
    if only:
        assert report.problems == [problem]
    count = len(report.problems)
    assert f"{count} problem{'s' if count != 1 else ''} found" in output
    assert report.content is None
    with pytest.raises(ContentError) as err:
        load_content(edition.root)
    assert problem in err.value.problems, "commands that load content refuse it the same way"
    return problem


def expect_ok(edition_or_root: Edition | Path) -> ContentReport:
    root = edition_or_root.root if isinstance(edition_or_root, Edition) else edition_or_root
    report, output, code = run_validate(root)
    assert code == 0, output
    assert report.problems == []
    assert report.content is not None
    return report


# --------------------------------------------------------------------------- default content


def test_default_content_validates():
    report, output, code = run_validate(DEFAULT_CONTENT)
    assert code == 0, output
    assert report.problems == []
    assert report.content is not None
    assert "ok" in output


def test_copy_of_default_content_validates(edition):
    expect_ok(edition)


def test_helpers_edit_by_structure(edition):
    number = edition.set_territory(5, "wheat", "3")
    assert edition.lines("map.yaml")[number - 1] == "    wheat: 3"
    number = edition.set_card(3, "swords", "2")
    assert "swords: 2" in edition.lines("cards.yaml")[number - 1]
    report = expect_ok(edition)
    assert report.content.map.territories[5].wheat == 3
    assert report.content.card(3).swords == 2


# --------------------------------------------------------------------------- unknown keys


def test_unknown_key_in_map(edition):
    number = edition.insert_after("map.yaml", edition.find("map.yaml", "hand_size:"),
                                  "colour: red")
    expect_problem(edition, "map.yaml", number, "colour", "unknown key",
                   "allowed here: name, home, forces")


@pytest.mark.parametrize(("key", "fragment"), [
    ("forest", "unknown key; allowed here: name, castle, wheat"),
    ("wheet", "did you mean 'wheat'?"),
])
def test_unknown_key_in_territory(edition, key, fragment):
    number = edition.set_territory(5, key, "1")
    expect_problem(edition, "map.yaml", number, f"territories[5].{key}", fragment)


def test_unknown_key_in_setup(edition):
    number = edition.insert_after("map.yaml", edition.find("map.yaml", "  player:"),
                                  "  neutral: {5: 1}")
    expect_problem(edition, "map.yaml", number, "setup.neutral",
                   "unknown key; allowed here: player, king")


def test_unknown_key_in_drawing(edition):
    number = edition.insert_after("map.yaml", edition.find("map.yaml", "  size:"),
                                  "  colour: blue")
    expect_problem(edition, "map.yaml", number, "drawing.colour", "unknown key")


def test_unknown_key_on_a_card(edition):
    number = edition.set_card(3, "mana", "2")
    expect_problem(edition, "cards.yaml", number, "card 3: mana",
                   "unknown key", "allowed here: id, name")


def test_unknown_top_level_key_in_cards(edition):
    number = edition.insert_after("cards.yaml", edition.find("cards.yaml", "cards:") - 1,
                                  "deck: 3")
    expect_problem(edition, "cards.yaml", number, "deck", "unknown key; allowed here: cards")


def test_unknown_key_in_rulings(edition):
    number = edition.insert_after("rulings.yaml", len(edition.lines("rulings.yaml")),
                                  "fog_of_war: thick")
    expect_problem(edition, "rulings.yaml", number, "fog_of_war",
                   "unknown key; allowed here: home_lost_when, castle_targets, over_limit_move")


# --------------------------------------------------------------------------- wrong types


@pytest.mark.parametrize(("key", "value", "fragment"), [
    ("forces", "ten", "expected a whole number, got 'ten'"),
    ("hand_size", "true", "expected a whole number, got true"),
    ("king_limit", "2.5", "expected a whole number, got 2.5"),
    ("name", "[Kingdom, of, Prydon]", "expected some text, got a list"),
])
def test_wrong_type_at_map_top_level(edition, key, value, fragment):
    number = edition.set_top("map.yaml", key, value)
    expect_problem(edition, "map.yaml", number, key, fragment)


@pytest.mark.parametrize(("n", "key", "value", "path", "fragment"), [
    (5, "wheat", "yes", "wheat", "expected a whole number, got true"),
    (5, "bugles", "'2'", "bugles", "expected a whole number, got '2'"),
    (1, "castle", "1", "castle", "expected true or false, got 1"),
    (9, "adjacent", "{4: 6}", "adjacent", "expected a non-empty list of territory numbers"),
    (9, "adjacent", "[4, six]", "adjacent[1]", "expected a territory number, got 'six'"),
])
def test_wrong_type_in_territory(edition, n, key, value, path, fragment):
    number = edition.set_territory(n, key, value)
    # Only this one problem: neighbours, home and setup do not then report the
    # territory as missing, asymmetric or cut off.
    expect_problem(edition, "map.yaml", number, f"territories[{n}].{path}", fragment)


def test_wrong_type_in_setup(edition):
    number = edition.set_line("map.yaml", edition.find("map.yaml", "  king:"),
                              "  king: {3: 2, 7: two, 9: 2}")
    expect_problem(edition, "map.yaml", number, "setup.king[7]",
                   "expected a number of cubes (0 or more), got 'two'")


def test_list_where_mapping_expected_for_setup(edition):
    start = edition.find("map.yaml", "setup:")
    edition.delete_line("map.yaml", edition.find("map.yaml", "  player:"))
    edition.delete_line("map.yaml", edition.find("map.yaml", "  king:"))
    edition.set_line("map.yaml", start, "setup: [1, 2]")
    expect_problem(edition, "map.yaml", start, "setup",
                   "expected a mapping of keys to values, got a list")


def test_list_where_mapping_expected_for_setup_player(edition):
    number = edition.set_line("map.yaml", edition.find("map.yaml", "  player:"),
                              "  player: [1, 2]")
    expect_problem(edition, "map.yaml", number, "setup.player",
                   "expected a mapping of territory: cubes")


def test_list_where_mapping_expected_for_a_territory(edition):
    start, end = edition.territory_block(9)
    lines = edition.lines("map.yaml")
    lines[start - 1:end] = ["  9: [4, 6]"]
    edition.write_lines("map.yaml", lines)
    expect_problem(edition, "map.yaml", start, "territories[9]",
                   "expected a mapping of keys to values, got a list", only=False)


def test_whole_map_file_is_a_list(edition):
    edition.write("map.yaml", "# a list, not a map\n- 1\n- 2\n")
    expect_problem(edition, "map.yaml", 2, None, "expected a mapping of keys to values",
                   only=False)


@pytest.mark.parametrize(("key", "value", "fragment"), [
    ("swords", "three", "expected a whole number, got 'three'"),
    ("flags", "true", "expected a whole number, got true"),
    ("king", "{move: castle}", "expected a list of 1 or 2 King actions"),
    ("priority", "1", "1 is not allowed; use one of rising, falling"),
    ("name", "42", "expected some text, got 42"),
    ("hard", "sometimes", "expected true or false, got 'sometimes'"),
])
def test_wrong_type_on_a_card(edition, key, value, fragment):
    number = edition.set_card(3, key, value)
    expect_problem(edition, "cards.yaml", number, f"card 3: {key}",
                   fragment)


def test_card_is_a_list_not_a_mapping(edition):
    index = edition.card_index(3)
    number = edition.set_line("cards.yaml", edition.card_line(3), "  - [3, Iron Rain]")
    expect_problem(edition, "cards.yaml", number, f"card {index + 1} of the list",
                   "expected a mapping of keys to values, got a list")


def test_cards_is_a_mapping_not_a_list(edition):
    edition.write("cards.yaml", "cards:\n  first: {id: 1}\n")
    expect_problem(edition, "cards.yaml", 1, "cards", "expected a list of cards")


# --------------------------------------------------------------------------- symbol counts


@pytest.mark.parametrize(("n", "key", "value"), [
    (5, "wheat", "4"),
    (7, "shields", "7"),
    (8, "bugles", "-1"),
])
def test_map_symbol_count_out_of_range(edition, n, key, value):
    number = edition.set_territory(n, key, value)
    expect_problem(edition, "map.yaml", number, f"territories[{n}].{key}",
                   f"{value} is out of range; use a number from 0 to 3")


@pytest.mark.parametrize(("key", "value"), [
    ("swords", "4"),
    ("bugles", "-2"),
    ("shields", "9"),
])
def test_card_symbol_count_out_of_range(edition, key, value):
    number = edition.set_card(3, key, value)
    expect_problem(edition, "cards.yaml", number, f"card 3: {key}",
                   f"{value} is out of range; use a number from 0 to 3")


# --------------------------------------------------------------------------- adjacency


def test_adjacency_not_symmetric(edition):
    edition.set_territory(4, "adjacent", "[7, 8]")
    expect_problem(edition, "map.yaml", edition.territory_key_line(9, "adjacent"),
                   "territories[9].adjacent", "9 lists 4 but 4 does not list 9",
                   "add 9 to territories[4].adjacent")


def test_self_loop(edition):
    number = edition.set_territory(9, "adjacent", "[4, 6, 9]")
    expect_problem(edition, "map.yaml", number, "territories[9].adjacent",
                   "territory 9 lists itself; remove 9")


def test_unknown_neighbour(edition):
    number = edition.set_territory(9, "adjacent", "[4, 6, 12]")
    expect_problem(edition, "map.yaml", number, "territories[9].adjacent",
                   "territory 12 does not exist")


def test_neighbour_listed_twice(edition):
    number = edition.set_territory(9, "adjacent", "[4, 6, 4]")
    expect_problem(edition, "map.yaml", number, "territories[9].adjacent[2]",
                   "4 is listed twice")


def test_map_not_connected(edition):
    number = edition.insert_after("map.yaml", edition.find("map.yaml", "territories:"),
                                  "  10:", "    adjacent: [11]", "  11:", "    adjacent: [10]")
    problem = expect_problem(edition, "map.yaml", number, "territories[10]", "not connected",
                             "10, 11 cannot be reached from 1")
    assert "adjacency" in problem.split(";", 1)[1]


def test_missing_adjacent_key(edition):
    edition.remove_territory_key(9, "adjacent")
    expect_problem(edition, "map.yaml", edition.territory_block(9)[0] + 1,
                   "territories[9].adjacent", "required key is missing", only=False)


# --------------------------------------------------------------------------- home


def test_home_missing(edition):
    edition.delete_line("map.yaml", edition.find("map.yaml", "home:"))
    first_key = next(n for n, line in enumerate(edition.lines("map.yaml"), start=1)
                     if _is_code(line))
    expect_problem(edition, "map.yaml", first_key, "home", "required key is missing")


def test_home_does_not_exist(edition):
    number = edition.set_top("map.yaml", "home", "12")
    expect_problem(edition, "map.yaml", number, "home", "territory 12 does not exist",
                   only=False)


def test_home_not_a_castle(edition):
    number = edition.set_top("map.yaml", "home", "2")
    expect_problem(edition, "map.yaml", number, "home", "territory 2 has no castle",
                   "castles: 1, 3, 7, 9", only=False)


# --------------------------------------------------------------------------- setup


def test_setup_over_forces(edition):
    number = edition.set_line("map.yaml", edition.find("map.yaml", "  king:"),
                              "  king: {3: 4, 7: 4, 9: 4}")
    expect_problem(edition, "map.yaml", number, "setup.king", "12 cubes placed",
                   "forces: 10")


def test_setup_over_king_limit(edition):
    number = edition.set_line("map.yaml", edition.find("map.yaml", "  king:"),
                              "  king:", "    3: 6", "    7: 2", "    9: 2")
    expect_problem(edition, "map.yaml", number + 1, "setup.king[3]",
                   "6 cubes exceed king_limit 5")


def test_setup_over_the_players_wheat_limit(edition):
    edition.set_territory(1, "wheat", "2")
    number = edition.set_line("map.yaml", edition.find("map.yaml", "  player:"),
                              "  player:", "    1: 3")
    expect_problem(edition, "map.yaml", number + 1, "setup.player[1]",
                   "3 cubes exceed the player's limit of 2")


def test_setup_territory_does_not_exist(edition):
    number = edition.set_line("map.yaml", edition.find("map.yaml", "  player:"),
                              "  player:", "    1: 2", "    12: 1")
    expect_problem(edition, "map.yaml", number + 2, "setup.player[12]",
                   "territory 12 does not exist")


def test_setup_both_sides_in_one_territory(edition):
    number = edition.set_line("map.yaml", edition.find("map.yaml", "  king:"),
                              "  king:", "    3: 2", "    7: 2", "    9: 2", "    1: 1")
    expect_problem(edition, "map.yaml", number + 4, "setup.king[1]",
                   "territory 1 has cubes of both sides")


def test_setup_player_not_in_home(edition):
    number = edition.set_line("map.yaml", edition.find("map.yaml", "  player:"),
                              "  player: {5: 2}")
    expect_problem(edition, "map.yaml", number, "setup.player",
                   "must start with cubes in home territory 1")


# --------------------------------------------------------------------------- cards


def test_card_ids_duplicate(edition):
    ids = edition.card_ids()
    first, last = ids[0], ids[-1]
    first_line = edition.card_line(first)
    number = edition.set_card(last, "id", str(first))
    expect_problem(edition, "cards.yaml", number, f"card {first}: id",
                   f"id {first} is already used by the card on line {first_line}; "
                   "ids must be unique")


def test_king_action_unknown_lists_the_valid_actions(edition):
    number = edition.set_card(3, "king", "[move-dragon]")
    expect_problem(edition, "cards.yaml", number, "card 3: king",
                   f"'move-dragon' is not a King action ({', '.join(KING_ACTIONS)})")


@pytest.mark.parametrize(("king", "count"), [
    ("[]", 0),
    ("[rally, move-castle, move-wheat]", 3),
])
def test_wrong_number_of_king_actions(edition, king, count):
    number = edition.set_card(3, "king", king)
    expect_problem(edition, "cards.yaml", number, "card 3: king",
                   f"{count} actions listed", "a card has 1 or 2 of rally")


def test_king_key_missing(edition):
    number = edition.remove_card_key(3, "king")
    expect_problem(edition, "cards.yaml", number, "card 3: king",
                   "required key is missing")


def test_priority_bad(edition):
    number = edition.set_card(3, "priority", "sideways")
    expect_problem(edition, "cards.yaml", number, "card 3: priority",
                   "'sideways' is not allowed; use one of rising, falling")


def test_no_normal_card_without_uncertain(edition):
    for number in edition.normal_card_lines():
        card_id = int(re.search(r"id: (\d+)", edition.lines("cards.yaml")[number - 1])[1])
        edition.set_card(card_id, "king", "[uncertain]")
    expect_problem(edition, "cards.yaml", edition.find("cards.yaml", "cards:"), "cards",
                   "every normal card has an `uncertain` King action")


def test_too_few_normal_cards(edition):
    hand = load_content(edition.root).map.hand_size
    normal = edition.normal_card_lines()
    lines = edition.lines("cards.yaml")
    # keep hand + 2 normal cards, one of them without `uncertain`
    keep = sorted(normal, key=lambda n: "uncertain" in lines[n - 1])[:hand + 2]
    edition.write_lines("cards.yaml", [line for n, line in enumerate(lines, start=1)
                                       if n not in normal or n in keep])
    expect_problem(edition, "cards.yaml", edition.find("cards.yaml", "cards:"), "cards",
                   f"only {hand + 2} normal cards", f"at least {hand + 3}")


def test_too_few_normal_cards_for_a_large_hand(edition):
    count = len(edition.normal_card_lines())
    edition.set_top("map.yaml", "hand_size", str(count - 2))
    expect_problem(edition, "cards.yaml", edition.find("cards.yaml", "cards:"), "cards",
                   f"only {count} normal cards", f"at least {count + 1}",
                   "lower hand_size in map.yaml")


# --------------------------------------------------------------------------- rulings


@pytest.mark.parametrize(("key", "value", "choices"), [
    ("castle_targets", "some", "all, not-king"),
    ("home_lost_when", "never", "empty, king-holds"),
    ("over_limit_move", "true", "refuse, trim"),
])
def test_rulings_bad_value(edition, key, value, choices):
    number = edition.set_top("rulings.yaml", key, value)
    expect_problem(edition, "rulings.yaml", number, key, f"is not allowed; use one of {choices}")


def test_rulings_may_be_missing_or_only_comments(edition):
    (edition.root / "rulings.yaml").unlink()
    expect_ok(edition)
    edition.write("rulings.yaml", "# every switch at its default\n")
    report = expect_ok(edition)
    assert report.content.rulings.castle_targets == "all"


def test_every_ruling_choice_validates(edition):
    edition.write("rulings.yaml", "home_lost_when: king-holds\ncastle_targets: not-king\n"
                                  "over_limit_move: trim\n")
    rulings = expect_ok(edition).content.rulings
    assert (rulings.home_lost_when, rulings.castle_targets, rulings.over_limit_move) == (
        "king-holds", "not-king", "trim")


# --------------------------------------------------------------------------- drawing


def test_drawn_touching_but_not_adjacent(edition):
    edition.set_territory(1, "adjacent", "[5]")
    edition.set_territory(2, "adjacent", "[5, 7]")
    expect_problem(edition, "map.yaml", edition.territory_key_line(1, "shape"),
                   "territories[1].shape", "drawn touching 2 (shared edge ",
                   "but 1 and 2 are not adjacent")


def test_adjacent_but_not_drawn_touching(edition):
    number = edition.set_territory(1, "adjacent", "[2, 3, 5]")
    edition.set_territory(3, "adjacent", "[1, 5, 6]")
    expect_problem(edition, "map.yaml", number, "territories[1].adjacent",
                   "1 and 3 are adjacent but not drawn touching",
                   "add [1, 3] to drawing.crossings")


def _add_crossing(edition: Edition, pair: str) -> int:
    return edition.insert_after("map.yaml", edition.find("map.yaml", "  size:"),
                                "  crossings:", f"    - {pair}") + 1


def test_a_drawn_crossing_makes_a_sea_route_agree(edition):
    edition.set_territory(1, "adjacent", "[2, 3, 5]")
    edition.set_territory(3, "adjacent", "[1, 5, 6]")
    _add_crossing(edition, "[1, 3]")
    assert expect_ok(edition).content.map.drawing.crossings == ((1, 3),)


def test_crossing_between_territories_that_share_a_border(edition):
    number = _add_crossing(edition, "[2, 1]")
    expect_problem(edition, "map.yaml", number, "drawing.crossings",
                   "1 and 2 already share a border; remove [1, 2]")


def test_crossing_between_territories_not_adjacent(edition):
    number = _add_crossing(edition, "[1, 9]")
    expect_problem(edition, "map.yaml", number, "drawing.crossings",
                   "1 and 9 are not adjacent")


def test_unknown_point_name(edition):
    number = edition.territory_key_line(1, "shape")
    line = edition.lines("map.yaml")[number - 1]
    edition.set_line("map.yaml", number, re.sub(r"\[\s*[\w-]+", "[zz9", line, count=1))
    expect_problem(edition, "map.yaml", number, "territories[1].shape",
                   "unknown point(s) zz9", "drawing.points")


def test_point_outside_the_drawing(edition):
    lines = edition.lines("map.yaml")
    start = edition.find("map.yaml", "  points:")
    number, name = next((n, m[1]) for n in range(start + 1, len(lines) + 1)
                        if (m := re.match(r"    ([\w-]+): \[", lines[n - 1])))
    edition.set_line("map.yaml", number, f"    {name}: [1000, 1000]")
    expect_problem(edition, "map.yaml", number, f"drawing.points.{name}",
                   "expected [x, y] inside the drawing size")


def _strip_drawing(text: str) -> str:
    out, skipping = [], False
    for line in text.splitlines():
        if line.startswith("drawing:"):
            skipping = True
            continue
        if skipping and _is_code(line) and _indent(line) == 0:
            skipping = False
        if skipping or re.match(r"    (shape|label|cubes):", line):
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def test_map_without_drawing_data_validates_with_a_note(edition):
    edition.write("map.yaml", _strip_drawing(edition.text("map.yaml")))
    text = edition.text("map.yaml")
    assert "drawing:" not in text and not re.search(r"^\s*(shape|label|cubes):", text, re.M)
    report, output, code = run_validate(edition.root)
    assert code == 0, output
    assert report.problems == []
    assert report.content is not None and not report.content.map.drawable
    assert any("map sheet" in note for note in report.notes)
    assert "note:" in output and "map sheet" in output
    assert load_content(edition.root).map.territories[7].adjacent == (2, 4, 5, 8)


# --------------------------------------------------------------------------- rules text


def test_unknown_icon_in_rules_text(edition):
    edition.write("rules.txt", "Rules of the road\n\nGather {wheat} and fear the {dragon}.\n")
    expect_problem(edition, "rules.txt", 3, None, "unknown icon {dragon}", "icons: castle")


def test_known_icons_in_rules_text_validate(edition):
    edition.write("rules.txt", "Each {sword} kills a {cube}; each {shield} saves one.\n")
    assert "{sword}" in expect_ok(edition).content.rules_text


# --------------------------------------------------------------------------- broken files


def test_yaml_syntax_error_one_line_with_line_number(edition):
    number = edition.set_top("map.yaml", "name", "Kingdom: of Prydon")
    expect_problem(edition, "map.yaml", number, None, "not valid YAML",
                   "mapping values are not allowed", "must be quoted")


def test_yaml_unclosed_bracket_names_where_it_opened(edition):
    number = edition.set_card(3, "king", "[move-castle")
    problem = expect_problem(edition, "cards.yaml", number, None, "not valid YAML")
    assert "[" in problem and "closed" in problem


def test_yaml_bad_date_is_an_error_not_a_crash(edition):
    number = edition.set_top("map.yaml", "name", "2024-13-45")
    expect_problem(edition, "map.yaml", number, None, "cannot read '2024-13-45'", "quote it")


@pytest.mark.parametrize("filename", ["map.yaml", "cards.yaml", "rulings.yaml"])
@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system",
                                 "!!python/object/new:os.system"])
def test_python_tag_never_runs(edition, filename, tag):
    marker = Path("/tmp") / f"pwned_{uuid.uuid4().hex}"
    edition.write(filename, f'evil: {tag} ["touch {marker}"]\n' + edition.text(filename))
    try:
        problem = expect_problem(edition, filename, 1, None, "not valid YAML",
                                 f"the tag {tag} is not allowed", "remove the tag")
        assert not marker.exists(), "a !!python tag ran code"
        assert "nothing is ever run" in problem
    finally:
        marker.unlink(missing_ok=True)


def test_python_name_tag_is_rejected(edition):
    number = edition.set_top("map.yaml", "forces", "!!python/name:os.getcwd ''")
    expect_problem(edition, "map.yaml", number, None, "!!python/name:os.getcwd is not allowed")


@pytest.mark.parametrize("filename", ["map.yaml", "cards.yaml"])
@pytest.mark.parametrize("body", ["", "\n\n", "# only a comment\n"])
def test_empty_file(edition, filename, body):
    edition.write(filename, body)
    expect_problem(edition, filename, 1, None, "the file is empty")


@pytest.mark.parametrize("filename", ["map.yaml", "cards.yaml"])
def test_missing_file(edition, filename):
    (edition.root / filename).unlink()
    expect_problem(edition, filename, None, None, "file not found", f"create {filename}")


def test_content_directory_missing(tmp_path):
    report, output, code = run_validate(tmp_path / "nowhere")
    assert code == 2
    assert "not a content directory" in output
    assert report.problems and report.content is None


def test_duplicate_key_in_territory(edition):
    number = edition.set_territory(5, "wheat", "2")
    edition.insert_after("map.yaml", number, "    wheat: 3")
    expect_problem(edition, "map.yaml", number + 1, "territories[5].wheat",
                   "key 'wheat' appears twice; keep one")


def test_duplicate_top_level_key(edition):
    number = edition.insert_after("map.yaml", edition.find("map.yaml", "hand_size:"),
                                  "king_limit: 5")
    expect_problem(edition, "map.yaml", number, "king_limit",
                   "key 'king_limit' appears twice; keep one")


def test_duplicate_key_in_flow_mapping(edition):
    number = edition.set_line("map.yaml", edition.find("map.yaml", "  king:"),
                              "  king: {3: 2, 7: 2, 9: 2, 3: 1}")
    expect_problem(edition, "map.yaml", number, "setup.king[3]",
                   "key 3 appears twice; keep one")


def test_duplicate_key_on_a_card(edition):
    number = edition.set_card(3, "flags", "2, flags: 3")
    expect_problem(edition, "cards.yaml", number, "card 3: flags",
                   "key 'flags' appears twice; keep one")


def test_duplicate_key_in_rulings(edition):
    number = edition.insert_after("rulings.yaml", len(edition.lines("rulings.yaml")),
                                  "home_lost_when: empty")
    expect_problem(edition, "rulings.yaml", number, "home_lost_when",
                   "key 'home_lost_when' appears twice; keep one")


def test_duplicate_territory_number(edition):
    edition.insert_after("map.yaml", edition.find("map.yaml", "territories:"),
                         "  3:", "    adjacent: [5, 6]")
    expect_problem(edition, "map.yaml", edition.find("map.yaml", "  3:", nth=2),
                   "territories[3]", "key 3 appears twice", only=False)


# --------------------------------------------------------------------------- many at once


def test_several_problems_are_all_listed(edition):
    unknown = edition.insert_after("map.yaml", edition.find("map.yaml", "hand_size:"),
                                   "colour: red")
    loop = edition.set_territory(9, "adjacent", "[4, 6, 9]")
    priority = edition.set_card(3, "priority", "sideways")
    swords = edition.set_card(5, "swords", "9")
    ruling = edition.set_top("rulings.yaml", "castle_targets", "some")
    edition.write("rules.txt", "The {dragon} sleeps.\n")
    report, output, code = run_validate(edition.root)
    assert code == 2
    expected = [
        f"map.yaml:{unknown}: colour: unknown key",
        f"map.yaml:{loop}: territories[9].adjacent: territory 9 lists itself",
        f"cards.yaml:{priority}: card 3: priority: "
        "'sideways' is not allowed",
        f"cards.yaml:{swords}: card 5: swords: 9 is out of range",
        f"rulings.yaml:{ruling}: castle_targets: 'some' is not allowed",
        "rules.txt:1: unknown icon {dragon}",
    ]
    for start in expected:
        hits = [p for p in report.problems if p.startswith(start)]
        assert hits, f"missing {start!r} in {report.problems}"
        assert hits[0] in output
    assert len(report.problems) == len(expected), report.problems
    assert f"{len(expected)} problems found" in output
    with pytest.raises(ContentError) as err:
        load_content(edition.root)
    assert err.value.problems == report.problems


def test_broken_files_and_bad_values_are_listed_together(edition):
    edition.write("map.yaml", "")
    edition.set_card(3, "priority", "sideways")
    edition.set_top("rulings.yaml", "castle_targets", "some")
    report, output, code = run_validate(edition.root)
    assert code == 2
    assert any(p.startswith("map.yaml:1: the file is empty") for p in report.problems)
    assert any("'sideways'" in p for p in report.problems)
    assert any("'some'" in p for p in report.problems)
    assert len(report.problems) == 3, report.problems
