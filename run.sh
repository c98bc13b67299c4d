#!/usr/bin/env bash
# The README's two commands, from any folder: `run.sh play [main.py flags]` and
# `run.sh test [pytest flags]`. Each installs what it needs into .venv inside the checkout
# first (system pip may refuse). The whole suite runs on up to 4 of the machine's cores. It
# never changes folder, so relative paths on the command line (--config, --load, a test
# file) and the debug logs the game writes are the caller's.
#   PYTHON=python3.X   the interpreter to build .venv with (3.9 or newer); .venv is rebuilt
#                      when it holds another version
#   SNAKE_VENV=DIR     another place for the virtual environment (CI keeps one per Python)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
VENV=${SNAKE_VENV:-$HERE/.venv}
NEEDED=3.9  # the oldest Python supported: Debian 11's python3
PYTHON_GIVEN=${PYTHON:-}
PYTHON=${PYTHON:-python3}

die() { echo "run.sh: $*" >&2; exit 1; }

# Print the version of interpreter $1 (like 3.11.7); die unless it is $NEEDED or newer.
check_python() {
    command -v "$1" >/dev/null || die "$1 not found; install Python $NEEDED or newer (Debian: apt-get install python3 python3-venv)"
    "$1" -c "import sys; print('%d.%d.%d' % sys.version_info[:3])
sys.exit(sys.version_info < tuple(map(int, '$NEEDED'.split('.'))))" \
        || die "Python $NEEDED or newer is needed; $1 is Python $("$1" -V 2>&1 | tr -dc '0-9.')"
}

make_venv() {
    if [ -x "$VENV/bin/python" ]; then
        [ -z "$PYTHON_GIVEN" ] && return 0
        # PYTHON named an interpreter: keep the venv only if it runs that same version.
        local want have
        want=$(check_python "$PYTHON")
        have=$("$VENV/bin/python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])' 2>/dev/null) || true
        [ "$want" = "$have" ] && return 0
        [ -f "$VENV/pyvenv.cfg" ] || die "$VENV is not a virtual environment; move it away"
        echo "run.sh: rebuilding $VENV for Python $want (it had ${have:-another})" >&2
        rm -rf "$VENV"
    fi
    if [ -z "$PYTHON_GIVEN" ] && ! command -v python3 >/dev/null && [ "$(id -u)" = 0 ] \
            && command -v apt-get >/dev/null; then
        echo "run.sh: installing python3 (bare Debian)" >&2
        apt-get update -qq && apt-get install -y -qq python3 python3-venv >/dev/null
    fi
    local found
    found=$(check_python "$PYTHON")
    if ! "$PYTHON" -m venv "$VENV" >/dev/null 2>&1; then
        rm -rf "$VENV"
        # Debian ships venv's pip bootstrap separately, in python3.X-venv.
        local package="python${found%.*}-venv"
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            apt-get update -qq && apt-get install -y -qq "$package" >/dev/null
            "$PYTHON" -m venv "$VENV"
        else
            die "cannot create a virtual environment; run: sudo apt-get install $package"
        fi
    fi
}

# Install requirements file $1 (and what it includes; $2 says what, for the player) unless done since it
# last changed.
install() {
    make_venv
    local stamp="$VENV/.installed-$1"
    if [ ! -f "$stamp" ] || [ "$HERE/requirements.txt" -nt "$stamp" ] || [ "$HERE/$1" -nt "$stamp" ]; then
        echo "run.sh: installing $2 into $VENV (once; the first time takes a minute or two)" >&2
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$HERE/$1"
        touch "$stamp"
    fi
}

# Whether the pytest arguments name a test path (file, folder, file::test) that exists.
names_a_path() {
    local skip=0 arg
    for arg in "$@"; do
        if [ "$skip" = 1 ]; then skip=0; continue; fi
        case $arg in
            -k|-m|-p|-o|-c|-W|-r|--deselect|--ignore|--ignore-glob|--basetemp|--rootdir|--confcutdir)
                skip=1 ;;  # the next word is this option's value, not a path
            -*) ;;
            *) [ -e "${arg%%::*}" ] && return 0 ;;
        esac
    done
    return 1
}

# Whether pytest spreads the tests over the machine's cores (pytest-xdist's -n auto, at most
# 4 worker processes: each may hold a proof's million bodies): where the arguments name no
# test path (the whole suite), and choose no way of their own (-n, --dist, -p no:xdist) nor
# one that needs a single process (-s, --capture, --pdb, --trace).
spreads() {
    names_a_path "$@" && return 1
    local previous="" arg
    for arg in "$@"; do
        case $previous/$arg in
            -p/no:xdist|*/-pno:xdist) return 1 ;;
        esac
        case $arg in
            -n|-n[0-9a]*|--numprocesses*|--dist*|-s|--capture*|--pdb|--trace) return 1 ;;
        esac
        previous=$arg
    done
    return 0
}

case "${1:-}" in
    play)
        shift; install requirements.txt "pygame-ce and tqdm"
        SNAKE_PROG="$0 play" exec "$VENV/bin/python" "$HERE/main.py" "$@" ;;
    test)
        shift; install requirements-test.txt "the game's and the test tools' packages"
        spreads "$@" && set -- -n auto --maxprocesses 4 "$@"
        # pytest finds tests/ by itself only when started in the checkout: name it.
        names_a_path "$@" || set -- "$HERE/tests" "$@"
        status=0
        "$VENV/bin/python" -m pytest "$@" || status=$?
        [ "$status" = 5 ] && echo "run.sh: pytest collected no tests; that is a failure" >&2
        exit "$status" ;;
    *)
        echo "usage: run.sh play [main.py flags] | run.sh test [pytest flags]" >&2
        exit 2 ;;
esac
