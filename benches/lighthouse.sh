#!/usr/bin/env bash
# Lighthouse (mobile, its defaults: a Moto G-class screen, simulated slow 4G and a 4× slower
# CPU) on the pages a visitor and the demo investor open first. Not part of tests/run.sh: the
# performance score moves with the machine's load, so run it on an otherwise idle machine.
# Prints each page's four category scores and exits 1 when one is under 100.
#
#   benches/lighthouse.sh                      # builds release, then measures
#   BIN=/path/to/colheita benches/lighthouse.sh
#   VISITOR_PAGES="/investir" SESSION_PAGES="/carteira" ...   # other paths
#
# Needs Chromium (/usr/bin/chromium) and Node; Lighthouse itself is installed once into
# target/lighthouse.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=tests/login.sh
. tests/login.sh
ROOT=$PWD
PORT=${PORT:-3620}
WEB=http://127.0.0.1:$PORT
SANDBOX=http://127.0.0.1:$((PORT + 1))
LH_DIR=${LH_DIR:-$ROOT/target/lighthouse}
WORK=$(mktemp -d /tmp/colheita-lighthouse.XXXXXX)
APP_PID=""
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null || true
  [ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

if [ ! -x "$LH_DIR/node_modules/.bin/lighthouse" ]; then
  mkdir -p "$LH_DIR"
  (cd "$LH_DIR" && { [ -f package.json ] || npm init -y >/dev/null; } \
    && npm install --no-audit --no-fund lighthouse@12.8.2 >/dev/null)
fi
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=${CARGO_TARGET_DIR:-$ROOT/target}/release/colheita
fi

RUST_LOG=warn "$BIN" --addr "127.0.0.1:$PORT" --sandbox-addr "127.0.0.1:$((PORT + 1))" \
  --data-dir "$WORK/data" --sandbox-reset >"$WORK/app.log" 2>&1 &
APP_PID=$!
for _ in $(seq 150); do curl -fs "$WEB/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$WEB/healthz" >/dev/null || { cat "$WORK/app.log"; exit 1; }

# A fresh login per page: Lighthouse replays one Cookie header, and a page that refreshes the
# session rotates the refresh token, which would leave the next page logged out.
session_headers() {
  local jar=$WORK/cookies-$RANDOM.txt cookie
  login_demo "$WEB" "$SANDBOX/login" "$jar"
  cookie=$(awk '!/^#/ && NF>=7 {printf "%s=%s; ", $6, $7} /^#HttpOnly_/ {printf "%s=%s; ", $6, $7}' "$jar")
  node -e 'console.log(JSON.stringify({Cookie: process.argv[1]}))' "$cookie"
}
DETAIL=$(curl -s "$WEB/investir" | grep -o 'href="/investir/[^"?#]*"' | head -1 | cut -d'"' -f2)
VISITOR_PAGES=${VISITOR_PAGES:-"/investir $DETAIL /quero-investir /antes-de-investir"}
SESSION_PAGES=${SESSION_PAGES:-"/ /investir $DETAIL /carteira /minha-conta/extrato /notificacoes"}

failed=0
run() {
  local who=$1 path=$2 headers=$3 out
  out=$WORK/report$(echo "$who$path" | tr "/" "_").json
  # TMPDIR: Chromium's singleton socket directory (org.chromium.Chromium.*), which Lighthouse's
  # kill leaves behind, goes into WORK and is removed with it.
  TMPDIR=$WORK CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} "$LH_DIR/node_modules/.bin/lighthouse" "$WEB$path" \
    --quiet --output=json --output-path="$out" --extra-headers="$headers" \
    --chrome-flags="--headless=new --no-sandbox" >/dev/null 2>&1 || true
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const s = ["performance", "accessibility", "best-practices", "seo"]
      .map((c) => Math.round((r.categories[c]?.score ?? 0) * 100));
    console.log(process.argv[2].padEnd(9), process.argv[3].padEnd(48), s.join("  "));
    process.exit(s.every((x) => x === 100) ? 0 : 1);
  ' "$out" "$who" "$path" || failed=1
}
printf '%-9s %-48s %s\n' who page 'perf a11y best seo'
for p in $VISITOR_PAGES; do run visitante "$p" '{}'; done
for p in $SESSION_PAGES; do run investidor "$p" "$(session_headers)"; done
exit "$failed"
