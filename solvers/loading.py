"""A solver from outside the checkout: FILE.py:CLASS or MODULE:CLASS, loaded and checked.

    mine.py:Careful           a file, its path relative to the current folder (the config's
                              folder for the config's "solver"), or absolute
    mysolvers.careful:Careful a module importable from the current folder or PYTHONPATH

Every way of getting it wrong is one SolverError line that names the file (or module) and
what is wrong: no such file, a syntax error, an error while importing it, no such class,
or a class that is not a solver. A file is loaded as a module of its own, named after its
path, so that two files both called mine.py stay apart; the folder it lies in goes at the
end of sys.path, so it can import the modules beside it without hiding any of the game's.

Shipped code: on a Dask worker the file is not where the run found it. The run ships it in
the zip of the game's code, and the worker fills SHIPPED with where each one is in the zip
and its text; a file named there is read from SHIPPED instead, and the modules beside it
that it imports come from the zip too (headless/cluster.py), not from its folder.
"""
import hashlib
import importlib
import importlib.util
import inspect
import os
import sys

from files import reading

SHIPPED = {}  # path as the run named it -> (where the worker's copy lies, its text)


class SolverError(Exception):
    """A solver that cannot be played, as one line: what, and what is wrong with it."""


def is_outside(text):
    """Whether `text` names a solver from outside the checkout (FILE.py:CLASS or MODULE:CLASS)."""
    return ":" in text


def split(ref):
    """(target, class name) of FILE.py:CLASS or MODULE:CLASS; SolverError for anything else."""
    target, _, name = ref.rpartition(":")
    if not target or not name.isidentifier():
        raise SolverError(f"{ref}: a solver from outside is named FILE.py:CLASS or MODULE:CLASS")
    if not is_file(target) and not all(part.isidentifier() for part in target.split(".")):
        raise SolverError(f"{ref}: {target} is neither a .py file nor a module name")
    return target, name


def is_file(target):
    """Whether the target of a ref is a file (mine.py, ./dir/mine.py), not a module."""
    return target.endswith(".py") or "/" in target or os.sep in target


def canonical(ref, folder=None):
    """`ref` with a file's path made absolute, relative to `folder` (default: the current
    folder); a module's name and a built-in's are left as they are."""
    if not is_outside(ref):
        return ref
    target, name = split(ref)
    if is_file(target):
        target = os.path.abspath(os.path.join(folder or os.getcwd(), os.path.expanduser(target)))
    return f"{target}:{name}"


def load_class(ref):
    """The class FILE.py:CLASS or MODULE:CLASS names, checked to be a solver (SolverError)."""
    target, name = split(ref)
    module = from_file(target) if is_file(target) else from_module(target)
    where = shown(target)
    cls = getattr(module, name, None)
    if cls is None:
        found = sorted(n for n, value in vars(module).items() if inspect.isclass(value)
                       and value.__module__ == module.__name__)
        listed = f" (its classes: {', '.join(found)})" if found else " (it defines no class)"
        raise SolverError(f"{where}: no class {name} in it{listed}")
    check_solver(cls, name, where)
    return cls


def check_solver(cls, name, where):
    """Refuse what cannot be a solver: not a class, no next_direction(), or not built as CLASS(game)."""
    if not inspect.isclass(cls):
        raise SolverError(f"{where}: {name} is not a solver: it is {with_article(type(cls).__name__)}, not a class")
    if not callable(getattr(cls, "next_direction", None)):
        raise SolverError(f"{where}: {name} is not a solver: it has no next_direction() method")
    try:
        inspect.signature(cls).bind(object())
    except TypeError as e:
        raise SolverError(f"{where}: {name} is not a solver: {name}(game) cannot be called ({e})") from None
    except ValueError:  # no signature to read (a class built in C): it will be tried when played
        pass


def with_article(noun):
    """`noun` after "a", or "an" where it begins with a vowel: "a function", "an int"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def shown(target):
    """A file as the player knows it: relative to the current folder when it lies below it."""
    if not is_file(target):
        return target
    relative = os.path.relpath(target)
    return target if relative.startswith("..") else relative


def from_file(path):
    """The module of the file at `path` (absolute), loaded once a process."""
    name = module_name(path)
    if name in sys.modules:
        return sys.modules[name]
    text = source_of(path)
    return execute(name, path, text)


def module_name(path):
    """The name a file's module is loaded under: its stem and a digest of its path."""
    stem = os.path.splitext(os.path.basename(path))[0]
    stem = "".join(c if c.isalnum() else "_" for c in stem)
    return f"solver_file_{stem}_{hashlib.sha256(path.encode()).hexdigest()[:12]}"


def source_of(path):
    """The text of the solver file at `path`: the worker's shipped copy, or the file itself."""
    if path in SHIPPED:
        return SHIPPED[path][1]
    where = shown(path)
    try:
        return reading.utf8(reading.read_bytes(path), where)
    except reading.ReadError as e:
        raise SolverError(str(e).replace(path, where, 1)) from None


def execute(name, path, text):
    """Run the text of a solver file as module `name`; its errors as one SolverError line."""
    where = shown(path)
    try:
        code = compile(text, path, "exec")
    except SyntaxError as e:
        raise SolverError(f"{where}:{e.lineno}: syntax error: {e.msg}") from None
    except ValueError as e:  # a null byte
        raise SolverError(f"{where}: not Python source: {e}") from None
    spec = importlib.util.spec_from_loader(name, loader=None, origin=path)
    module = importlib.util.module_from_spec(spec)
    module.__file__ = SHIPPED[path][0] if path in SHIPPED else path
    folder = os.path.dirname(path)
    if folder not in sys.path and path not in SHIPPED:
        sys.path.append(folder)  # its own helper modules, after the game's
    sys.modules[name] = module  # dataclasses and pickle look the module up while it runs
    try:
        exec(code, module.__dict__)
    except BaseException as e:
        del sys.modules[name]
        if isinstance(e, KeyboardInterrupt):
            raise
        raise SolverError(f"{where}: loading it failed: {one_line(e)}") from None
    return module


def from_module(target):
    """The module `target`, imported from the current folder, PYTHONPATH or a shipped copy."""
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # "importable from the current folder", also under `python main.py`
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as e:
        if e.name is not None and (target == e.name or target.startswith(e.name + ".")):
            raise SolverError(f"{target}: no such module (from the current folder or PYTHONPATH)") from None
        raise SolverError(f"{target}: importing it failed: {one_line(e)}") from None
    except SyntaxError as e:
        raise SolverError(f"{target}: {shown(e.filename or target)}:{e.lineno}: syntax error: {e.msg}") from None
    except BaseException as e:
        if isinstance(e, KeyboardInterrupt):
            raise
        raise SolverError(f"{target}: importing it failed: {one_line(e)}") from None


def one_line(error):
    """An exception as one line: its type and the first line of its text."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__
