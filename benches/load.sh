#!/usr/bin/env bash
# Load benchmark (not part of tests/run.sh): builds release, starts the platform sandbox and
# the web app as two processes, and runs wrk against public pages as a visitor (/investir, an
# offering's detail) and private pages with the demo investor's cookie (/investir with a
# session, the home, the wallet, the statement); then nginx serving the very same bytes from
# files, for a ratio. Each private page is measured twice: full stack (web app + sandbox) and
# against an "instant platform" (a second web process whose platform is nginx keeping every
# platform GET, token included, and serving it as a file), which isolates the web tier's own
# cost.
# Prints req/s, p99, the web process's CPU time per request (and the platform's: the sandbox's
# full stack, the instant platform's nginx workers' against it),
# the ratio to nginx, the web process's RSS, and the JavaScript bytes of each page
# (benches/js-bytes.mjs; JS_BYTES=0 skips it).
#
#   benches/load.sh                 # wrk -t2 -c64 -d10s per URL
#   CONNS=256 DURATION=60s benches/load.sh
#   EXTRA_OFFERINGS=4961 benches/load.sh   # 5,000 offerings in the sandbox
#   NGINX_RATIO=0 JS_BYTES=0 ...            # the web app only (long runs)
#   ONLY=home.html,carteira.html ...        # only the rows whose nginx file is listed
#   WEB_FLAGS="--platform-pool 16" ...      # more flags for both web processes
#   BIN=/path/to/colheita ...               # measure another build (no cargo build)
#   FRESH_COOKIE=0 ...                      # replay the login's cookie, never the page's
#   ACCEPT_ENCODING="br, gzip" ...          # compressed pages, as a browser asks for them
#   ROUNDS=5 ...                            # every row 5 times over, then each row's median
#   PERF_DIR=/tmp/prof ...                  # perf record (call graphs) of the web process per row
#   PERF_CALLGRAPH="--call-graph dwarf" ... # how perf walks the stacks (default -g: frame pointers, few in Rust)
# The RSS column is the web process's resident memory sampled every 2 s during the run:
# start/middle/end/max in MiB (a leak shows as end well above middle).
#
# Needs wrk and nginx (apt-get install wrk nginx; installed here when missing and root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=tests/login.sh
. tests/login.sh
ROOT=$PWD
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
DURATION=${DURATION:-10s}
WEB_PORT=${WEB_PORT:-3520}
SANDBOX_PORT=$((WEB_PORT + 1))
NGINX_PORT=$((WEB_PORT + 2))
INSTANT_PORT=$((WEB_PORT + 3))
PLATFORM_CACHE_PORT=$((WEB_PORT + 4))
INSTANT=http://127.0.0.1:$INSTANT_PORT
WEB=http://127.0.0.1:$WEB_PORT
WORK=$(mktemp -d /tmp/colheita-bench.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  [ -f "$WORK/platform-nginx.pid" ] && kill "$(cat "$WORK/platform-nginx.pid")" 2>/dev/null || true
  [ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

for tool in wrk nginx; do
  if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$tool" ]; then
    if [ "$(id -u)" -eq 0 ]; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null
    else
      echo "needs $tool (apt-get install $tool)" >&2
      exit 1
    fi
  fi
done
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# BIN=path/to/colheita measures that binary instead (e.g. an older build, for a before/after).
if [ -z "${BIN:-}" ]; then
  echo "==> cargo build --release"
  cargo build --release --quiet
  BIN=${CARGO_TARGET_DIR:-$ROOT/target}/release/colheita
fi

KEY=$(head -c 64 /dev/urandom | base64 -w0)
COMMON=(--addr "127.0.0.1:$WEB_PORT" --sandbox-addr "127.0.0.1:$SANDBOX_PORT"
  --data-dir "$WORK/data" --cookie-key "$KEY" --signup-limit 100000
  --sandbox-login-limit 100000)
EXTRA=()
if [ -n "${EXTRA_OFFERINGS:-}" ]; then EXTRA+=(--sandbox-extra-offerings "$EXTRA_OFFERINGS"); fi
RUST_LOG=warn "$BIN" "${COMMON[@]}" --sandbox-reset "${EXTRA[@]}" sandbox >"$WORK/sandbox.log" 2>&1 &
SANDBOX_PID=$!
PIDS+=("$SANDBOX_PID")
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$SANDBOX_PORT/v1/dominios/bancos" >/dev/null 2>&1 && break; sleep 0.2; done
# WEB_FLAGS: more flags for both web processes (e.g. WEB_FLAGS="--platform-pool 16").
read -r -a WEB_EXTRA <<<"${WEB_FLAGS:-}"
RUST_LOG=warn "$BIN" "${COMMON[@]}" "${WEB_EXTRA[@]}" --api-url "http://127.0.0.1:$SANDBOX_PORT" --insecure-http \
  >"$WORK/web.log" 2>&1 &
WEB_PID=$!
PIDS+=("$WEB_PID")
for _ in $(seq 100); do curl -fs "$WEB/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$WEB/healthz" >/dev/null || { cat "$WORK/web.log"; exit 1; }

# The instant platform: nginx in front of the sandbox, keeping every GET answer (keyed by its
# address and bearer token, whatever its Cache-Control says) so the second web process
# below never waits for SQLite; logins and POSTs pass through. Once the pages have been
# asked for once, the kept answers are also written out as plain files (with their
# Cache-Control) and served as such: a cache hit costs nginx twice what a file does, and on
# a 2-core machine the platform stub's CPU is taken from the web process it is meant to
# isolate. An answer not written out (another token, a new address) still goes through the
# cache to the sandbox.
mkdir -p "$WORK/platform-cache" "$WORK/platform-answers"
# nginx's workers run as an unprivileged user when started as root.
chmod 755 "$WORK" "$WORK/platform-answers"
chmod 777 "$WORK/platform-cache"
: >"$WORK/answers.map"
: >"$WORK/answers-cc.map"
cat >"$WORK/platform.conf" <<NGX
worker_processes 1;
pid $WORK/platform-nginx.pid;
error_log $WORK/platform-nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  open_file_cache max=1000;
  etag off;
  # The keys hold a bearer token (some 1.5 KB).
  map_hash_bucket_size 4096;
  default_type application/json;
  proxy_cache_path $WORK/platform-cache keys_zone=plat:10m inactive=1h;
  upstream sandbox { server 127.0.0.1:$SANDBOX_PORT; keepalive 64; }
  map "\$request_method \$request_uri \$http_authorization" \$answer { default none; include $WORK/answers.map; }
  # Keyed on the answer's file name: the long key (a token in it) is hashed once a request.
  map \$answer \$answer_cc { default ""; include $WORK/answers-cc.map; }
  server {
    listen 127.0.0.1:$PLATFORM_CACHE_PORT;
    root $WORK/platform-answers;
    location / {
      try_files /\$answer @platform;
      add_header Cache-Control \$answer_cc;
    }
    location @platform {
      proxy_pass http://sandbox;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_cache plat;
      proxy_cache_key "\$request_method \$request_uri \$http_authorization";
      proxy_cache_methods GET;
      proxy_cache_valid 200 1h;
      proxy_ignore_headers Cache-Control Expires Set-Cookie Vary;
      proxy_cache_lock on;
    }
  }
}
NGX
"$NGINX" -c "$WORK/platform.conf" -p "$WORK"
RUST_LOG=warn "$BIN" "${WEB_EXTRA[@]}" --addr "127.0.0.1:$INSTANT_PORT" --data-dir "$WORK/data-instant" --cookie-key "$KEY" \
  --signup-limit 100000 --api-url "http://127.0.0.1:$PLATFORM_CACHE_PORT" \
  --auth-url "http://127.0.0.1:$SANDBOX_PORT" --public-url "$WEB" --insecure-http \
  >"$WORK/web-instant.log" 2>&1 &
INSTANT_PID=$!
PIDS+=("$INSTANT_PID")
for _ in $(seq 100); do curl -fs "$INSTANT/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$INSTANT/healthz" >/dev/null || { cat "$WORK/web-instant.log"; exit 1; }

# A logged-in cookie: the login as a browser does it (the provider's form, then the callback).
JAR=$WORK/cookies.txt
login_demo "$WEB" "http://127.0.0.1:$SANDBOX_PORT/login" "$JAR"
COOKIE=$(awk '!/^#/ && NF>=7 {printf "%s=%s; ", $6, $7} /^#HttpOnly_/ {printf "%s=%s; ", $6, $7}' "$JAR")
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $COOKIE" "$WEB/")" = 200 ] || { echo "login failed" >&2; exit 1; }

DETAIL=$(curl -s "$WEB/investir" | grep -o 'href="/investir/[^"?#]*"' | head -1 | cut -d'"' -f2)
[ -n "$DETAIL" ] || { echo "no offering on /investir" >&2; exit 1; }

# The same bytes, as files for nginx.
mkdir -p "$WORK/www"
curl -s "$WEB/investir" >"$WORK/www/investir.html"
curl -s "$WEB$DETAIL" >"$WORK/www/detalhe.html"
curl -s -H "Cookie: $COOKIE" "$WEB/investir" >"$WORK/www/investir-sessao.html"
curl -s -H "Cookie: $COOKIE" "$WEB/" >"$WORK/www/home.html"
curl -s -H "Cookie: $COOKIE" "$WEB/carteira" >"$WORK/www/carteira.html"
curl -s -H "Cookie: $COOKIE" "$WEB/minha-conta/extrato" >"$WORK/www/extrato.html"
# The instant web process shares the cookie key and the public URL: the same cookie works;
# one request per page fills the platform cache.
# Each private page through the instant web process answers 200 (else the run stops, with
# what the web process and the platform's nginx said).
instant_pages_answer() {
  for p in / /investir /carteira /minha-conta/extrato; do
    [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $COOKIE" "$INSTANT$p")" = 200 ] ||
      { echo "instant platform ($1): $p failed" >&2; curl -s -o /dev/null -D - -H "Cookie: $COOKIE" "$INSTANT$p" >&2; cat "$WORK/web-instant.log" "$WORK/platform-nginx-error.log" >&2; exit 1; }
  done
}
instant_pages_answer "through the cache"
# The kept answers as files: nginx's cache file is a binary header, the "KEY: " line, then
# the upstream's answer as received (status line, headers, body).
python3 - "$WORK" <<'PY'
import os, sys
work = sys.argv[1]
cache, out = f"{work}/platform-cache", f"{work}/platform-answers"
answers, ccs = [], []
for n, name in enumerate(sorted(os.listdir(cache))):
    raw = open(f"{cache}/{name}", "rb").read()
    start = raw.index(b"\nKEY: ") + 6
    end = raw.index(b"\n", start)
    key = raw[start:end].decode()
    head, _, body = raw[end + 1:].partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if " 200 " not in lines[0] + " " or '"' in key:
        continue
    cc = next((l.split(":", 1)[1].strip() for l in lines if l.lower().startswith("cache-control:")), "")
    open(f"{out}/{n}", "wb").write(body)
    answers.append(f'"{key}" {n};')
    if cc:
        ccs.append(f'"{n}" "{cc}";')
open(f"{work}/answers.map", "w").write("\n".join(answers) + "\n")
open(f"{work}/answers-cc.map", "w").write("\n".join(ccs) + "\n")
PY
chmod 644 "$WORK"/platform-answers/*
"$NGINX" -c "$WORK/platform.conf" -p "$WORK" -s reload
sleep 0.5
instant_pages_answer "answers as files"
cat >"$WORK/nginx.conf" <<NGX
worker_processes 2;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  open_file_cache max=100;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WORK/www;
    default_type text/html;
  }
}
NGX
"$NGINX" -c "$WORK/nginx.conf" -p "$WORK"

# wrk's "Requests/sec" and the 99th percentile (in ms), plus errors.
run() {
  local out
  # ACCEPT_ENCODING="br, gzip": ask for compressed pages as a browser does (the web app then
  # compresses each page; nginx, serving the plain file, does not: read the ratio accordingly).
  if [ -n "${ACCEPT_ENCODING:-}" ]; then set -- -H "Accept-Encoding: $ACCEPT_ENCODING" "$@"; fi
  out=$(wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency "$@")
  local rps p99 errs n
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  n=$(awk '/requests in/ {print $1}' <<<"$out")
  p99=$(awk '$1=="99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' <<<"$out")
  errs=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out" | tr '\n' ' ')
  echo "$rps $p99 $n ${errs:-none}"
}

# CPU time (user + system, in clock ticks) the process has used so far.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
TICK_HZ=$(getconf CLK_TCK)
# The same, over the row's platform processes (plat_pids): plat_mark notes each one's ticks,
# plat_used sums what those still running used since. nginx's cache loader exits on its own
# a minute after the start, and a reload replaces the workers: a process gone is left out.
declare -A plat_start
plat_mark() {
  plat_start=()
  local p
  for p in "${plat_pids[@]}"; do
    plat_start[$p]=$(cpu_ticks "$p" 2>/dev/null) || unset "plat_start[$p]"
  done
}
plat_used() {
  local t=0 p now
  for p in "${!plat_start[@]}"; do
    now=$(cpu_ticks "$p" 2>/dev/null) || continue
    t=$((t + now - plat_start[$p]))
  done
  echo "$t"
}

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/${1:-$WEB_PID}/status"; }
# The web process's RSS every 2 s while wrk runs: "start/middle/end/max" in MiB.
sample_rss() {
  : >"$WORK/rss.txt"
  while kill -0 "$1" 2>/dev/null; do rss_kb "$1" >>"$WORK/rss.txt"; sleep 2; done
}
rss_summary() {
  awk '{v[NR]=$1; if ($1>m) m=$1} END {printf "%d/%d/%d/%d", v[1]/1024, v[int((NR+1)/2)]/1024, v[NR]/1024, m/1024}' "$WORK/rss.txt"
}
hwm_kb() { awk '/VmHWM/ {print $2}' "/proc/$WEB_PID/status"; }

printf '\n%-34s %12s %10s %8s %8s %14s %12s %10s %7s  %s\n' page "web req/s" "p99 ms" "CPU µs" "plat µs" "RSS s/mid/e/max" "nginx req/s" "p99 ms" ratio errors
ERRORS=0
PERF_N=0
# label|path|nginx file|cookie|web base|web pid
SPECS=(
  "/investir|/investir|investir.html||$WEB|$WEB_PID"
  "detalhe|$DETAIL|detalhe.html||$WEB|$WEB_PID"
  "/investir (sessão)|/investir|investir-sessao.html|$COOKIE|$WEB|$WEB_PID"
  "/ (logado)|/|home.html|$COOKIE|$WEB|$WEB_PID"
  "/carteira|/carteira|carteira.html|$COOKIE|$WEB|$WEB_PID"
  "/minha-conta/extrato|/minha-conta/extrato|extrato.html|$COOKIE|$WEB|$WEB_PID"
  "/investir (sessão, instant.)|/investir|investir-sessao.html|$COOKIE|$INSTANT|$INSTANT_PID"
  "/ (logado, instantânea)|/|home.html|$COOKIE|$INSTANT|$INSTANT_PID"
  "/carteira (instantânea)|/carteira|carteira.html|$COOKIE|$INSTANT|$INSTANT_PID"
  "/minha-conta/extrato (instant.)|/minha-conta/extrato|extrato.html|$COOKIE|$INSTANT|$INSTANT_PID"
)
# ROUNDS: the rows measured again and again in turn (row A, row B, ..., row A, row B, ...),
# so a slow minute of a shared host falls on every row alike; the medians close the table.
: >"$WORK/rounds.txt"
for round in $(seq "${ROUNDS:-1}"); do
  [ "${ROUNDS:-1}" = 1 ] || echo "round $round"
  for spec in "${SPECS[@]}"; do
    IFS='|' read -r label path file cookie base pid <<<"$spec"
    case ",${ONLY:-}," in ,,) ;; *",$file,"*) ;; *) continue ;; esac
    sample_rss "$pid" &
    SAMPLER=$!
    ticks=$(cpu_ticks "$pid")
    # The platform's processes: the sandbox (full stack), or the instant platform's nginx
    # workers (on a 2-core machine their CPU is taken from the web process they serve).
    if [ "$base" = "$WEB" ]; then
      plat_pids=("$SANDBOX_PID")
    else
      mapfile -t plat_pids < <(pgrep -P "$(cat "$WORK/platform-nginx.pid")")
    fi
    plat_mark
    # PERF_DIR: a call-graph profile of the web process during this row's run, one file per row
    # (perf report -i DIR/<file>-<n>.data); perf's sampling costs some throughput.
    PERF_PID=
    if [ -n "${PERF_DIR:-}" ]; then
      mkdir -p "$PERF_DIR"
      PERF_N=$((PERF_N + 1))
      perf record -q -F 1999 ${PERF_CALLGRAPH:--g} -p "$pid" -o "$PERF_DIR/${file%.html}-$PERF_N.data" 2>/dev/null &
      PERF_PID=$!
    fi
    if [ -n "$cookie" ]; then
      # As a browser: the cookies the page itself sets (the header's unread count, kept 30 s
      # so the next pages spare the platform that call) go back with the next requests.
      # FRESH_COOKIE=0 replays the login's cookie instead (every page then asks for the count).
      # Twice: a count that came back after the first page was drawn is stored by the second.
      if [ "${FRESH_COOKIE:-1}" = 1 ]; then
        curl -s -o /dev/null -c "$JAR" -b "$JAR" "$base$path"
        sleep 0.3
        curl -s -o /dev/null -c "$JAR" -b "$JAR" "$base$path"
        cookie=$(awk '!/^#/ && NF>=7 {printf "%s=%s; ", $6, $7} /^#HttpOnly_/ {printf "%s=%s; ", $6, $7}' "$JAR")
      fi
      read -r w_rps w_p99 w_n w_err <<<"$(run -H "Cookie: $cookie" "$base$path")"
    else
      read -r w_rps w_p99 w_n w_err <<<"$(run "$base$path")"
    fi
    # The web process's CPU per request in µs: steadier than req/s on a shared machine (wrk
    # and the platform compete for the same cores), and what an optimisation really saves.
    cpu_us=$(python3 -c "print(round(($(cpu_ticks "$pid") - $ticks) / $TICK_HZ * 1e6 / max($w_n, 1), 1))")
    # The platform's CPU per page: the sandbox's (full stack) or the instant nginx's.
    plat_us=$(python3 -c "print(round($(plat_used) / $TICK_HZ * 1e6 / max($w_n, 1), 1))")
    kill "$SAMPLER" 2>/dev/null || true
    wait "$SAMPLER" 2>/dev/null || true
    if [ -n "$PERF_PID" ]; then kill -INT "$PERF_PID" 2>/dev/null || true; wait "$PERF_PID" 2>/dev/null || true; fi
    rss=$(rss_summary)
    [ "$w_err" = none ] || ERRORS=$((ERRORS + 1))
    if [ "${NGINX_RATIO:-1}" = 1 ]; then
      read -r n_rps n_p99 _ _ <<<"$(run "http://127.0.0.1:$NGINX_PORT/$file")"
      ratio=$(python3 -c "print(f'{$w_rps/$n_rps:.3f}')")
    else
      n_rps=- n_p99=- ratio=-
    fi
    printf '%-34s %12s %10s %8s %8s %14s %12s %10s %7s  %s\n' "$label" "$w_rps" "$w_p99" "$cpu_us" "$plat_us" "$rss" "$n_rps" "$n_p99" "$ratio" "$w_err"
    echo "$label|$w_rps|$w_p99|$cpu_us|$n_rps|$ratio" >>"$WORK/rounds.txt"
  done
done
if [ "${ROUNDS:-1}" != 1 ]; then
  echo
  echo "medians over $ROUNDS rounds (lowest-highest)"
  python3 - "$WORK/rounds.txt" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1], encoding="utf-8"):
    label, *values = line.rstrip("\n").split("|")
    rows.setdefault(label, []).append(values)
def cell(column):
    numbers = [float(v) for v in column if v != "-"]
    if not numbers:
        return "-"
    return f"{statistics.median(numbers):g} ({min(numbers):g}-{max(numbers):g})"
table = [["page", "web req/s", "p99 ms", "CPU µs", "nginx req/s", "ratio"]]
table += [[label] + [cell(c) for c in zip(*runs)] for label, runs in rows.items()]
widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
for row in table:
    print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
PY
fi
echo
echo "web process RSS after the runs: $(( $(rss_kb) / 1024 )) MiB (peak $(( $(hwm_kb) / 1024 )) MiB);" \
  "instant-platform web process: $(( $(rss_kb "$INSTANT_PID") / 1024 )) MiB"
[ "$ERRORS" -eq 0 ] || echo "ERRORS: $ERRORS run(s) had non-2xx answers or socket errors"

# JavaScript per page, measured in Chromium by the Playwright budget test (debug binary).
if [ "${JS_BYTES:-1}" = 1 ] && [ -f "$ROOT/benches/js-bytes.mjs" ]; then
  echo
  echo "==> JavaScript bytes per page (gzip): node benches/js-bytes.mjs"
  cargo build --quiet && node "$ROOT/benches/js-bytes.mjs" || echo "(js-bytes failed)"
fi
[ "$ERRORS" -eq 0 ]
