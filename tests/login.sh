# Sourced by the benchmarks and tests/replicas.sh: `login_demo WEB_URL SANDBOX_LOGIN_URL JAR`
# logs the demo investor in as a browser does (the web app's redirect to the provider's form,
# the form, then the callback), leaving the session's cookies in the curl cookie jar JAR.
login_demo() {
  local web=$1 login=$2 jar=$3 login_url form callback
  login_url=$(curl -s -o /dev/null -w '%{redirect_url}' -c "$jar" -b "$jar" "$web/")
  form=$(python3 - "$login_url" <<'PY'
import sys, urllib.parse
q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(sys.argv[1]).query))
q.update(email="investidor@colheita.dev", senha="colheita123")
print(urllib.parse.urlencode(q))
PY
)
  callback=$(curl -s -o /dev/null -w '%{redirect_url}' --data "$form" "$login")
  curl -s -o /dev/null -c "$jar" -b "$jar" "$callback"
}
