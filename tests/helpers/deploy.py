"""The deployment files read as their tools read them: docker-compose.yml with its
`${VAR:-default}` / `${VAR:?error}` interpolation, the Dockerfile as instructions, nginx's
configuration as nested directives. The deploy tests check what these wire together, not
their text."""

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tests.helpers.servers import ROOT

VARIABLE = re.compile(r"\$\{(\w+)(?:(:-|:\?)([^}]*))?\}")


class Unset(Exception):
    """A `${VAR:?error}` whose variable is not set: compose refuses to start."""


def interpolate(value, env: dict):
    """`value` (any part of the compose file) with its variables filled in from `env`."""
    if isinstance(value, dict):
        return {key: interpolate(item, env) for key, item in value.items()}
    if isinstance(value, list):
        return [interpolate(item, env) for item in value]
    if not isinstance(value, str):
        return value

    def fill(match):
        name, kind, rest = match.groups()
        if env.get(name):
            return env[name]
        if kind == ":?":
            raise Unset(f"{name}: {rest}")
        return rest or ""

    return VARIABLE.sub(fill, value)


def compose(env: dict | None = None) -> dict:
    """docker-compose.yml as compose runs it with `env` in the shell."""
    return interpolate(yaml.safe_load((ROOT / "docker-compose.yml").read_text()), env or {})


def instructions(path: Path = ROOT / "Dockerfile") -> list[tuple[str, str]]:
    """The Dockerfile's (INSTRUCTION, arguments), continuation lines joined, comments out."""
    text = re.sub(r"\\\n", " ", path.read_text())
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            found.append((keyword.upper(), rest.strip()))
    return found


def command(arguments: str) -> list[str]:
    """A CMD or RUN argument as the words it runs (exec form is JSON; shell form is sh -c)."""
    if arguments.startswith("["):
        return json.loads(arguments)
    return ["/bin/sh", "-c", arguments]


def shell_steps(script: str) -> list[list[str]]:
    """An `a && b && exec c` script as its commands, `exec` dropped."""
    steps = []
    for part in script.split("&&"):
        words = shlex.split(part)
        steps.append(words[1:] if words[:1] == ["exec"] else words)
    return steps


@dataclass
class Directive:
    name: str
    args: list[str]
    block: list["Directive"] = field(default_factory=list)

    def all(self, name: str) -> list["Directive"]:
        return [d for d in self.block if d.name == name]

    def one(self, name: str) -> "Directive":
        (found,) = self.all(name)
        return found


# Where compose mounts deploy/ in the proxy (docker-compose.yml), for the sites' includes.
INCLUDED = "/etc/nginx/partynight/"


def _with_includes(path: Path) -> str:
    """The file's text, comments out, each `include` of deploy/ replaced by that file."""
    text = re.sub(r"#[^\n]*", "", path.read_text())
    pattern = r"include\s+" + re.escape(INCLUDED) + r"(\S+);"
    return re.sub(pattern, lambda m: _with_includes(path.parent / m.group(1)), text)


def nginx(path: Path = ROOT / "deploy" / "nginx.conf") -> Directive:
    """nginx's configuration as a tree of directives (the main context is the root), its
    includes of deploy/ files read in place."""
    text = _with_includes(path)
    tokens = re.findall(r'"[^"]*"|[{};]|[^\s{};]+', text)
    root, stack, words = Directive("main", []), [], []
    current = root
    for token in tokens:
        if token == "{":
            child = Directive(words[0], words[1:])
            current.block.append(child)
            stack.append(current)
            current, words = child, []
        elif token == "}":
            current = stack.pop()
        elif token == ";":
            current.block.append(Directive(words[0], words[1:]))
            words = []
        else:
            words.append(token.strip('"'))
    return root
