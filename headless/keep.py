"""What the runner keeps of each game it finishes: --save-games (replay files) and --record (a GIF)."""
import os

from files import replay


class Keeper:
    """What the headless runner does with each game it finishes: --save-games and --record."""

    def __init__(self, args, config):
        self.directory = getattr(args, "save_games", None)
        self.record = getattr(args, "record", None)
        self.args, self.config = args, config
        self.written = self.found = 0
        self.recorded = None  # the one game --record draws

    @classmethod
    def from_args(cls, args, config):
        """A Keeper for these flags, its folder made; None when neither flag is given."""
        if getattr(args, "save_games", None) is None and getattr(args, "record", None) is None:
            return None
        keeper = cls(args, config)
        if keeper.directory is not None:
            try:
                os.makedirs(keeper.directory, exist_ok=True)
            except OSError as e:
                raise replay.ReplayError(f"--save-games: cannot make {keeper.directory}: {e.strerror or e}") from None
        return keeper

    def __call__(self, record):
        if self.directory is not None:
            written = replay.write(record, self.directory)[1]
            self.written += written
            self.found += not written
        if self.record is not None:
            self.recorded = record

    def finish(self):
        """Write the recording, if any; return the lines that say what was kept."""
        lines = []
        if self.directory is not None:
            again = f" ({self.found} already there)" if self.found else ""
            lines.append(f"replays: {self.written} written in {self.directory}{again}")
        if self.recorded is not None:
            from files import gif  # drawing needs pygame, which the runner itself does without
            lines.append(gif.save_as_asked(self.recorded, self.args, self.config))
        return lines
