"""A language-server client for the tests: `movimentum lsp` in a subprocess, the base protocol's
framing, and replies waited for until TIMEOUT, a guard against a hang only (standard library
only)."""

import json
import os
import queue
import subprocess
import threading

PROGRAM = os.environ.get("MOVIMENTUM_PROGRAM", "movimentum")
SOURCE_DIR = os.environ.get("MOVIMENTUM_SOURCE_DIR", ".")
TIMEOUT = 60


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Client:
    def __init__(self, encodings=("utf-16",)):
        self.process = subprocess.Popen([PROGRAM, "lsp", "--stdio"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.messages = queue.Queue()
        self.notifications = []
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()
        self.encodings = encodings

    def _read(self):
        out = self.process.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.rstrip(b"\r\n")
                if not line:
                    break
                name, _, value = line.partition(b":")
                headers[name.strip().lower()] = value.strip()
            body = out.read(int(headers[b"content-length"]))
            self.messages.put(json.loads(body))

    def send_raw(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message):
        self.send_raw(frame(json.dumps(message).encode()))

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def request(self, method, params=None, id=None):
        return self.reply(self.send_request(method, params, id))

    def send_request(self, method, params=None, id=None):
        """Sends a request without waiting for its answer; its id."""
        if id is None:
            id = self.next_id
            self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params or {}})
        return id

    def replies(self, ids):
        """The answers to `ids`, in the order they came."""
        ids, answers = list(ids), []
        while len(answers) < len(ids):
            message = self.messages.get(timeout=TIMEOUT)
            assert message is not None, "the server ended"
            if "method" not in message and message.get("id") in ids:
                answers.append(message)
            else:
                self.notifications.append(message)
        return answers

    def reply(self, id):
        while True:
            message = self.messages.get(timeout=TIMEOUT)
            assert message is not None, "the server ended"
            if "id" in message and message.get("id") == id and "method" not in message:
                return message
            self.notifications.append(message)

    def initialize(self):
        reply = self.request("initialize", {
            "processId": None, "rootUri": None,
            "capabilities": {"general": {"positionEncodings": list(self.encodings)}}})
        self.notify("initialized")
        return reply

    def open(self, uri, text, version=1):
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "movimentum", "version": version, "text": text}})

    def change(self, uri, text, version):
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": [{"text": text}]})

    def diagnostics(self, uri, version, solved=False):
        """The diagnostics published for `version`: the compile's first, then (solved) the
        solve's, which come second."""
        seen = 0
        def matches(m):
            return (m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == uri and m["params"]["version"] == version)
        wanted = 2 if solved else 1
        for m in list(self.notifications):
            if matches(m):
                seen += 1
                if seen == wanted:
                    return m["params"]["diagnostics"]
        while True:
            m = self.messages.get(timeout=TIMEOUT)
            assert m is not None, "the server ended"
            self.notifications.append(m)
            if matches(m):
                seen += 1
                if seen == wanted:
                    return m["params"]["diagnostics"]

    def shutdown(self):
        self.request("shutdown")
        self.notify("exit")
        return self.process.wait(timeout=TIMEOUT)

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def file_uri(path):
    return "file://" + os.path.abspath(path)
