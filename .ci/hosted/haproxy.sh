#!/usr/bin/env bash
# HAProxy in front of sandbox processes: Debian's haproxy (installed when
# missing), run as the package's own `haproxy` user, listening on
# 127.0.0.1:PORT only, each process health-checked on `GET /ready` every
# 500 ms and taken out of rotation after two failed checks.
#
#   .ci/hosted/haproxy.sh install     # what start does first
#   .ci/hosted/haproxy.sh start DIR PORT 127.0.0.1:PORT_1 127.0.0.1:PORT_2 ...
#   .ci/hosted/haproxy.sh stop DIR
#
# A request is sent again, to another process, when its connection failed
# (the process was stopped or not yet listening: the request reached no
# sandbox), and when a process closed the connection without answering (a
# process stopping closes its idle connections, and one may close just as a
# request is sent on it) if sending it twice is safe: a GET, HEAD, OPTIONS,
# PUT or DELETE, or a request with an Idempotency-Key, which the sandbox
# runs once however many times it arrives. Any other request a process
# received and then lost (killed mid-request) is answered 502: the client's
# to retry.
set -euo pipefail
action=${1:?install, start or stop}
install_haproxy() {
    command -v haproxy >/dev/null && return
    local run=(); [[ $(id -u) == 0 ]] || run=(sudo -n)
    echo "haproxy: apt-get install haproxy" >&2
    "${run[@]}" apt-get install -y -qq --no-install-recommends haproxy >/dev/null 2>&1 ||
        { "${run[@]}" apt-get update -qq >/dev/null &&
          "${run[@]}" apt-get install -y -qq --no-install-recommends haproxy >/dev/null; }
}
[[ $action == install ]] && { install_haproxy; exit 0; }
dir=${2:?a directory}
as_haproxy() {
    if [[ $(id -un) == haproxy ]]; then "$@"
    elif [[ $(id -u) == 0 ]]; then runuser -u haproxy -- "$@"
    else sudo -n -u haproxy -- "$@"; fi
}
case $action in
start)
    port=${3:?a port}
    shift 3
    (($# > 0)) || { echo "name at least one sandbox process (HOST:PORT)" >&2; exit 2; }
    install_haproxy
    mkdir -p "$dir"
    dir="$(realpath "$dir")"
    chmod 755 "$dir"
    install -d -o haproxy -g haproxy -m 755 "$dir/run"
    {
        cat <<CFG
global
    pidfile $dir/run/haproxy.pid
    stats socket $dir/run/admin.sock mode 600 level admin
    log stderr format short local0 notice

defaults
    mode http
    log global
    option httplog
    option dontlog-normal
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request 30s
    # Sent again only when safe (see above).
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response

frontend sandbox
    bind 127.0.0.1:$port
    default_backend processes

backend processes
    balance roundrobin
    http-request disable-l7-retry if !{ method GET HEAD OPTIONS PUT DELETE } !{ req.hdr(idempotency-key) -m found }
    option httpchk GET /ready
    http-check expect status 200
    default-server check inter 500ms fall 2 rise 2
CFG
        n=0
        for server in "$@"; do
            n=$((n + 1))
            echo "    server sandbox$n $server"
        done
    } >"$dir/haproxy.cfg"
    chmod 644 "$dir/haproxy.cfg"
    as_haproxy haproxy -c -q -f "$dir/haproxy.cfg"
    as_haproxy haproxy -D -f "$dir/haproxy.cfg" 2>>"$dir/haproxy.log"
    # Ready when it answers on its port.
    for _ in $(seq 100); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "http://127.0.0.1:$port"
            exit 0
        fi
        sleep 0.05
    done
    echo "haproxy did not start listening on 127.0.0.1:$port; see $dir/haproxy.log" >&2
    exit 1
    ;;
stop)
    dir="$(realpath "$dir")"
    [[ -f $dir/run/haproxy.pid ]] || exit 0
    pid=$(cat "$dir/run/haproxy.pid")
    kill -USR1 "$pid" 2>/dev/null || true # finish the requests in flight, then exit
    for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || { rm -f "$dir/run/haproxy.pid"; exit 0; }
        sleep 0.05
    done
    kill -TERM "$pid" 2>/dev/null || true
    rm -f "$dir/run/haproxy.pid"
    ;;
*) echo "usage: .ci/hosted/haproxy.sh install | start DIR PORT HOST:PORT... | stop DIR" >&2; exit 2 ;;
esac
