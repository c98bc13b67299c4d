#!/usr/bin/env bash
# The README's two commands: `./run.sh play` and `./run.sh test`.
# Each installs what it needs into .venv inside this checkout first (system pip may refuse).
set -euo pipefail
cd "$(dirname "$0")"
PYTHON=${PYTHON:-python3}

die() { echo "run.sh: $*" >&2; exit 1; }

make_venv() {
    [ -x .venv/bin/python ] && return 0
    command -v "$PYTHON" >/dev/null || die "$PYTHON not found; install Python 3.11 or newer"
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 9))' || die "Python 3.9 or newer is needed"
    if ! "$PYTHON" -m venv .venv >/dev/null 2>&1; then
        rm -rf .venv
        # Debian ships venv's pip bootstrap separately, in python3-venv.
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
            "$PYTHON" -m venv .venv
        else
            die "cannot create a virtual environment; run: sudo apt-get install python3-venv"
        fi
    fi
}

install() {
    make_venv
    # Reinstall only when requirements.txt changed since the last install.
    if [ ! -f .venv/.installed ] || [ requirements.txt -nt .venv/.installed ]; then
        .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
        touch .venv/.installed
    fi
}

case "${1:-}" in
    play)
        shift; install
        exec .venv/bin/python main.py "$@" ;;
    test)
        shift; install
        status=0
        .venv/bin/python -m pytest "$@" || status=$?
        [ "$status" = 5 ] && echo "run.sh: pytest collected no tests; that is a failure" >&2
        exit "$status" ;;
    *)
        echo "usage: ./run.sh play [main.py options] | ./run.sh test [pytest options]" >&2
        exit 2 ;;
esac
