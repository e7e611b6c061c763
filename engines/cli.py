"""The engines' command lines: ``python -m engines.<game> <command>`` reads one JSON
object on standard input and writes the command's JSON answer on standard output.
Bad input (JSON, cards, seats, rules) is one line on standard error and status 2,
as is a command that does not exist."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, status 2, as for bad input
        print(f"error: {message}", file=sys.stderr)
        sys.exit(2)


def json_main(
    prog: str,
    description: str,
    commands: Mapping[str, Callable[[dict], object]],
    argv: list[str] | None = None,
) -> int:
    """Run the command ``argv`` names on the JSON object read from standard input;
    a ``ValueError`` it raises (``json`` raises one too) is the input's fault."""
    parser = _Parser(prog=prog, description=description)
    parser.add_argument("command", choices=sorted(commands))
    args = parser.parse_args(argv)
    try:
        data = json.load(sys.stdin)
        if not isinstance(data, dict):
            raise ValueError("the input must be a JSON object")
        result = commands[args.command](data)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False)
    print()
    return 0
