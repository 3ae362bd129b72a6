"""The protocol: the lifecycle's exit codes, an answer with the right code for every bad input and
the next request still answered, broken framing ending the server with one line and exit 2, and
standard output holding frames only."""

import json
import random
import subprocess

import pytest

from client import PROGRAM, TIMEOUT, Client, frame


@pytest.fixture
def client():
    c = Client()
    yield c
    c.close()


def test_initialize_offers_the_features_and_shutdown_exit_ends_with_0(client):
    reply = client.initialize()
    capabilities = reply["result"]["capabilities"]
    assert capabilities["positionEncoding"] == "utf-16"
    assert capabilities["textDocumentSync"] == 1
    assert capabilities["completionProvider"]["triggerCharacters"] == ["."]
    for feature in ("hoverProvider", "definitionProvider", "documentSymbolProvider",
                    "documentFormattingProvider"):
        assert capabilities[feature] is True
    assert "legend" in capabilities["semanticTokensProvider"]
    assert client.shutdown() == 0


def test_utf8_is_chosen_when_offered():
    c = Client(encodings=("utf-8", "utf-16"))
    try:
        assert c.initialize()["result"]["capabilities"]["positionEncoding"] == "utf-8"
    finally:
        c.close()


def test_exit_without_shutdown_ends_with_1(client):
    client.initialize()
    client.notify("exit")
    assert client.process.wait(timeout=TIMEOUT) == 1


def test_bad_input_gets_its_code_and_the_server_goes_on(client):
    assert client.request("textDocument/hover", {})["error"]["code"] == -32002
    client.initialize()
    client.send_raw(frame(b"{not json"))
    assert client.reply(None)["error"]["code"] == -32700
    assert client.request("no/such/method")["error"]["code"] == -32601
    client.notify("$/setTrace", {"value": "off"})
    client.notify("unknown/notification")
    bad = client.request("textDocument/hover", {"textDocument": {"uri": "file:///x"},
                                                "position": {"line": -1, "character": 0}})
    assert bad["error"]["code"] == -32602
    assert "params.position.line: expected an integer" in bad["error"]["message"]
    missing = client.request("textDocument/hover", {"position": {"line": 0, "character": 0}})
    assert missing["error"]["message"] == "params.textDocument.uri: missing"
    assert client.request("shutdown")["result"] is None


def test_a_header_without_content_length_breaks_the_framing():
    process = subprocess.run([PROGRAM, "lsp"], input=frame(b"{}") + b"Content-Type: x\r\n\r\n{}",
                             capture_output=True, timeout=TIMEOUT)
    assert process.returncode == 2
    assert process.stderr.decode().strip() == \
        "movimentum lsp: bad header at byte %d: no Content-Length" % len(frame(b"{}"))


def test_a_message_over_64_mib_breaks_the_framing():
    process = subprocess.run([PROGRAM, "lsp"], input=b"Content-Length: 67108865\r\n\r\n",
                             capture_output=True, timeout=TIMEOUT)
    assert process.returncode == 2
    assert "over 64 MiB" in process.stderr.decode()


def test_random_messages_never_crash_or_hang_it_and_stdout_holds_frames_only():
    rng = random.Random(7)
    pieces = ["{", "}", "[", "]", '"method"', '"id"', ":", ",", "1", "null", '"textDocument/hover"',
              '"params"', '"initialize"', '"position"', '"line"', "-3", "1e999", '"\\u0000"']
    messages = [frame(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                                  "params": {"capabilities": {}}}).encode())]
    for _ in range(1000):
        body = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        messages.append(frame(body.encode()))
    messages.append(frame(b'{"jsonrpc":"2.0","id":99,"method":"shutdown"}'))
    messages.append(frame(b'{"jsonrpc":"2.0","method":"exit"}'))
    process = subprocess.run([PROGRAM, "lsp"], input=b"".join(messages), capture_output=True,
                             timeout=60)
    assert process.returncode == 0
    out = process.stdout
    while out:  # nothing but frames
        header, _, rest = out.partition(b"\r\n\r\n")
        assert header.startswith(b"Content-Length: ")
        length = int(header.split(b":")[1])
        json.loads(rest[:length])
        out = rest[length:]


def test_a_request_cancelled_before_it_is_read_gets_minus_32800(client):
    client.initialize()
    client.notify("$/cancelRequest", {"id": 41})
    assert client.request("textDocument/hover", {}, id=41)["error"]["code"] == -32800
    assert client.request("textDocument/hover", {}, id=42)["error"]["code"] == -32602
