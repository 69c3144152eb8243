#!/usr/bin/env bash
# Load benchmark (not part of tests/run.sh): builds release, starts the platform sandbox and
# the web app as two processes, and runs wrk against /investir and an offering's detail as a
# visitor and / logged in; then nginx serving the very same bytes from files, for a ratio.
# Prints req/s, p99, the ratio to nginx, the web process's RSS, and the JavaScript bytes
# of each page (benches/js-bytes.mjs; JS_BYTES=0 skips it).
#
#   benches/load.sh                 # wrk -t2 -c64 -d10s per URL
#   CONNS=256 DURATION=60s benches/load.sh
#   EXTRA_OFFERINGS=4961 benches/load.sh   # 5,000 offerings in the sandbox
#   NGINX_RATIO=0 JS_BYTES=0 ...            # the web app only (long runs)
# The RSS column is the web process's resident memory sampled every 2 s during the run:
# start/middle/end/max in MiB (a leak shows as end well above middle).
#
# Needs wrk and nginx (apt-get install wrk nginx; installed here when missing and root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
DURATION=${DURATION:-10s}
WEB_PORT=${WEB_PORT:-3520}
SANDBOX_PORT=$((WEB_PORT + 1))
NGINX_PORT=$((WEB_PORT + 2))
WEB=http://127.0.0.1:$WEB_PORT
WORK=$(mktemp -d /tmp/colheita-bench.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  rm -rf "$WORK"
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

echo "==> cargo build --release"
cargo build --release --quiet
BIN=${CARGO_TARGET_DIR:-$ROOT/target}/release/colheita

KEY=$(head -c 64 /dev/urandom | base64 -w0)
COMMON=(--addr "127.0.0.1:$WEB_PORT" --sandbox-addr "127.0.0.1:$SANDBOX_PORT"
  --data-dir "$WORK/data" --cookie-key "$KEY" --signup-limit 100000
  --sandbox-login-limit 100000)
EXTRA=()
if [ -n "${EXTRA_OFFERINGS:-}" ]; then EXTRA+=(--sandbox-extra-offerings "$EXTRA_OFFERINGS"); fi
RUST_LOG=warn "$BIN" "${COMMON[@]}" --sandbox-reset "${EXTRA[@]}" sandbox >"$WORK/sandbox.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$SANDBOX_PORT/v1/dominios/bancos" >/dev/null 2>&1 && break; sleep 0.2; done
RUST_LOG=warn "$BIN" "${COMMON[@]}" --api-url "http://127.0.0.1:$SANDBOX_PORT" --insecure-http \
  >"$WORK/web.log" 2>&1 &
WEB_PID=$!
PIDS+=("$WEB_PID")
for _ in $(seq 100); do curl -fs "$WEB/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$WEB/healthz" >/dev/null || { cat "$WORK/web.log"; exit 1; }

# A logged-in cookie: the login as a browser does it (the provider's form, then the callback).
JAR=$WORK/cookies.txt
login_url=$(curl -s -o /dev/null -w '%{redirect_url}' -c "$JAR" -b "$JAR" "$WEB/")
form=$(python3 - "$login_url" <<'PY'
import sys, urllib.parse
q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(sys.argv[1]).query))
q.update(email="investidor@colheita.dev", senha="colheita123")
print(urllib.parse.urlencode(q))
PY
)
callback=$(curl -s -o /dev/null -w '%{redirect_url}' --data "$form" "http://127.0.0.1:$SANDBOX_PORT/login")
curl -s -o /dev/null -c "$JAR" -b "$JAR" "$callback"
COOKIE=$(awk '!/^#/ && NF>=7 {printf "%s=%s; ", $6, $7} /^#HttpOnly_/ {printf "%s=%s; ", $6, $7}' "$JAR")
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $COOKIE" "$WEB/")" = 200 ] || { echo "login failed" >&2; exit 1; }

DETAIL=$(curl -s "$WEB/investir" | grep -o 'href="/investir/[^"?#]*"' | head -1 | cut -d'"' -f2)
[ -n "$DETAIL" ] || { echo "no offering on /investir" >&2; exit 1; }

# The same bytes, as files for nginx.
mkdir -p "$WORK/www"
curl -s "$WEB/investir" >"$WORK/www/investir.html"
curl -s "$WEB$DETAIL" >"$WORK/www/detalhe.html"
curl -s -H "Cookie: $COOKIE" "$WEB/" >"$WORK/www/home.html"
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
  out=$(wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency "$@")
  local rps p99 errs
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' <<<"$out")
  errs=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out" | tr '\n' ' ')
  echo "$rps $p99 ${errs:-none}"
}

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$WEB_PID/status"; }
# The web process's RSS every 2 s while wrk runs: "start/middle/end/max" in MiB.
sample_rss() {
  : >"$WORK/rss.txt"
  while kill -0 "$WEB_PID" 2>/dev/null; do rss_kb >>"$WORK/rss.txt"; sleep 2; done
}
rss_summary() {
  awk '{v[NR]=$1; if ($1>m) m=$1} END {printf "%d/%d/%d/%d", v[1]/1024, v[int((NR+1)/2)]/1024, v[NR]/1024, m/1024}' "$WORK/rss.txt"
}
hwm_kb() { awk '/VmHWM/ {print $2}' "/proc/$WEB_PID/status"; }

printf '\n%-28s %12s %10s %14s %12s %10s %7s  %s\n' page "web req/s" "p99 ms" "RSS s/mid/e/max" "nginx req/s" "p99 ms" ratio errors
ERRORS=0
for spec in "/investir|investir.html|" "$DETAIL|detalhe.html|" "/ (logado)|home.html|$COOKIE"; do
  IFS='|' read -r label file cookie <<<"$spec"
  path=${label%% *}
  sample_rss &
  SAMPLER=$!
  if [ -n "$cookie" ]; then
    read -r w_rps w_p99 w_err <<<"$(run -H "Cookie: $cookie" "$WEB$path")"
  else
    read -r w_rps w_p99 w_err <<<"$(run "$WEB$path")"
  fi
  kill "$SAMPLER" 2>/dev/null || true
  wait "$SAMPLER" 2>/dev/null || true
  rss=$(rss_summary)
  [ "$w_err" = none ] || ERRORS=$((ERRORS + 1))
  if [ "${NGINX_RATIO:-1}" = 1 ]; then
    read -r n_rps n_p99 _ <<<"$(run "http://127.0.0.1:$NGINX_PORT/$file")"
    ratio=$(python3 -c "print(f'{$w_rps/$n_rps:.2f}')")
  else
    n_rps=- n_p99=- ratio=-
  fi
  printf '%-28s %12s %10s %14s %12s %10s %7s  %s\n' "$label" "$w_rps" "$w_p99" "$rss" "$n_rps" "$n_p99" "$ratio" "$w_err"
done
echo
echo "web process RSS after the runs: $(( $(rss_kb) / 1024 )) MiB (peak $(( $(hwm_kb) / 1024 )) MiB)"
[ "$ERRORS" -eq 0 ] || echo "ERRORS: $ERRORS run(s) had non-2xx answers or socket errors"

# JavaScript per page, measured in Chromium by the Playwright budget test (debug binary).
if [ "${JS_BYTES:-1}" = 1 ] && [ -f "$ROOT/benches/js-bytes.mjs" ]; then
  echo
  echo "==> JavaScript bytes per page (gzip): node benches/js-bytes.mjs"
  cargo build --quiet && node "$ROOT/benches/js-bytes.mjs" || echo "(js-bytes failed)"
fi
[ "$ERRORS" -eq 0 ]
