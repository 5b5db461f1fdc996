"""Frozen value classes made without `dataclasses`' start-up cost: `@frozen` and `@frozen_positional`.

Why: `dataclasses.dataclass` writes each class's methods as source text and compiles
that text while the module loads -- about 4 million instructions for a frozen class, on
every start of the program. The spec model and the kinds' models are some twenty such
classes, read by every `trickspec validate`; made by `@frozen` they cost a few percent of
that (benchmarks/startup.py).

A `@frozen` class behaves as one made by `@dataclass(frozen=True, kw_only=True)`:
`__init__` takes its fields as keywords (positionally too with `@frozen_positional`,
like `@dataclass(frozen=True)`), a field's default or `field(default_factory=...)`
fills what is not given, `__eq__` and `__hash__` read the fields that compare, `__repr__`
shows the fields, assigning or deleting an attribute raises `FrozenError`, and fields
are inherited from a `@frozen` base. The methods are shared generic functions reading
the class's field table (built once, when the class is made) instead of code generated
per class. mypy reads these classes as dataclasses (`typing.dataclass_transform`), so
every constructor call stays type-checked.

Only for classes whose instances are made while a spec compiles (a few hundred at
most: their `__init__` is a loop, slower per call than generated code). The runtime
modules that the optional mypyc build compiles keep `dataclass`, which mypyc turns
into native classes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")
C = TypeVar("C", bound=type)

MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "MISSING"})()


class FrozenError(AttributeError):
    """An assignment to (or deletion of) an attribute of a frozen instance."""


class Field:
    """One field of a frozen class: its name, its default (or default factory), whether it compares and shows."""

    __slots__ = ("name", "default", "default_factory", "compare", "repr")

    def __init__(self, default: Any, default_factory: Any, compare: bool, repr: bool) -> None:
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.compare = compare
        self.repr = repr

    @property
    def required(self) -> bool:
        return self.default is MISSING and self.default_factory is MISSING


@overload
def field(*, default: T, compare: bool = True, repr: bool = True) -> T: ...
@overload
def field(*, default_factory: Callable[[], T], compare: bool = True, repr: bool = True) -> T: ...
def field(
    *, default: Any = MISSING, default_factory: Any = MISSING, compare: bool = True, repr: bool = True
) -> Any:
    """A field with settings, as `dataclasses.field`: a default or a factory of defaults,
    `compare=False` to leave it out of `==` and `hash`, `repr=False` to leave it out of `repr`."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, compare, repr)


def fields(cls_or_instance: Any) -> tuple[Field, ...]:
    """The fields of a frozen class (or of its instance), in order."""
    table: dict[str, Field] | None = getattr(cls_or_instance, "__frozen_fields__", None)
    if table is None:
        raise TypeError(f"{cls_or_instance!r} is not a frozen class or instance")
    return tuple(table.values())


def is_frozen(obj: Any) -> bool:
    """Whether `obj` is a frozen class or an instance of one."""
    return hasattr(obj, "__frozen_fields__")


def replace(obj: T, **changes: Any) -> T:
    """A copy of `obj` with some fields changed (as `dataclasses.replace`)."""
    for name in type(obj).__frozen_fields__:  # type: ignore[attr-defined]
        if name not in changes:
            changes[name] = getattr(obj, name)
    return type(obj)(**changes)


# ------------------------------------------------------------------ the shared methods
def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    if args:
        names = cls.__frozen_positional__
        if len(args) > len(names):
            given = f"{len(args) + 1} were given"
            raise TypeError(f"{cls.__qualname__}.__init__() takes {len(names) + 1} positional arguments but {given}")
        for name, value in zip(names, args, strict=False):
            if name in kwargs:
                raise TypeError(f"{cls.__qualname__}.__init__() got multiple values for argument '{name}'")
            kwargs[name] = value
    setattr_ = object.__setattr__
    for name, default, factory in cls.__frozen_table__:
        value = kwargs.pop(name, MISSING)
        if value is MISSING:
            if default is not MISSING:
                value = default
            elif factory is not MISSING:
                value = factory()
            else:
                raise TypeError(f"{cls.__qualname__}.__init__() missing required argument: '{name}'")
        setattr_(self, name, value)
    if kwargs:
        raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument '{next(iter(kwargs))}'")


def _key(self: Any) -> tuple[Any, ...]:
    return tuple([getattr(self, name) for name in type(self).__frozen_compared__])


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _key(self) == _key(other)


def _hash(self: Any) -> int:
    return hash(_key(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__frozen_shown__)
    return f"{type(self).__qualname__}({shown})"


def _setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise FrozenError(f"cannot delete field {name!r}")


def _is_class_var(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _make(cls: C, kw_only: bool) -> C:
    table: dict[str, Field] = dict(getattr(cls, "__frozen_fields__", {}))  # a frozen base's, in order
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if _is_class_var(annotation):
            continue
        value = cls.__dict__.get(name, MISSING)
        made = value if isinstance(value, Field) else Field(value, MISSING, True, True)
        if isinstance(made.default, list | dict | set):
            raise ValueError(f"mutable default {type(made.default)} for field {name}: use default_factory")
        made.name = name
        table[name] = made
        if made.default is not MISSING:
            setattr(cls, name, made.default)
        elif name in cls.__dict__:
            delattr(cls, name)
    made_attributes = {
        "__frozen_fields__": table,
        "__frozen_table__": tuple((f.name, f.default, f.default_factory) for f in table.values()),
        "__frozen_positional__": () if kw_only else tuple(table),
        "__frozen_compared__": tuple(f.name for f in table.values() if f.compare),
        "__frozen_shown__": tuple(f.name for f in table.values() if f.repr),
        "__init__": _init,
        "__eq__": _eq,
        "__hash__": _hash,
        "__repr__": _repr,
        "__setattr__": _setattr,
        "__delattr__": _delattr,
    }
    for attribute, value in made_attributes.items():
        setattr(cls, attribute, value)
    return cls


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
def frozen(cls: C) -> C:
    """A frozen class whose fields are given as keywords (`@dataclass(frozen=True, kw_only=True)`)."""
    return _make(cls, kw_only=True)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen_positional(cls: C) -> C:
    """A frozen class whose fields may be given in order too (`@dataclass(frozen=True)`)."""
    return _make(cls, kw_only=False)
