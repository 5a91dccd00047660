# Sourced by the test scripts that need a running server (scripts/browser-tests, scripts/api-tests): starts the
# built executable on a free loopback port with a fresh data directory and a known vendor, waits until it answers,
# and always stops it. Set before sourcing: `root` (the project), `binary`, `artifacts` (where the log is kept).
# After `server_start [extra options…]`: `port`, `server_pid`, `data_dir`, and `v2a_port` when `--v2a-port` is asked
# for with `server_start --with-v2a`.

identifier=5e0b7c1a-7a1c-11ec-9173-0242ac120002
secret=browser-secret-1
data_dir=$(mktemp -d "${TMPDIR:-/tmp}/openmarket-test-data.XXXXXX")
server_log="$data_dir/server.log"
server_pid=
v2a_port=

server_stop() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server_pid" 2>/dev/null || true
  fi
  [ -f "$server_log" ] && cp "$server_log" "$artifacts/server.log"
  rm -rf "$data_dir"
}
trap server_stop EXIT
trap 'exit 130' INT TERM

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

server_launch() {
  port=$(free_port)
  local options=()
  if [ "${1:-}" = --with-v2a ]; then
    v2a_port=$(free_port)
    options+=(--v2a-port "$v2a_port")
  fi
  "$binary" --host 127.0.0.1 --port "$port" --data-dir "$data_dir" --root "$root" \
    --identifier "$identifier" --secret "$secret" --log-level warning "${options[@]}" >"$server_log" 2>&1 &
  server_pid=$!
}

server_ready() {
  local deadline=$((SECONDS + 60)) answering listening
  while [ $SECONDS -lt $deadline ]; do
    kill -0 "$server_pid" 2>/dev/null || return 1
    answering=0
    listening=0
    for each in "$port" $v2a_port; do
      listening=$((listening + 1))
      [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$each/healthChecker" || true)" = 200 ] && answering=$((answering + 1))
    done
    [ "$answering" -eq "$listening" ] && return 0
    sleep 0.2
  done
  return 1
}

server_start() {
  server_launch "$@"
  if ! server_ready; then
    # A free port may have been taken between choosing and binding it: one more try, then give up.
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_launch "$@"
    if ! server_ready; then
      echo "$(basename "$0"): the server did not become ready within 60 s; its log:" >&2
      cat "$server_log" >&2
      exit 1
    fi
  fi
  echo "$(basename "$0"): server pid $server_pid at http://127.0.0.1:$port${v2a_port:+ (v2a on port $v2a_port)} (data in $data_dir)"
}
