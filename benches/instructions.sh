#!/usr/bin/env bash
# Instructions the web process executes per request, counted by valgrind (callgrind): unlike
# req/s or CPU time, the count does not move with what else the machine runs, so two builds
# can be compared on a busy or virtual machine (where wrk's figures swing by a fifth). Not
# part of tests/run.sh.
#
#   BIN=path/to/colheita benches/instructions.sh      # or it builds release
#   N=400 PAGES="/ /investir" benches/instructions.sh
#   PAGES="visitante:/investir" ...                   # as a visitor: no cookie at all
#   WHO=sandbox ...                                   # count the sandbox's work per page instead
#
# Starts the sandbox, then the web app under callgrind (counting off), logs the demo investor
# in, warms each page, and for each page counts N sequential requests (curl keeps one
# connection) and prints instructions per request. Needs valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=tests/login.sh
. tests/login.sh
N=${N:-300}
PAGES=${PAGES:-"/ /investir /carteira /minha-conta/extrato"}
PORT=${PORT:-3620}
SANDBOX_PORT=$((PORT + 1))
WEB=http://127.0.0.1:$PORT
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=${CARGO_TARGET_DIR:-$PWD/target}/release/colheita
fi
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
# valgrind counts every step of a `rep movsb` (glibc's memcpy above a few KB) as an
# instruction: a 20 KB page copied once counted some 20k, more than drawing it. glibc is told
# to copy with vector loops instead, whose count follows what the copy costs. Another
# difference stays: valgrind hides the CPU's SHA extensions, so a SHA-256 (the session
# clock's binding) counts its portable code, some 56k instructions per request where the
# real CPU spends about 1 % of the page.
export GLIBC_TUNABLES=${GLIBC_TUNABLES:-glibc.cpu.x86_rep_movsb_threshold=2147483647}
WORK=$(mktemp -d /tmp/colheita-ir.XXXXXX)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; [ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"; }
trap cleanup EXIT
KEY=$(head -c 64 /dev/urandom | base64 -w0)
COMMON=(--addr "127.0.0.1:$PORT" --sandbox-addr "127.0.0.1:$SANDBOX_PORT" --data-dir "$WORK/data"
  --cookie-key "$KEY" --signup-limit 100000 --sandbox-login-limit 100000)
# WHO=sandbox: the platform sandbox runs under callgrind and the web app natively, so the
# count is what the platform spends on each page (its API calls), not the web tier.
CG=(valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$WORK/cg.%p")
SANDBOX_RUN=()
WEB_RUN=("${CG[@]}")
if [ "${WHO:-web}" = sandbox ]; then SANDBOX_RUN=("${CG[@]}") WEB_RUN=(); fi
RUST_LOG=warn "${SANDBOX_RUN[@]}" "$BIN" "${COMMON[@]}" --sandbox-reset sandbox >"$WORK/sandbox.log" 2>&1 &
SANDBOX_PID=$!
PIDS+=("$SANDBOX_PID")
for _ in $(seq 300); do curl -fs "http://127.0.0.1:$SANDBOX_PORT/v1/dominios/bancos" >/dev/null 2>&1 && break; sleep 0.5; done
# Long timeouts: under valgrind every request is some fifty times slower.
RUST_LOG=warn "${WEB_RUN[@]}" "$BIN" "${COMMON[@]}" --api-url "http://127.0.0.1:$SANDBOX_PORT" --insecure-http \
  >"$WORK/web.log" 2>&1 &
WEB_PID=$!
PIDS+=("$WEB_PID")
COUNTED=$WEB_PID
if [ "${WHO:-web}" = sandbox ]; then COUNTED=$SANDBOX_PID; fi
for _ in $(seq 300); do curl -fs "$WEB/healthz" >/dev/null 2>&1 && break; sleep 0.5; done
JAR=$WORK/cookies.txt
login_demo "$WEB" "http://127.0.0.1:$SANDBOX_PORT/login" "$JAR"
printf '%-24s %14s\n' page "instr/request"
for spec in $PAGES; do
  page=${spec#visitante:}
  cookies=(-b "$JAR" -c "$JAR")
  [ "$page" = "$spec" ] || cookies=()
  # Warm: the page's cookies (the unread count) and every cache it fills.
  for _ in 1 2 3; do curl -s -o /dev/null "${cookies[@]}" "$WEB$page"; done
  callgrind_control -z "$COUNTED" >/dev/null
  callgrind_control -i on "$COUNTED" >/dev/null
  args=()
  for _ in $(seq "$N"); do args+=(-o /dev/null "$WEB$page"); done
  curl -s "${cookies[@]:0:2}" "${args[@]}"
  callgrind_control -i off "$COUNTED" >/dev/null
  rm -f "$WORK"/cg.*.[0-9]*
  callgrind_control -d "$COUNTED" >/dev/null
  dump=$(ls -t "$WORK"/cg.*.[0-9]* | head -1)
  ir=$(awk '/^totals:/ {print $2; exit}' "$dump")
  printf '%-24s %14s\n' "$spec" "$(python3 -c "print(f'{int(\"${ir:-0}\") / $N:,.0f}')")"
done
