#!/bin/sh
# Install dlsim's build and test dependencies on Debian/Ubuntu (as root).
# Called by the Makefile when a goal needs something missing: a library
# pkg-config cannot find, or for make test CUnit, GNU parallel (to run a
# sharded experiment), python3 and python3-numpy (the bindings' tests,
# numpy for their arrays), groff (the man
# page's) or the chart fonts.
set -e
PKGS="pkg-config libcyaml-dev libyaml-dev libcairo2-dev libjansson-dev libcunit1-dev libgmp-dev fonts-dejavu-core fonts-liberation2 parallel python3 python3-numpy groff-base"
# `make fuzz` (libFuzzer) needs clang, `make valgrind` valgrind; the
# Makefile asks for them with DLSIM_EXTRA_DEPS=1 (.ci/run does).
if [ "${DLSIM_EXTRA_DEPS:-0}" = 1 ]; then
	PKGS="$PKGS clang valgrind"
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: no apt-get; please install: $PKGS" >&2
	exit 1
fi
SUDO=
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
		echo "install-deps: not root and no sudo; please install: $PKGS" >&2
		exit 1
	fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2 || true
$SUDO apt-get install -y -qq --no-install-recommends $PKGS >&2
