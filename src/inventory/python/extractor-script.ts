/**
 * The Python side of `inventory pull-python`: a small python3 program run as a subprocess
 * (`python3 -c`), kept here as text so it ships inside dist/ with the rest of the tool.
 * It parses the wheel's sources with `ast` and never imports the package.
 */
export const PYTHON_EXTRACTOR = String.raw`"""Static API extraction of a Python wheel: never imports the package, only parses it.

Usage: python3 -c "$PYTHON_EXTRACTOR" WHEEL > inventory.json

Reads every .py file of the wheel with zipfile, parses it with ast, and prints one JSON
document: modules (sorted by dotted name) with their public classes and functions in source
order. Annotations and defaults are the exact source text (whitespace runs folded), not
ast.unparse, so the output does not depend on the Python version that runs it.
"""
import ast
import json
import re
import sys
import zipfile

KEEP_DUNDER = {"__init__", "__call__"}


def public(name):
    return not name.startswith("_") or name in KEEP_DUNDER


class Source:
    """The file's lines as UTF-8 bytes: ast column offsets count bytes, not characters."""

    def __init__(self, src):
        self.lines = src.encode("utf-8").splitlines(keepends=True)

    def segment(self, node):
        # ast.get_source_segment re-splits the whole file on every call: quadratic on big files
        first, last = node.lineno - 1, node.end_lineno - 1
        if first == last:
            raw = self.lines[first][node.col_offset : node.end_col_offset]
        else:
            raw = b"".join([self.lines[first][node.col_offset :]] + self.lines[first + 1 : last] + [self.lines[last][: node.end_col_offset]])
        return raw.decode("utf-8")


def text(src, node):
    if node is None:
        return None
    return re.sub(r"\s*\n\s*", " ", src.segment(node)).strip()


def decorators(src, node):
    return [text(src, d) for d in node.decorator_list]


def params(src, a):
    out = []
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    for i, p in enumerate(positional):
        kind = "posonly" if i < len(a.posonlyargs) else "normal"
        out.append(param(src, p, kind, defaults[i]))
    if a.vararg:
        out.append(param(src, a.vararg, "vararg", None))
    for p, d in zip(a.kwonlyargs, a.kw_defaults):
        out.append(param(src, p, "kwonly", d))
    if a.kwarg:
        out.append(param(src, a.kwarg, "kwarg", None))
    return out


def param(src, p, kind, default):
    d = {"name": p.arg, "kind": kind}
    ann = text(src, p.annotation)
    if ann is not None:
        d["annotation"] = ann
    dv = text(src, default)
    if dv is not None:
        d["default"] = dv
    return d


def function(src, node):
    f = {"name": node.name, "line": node.lineno}
    if isinstance(node, ast.AsyncFunctionDef):
        f["async"] = True
    decs = decorators(src, node)
    if decs:
        f["decorators"] = decs
    f["params"] = params(src, node.args)
    ret = text(src, node.returns)
    if ret is not None:
        f["returns"] = ret
    doc = ast.get_docstring(node, clean=True)
    if doc:
        f["doc"] = doc
    return f


def klass(src, node):
    c = {"name": node.name, "line": node.lineno}
    bases = [text(src, b) for b in node.bases] + [text(src, k) for k in node.keywords]
    if bases:
        c["bases"] = bases
    decs = decorators(src, node)
    if decs:
        c["decorators"] = decs
    doc = ast.get_docstring(node, clean=True)
    if doc:
        c["doc"] = doc
    attrs, methods = [], []
    for item in node.body:
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and public(item.target.id):
            a = {"name": item.target.id, "line": item.lineno, "annotation": text(src, item.annotation)}
            dv = text(src, item.value)
            if dv is not None:
                a["default"] = dv
            attrs.append(a)
        elif isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and public(item.name):
            methods.append(function(src, item))
    if attrs:
        c["attributes"] = attrs
    c["methods"] = methods
    return c


def literal_names(node):
    if isinstance(node, (ast.List, ast.Tuple)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return None


def module(name, path, src):
    tree = ast.parse(src, filename=path)
    m = {"name": name, "path": path}
    src = Source(src)
    doc = ast.get_docstring(tree, clean=True)
    if doc:
        m["doc"] = doc
    classes, functions, imports, exports = [], [], [], None
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and public(node.name) and not node.name.startswith("__"):
            classes.append(klass(src, node))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
            functions.append(function(src, node))
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            exports = literal_names(node.value)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            base = package.split(".")
            base = base[: len(base) - (node.level - 1)]
            source = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                if alias.name != "*":
                    imports.append({"name": alias.asname or alias.name, "from": source, "orig": alias.name})
    if exports is not None:
        m["exports"] = exports
    if imports:
        m["imports"] = imports
    m["classes"] = classes
    m["functions"] = functions
    return m


def main(wheel):
    if sys.version_info < (3, 10):
        # agentscope's sources use match statements: older parsers cannot read them
        sys.exit("python 3.10 or newer is needed to parse agentscope's sources; this is %d.%d (use --python)" % sys.version_info[:2])
    modules = []
    with zipfile.ZipFile(wheel) as z:
        names = sorted(n for n in z.namelist() if n.endswith(".py") and ".dist-info/" not in n)
        for path in names:
            src = z.read(path).decode("utf-8")
            dotted = path[:-3].replace("/", ".")
            if dotted.endswith(".__init__"):
                dotted = dotted[: -len(".__init__")]
            modules.append(module(dotted, path, src))
    modules.sort(key=lambda m: m["name"])
    json.dump({"modules": modules}, sys.stdout, ensure_ascii=True, separators=(",", ":"))


if __name__ == "__main__":
    main(sys.argv[1])
`;
