#!/usr/bin/env bash
# A private PostgreSQL cluster for the hosted-mode tests: Debian's
# postgresql-15 (installed when missing), its data directory under DIR,
# owned by and run as the package's own `postgres` user, listening on
# 127.0.0.1:PORT only, password authentication (scram-sha-256) for the
# role `payctl` that owns the database `payctl`.
#
#   .ci/hosted/postgres.sh start DIR PORT   # prints the database's URL
#   .ci/hosted/postgres.sh stop DIR
#
# As root, the server runs through `runuser -u postgres`; as another user
# that is not `postgres`, through `sudo -u postgres`.
set -euo pipefail
action=${1:?start or stop} dir=${2:?a directory}
bin=/usr/lib/postgresql/15/bin
as_postgres() {
    if [[ $(id -un) == postgres ]]; then "$@"
    elif [[ $(id -u) == 0 ]]; then runuser -u postgres -- "$@"
    else sudo -n -u postgres -- "$@"; fi
}
case $action in
start)
    port=${3:?a port}
    if [[ ! -x $bin/pg_ctl ]]; then
        run=(); [[ $(id -u) == 0 ]] || run=(sudo -n)
        echo "postgres: apt-get install postgresql-15" >&2
        "${run[@]}" apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null 2>&1 ||
            { "${run[@]}" apt-get update -qq >/dev/null &&
              "${run[@]}" apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null; }
    fi
    mkdir -p "$dir"
    dir="$(realpath "$dir")"
    # The data directory's parents must let the postgres user through.
    chmod 755 "$dir"
    data="$dir/data" password_file="$dir/password"
    [[ -s $password_file ]] || head -c 24 /dev/urandom | base64 | tr -d '/+=' >"$password_file"
    chmod 644 "$password_file"
    if [[ ! -d $data ]]; then
        install -d -o postgres -g postgres -m 700 "$data"
        as_postgres "$bin/initdb" -D "$data" -U postgres --auth-local=peer --auth-host=scram-sha-256 \
            -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    install -d -o postgres -g postgres -m 755 "$dir/socket" "$dir/log"
    as_postgres "$bin/pg_ctl" -D "$data" -l "$dir/log/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir/socket -c fsync=on" start >/dev/null ||
        { cat "$dir/log/server.log" >&2; exit 1; }
    password="$(cat "$password_file")"
    as_postgres "$bin/psql" -h "$dir/socket" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q <<SQL
SELECT 'CREATE ROLE payctl LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'payctl') \gexec
ALTER ROLE payctl PASSWORD '$password';
SELECT 'CREATE DATABASE payctl OWNER payctl' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'payctl') \gexec
SQL
    echo "postgres://payctl:$password@127.0.0.1:$port/payctl"
    ;;
stop)
    dir="$(realpath "$dir")"
    [[ -f $dir/data/postmaster.pid ]] || exit 0
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
*) echo "usage: .ci/hosted/postgres.sh start DIR PORT | stop DIR" >&2; exit 2 ;;
esac
