# Sourced by .ci/run: a throw-away PostgreSQL server for the API suite's second run (and the
# multi-instance test), on loopback only, stopped when the CI run exits. CI runs as root and initdb
# refuses root, so the cluster belongs to Debian's `postgres` user, in a temporary folder. Debian's
# postgresql is installed by .ci/run beforehand (install_debian_packages).

start_test_postgres() {
  if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then
    echo "No PostgreSQL server binaries: install Debian's postgresql (.ci/run does)" >&2
    return 1
  fi
  local bin
  bin="$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1)"
  PG_TEST_DIR="$(mktemp -d /tmp/hostdash-ci-postgres.XXXXXX)"
  chown postgres:postgres "$PG_TEST_DIR"
  # A free port on loopback, as the kernel hands one out.
  local port
  port="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
  runuser -u postgres -- "$bin/initdb" -D "$PG_TEST_DIR/data" -A trust -U postgres -E UTF8 \
    --locale=C.UTF-8 --no-instructions >"$PG_TEST_DIR/initdb.log"
  # Tests only: no fsync (a crash loses nothing anyone needs); connections for two jest workers'
  # test APIs (a pool of up to 10 each) and the multi-instance test's APIs and shell servers.
  runuser -u postgres -- "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -l "$PG_TEST_DIR/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$PG_TEST_DIR' \
-c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null
  PG_TEST_BIN="$bin"
  trap stop_test_postgres EXIT
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') for the tests: $TEST_DATABASE_URL"
}

stop_test_postgres() {
  if [[ -n "${PG_TEST_DIR:-}" && -d "$PG_TEST_DIR/data" ]]; then
    runuser -u postgres -- "$PG_TEST_BIN/pg_ctl" -D "$PG_TEST_DIR/data" -m fast -w stop >/dev/null || true
    rm -rf "$PG_TEST_DIR"
  fi
}
