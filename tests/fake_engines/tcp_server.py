#!/usr/bin/env python3
"""A stand-in for an engine running as a TCP server, for testing damiera-match's tcp=HOST:PORT.

    tcp_server.py COMMAND [ARGS...]

Listens on 127.0.0.1 on a free port, prints "port N" on stdout, and for every connection runs
COMMAND with the connection as its stdin and stdout: each connection is one engine session, as
with Damiera's own server. Runs until killed; its sessions die with it (same process group).
"""
import socket
import subprocess
import sys
import threading


def serve(connection, command):
    with connection:
        process = subprocess.Popen(command, stdin=connection.fileno(), stdout=connection.fileno())
        process.wait()


def main():
    command = sys.argv[1:]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    print("port", listener.getsockname()[1], flush=True)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection, command), daemon=True).start()


if __name__ == "__main__":
    main()
