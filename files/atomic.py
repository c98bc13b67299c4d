"""Files written whole or not at all: the one writer behind every file the game saves.

A file is first written to a hidden temporary file in its folder and synced to disk; only
then does it get its name, in one step the file system makes atomic. So a reader, or a
crash half way, never sees half a file:

    .snake-3f9a1c.tmp  --fill, fsync-->  --link-->    replay-8x8-....json   (never replaces)
                                         --rename-->  scores.json           (replaces, on purpose)

A new file gets the permissions any new file of the user gets (0666 less the umask): the
temporary file is created with them, and a link or a rename keeps them.

Errors come out as OSError (FileExistsError when every name offered is taken); the
temporary file never stays behind.
"""
import contextlib
import os
import secrets

TEMPORARY_TRIES = 100  # random temporary names tried before giving up


def create(directory, fill, names, same=None):
    """Write a new file in `directory` and give it the first of `names` that is free;
    return (path, written). Never replaces a file.

    `fill(f)` writes the content to a binary file object. Where a name is taken and
    `same(path)` says that file already holds this content, it is returned with written
    False.
    """
    tmp = _written(directory, fill)
    try:
        path = None
        for name in names:
            path = os.path.join(directory, name)
            try:
                os.link(tmp, path)  # unlike a rename, a link never replaces a file
                return path, True
            except FileExistsError:
                if same is not None and same(path):
                    return path, False
        raise FileExistsError(f"every name up to {path} is taken")
    finally:
        _remove(tmp)


def replace(path, fill):
    """Write the file at `path` whole, replacing the one there (if any) in one step."""
    tmp = _written(os.path.dirname(path) or ".", fill)
    try:
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise


def holds(path, content):
    """Whether the file at `path` holds exactly the bytes `content`."""
    try:
        with open(path, "rb") as f:
            return f.read(len(content) + 1) == content
    except OSError:
        return False


def _written(directory, fill):
    """A new temporary file in `directory`, filled by `fill` and synced; its path."""
    fd, tmp = _temporary(directory)
    try:
        with os.fdopen(fd, "wb") as f:
            fill(f)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _remove(tmp)
        raise
    return tmp


def _temporary(directory):
    """A new hidden file in `directory`, open for writing: (fd, path).

    Unlike tempfile.mkstemp's private 0600 files, it gets the mode the umask gives any new file.
    """
    for _ in range(TEMPORARY_TRIES):
        path = os.path.join(directory, f".snake-{secrets.token_hex(6)}.tmp")
        try:
            return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666), path
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {directory}")


def _remove(path):
    with contextlib.suppress(OSError):
        os.unlink(path)
