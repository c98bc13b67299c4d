"""The worker side of --cluster. It is shipped in the zip of the run's code as the module
snake_code_<digest> (cluster.py), and it imports nothing of the project at import time.

    snake-code-<digest>.zip
        snake_code_<digest>.py     this file: the zip's only top-level module
        project/config.py          the game's code, imported from "<zip>/project"
        project/headless/...

A task is play(payload). Its module's name is unique to the code it came with, so a
worker that has run another upload (older code of the project, another checkout) still
gets this one's play(); play() then makes "<zip>/project" the first place the project's
modules are imported from, forgetting those of another upload, before it unpickles the
batch, so the games are played by the very code the run shipped. Two uploads played at the
same moment on one worker would take turns at that, so give a cluster one run at a time.
"""
import importlib
import os
import pickle
import sys
import threading
import zipfile

ARCHIVE = os.path.dirname(os.path.abspath(__file__))  # on a worker: the zip this module came in
CODE = os.path.join(ARCHIVE, "project")  # the game's modules are imported from "<zip>/project"
_switching = threading.Lock()  # a worker runs tasks in threads


def play(payload):
    """Play the pickled list of GameSpecs `payload` with this upload's code; return their records."""
    _use_this_code()
    from headless.games import play_batch
    return play_batch(pickle.loads(payload))


def _use_this_code():
    """Make CODE the first place the project's modules come from, dropping any loaded from elsewhere."""
    with _switching:
        if sys.path[:1] == [CODE]:
            return
        with zipfile.ZipFile(ARCHIVE) as archive:  # (pkgutil cannot list a zip's folder on 3.13.0)
            names = {name.split("/")[1].removesuffix(".py") for name in archive.namelist()
                     if name.startswith("project/")}
        for loaded in [name for name in sys.modules if name.split(".")[0] in names]:
            del sys.modules[loaded]
        while CODE in sys.path:
            sys.path.remove(CODE)
        sys.path.insert(0, CODE)
        importlib.invalidate_caches()
