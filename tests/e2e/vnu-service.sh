#!/usr/bin/env bash
# The Nu HTML checker (vnu.jar) as an HTTP service on 127.0.0.1:$1, for checkHtml in helpers.ts:
# POST a page to /?out=json, get its messages. The config's webServer and tests/run.sh start it.
# A deep stack for deeply nested pages; the serial collector, as the machine has few cores.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
exec java -Xss4m -XX:+UseSerialGC -Dnu.validator.servlet.bind-address=127.0.0.1 \
  -cp node_modules/vnu-jar/build/dist/vnu.jar nu.validator.servlet.Main "$1"
