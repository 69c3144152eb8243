#!/usr/bin/env bash
# Replicas, a killed replica, a token-refresh race and a rolling restart (long; not part of
# tests/run.sh). Starts the platform sandbox, two web replicas sharing one cookie key, and
# nginx round-robin in front of them, then:
#   1. journey: login, an order paid by Pix, wallet and statement, the requests alternating
#      between the replicas; replica B is killed (SIGKILL) after the order's first step and
#      the journey goes on through A without losing anything;
#   2. refresh race: with B back, 20 parallel requests of one session exactly when its
#      access token needs refreshing, spread over both replicas; none may log the investor
#      out, and the session goes on afterwards from any of the answers' cookies;
#   3. rolling restart: a 30 s wrk run through nginx while each replica in turn gets
#      SIGTERM, drains and starts again; zero failed requests;
#   4. limits: both replicas count in one Redis store (`--limits-url`), so sign-ups from
#      one address through nginx are refused past the limit, whichever replica answers.
# Exit status 0 only when every check passes.
#
#   tests/replicas.sh                 # release build
#   PROFILE=debug tests/replicas.sh   # quicker to build
#
# Needs curl, python3, nginx, wrk and redis-server (apt-get install nginx wrk redis-server;
# installed when root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
PROFILE=${PROFILE:-release}
NGINX_PORT=${BASE_PORT:-3620}
SANDBOX_PORT=$((NGINX_PORT + 1))
PORT_A=$((NGINX_PORT + 2))
PORT_B=$((NGINX_PORT + 3))
REDIS_PORT=$((NGINX_PORT + 4))
# Sign-ups per address and hour, counted across both replicas (section 4).
SIGNUP_LIMIT=3
WEB=http://127.0.0.1:$NGINX_PORT
SANDBOX=http://127.0.0.1:$SANDBOX_PORT
OFFER=fazenda-santa-luzia-soja-2027
# The access token lives 65 s and the web app refreshes it within 60 s of expiry: 5 s
# after a login every request needs a refresh.
ACCESS_TTL=65
WORK=$(mktemp -d /tmp/colheita-replicas.XXXXXX)
declare -A PID
FAILURES=0
cleanup() {
  for p in "${PID[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  [ -n "${KEEP:-}" ] && echo "kept $WORK" || rm -rf "$WORK"
}
trap cleanup EXIT
check() { # check <description> <condition...>
  local what=$1
  shift
  if "$@"; then echo "  ok   $what"; else echo "  FAIL $what"; FAILURES=$((FAILURES + 1)); fi
}

for tool in nginx wrk redis-server; do
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

echo "==> cargo build --profile $PROFILE"
if [ "$PROFILE" = debug ]; then cargo build --quiet; else cargo build --release --quiet; fi
BIN=${CARGO_TARGET_DIR:-$ROOT/target}/$PROFILE/colheita
KEY=$(head -c 64 /dev/urandom | base64 -w0)

wait_for() { for _ in $(seq 150); do curl -fs "$1" >/dev/null 2>&1 && return 0; sleep 0.2; done; return 1; }

RUST_LOG=warn "$BIN" --public-url "$WEB" --sandbox-addr "127.0.0.1:$SANDBOX_PORT" \
  --data-dir "$WORK/sandbox" --sandbox-reset --sandbox-access-ttl "$ACCESS_TTL" \
  --sandbox-login-limit 100000 sandbox >"$WORK/sandbox.log" 2>&1 &
PID[sandbox]=$!
wait_for "$SANDBOX/v1/dominios/bancos" || { cat "$WORK/sandbox.log"; exit 1; }

# The limits store both replicas count in.
mkdir -p "$WORK/redis"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no \
  --dir "$WORK/redis" >"$WORK/redis.log" 2>&1 &
PID[redis]=$!

start_replica() { # start_replica <A|B> <port>
  RUST_LOG=warn "$BIN" --addr "127.0.0.1:$2" --public-url "$WEB" --api-url "$SANDBOX" \
    --insecure-http --cookie-key "$KEY" --data-dir "$WORK/web-$1" --trust-forwarded-for \
    --limits-url "redis://127.0.0.1:$REDIS_PORT/0" --signup-limit "$SIGNUP_LIMIT" \
    --shutdown-grace 10 >>"$WORK/web-$1.log" 2>&1 &
  PID[$1]=$!
  wait_for "http://127.0.0.1:$2/healthz" || { cat "$WORK/web-$1.log"; exit 1; }
}
start_replica A "$PORT_A"
start_replica B "$PORT_B"

cat >"$WORK/nginx.conf" <<NGX
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 2048; }
http {
  access_log off;
  # The session lives in encrypted cookies (tokens included): more than nginx's default
  # 4–8 KiB header buffers, both ways.
  large_client_header_buffers 4 32k;
  proxy_buffer_size 32k;
  proxy_buffers 8 32k;
  upstream colheita {
    server 127.0.0.1:$PORT_A max_fails=1 fail_timeout=2s;
    server 127.0.0.1:$PORT_B max_fails=1 fail_timeout=2s;
  }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location / {
      proxy_pass http://colheita;
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      # A refused or reset connection (a replica stopped or draining) is tried on the other.
      proxy_next_upstream error timeout;
      add_header X-Replica \$upstream_addr always;
    }
  }
}
NGX
"$NGINX" -c "$WORK/nginx.conf" -p "$WORK"
wait_for "$WEB/healthz"

# One browser request: prints "status replica redirect" and keeps the cookies in jar $1.
req() { # req <jar> <GET|POST> <url> [curl args...]
  local jar=$1 verb=$2 url=$3
  shift 3
  local extra=()
  [ "$verb" = POST ] && extra=(-X POST -H "Origin: $WEB" -H "Sec-Fetch-Site: same-origin")
  curl -s -o "$WORK/body.html" -D "$WORK/head.txt" -b "$jar" -c "$jar" "${extra[@]}" "$@" \
    -w '%{http_code} %{redirect_url}' "$url" >"$WORK/out.txt"
  local replica
  replica=$(awk -F': ' 'tolower($1)=="x-replica" {v=$2; gsub("[\r ]","",v); print v}' "$WORK/head.txt")
  read -r code redirect <"$WORK/out.txt" || true
  echo "$code ${replica:-none} ${redirect:-}"
}

# shellcheck source=tests/login.sh
. tests/login.sh
login() { login_demo "$WEB" "$SANDBOX/login" "$1"; } # login <jar>: as a browser

echo
echo "==> 1. journey across both replicas, B killed after the order's first step"
JAR=$WORK/jar-journey
login "$JAR"
SERVED=""
step() { # step <description> <expected status> <GET|POST> <url> [curl args]: sets NEXT
  local what=$1 want=$2
  shift 2
  local code replica redirect
  read -r code replica redirect <<<"$(req "$JAR" "$@")"
  SERVED="$SERVED $replica"
  NEXT=$redirect
  check "$what: $code via $replica" [ "$code" = "$want" ]
}
step "home" 200 GET "$WEB/"
step "offering" 200 GET "$WEB/investir/$OFFER"
step "order amount" 303 POST "$WEB/investir/$OFFER/ordem" --data-urlencode "valor=2.500,00"
TERMS=$NEXT
kill -9 "${PID[B]}"
wait "${PID[B]}" 2>/dev/null || true
echo "  (replica B killed)"
step "terms accepted" 303 POST "$TERMS" --data "aceite=sim&ciencia_risco=sim"
CONFIRM=$NEXT
step "order confirmed" 303 POST "$CONFIRM"
STATUS=$NEXT
step "Pix status" 200 GET "$STATUS"
check "the order says it is reserved" grep -q "Investimento reservado com sucesso." "$WORK/body.html"
check "the Pix code is shown" grep -q 'id="codigo-pix"' "$WORK/body.html"
step "wallet" 200 GET "$WEB/carteira"
step "statement" 200 GET "$WEB/minha-conta/extrato"
# A pending Pix order is not a wallet position yet: its own page shows it is kept.
step "the order again, from the surviving replica" 200 GET "$STATUS"
check "the order is still waiting for its Pix" grep -q "Aporte pendente" "$WORK/body.html"
check "both replicas served the journey" \
  bash -c "grep -q $PORT_A <<<'$SERVED' && grep -q $PORT_B <<<'$SERVED'"

echo
echo "==> 2. twenty parallel requests of one session when its token needs refreshing"
start_replica B "$PORT_B"
sleep 2.5 # nginx's fail_timeout: B is back in the round robin
RACE=$WORK/jar-race
login "$RACE"
[ "$(req "$RACE" GET "$WEB/" | cut -d' ' -f1)" = 200 ] || { echo "login for the race failed" >&2; exit 1; }
sleep $((ACCESS_TTL - 60 + 1))
RACERS=()
for i in $(seq 20); do cp "$RACE" "$WORK/race-$i"; done
for i in $(seq 20); do
  curl -s -o /dev/null -D "$WORK/race-head-$i" -b "$WORK/race-$i" -c "$WORK/race-$i" \
    -w '%{http_code}' "$WEB/carteira" >"$WORK/race-code-$i" &
  RACERS+=($!)
done
wait "${RACERS[@]}"
ok=0
for i in $(seq 20); do [ "$(cat "$WORK/race-code-$i")" = 200 ] && ok=$((ok + 1)); done
check "20 of 20 answered the page, none sent to login ($ok)" [ "$ok" = 20 ]
replicas=$(cat "$WORK"/race-head-* | awk -F': ' 'tolower($1)=="x-replica" {print $2}' | sort -u | wc -l)
check "the race went through both replicas ($replicas)" [ "$replicas" -ge 2 ]
check "the answers carry a refreshed session (new cookies)" bash -c "! cmp -s '$RACE' '$WORK/race-1'"
sleep 6 # past the provider's reuse interval of a rotated refresh token
for i in 1 20; do
  code=$(req "$WORK/race-$i" GET "$WEB/carteira" | cut -d' ' -f1)
  check "afterwards the session goes on from answer $i's cookies ($code)" [ "$code" = 200 ]
done

echo
echo "==> 3. rolling restart under load (wrk -c32 -d30s through nginx)"
wrk -t2 -c32 -d30s --latency "$WEB/investir" >"$WORK/wrk.txt" &
WRK=$!
restart() { # restart <A|B> <port>: SIGTERM, wait for the drain, start again
  local t0=$SECONDS
  kill -TERM "${PID[$1]}"
  wait "${PID[$1]}" 2>/dev/null || true
  start_replica "$1" "$2"
  echo "  replica $1 drained and back in $((SECONDS - t0)) s"
}
sleep 8
restart A "$PORT_A"
sleep 8
restart B "$PORT_B"
wait "$WRK"
requests=$(awk '/requests in/ {print $1}' "$WORK/wrk.txt")
non2xx=$(awk '/Non-2xx/ {print $NF}' "$WORK/wrk.txt")
sockerr=$(awk '/Socket errors/ {print}' "$WORK/wrk.txt")
p99=$(awk '$1=="99%" {print $2}' "$WORK/wrk.txt")
echo "  $requests requests, p99 $p99, non-2xx ${non2xx:-0}, ${sockerr:-no socket errors}"
check "zero failed requests during the rolling restart" [ -z "$non2xx$sockerr" ]

echo
echo "==> 4. the sign-up limit holds across replicas (one Redis store)"
SIGNUP=$WORK/jar-signup
SERVED=""
# A valid CPF for each attempt (check digits computed), so only the limit can refuse one.
cpf() { python3 -c 'import sys
d=[int(c) for c in "%09d" % (123456000 + int(sys.argv[1]))]
for n in (9, 10): d.append(sum(x * w for x, w in zip(d, range(n + 1, 1, -1))) * 10 % 11 % 10)
print("".join(map(str, d)))' "$1"; }
for i in $(seq $((SIGNUP_LIMIT + 1))); do
  want=303
  [ "$i" -gt "$SIGNUP_LIMIT" ] && want=429
  read -r code replica _ <<<"$(req "$SIGNUP" POST "$WEB/quero-investir" \
    --data-urlencode "nome=Joana Pereira" --data-urlencode "email=joana$i@exemplo.com.br" \
    --data-urlencode "celular=11 91234-5678" --data-urlencode "cpf=$(cpf "$i")" \
    --data "termos=sim")"
  SERVED="$SERVED $replica"
  check "sign-up $i (limit $SIGNUP_LIMIT): $code via $replica" [ "$code" = "$want" ]
done
check "both replicas counted the sign-ups" \
  bash -c "grep -q $PORT_A <<<'$SERVED' && grep -q $PORT_B <<<'$SERVED'"

echo
if [ "$FAILURES" -eq 0 ]; then echo "replicas: all checks passed"; else echo "replicas: $FAILURES check(s) failed"; fi
[ "$FAILURES" -eq 0 ]
