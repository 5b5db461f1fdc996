"""Reading a variant file: YAML with positions (`yaml_loader`), then the JSON Schema (`schema_check`).

Both steps raise `SpecError` located at file:line:column; semantic checks and
compilation come after, in `interpreter.rules`.
"""

from .schema_check import check_schema, schema
from .yaml_loader import LoadedYaml, describe_type, load_yaml_file, load_yaml_text

__all__ = ["LoadedYaml", "check_schema", "describe_type", "load_yaml_file", "load_yaml_text", "schema"]
