"""The worker side of --cluster. It is shipped in the zip of the run's code as the module
snake_code_<digest> (cluster.py), and it imports nothing of the project at import time.

    snake-code-<digest>.zip
        snake_code_<digest>.py     this file: the zip's only top-level module
        project/config.py          the game's code, imported from "<zip>/project"
        project/headless/...
        outside/...                the solvers from outside the run plays (cluster.py)

A task is play(payload). Its module's name is unique to the code it came with, so a
worker that has run another upload (older code of the project, another checkout) still
gets this one's play(); play() then makes "<zip>/project" the first place the project's
modules are imported from, forgetting those of another upload, before it unpickles the
batch, so the games are played by the very code the run shipped. Two uploads played at the
same moment on one worker would take turns at that, so give a cluster one run at a time.
The solvers from outside come with it: a FILE.py:CLASS one is read from the zip where the run
named its path (solvers.loading.SHIPPED), a MODULE:CLASS one is imported from
"<zip>/outside/modules", which comes after "<zip>/project".
"""
import json
import importlib
import os
import pickle
import sys
import threading
import zipfile

ARCHIVE = os.path.dirname(os.path.abspath(__file__))  # on a worker: the zip this module came in
CODE = os.path.join(ARCHIVE, "project")  # the game's modules are imported from "<zip>/project"
MODULES = os.path.join(ARCHIVE, "outside", "modules")  # and the solvers' from outside, after them
_switching = threading.Lock()  # a worker runs tasks in threads


def play(payload):
    """Play the pickled list of GameSpecs `payload` with this upload's code; return their records."""
    _use_this_code()
    from headless.games import play_batch
    return play_batch(pickle.loads(payload))


def _shipped_solvers(archive):
    """Tell the game's solver loader where the shipped FILE.py:CLASS solvers are, and their text."""
    from solvers import loading
    named = json.loads(archive.read("outside/files.json"))
    loading.SHIPPED.clear()
    for path, inside in named.items():
        loading.SHIPPED[path] = (os.path.join(ARCHIVE, inside), archive.read(inside).decode("utf-8-sig"))


def _use_this_code():
    """Make CODE the first place the project's modules come from, dropping any loaded from elsewhere."""
    with _switching:
        if sys.path[:1] == [CODE]:
            return
        with zipfile.ZipFile(ARCHIVE) as archive:  # (pkgutil cannot list a zip's folder on 3.13.0)
            names = {name.split("/")[1].removesuffix(".py") for name in archive.namelist()
                     if name.startswith("project/")}
            names |= {name.split("/")[2].removesuffix(".py") for name in archive.namelist()
                      if name.startswith("outside/modules/")}
            for loaded in [name for name in sys.modules if name.split(".")[0] in names
                           or name.startswith("solver_file_")]:
                del sys.modules[loaded]
            for path in (CODE, MODULES):
                while path in sys.path:
                    sys.path.remove(path)
            sys.path[:0] = [CODE, MODULES]
            importlib.invalidate_caches()
            _shipped_solvers(archive)
