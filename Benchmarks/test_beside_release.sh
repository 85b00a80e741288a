#!/usr/bin/env bash
# The test suite on a busy machine, as issue 35 sets its goal: a fresh clone's
# ./scripts/test (scripts/test-in-clean-clone: install, check, build from scratch, test)
# while another fresh clone runs scripts/build-release beside it, both started together.
# Prints each run's wall seconds and whether it was green (a failed run's log is kept).
#
#   Benchmarks/test_beside_release.sh [RUNS]      default: 5
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for run in $(seq "$runs"); do
  rm -rf "$work/release"
  git clone --quiet --no-hardlinks . "$work/release"
  start=$(date +%s)
  (cd "$work/release" && ./scripts/build-release >"$work/release.log" 2>&1; echo $(($(date +%s) - start)) >"$work/release.seconds") &
  status=0
  ./scripts/test-in-clean-clone ./scripts/test >"$work/test.log" 2>&1 || status=$?
  seconds=$(($(date +%s) - start))
  wait
  summary=$(grep -E "Test run with" "$work/test.log" | tail -1 || true)
  echo "run $run: tests ${seconds} s ($([ $status -eq 0 ] && echo green || echo "FAILED, exit $status")), release build beside it $(cat "$work/release.seconds") s; $summary"
  if [ $status -ne 0 ]; then
    kept=$(mktemp "${TMPDIR:-/tmp}/test-beside-release-$run.XXXXXX")
    cp "$work/test.log" "$kept"
    echo "run $run: its log is $kept"
  fi
done
