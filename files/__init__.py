"""The files the game writes and reads back: best scores, debug logs, replays and GIF recordings.

Each is written whole or not at all by the one writer in atomic.py; reading.py is the one
reader of a small file whole (the config, a solver's file), each failure one line. Only gif.py draws (through
drawer.py, so pygame); the others are plain data.
"""
