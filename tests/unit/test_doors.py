"""No private attribute of a library is read outside its door (live/doors/): a scan of the
project's sources for `x._name` finds only Django's documented `_meta` (docs:
ref/models/meta) and `_state` (docs: ref/models/instances), and names the project itself
defines: a member of one of its classes, or, read on one of its modules, a module's own."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ["partynight", "games", "live", "config", "groups", "paper", "bench"]
DOORS = ROOT / "live" / "doors"
DOCUMENTED = {"_meta", "_state"}


def sources() -> dict[Path, ast.Module]:
    """Every Python module of the project (not its tests, not its migrations), parsed."""
    files = [ROOT / "manage.py"]
    for package in PACKAGES:
        files += sorted((ROOT / package).rglob("*.py"))
    return {
        path: ast.parse(path.read_text(), str(path))
        for path in files
        if "migrations" not in path.relative_to(ROOT).parts
    }


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def members(modules) -> set[str]:
    """The private members the project's classes define: methods and class attributes in
    a class body, and `self._x = ...` (or `cls._x`) anywhere."""
    names = set()
    for module in modules:
        for node in ast.walk(module):
            if isinstance(node, ast.ClassDef):
                names |= defined_in(node.body)
            elif stored_on_self(node):
                names.add(node.attr)
    return {name for name in names if private(name)}


def stored_on_self(node: ast.AST) -> bool:
    """`node` is `self._x` or `cls._x` being assigned."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id in ("self", "cls")
    )


def defined_in(body: list[ast.stmt]) -> set[str]:
    """The names the statements of a module's or a class's body define."""
    names = set()
    for statement in body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(statement.name)
        elif isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = getattr(statement, "targets", None) or [statement.target]
            names |= {
                t.id for target in targets for t in ast.walk(target) if isinstance(t, ast.Name)
            }
    return names


def project_modules_in(module: ast.Module) -> set[str]:
    """The names `module` binds to what it imports from the project (its modules, mostly)."""
    names = set()
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in PACKAGES:
            names |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {a.asname for a in node.names if a.asname and a.name.split(".")[0] in PACKAGES}
    return names


def reads_outside_the_doors(modules) -> list[str]:
    """file:line: name, for every private attribute read that the project does not define."""
    own_members = members(modules.values()) | DOCUMENTED
    module_names = {name for module in modules.values() for name in defined_in(module.body)}
    found = []
    for path, module in modules.items():
        if path.is_relative_to(DOORS):
            continue
        modules_here = project_modules_in(module)
        for node in ast.walk(module):
            if not isinstance(node, ast.Attribute) or not private(node.attr):
                continue
            on_a_module = isinstance(node.value, ast.Name) and node.value.id in modules_here
            if node.attr in own_members or (on_a_module and node.attr in module_names):
                continue
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.attr}")
    return found


def test_no_private_attribute_of_a_library_is_read_outside_its_door():
    found = reads_outside_the_doors(sources())
    assert not found, "private attributes read outside live/doors/:\n" + "\n".join(found)


def test_the_scan_finds_a_librarys_private_even_where_the_project_uses_the_name():
    modules = sources()
    assert DOORS / "channels_redis.py" in modules
    assert not any("migrations" in path.parts for path in modules)
    shortcut = ast.parse("async def send(shard):\n    async with shard._lock:\n        pass\n")
    cached = ast.parse("def client(cache):\n    return cache._cache.get_client()\n")
    found = reads_outside_the_doors({ROOT / "live" / "x.py": shortcut, ROOT / "y.py": cached})
    assert found == ["live/x.py:2: _lock", "y.py:2: _cache"]
