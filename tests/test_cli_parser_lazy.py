"""`trickspec` declares only the arguments of the command it runs (a fast start); nothing a
person sees may change: every command's help, the top-level help and the usage errors are
those of the parser with every command declared."""

from __future__ import annotations

import pytest

from interpreter import cli

COMMANDS = [name for name, _, _ in cli._COMMANDS]


def _outcome(parser: object, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[object, str, str]:
    try:
        args = parser.parse_args(argv)  # type: ignore[attr-defined]
        code: object = sorted((k, repr(v)) for k, v in vars(args).items())
    except SystemExit as done:
        code = done.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_s_help_is_unchanged_when_only_it_is_declared(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, "--help"]
    lazy = _outcome(cli.build_parser(cli._command_word(argv)), argv, capsys)
    full = _outcome(cli.build_parser(), argv, capsys)
    assert lazy == full
    assert lazy[0] == 0 and "usage: trickspec " + command in lazy[1]


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        [],
        ["valdate", "x.yaml"],
        ["validate"],
        ["validate", "variants/euchre.yaml", "--rule", "house/x", "--bogus"],
        ["play", "--hands", "two"],
        ["simulate", "euchre", "--backend", "cloud"],
        ["egn"],
        ["egn", "import"],
        ["egn", "export", "r.jsonl", "--title", "t"],
        ["diff", "euchre", "british-euchre", "--rule-b", "house/x"],
        ["--version"],
        ["-h", "validate"],
    ],
)
def test_parsing_and_usage_errors_are_unchanged(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    lazy = _outcome(cli.build_parser(cli._command_word(argv)), argv, capsys)
    full = _outcome(cli.build_parser(), argv, capsys)
    assert lazy == full


def test_the_command_word_is_the_first_word_that_is_not_an_option() -> None:
    assert cli._command_word(["validate", "a.yaml"]) == "validate"
    assert cli._command_word(["--version"]) is None
    assert cli._command_word(["-h", "play", "--seed", "3"]) == "play"
    assert cli._command_word(["egn", "import", "f.egn"]) == "egn"
