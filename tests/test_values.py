"""`values.Value` and `Record` behave as the dataclasses they replace."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from throne_pnp.values import Factory, FrozenError, Record, Value, field_names


class Card(Value):
    """A frozen value with defaults."""

    id: int
    king: tuple[str, ...]
    hard: bool = False
    name: str = ""


@dataclasses.dataclass(frozen=True)
class DataCard:
    """The same, as a dataclass."""

    id: int
    king: tuple[str, ...]
    hard: bool = False
    name: str = ""


class Log(Record):
    """A mutable record with a made-anew default."""

    who: str
    lines: list[str] = Factory(list)


ARGS = st.tuples(st.integers(), st.lists(st.text(max_size=3), max_size=2).map(tuple), st.booleans(),
                 st.text(max_size=4))


@given(ARGS, ARGS)
def test_compares_hashes_and_prints_as_the_dataclass(a, b):
    mine_a, mine_b, data_a, data_b = Card(*a), Card(*b), DataCard(*a), DataCard(*b)
    assert (mine_a == mine_b) == (data_a == data_b)
    assert hash(mine_a) == hash(data_a)
    assert repr(mine_a) == repr(data_a).replace("DataCard", "Card")
    assert mine_a.astuple() == dataclasses.astuple(data_a)
    assert mine_a.replace(name="x") == Card(a[0], a[1], a[2], "x")
    assert pickle.loads(pickle.dumps(mine_a)) == mine_a == copy.deepcopy(mine_a)


def test_arguments_are_bound_as_an_init_would():
    assert Card(3, ("rally",)) == Card(id=3, king=("rally",), hard=False, name="")
    assert Card(3, ("rally",), name="Quiet").astuple() == (3, ("rally",), False, "Quiet")
    assert field_names(Card) == ("id", "king", "hard", "name") == Card.__match_args__
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'king'"):
        Card(3)
    with pytest.raises(TypeError, match="multiple values for argument 'id'"):
        Card(3, (), id=4)
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        Card(3, (), colour="red")
    with pytest.raises(TypeError, match="takes 5 positional arguments but 6 were given"):
        Card(3, (), True, "a", "b")
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        Card(3, ()).replace(colour="red")


def test_a_value_is_frozen_and_a_record_is_not():
    card = Card(3, ())
    with pytest.raises(FrozenError, match="cannot assign to field 'id'"):
        card.id = 4
    with pytest.raises(AttributeError):
        del card.name
    log = Log("king")
    log.lines.append("moved")
    assert Log("king").lines == [] and log == Log("king", ["moved"]) and log != Log("you")
    log.who = "you"
    assert log.who == "you"
    with pytest.raises(TypeError, match="unhashable"):
        hash(log)
    assert Card(3, ()) != DataCard(3, ()) and Card(3, ()) != (3, (), False, "")


def test_post_init_runs_and_order_of_defaults_is_checked():
    class Span(Value):
        """A span with a derived length."""

        start: int
        end: int

        def __post_init__(self) -> None:
            self.__dict__["length"] = self.end - self.start

    assert Span(2, 7).length == 5 and Span(2, 7).replace(end=9).length == 7
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        class Bad(Value):
            """Defaults first: refused, as by dataclasses."""

            a: int = 0
            b: int
