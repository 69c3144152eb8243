#!/usr/bin/env bash
# The one test command (README and .ci/run call it). Installs what is missing, builds, runs the
# Rust tests (cargo nextest) and then the Playwright suite (Debian's Chromium headless shell,
# axe-core, vnu).
# Needs: the Rust toolchain, Node 20+ with npm, Java 17+ (vnu), qpdf (the PDF checks) and
# redis-server (the limits tests); the last three are installed via apt when missing.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
export ORACLE_DIR="${ORACLE_DIR:-$ROOT/target/oracle}"
export NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Every temporary file of the run (the tests' data directories, PDFs, Redis stores, island
# bundles, browser profiles) goes under one directory, removed when the run ends however it
# ends: a test that keeps a server's data directory, or one killed half-way, would otherwise
# leave it in /tmp after every run.
RUN_TMP=$(mktemp -d "${TMPDIR:-/tmp}/colheita-run.XXXXXX")
export TMPDIR=$RUN_TMP
vnu_pid=
cleanup() {
  [ -z "$vnu_pid" ] || kill "$vnu_pid" 2>/dev/null || true
  rm -rf "$RUN_TMP"
}
trap cleanup EXIT

step() { printf '\n==> %s\n' "$*"; }

SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then
    $SUDO apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@"
}

# npm ci when node_modules is missing or older than the lock file.
npm_ci() {
  local dir=$1
  shift
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    step "npm ci in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund "$@")
  fi
}

# ---- system packages --------------------------------------------------------------------------
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The Playwright suite's browser: Chromium's headless shell (playwright.config.ts).
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -e /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || missing+=(fonts-liberation)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
# The PDF tests run `qpdf --check` on every kind of generated document.
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
# The limits tests start their own Redis (the store replicas share their counts in).
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
if [ "${#missing[@]}" -gt 0 ]; then
  step "apt-get install ${missing[*]}"
  apt_install "${missing[@]}"
fi
command -v node >/dev/null 2>&1 || { echo "Node.js 20+ with npm is required" >&2; exit 1; }

if ! cargo nextest --version >/dev/null 2>&1; then
  step "cargo install cargo-nextest"
  cargo install cargo-nextest --locked
fi

# ---- npm packages ---------------------------------------------------------------------------
# islands/ first, so build.rs finds node_modules ready (it would run the same npm ci itself).
npm_ci islands --ignore-scripts
# The end-to-end suite's and the oracles' packages download while cargo builds (the Rust tests
# need the oracles, the Playwright suite its packages).
other_packages() {
  npm_ci tests/e2e --ignore-scripts
  if [ ! -d "$ORACLE_DIR/node_modules/pix-utils" ] || [ ! -d "$ORACLE_DIR/node_modules/libphonenumber-js" ] \
    || [ ! -d "$ORACLE_DIR/node_modules/ical.js" ] || [ ! -d "$ORACLE_DIR/node_modules/ofx-js" ] \
    || [ ! -d "$ORACLE_DIR/node_modules/papaparse" ] || [ ! -d "$ORACLE_DIR/node_modules/@formulajs/formulajs" ]; then
    step "oracle packages into $ORACLE_DIR"
    mkdir -p "$ORACLE_DIR"
    (
      cd "$ORACLE_DIR"
      [ -f package.json ] || npm init -y >/dev/null
      npm install --no-audit --no-fund --ignore-scripts \
        @brazilian-utils/brazilian-utils@2.4.0 cpf-cnpj-validator@2.1.2 pix-utils@2.8.2 libphonenumber-js@1.13.16 \
        ical.js@2.2.1 ofx-js@1.1.1 papaparse@5.7.1 @formulajs/formulajs@4.6.1
    )
  fi
}
mkdir -p target
other_packages >target/npm.log 2>&1 &
npm_pid=$!

# ---- Rust ---------------------------------------------------------------------------------------
# --timings leaves target/cargo-timings/cargo-timing.html: which crates the build's minutes go to.
step "cargo build --all-targets"
cargo build --all-targets --timings

failed=()

wait "$npm_pid" || { cat target/npm.log >&2; echo "npm packages: install failed" >&2; exit 1; }
cat target/npm.log

# The Nu HTML checker's service, shared by the four Playwright processes (VNU_PORT, helpers.ts):
# it starts now, so the HTML spec it reads at start is loaded while the Rust tests run.
export VNU_PORT=3330
step "vnu service on 127.0.0.1:$VNU_PORT"
bash tests/e2e/vnu-service.sh "$VNU_PORT" >target/vnu.log 2>&1 &
vnu_pid=$!

# The Rust tests, and beside them the check that the production build, which leaves the sandbox
# out (`--no-default-features`), still compiles with no sandbox code left dangling. The tests
# leave a core idle a quarter of the time, and the check fills it (niced, so the tests come
# first); it starts once nextest has built and listed the tests, as both take the build
# directory's lock.
step "cargo nextest run, and cargo check --no-default-features --bin colheita beside it"
cargo nextest run --no-fail-fast >target/nextest.log 2>&1 &
nextest_pid=$!
for _ in $(seq 1200); do
  grep -q "Starting" target/nextest.log && break
  kill -0 "$nextest_pid" 2>/dev/null || break
  sleep 0.5
done
nice -n 10 cargo check --no-default-features --bin colheita >target/check.log 2>&1 || failed+=("build without the sandbox")
nextest_ok=0
wait "$nextest_pid" || nextest_ok=$?
cat target/check.log target/nextest.log
[ "$nextest_ok" -eq 0 ] || failed+=("cargo nextest")

# ---- end to end -------------------------------------------------------------------------------
# Each project (JavaScript on, off) runs as two processes, one per half of the files
# (E2E_HALF), the four side by side, each against its own web app and sandbox on its own ports
# (tests/e2e/playwright.config.ts); each prints its log when done.
step "playwright (js and nojs, two halves each, side by side)"
rm -rf target/e2e-*-data
# All four must find the checker answering, or each would try to start its own there.
vnu_up() { node -e "fetch('http://127.0.0.1:$VNU_PORT/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; }
for _ in $(seq 300); do
  vnu_up && break
  kill -0 "$vnu_pid" 2>/dev/null || break
  sleep 1
done
vnu_up || { tail -n 20 target/vnu.log >&2; echo "the vnu service did not start" >&2; exit 1; }
e2e() {
  local project=$1 half=$2 port=$3
  (cd tests/e2e && E2E_PORT=$port E2E_HALF=$half npx --no-install playwright test --project "$project") \
    >"target/e2e-$project-$half.log" 2>&1
}
runs=(js:1:3310 js:2:3314 nojs:1:3320 nojs:2:3324)
pids=()
for run in "${runs[@]}"; do
  IFS=: read -r project half port <<<"$run"
  e2e "$project" "$half" "$port" &
  pids+=($!)
done
for i in "${!runs[@]}"; do
  IFS=: read -r project half _ <<<"${runs[$i]}"
  ok=0
  wait "${pids[$i]}" || ok=$?
  printf '\n--- playwright, project %s, half %s ---\n' "$project" "$half"
  cat "target/e2e-$project-$half.log"
  [ "$ok" -eq 0 ] || failed+=("playwright $project half $half")
done

if [ "${#failed[@]}" -gt 0 ]; then
  printf '\nFAILED: %s\n' "${failed[*]}" >&2
  exit 1
fi
printf '\nAll test suites passed.\n'
