"""The expression language of variant files: parse, type-check and compile once.

See `compiler` for the semantics callers rely on (zero division, no chained
comparisons, what `env` must hold).
"""

from interpreter.dsl.compiler import CallArg, CompiledExpr, ExprError, Resolver, compile_expr

__all__ = ["CallArg", "CompiledExpr", "ExprError", "Resolver", "compile_expr"]
