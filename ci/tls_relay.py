#!/usr/bin/env python3
"""Byte relay between QEMU's serial port and a TLS server (ci/m4-tls).

Listens on 127.0.0.1 (a free port, written to --port-file once listening),
accepts QEMU's `-serial tcp:127.0.0.1:PORT` connection, connects to the
server's port and copies bytes both ways, unchanged, until either side
closes or --timeout seconds pass. Prints the byte counts on exit. No TLS:
the device does the whole handshake.
"""
import argparse
import os
import selectors
import socket
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server-port", type=int, required=True)
    ap.add_argument("--port-file", required=True)
    ap.add_argument("--timeout", type=float, default=300)
    a = ap.parse_args()

    lst = socket.socket()
    lst.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    lst.bind(("127.0.0.1", 0))
    lst.listen(1)
    lst.settimeout(a.timeout)
    with open(a.port_file + ".tmp", "w") as f:
        f.write("%d\n" % lst.getsockname()[1])
    # Renamed into place so that the reader never sees a partial file.
    os.replace(a.port_file + ".tmp", a.port_file)

    deadline = time.monotonic() + a.timeout
    dev, _ = lst.accept()
    lst.close()
    srv = socket.create_connection(("127.0.0.1", a.server_port), timeout=10)
    for s in (dev, srv):
        s.setblocking(False)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    peer = {dev: srv, srv: dev}
    counts = {dev: 0, srv: 0}
    sel = selectors.DefaultSelector()
    sel.register(dev, selectors.EVENT_READ)
    sel.register(srv, selectors.EVENT_READ)
    open_ = {dev, srv}
    grace = None  # once the server has closed: drain the device a while
    while dev in open_ and time.monotonic() < deadline:
        if grace is not None and time.monotonic() > grace:
            break
        for key, _ in sel.select(timeout=0.5):
            s = key.fileobj
            try:
                data = s.recv(65536)
            except ConnectionError:
                data = b""
            if not data:
                sel.unregister(s)
                open_.discard(s)
                if s is srv:
                    grace = time.monotonic() + 10
                else:
                    try:
                        srv.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                continue
            counts[s] += len(data)
            if peer[s] not in open_:
                continue  # the other side is gone: dropped
            peer[s].setblocking(True)
            try:
                peer[s].sendall(data)
            except OSError:
                open_.discard(peer[s])
            peer[s].setblocking(False)
    timed_out = time.monotonic() >= deadline
    print("relay: device->server %d bytes, server->device %d bytes%s"
          % (counts[dev], counts[srv], " (timed out)" if timed_out else ""))
    dev.close()
    srv.close()
    return 1 if timed_out else 0


if __name__ == "__main__":
    sys.exit(main())
