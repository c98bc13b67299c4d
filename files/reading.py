"""Reading a small file whole, each way of failing as one line: the one reader behind the
config file and a solver's file (writing has its own home: atomic.py). No pygame here."""


class ReadError(Exception):
    """A file that could not be read, phrased as one line that names it."""


def read_bytes(path):
    """The bytes of the file at `path`; ReadError when it is missing, a folder, or unreadable."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise ReadError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise ReadError(f"{path}: is a directory, not a file") from None
    except OSError as e:
        raise ReadError(f"{path}: cannot read: {e.strerror or e}") from None


def utf8(raw, path):
    """`raw` as text (a UTF-8 byte-order mark accepted, and dropped); ReadError if it is not UTF-8."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ReadError(f"{path}: not UTF-8 text (byte {e.start})") from None
