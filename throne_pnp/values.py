"""Value classes declared like dataclasses, made without generating code.

`@dataclass` writes each class's `__init__`, `__repr__`, `__eq__` (and, when
frozen, `__setattr__`, `__delattr__`, `__hash__`) as source text and
compiles it when the module is imported: about a millisecond a class, which
is a third of a table command's start and a tenth of a full build here (the
compiled text is never kept in byte code). The classes of the content model
and the layout are therefore declared on these bases instead, with the same
meaning: fields are the class's annotations in order, a class attribute is
the field's default (`Factory(list)` for one made anew each time), and
instances compare, hash and print as a dataclass's would.

`Value` is frozen (assigning a field raises `FrozenError`, an
`AttributeError`, as for a frozen dataclass); `Record` is mutable and, like
a dataclass that compares by value, unhashable. `replace(**changes)` copies
with changes, through `__init__` (and `__post_init__`) as
`dataclasses.replace` does. A class whose instances are made in great
numbers can define its own `__init__` (storing every field) for speed.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:   # (typing is not loaded at run time: a table command starts faster)
    from collections.abc import Callable
    from typing import Any


class FrozenError(AttributeError):
    """A field of a frozen value was assigned or deleted."""


class Factory:
    """A field's default made by calling `make` for each new instance."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


_MISSING = object()


class _Fields:
    """The shared machinery of `Value` and `Record` (fields, init, eq, repr)."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: dict[str, Any] = {}
    _factories: dict[str, Callable[[], Any]] = {}
    _post: Callable[[Any], None] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [name for name, note in cls.__dict__.get("__annotations__", {}).items()
               if not str(note).startswith(("ClassVar", "typing.ClassVar"))]
        names = [*cls._fields, *(n for n in own if n not in cls._fields)]
        defaults, factories = dict(cls._defaults), dict(cls._factories)
        for name in own:
            value = cls.__dict__.get(name, _MISSING)
            if isinstance(value, Factory):
                factories[name] = value.make
                delattr(cls, name)
            elif value is not _MISSING:
                defaults[name] = value
        seen_default = False
        for name in names:
            if name in defaults or name in factories:
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {name!r} follows default argument")
        cls._fields, cls._defaults, cls._factories = tuple(names), defaults, factories
        cls.__match_args__ = tuple(names)
        cls._post = getattr(cls, "__post_init__", None)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        store = self.__dict__
        if kwargs or len(args) != len(fields):
            args = self._bind(args, kwargs)
        store.update(zip(fields, args, strict=True))
        if self._post is not None:
            self._post()

    def _bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        """Every field's value, in order, from the arguments and the defaults."""
        fields = self._fields
        name = type(self).__name__
        if len(args) > len(fields):
            raise TypeError(f"{name}.__init__() takes {len(fields) + 1} positional "
                            f"arguments but {len(args) + 1} were given")
        for key in kwargs:
            if key not in fields:
                raise TypeError(f"{name}.__init__() got an unexpected keyword argument {key!r}")
            if fields.index(key) < len(args):
                raise TypeError(f"{name}.__init__() got multiple values for argument {key!r}")
        out = list(args)
        for field in fields[len(args):]:
            if field in kwargs:
                out.append(kwargs[field])
            elif field in self._defaults:
                out.append(self._defaults[field])
            elif field in self._factories:
                out.append(self._factories[field]())
            else:
                raise TypeError(f"{name}.__init__() missing 1 required positional "
                                f"argument: {field!r}")
        return tuple(out)

    def astuple(self) -> tuple[Any, ...]:
        """The fields' values, in order (`dataclasses.astuple`, one level deep)."""
        store = self.__dict__
        return tuple([store[field] for field in self._fields])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.astuple() == other.astuple()   # type: ignore[attr-defined]
        return NotImplemented

    def __repr__(self) -> str:
        store = self.__dict__
        inner = ", ".join(f"{field}={store[field]!r}" for field in self._fields)
        return f"{type(self).__qualname__}({inner})"

    def replace(self, **changes: Any) -> Any:
        """A copy with `changes` (made through `__init__`, as `dataclasses.replace`)."""
        for key in changes:
            if key not in self._fields:
                raise TypeError(f"{type(self).__name__}.__init__() got an unexpected "
                                f"keyword argument {key!r}")
        store = self.__dict__
        return type(self)(**{**{f: store[f] for f in self._fields}, **changes})


class Value(_Fields):
    """A frozen value: its fields cannot be assigned after `__init__`; hashable."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(self.astuple())


class Record(_Fields):
    """A mutable record; it compares by value and so is unhashable."""

    __slots__ = ()
    __hash__ = None   # type: ignore[assignment]


def field_names(obj: Any) -> tuple[str, ...]:
    """The field names of a `Value` or `Record` (class or instance), in order."""
    return obj._fields


def set_field(obj: Value, name: str, value: Any) -> None:
    """Set a field of a frozen value while making it (`__init__`, `__post_init__`)."""
    obj.__dict__[name] = value
