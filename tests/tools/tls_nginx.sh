#!/usr/bin/env bash
# tests/tools/tls_nginx.sh DIR: an nginx WebDAV server over HTTPS for tests and benchmarks,
# everything under DIR: a CA of its own (DIR/pki/ca.pem) and a certificate for
# s3.localhost and *.s3.localhost signed by it (libcurl resolves *.localhost to the
# loopback address itself), the data root DIR/data (a bucket is a directory), the access
# log DIR/access.log ($connection $connection_requests $ssl_session_reused $host $request_method
# $uri $ssl_protocol $ssl_cipher $ssl_curve $remote_port). Prints the port on stdout; exit 1 (a message on stderr) when it cannot start.
# Stop it with: kill "$(cat DIR/nginx.pid)".
set -u
dir=$1
d=$dir/pki
mkdir -p "$d" "$dir/data" "$dir/tmp" || exit 1
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$d/ca.key" -out "$d/ca.pem" -days 2 \
	-subj "/CN=s3bench test CA" >/dev/null 2>&1 &&
	openssl req -newkey rsa:2048 -nodes -keyout "$d/srv.key" -out "$d/srv.csr" \
		-subj "/CN=s3.localhost" >/dev/null 2>&1 &&
	printf 'subjectAltName=DNS:s3.localhost,DNS:*.s3.localhost\n' >"$d/ext" &&
	openssl x509 -req -in "$d/srv.csr" -CA "$d/ca.pem" -CAkey "$d/ca.key" -CAcreateserial \
		-out "$d/srv.pem" -days 2 -extfile "$d/ext" >/dev/null 2>&1 ||
	{ echo "tls_nginx: openssl could not make the CA and certificate" >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
user_line=""
[ "$(id -u)" = 0 ] && user_line="user root;"
cat >"$dir/nginx.conf" <<CONF
$user_line
daemon on;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 1024; }
http {
	log_format tls '\$connection \$connection_requests \$ssl_session_reused \$host \$request_method \$uri \$ssl_protocol \$ssl_cipher \$ssl_curve \$remote_port';
	access_log $dir/access.log tls;
	sendfile on;
	client_max_body_size 0;
	client_body_temp_path $dir/tmp;
	keepalive_requests 100000;
	server {
		listen 127.0.0.1:$port ssl;
		ssl_certificate $d/srv.pem;
		ssl_certificate_key $d/srv.key;
		ssl_session_cache shared:tls:1m;
		root $dir/data;
		dav_methods PUT DELETE MKCOL;
		create_full_put_path on;
	}
}
CONF
nginx -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" >"$dir/start.log" 2>&1 ||
	{ echo "tls_nginx: nginx did not start: $(tail -n 3 "$dir/start.log" "$dir/error.log")" >&2; exit 1; }
for _ in $(seq 50); do [ -s "$dir/nginx.pid" ] && break; sleep 0.1; done
echo "$port"
