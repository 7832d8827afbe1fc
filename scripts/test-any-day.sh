#!/usr/bin/env bash
# Runs the unit and component tests (vitest) with the clock moved, to prove that no test depends on
# today's date. Not part of `npm test`: it needs libfaketime, a system package.
#
#   npm run test:any-day                      # a year ahead (the default)
#   npm run test:any-day -- '+730d'           # any offset faketime -f understands (+Nd, -Nd)
#   npm run test:any-day -- '2026-01-05 09:00:00'              # or a date (the clock runs from there)
#   TZ=America/New_York npm run test:any-day -- '2027-03-14 01:59:00'   # across a DST change
#
# Extra arguments after the first go to vitest (e.g. a test file). The tests that need the build
# (test/build, the compiled server) read dist/ and dist-server/: run `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null 2>&1; then
  echo "test:any-day needs faketime (libfaketime), which is not installed." >&2
  echo "On Debian or Ubuntu: apt-get install -y faketime" >&2
  exit 2
fi
if [ ! -f dist-server/main.js ] || [ ! -f dist/index.html ]; then
  echo "dist/ or dist-server/ is missing: run \`npm run build\` first (some tests read the build)." >&2
  exit 2
fi

# The first argument is the clock if it is an offset (+365d, -30d) or a date; anything else goes to vitest.
when='+365d'
if [[ $# -gt 0 && ( "$1" =~ ^[+-][0-9] || "$1" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2} ) ]]; then
  when="$1"
  shift
fi
# Timers and timeouts keep the real monotonic clock: only the date moves.
export FAKETIME_DONT_FAKE_MONOTONIC=1
if [[ "$when" == [+-]* ]]; then
  clock=(faketime -f "$when")
else
  if ! date -d "$when" >/dev/null 2>&1; then
    echo "\"$when\" is not a date faketime can start from (try 2026-01-05 09:00:00)." >&2
    exit 2
  fi
  clock=(faketime "$when")
fi
echo "Clock for this run: $("${clock[@]}" date -u '+%Y-%m-%d %H:%M:%S UTC') (really $(date -u '+%Y-%m-%d %H:%M:%S UTC'))"
exec "${clock[@]}" npx vitest run "$@"
