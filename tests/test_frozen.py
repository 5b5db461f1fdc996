"""`interpreter.frozen`: classes that behave as frozen dataclasses, made without compiling code at import."""

from __future__ import annotations

import dataclasses
import pickle
from typing import ClassVar

import pytest

from interpreter.frozen import FrozenError, field, fields, frozen, frozen_positional, is_frozen, replace


@frozen
class Base:
    kind: ClassVar[str] = "base"
    name: str
    size: int = 3
    tags: tuple[str, ...] = ()
    notes: dict[str, int] = field(default_factory=dict)
    where: tuple[int, ...] = field(default=(), compare=False)


@frozen
class Child(Base):
    extra: str | None = None


@frozen_positional
class Point:
    x: int
    y: int = 0
    label: str = field(default="", repr=False)


# The same classes by dataclasses, to compare the behaviour with.
@dataclasses.dataclass(frozen=True, kw_only=True)
class BaseDc:
    kind: ClassVar[str] = "base"
    name: str
    size: int = 3
    tags: tuple[str, ...] = ()
    notes: dict[str, int] = dataclasses.field(default_factory=dict)
    where: tuple[int, ...] = dataclasses.field(default=(), compare=False)


@dataclasses.dataclass(frozen=True)
class PointDc:
    x: int
    y: int = 0
    label: str = dataclasses.field(default="", repr=False)


def test_fields_defaults_and_factories() -> None:
    a = Base(name="a")
    assert (a.name, a.size, a.tags, a.notes, a.where) == ("a", 3, (), {}, ())
    assert a.notes is not Base(name="b").notes  # a fresh dict per instance
    assert [f.name for f in fields(Base)] == ["name", "size", "tags", "notes", "where"]
    assert [f.name for f in fields(Child)] == ["name", "size", "tags", "notes", "where", "extra"]
    assert Base.kind == "base" and Base.size == 3  # class variables and defaults stay on the class
    assert is_frozen(Base) and is_frozen(a) and not is_frozen(BaseDc)


def test_keywords_only_and_bad_calls() -> None:
    with pytest.raises(TypeError, match="missing required argument: 'name'"):
        Base()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        Base(name="a", colour=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="positional"):
        Base("a")  # type: ignore[misc]


def test_positional_class() -> None:
    assert Point(1, 2) == Point(x=1, y=2) == Point(1, y=2)
    assert Point(4).y == 0
    with pytest.raises(TypeError, match="multiple values for argument 'x'"):
        Point(1, x=2)  # type: ignore[misc]
    with pytest.raises(TypeError, match="positional"):
        Point(1, 2, "l", 4)  # type: ignore[call-arg]


def test_equality_hash_and_repr_as_dataclasses() -> None:
    a, b = Base(name="a", where=(1,)), Base(name="a", where=(2,))
    assert a == b  # `where` does not compare
    assert hash(Point(1, 2)) == hash(PointDc(1, 2)) == hash((1, 2, ""))
    assert a != Base(name="a", size=4)
    assert Child(name="a") != Base(name="a")  # another class is never equal
    assert (a == "a") is False
    assert repr(Base(name="a", tags=("t",))) == repr(BaseDc(name="a", tags=("t",))).replace("BaseDc", "Base")
    assert repr(Point(1, 2, "l")) == repr(PointDc(1, 2, "l")).replace("PointDc", "Point") == "Point(x=1, y=2)"
    with pytest.raises(TypeError):
        hash(Base(name="a", notes={"n": 1}))  # an unhashable field makes the instance unhashable, as there


def test_frozen_and_replace() -> None:
    a = Child(name="a", extra="e")
    with pytest.raises(FrozenError, match="cannot assign to field 'name'"):
        a.name = "b"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del a.extra  # type: ignore[misc]
    b = replace(a, size=5)
    assert (type(b), b.name, b.size, b.extra, a.size) == (Child, "a", 5, "e", 3)


def test_copies_survive_pickle() -> None:
    a = Child(name="a", tags=("x",), notes={"n": 1})
    assert pickle.loads(pickle.dumps(a)) == a


def test_mutable_default_is_refused() -> None:
    with pytest.raises(ValueError, match="default_factory"):

        @frozen
        class Bad:
            items: list[int] = []  # noqa: RUF012
