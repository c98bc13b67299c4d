"""--cluster ADDRESS: the games played on a Dask distributed cluster, their records in game order.

The run connects a dask.distributed Client to the scheduler at ADDRESS (tcp://host:8786,
tls://host:8786, ...; TLS certificates come from Dask's own configuration, its files or
DASK_DISTRIBUTED__COMM__TLS__... variables), ships the game's code, hands the games out
in batches (games.batches, as --jobs does) and yields their records in game order, so the
tally and all that follows are those of --jobs:

    specs --batches--> Client.submit(snake_code_<digest>.play, pickled batch) --> scheduler
                       --> any worker --> records --> yielded in game order

Shipping the code. A worker needs only Python and distributed. The run packs every module
and package of the checkout but the window's side (NOT_SHIPPED: they need pygame) into a
zip, with shipped.py as its one top-level module, named after a digest of the code. Dask's
UploadFile plugins, registered under that name, put the zip on the scheduler and on every
worker, now and when one joins later; the scheduler's metadata remembers the name, so a
later run of the same code ships nothing. The solvers from outside the checkout that the run
plays go in the same zip (`solver_files`), so a worker that never saw them plays them:

    snake-code-<digest>.zip
        snake_code_<digest>.py            shipped.py: the worker's side
        project/...                       the game's code
        outside/<digest of path>/mine.py  a FILE.py:CLASS solver, as the run read it
        outside/modules/mysolvers/...     a MODULE:CLASS solver's top-level module or package
        outside/modules/helper.py         a module beside a FILE.py:CLASS solver that it imports
        outside/files.json                {the path the run named: where its copy is in the zip}

Losing a worker. The scheduler gives the tasks of a worker it loses to another one; a task
only plays its games, so playing it again gives the same records (Dask gives up on a task
that has lost distributed.scheduler.allowed-failures workers, 3 by default).

Stopping. Closing the generator (Ctrl-C, a broken rule) cancels every task not yet
finished; a batch being played runs to its end on its worker and is dropped.
"""
import ast
import contextlib
import hashlib
import importlib.machinery
import importlib.util
import json
import logging
import os
import pickle
import sys
import tempfile
import time
import uuid
import zipfile

import solvers
from config import pip_install
from headless.cluster_error import ClusterError
from headless.games import batches
from headless.jobs import ctrl_c_held
from solvers.loading import is_file, one_line

CONNECT_SECONDS = 10  # to reach the scheduler: TCP, the TLS handshake, Dask's greeting and a scheduler's answer
CLOSE_SECONDS = 5  # to leave the scheduler once the run ends
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The window's side (it needs pygame) and what no game runs: never shipped.
NOT_SHIPPED = {"main.py", "drawer.py", "window", "tests", "docs"}
MISSING = "--cluster needs the distributed package (Dask): " + pip_install("distributed")



def settle(loop, task):
    """Leave `task` finished and its outcome taken, whatever stopped `loop` before it was done.
    A Ctrl-C lands either between the task's steps (the loop stops, the task is still
    pending: it is cancelled and run to its end) or inside a step (the task ends with the
    KeyboardInterrupt, which propagates too). Either way asyncio must not find an outcome
    never retrieved, or it prints a traceback when the task is thrown away."""
    if not task.done():
        task.cancel()
        with contextlib.suppress(BaseException):
            loop.run_until_complete(task)
    if not task.cancelled():
        task.exception()  # taken: the caller has it, or is raising something else


def shipped_files(root=ROOT):
    """(path in the zip, path on disk) of every module a game may need: the checkout's top-level
    modules and packages but NOT_SHIPPED, under project/."""
    files = []
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if name in NOT_SHIPPED or name.startswith("."):
            continue
        if name.endswith(".py") and os.path.isfile(path):
            files.append((f"project/{name}", path))
        elif os.path.isfile(os.path.join(path, "__init__.py")):
            for folder, subfolders, names in os.walk(path):
                subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
                for module in sorted(n for n in names if n.endswith(".py")):
                    inside = os.path.relpath(os.path.join(folder, module), root).replace(os.sep, "/")
                    files.append((f"project/{inside}", os.path.join(folder, module)))
    return files


def solver_files(refs):
    """(path in the zip, path on disk) of the code of each solver from outside in `refs`, and the
    {path the ref names: path in the zip} of the FILE.py:CLASS ones (see the module's picture).
    Two files of one path in the zip (helper.py beside two solver files) ship the first, as the
    first folder put on sys.path is the one imported from."""
    files, named = {}, {}
    for ref in refs:
        if not solvers.is_outside(ref):
            continue
        target, _ = solvers.split(ref)
        if is_file(target):
            inside = f"outside/{hashlib.sha256(target.encode()).hexdigest()[:16]}/{os.path.basename(target)}"
            found = [(inside, target)] + beside_files(target)
            named[target] = inside
        else:
            found = module_files(target.split(".")[0])
        for inside, path in found:
            files.setdefault(inside, path)
    return sorted(files.items()), named


def beside_files(path):
    """(path in the zip, path on disk) of the modules and packages in the folder of the solver file
    `path` that it imports, and that those import in turn: shipped under outside/modules/, where a
    worker imports them from as the run does from the file's folder. A name the game or an
    installed package answers is not the folder's, as the folder comes last on sys.path here."""
    folder = os.path.dirname(path)
    files, seen, unread = [], set(), [path]
    while unread:
        for top in imported_names(unread.pop()):
            if top in seen:
                continue
            seen.add(top)
            found = spec_files(top, beside_spec(top, folder))
            files += found
            unread += [disk for _, disk in found]
    return files


def imported_names(path):
    """The top-level names the Python file at `path` imports (import a.b, from a.b import c), in
    the order written; none if it cannot be read or parsed (loading it says why, where it runs)."""
    try:
        with open(path, "rb") as f:
            tree = ast.parse(f.read(), path)
    except (OSError, SyntaxError, ValueError):
        return []
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module.split(".")[0])
    return names


def beside_spec(top, folder):
    """The spec of the module or package `top` if importing it from a file in `folder` finds it in
    `folder`; else None."""
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        spec = importlib.machinery.PathFinder.find_spec(top, [folder])
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None  # not found, or built into Python
    home = os.path.dirname(spec.origin)
    if spec.submodule_search_locations:
        home = os.path.dirname(home)
    return spec if os.path.abspath(home) == os.path.abspath(folder) else None


def module_files(top):
    """(path in the zip, path on disk) of the top-level module or package `top` (importable here)."""
    return spec_files(top, importlib.util.find_spec(top))


def spec_files(top, spec):
    """(path in the zip, path on disk) of the top-level module or package `top` found as `spec`."""
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return []  # nothing of its own to ship: it must be installed on the workers
    if not spec.submodule_search_locations:
        return [(f"outside/modules/{top}.py", spec.origin)]
    package = os.path.dirname(spec.origin)
    files = []
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for module in sorted(n for n in names if n.endswith(".py")):
            inside = os.path.relpath(os.path.join(folder, module), os.path.dirname(package)).replace(os.sep, "/")
            files.append((f"outside/modules/{inside}", os.path.join(folder, module)))
    return files


def code_zip(directory, root=ROOT, refs=()):
    """Write the zip of the game's code (of the checkout at `root`, and of the solvers from outside
    in `refs`) in `directory`, made if missing; return (its path, the module name of its play())."""
    contents = []
    extra, named = solver_files(refs)
    for inside, path in shipped_files(root) + extra:
        with open(path, "rb") as f:
            contents.append((inside, f.read()))
    contents.append(("outside/files.json", json.dumps(named, sort_keys=True).encode()))
    digest = hashlib.sha256()
    for inside, data in contents:
        digest.update(inside.encode() + b"\0" + hashlib.sha256(data).digest())
    name = f"snake_code_{digest.hexdigest()[:16]}"
    with open(os.path.join(os.path.dirname(__file__), "shipped.py"), "rb") as f:
        contents.append((f"{name}.py", f.read()))
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name.replace("_", "-") + ".zip")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as bundle:
        for inside, data in contents:
            bundle.writestr(zipfile.ZipInfo(inside, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return path, name


def shipped_module(name):
    """shipped.py loaded here under the name it has on the workers, so its play() pickles as theirs."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, os.path.join(os.path.dirname(__file__), "shipped.py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[name] = module
    return sys.modules[name]


def installed():
    """Whether the distributed package can be imported."""
    try:
        import distributed  # noqa: F401  (only --cluster needs it)
    except ImportError:
        return False
    return True


def check_installed():
    """Raise ClusterError (one line: what to install) unless distributed can be imported."""
    if not installed():
        raise ClusterError(MISSING)


def unanswered(error, connected):
    """Why no identity came back, in one line, from the `error` raised (`connected`: whether the
    connection was made): Dask's "Timed out trying to connect" says its last try's error in
    __cause__, the one worth saying."""
    last = error.__cause__
    if not connected and last is not None and str(error).startswith("Timed out trying to connect"):
        return f"could not connect ({one_line(last)})" if str(last) else "could not connect"
    return one_line(error)


class Cluster:
    """A connection to a Dask scheduler with the game's code shipped, and that of the solvers from
    outside among `refs`: `play` is the engine."""

    def __init__(self, address, refs=()):
        self.address, self.refs = address, tuple(refs)
        self.client = None
        self.play_remote = None

    def __enter__(self):
        check_installed()
        # distributed's own log lines (connection retries, a lost worker or scheduler, a cancelled
        # task) stay off stderr from here to the process's end, its client's last retries included:
        # what failed is said once, in the run's own line
        for name in list(logging.root.manager.loggerDict):
            if name.split(".")[0] == "distributed":  # (distributed.client has a level and a handler of its own)
                logging.getLogger(name).setLevel(logging.CRITICAL)
        try:
            self._connect()
            name = self._ship()
        except BaseException:
            self.__exit__()
            raise
        self.play_remote = shipped_module(name).play
        if not self.client.nthreads():
            print(f"--cluster: no worker at {self.address} yet; the games wait for one", file=sys.stderr)
        return self

    def _connect(self):
        from distributed import Client
        self._check_address()
        deadline = time.monotonic() + CONNECT_SECONDS
        self._greet(deadline)
        try:
            with ctrl_c_held():  # the client's threads never take a Ctrl-C meant for this one
                self.client = Client(self.address, timeout=max(1.0, deadline - time.monotonic()),
                                     set_as_default=False)
        except Exception as e:  # every way a connection fails: refused, timed out, TLS, a bad address
            raise self._unreached(one_line(e)) from None

    def _greet(self, deadline):
        """Ask whatever listens at the address who it is, all by `deadline`; raise ClusterError unless
        a Dask scheduler answers. The Client alone would wait for ever on a peer that takes the
        connection and says nothing (its handshake has no timeout), and a client that fails on what
        it is sent is slow to throw away. Ctrl-C stops the wait (KeyboardInterrupt)."""
        answer = self._identity(deadline)
        kind = answer.get("type") if isinstance(answer, dict) else None
        if kind != "Scheduler":
            raise ClusterError(f"--cluster: {self.address} is no Dask scheduler: it answered "
                               + (f"as a Dask {kind}" if isinstance(kind, str) else "not as Dask does"))

    def _identity(self, deadline):
        """The peer's answer to Dask's "identity" message, on an event loop of its own that is
        closed before this returns (a Ctrl-C cancels the wait first); ClusterError, saying why,
        if none comes by `deadline`."""
        import asyncio
        from distributed.comm import connect
        from distributed.security import Security
        connected = False

        async def identity():
            nonlocal connected
            # Dask's own connect gives up a little before the deadline, to say why (its last try's error)
            comm = await connect(self.address, timeout=max(0.1, deadline - time.monotonic() - 0.5),
                                 **Security().get_connection_args("client"))
            connected = True
            try:
                await comm.write({"op": "identity", "reply": True})
                return await comm.read()
            finally:
                comm.abort()

        loop = asyncio.new_event_loop()
        greeting = loop.create_task(asyncio.wait_for(identity(), max(0.1, deadline - time.monotonic())))
        try:
            return loop.run_until_complete(greeting)
        except asyncio.TimeoutError:
            raise self._unreached("it connected, but no answer came" if connected else "no answer") from None
        except Exception as e:  # refused, TLS, a bad address, a peer that speaks no Dask
            raise self._unreached(unanswered(e, connected)) from None
        finally:
            settle(loop, greeting)
            loop.close()

    def _unreached(self, why):
        return ClusterError(f"--cluster: no Dask scheduler reached at {self.address} within {CONNECT_SECONDS} s: {why}")

    def _check_address(self):
        """Refuse at once what no connection can mend: an unknown scheme, or tls:// without the
        client's certificates in Dask's configuration (the client would otherwise fail inside
        its start, and a half-made client takes long to be thrown away)."""
        from distributed.comm.addressing import parse_address
        from distributed.comm.registry import get_backend
        from distributed.security import Security
        try:
            scheme, _ = parse_address(self.address)
            get_backend(scheme)
        except ValueError as e:
            raise ClusterError(f"--cluster: {self.address} is no scheduler address: {one_line(e)}") from None
        if scheme in ("tls", "wss") and Security().get_connection_args("client")["ssl_context"] is None:
            raise ClusterError(f"--cluster: {self.address} needs TLS certificates: set Dask's distributed.comm.tls "
                               "ca-file, client.cert and client.key (or DASK_DISTRIBUTED__COMM__TLS__CA_FILE, "
                               "__CLIENT__CERT, __CLIENT__KEY)")

    def _ship(self):
        """Upload the zip of the game's code to the scheduler and the workers, unless an earlier run
        of the same code did (the scheduler's metadata says so); return its module name."""
        from distributed.diagnostics.plugin import SchedulerUploadFile, UploadFile
        try:
            with tempfile.TemporaryDirectory() as folder:
                path, name = code_zip(folder, refs=self.refs)
                if self.client.get_metadata(["snake-code", name], default=None) is None:
                    self.client.register_plugin(SchedulerUploadFile(path), name=name)
                    self.client.register_plugin(UploadFile(path), name=name)
                    self.client.set_metadata(["snake-code", name], True)
        except Exception as e:
            raise ClusterError(f"--cluster: could not ship the game's code to {self.address}: "
                               f"{one_line(e)}") from None
        return name

    def __exit__(self, *exc):
        if self.client is not None:
            with contextlib.suppress(Exception):
                self.client.close(timeout=CLOSE_SECONDS)
            self.client = None

    def workers(self):
        """The threads the cluster's workers have now (at least 1): how finely to cut the games."""
        return max(1, sum(self.client.nthreads().values()))

    def play(self, specs):
        """Yield the record of every game in `specs`, in order, played on the cluster."""
        if not specs:
            return
        run = uuid.uuid4().hex[:8]
        payloads = [pickle.dumps(batch) for batch in batches(specs, self.workers())]
        keys = [f"snake-games-{run}-{number}" for number in range(len(payloads))]
        futures = self.client.map(self.play_remote, payloads, key=keys, pure=False)  # one message for them all
        try:
            for future in futures:
                yield from self._records(future)
        finally:
            with contextlib.suppress(Exception):
                self.client.cancel(futures)

    def _records(self, future):
        """The records of one batch; the cluster failing it (its scheduler gone, its workers lost
        too often) is a ClusterError, while a game's own error (a broken rule) comes as it is."""
        from concurrent.futures import CancelledError
        from distributed import KilledWorker
        try:
            records = future.result()
        except (CancelledError, KilledWorker, OSError, TimeoutError) as e:
            raise ClusterError(f"--cluster: the games could not be played on {self.address}: {one_line(e)}") from None
        future.release()
        return records


