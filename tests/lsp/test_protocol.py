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
    assert capabilities["textDocumentSync"] == {"openClose": True, "change": 2}  # incremental
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


def test_a_cancel_before_its_request_is_forgotten_not_kept_for_a_later_one(client):
    """A cancel refers to a request sent before it; one whose request is answered or unknown
    is dropped, so ids can be used again (tests/lsp/test_waiting.py cancels a parked one)."""
    client.initialize()
    client.notify("$/cancelRequest", {"id": 41})
    assert client.request("textDocument/hover", {}, id=41)["error"]["code"] == -32602


def test_a_second_initialize_is_refused_and_changes_nothing(tmp_path):
    c = Client(encodings=("utf-16",))
    try:
        assert c.initialize()["result"]["capabilities"]["positionEncoding"] == "utf-16"
        second = c.request("initialize", {"capabilities": {
            "general": {"positionEncodings": ["utf-8"]}}})
        assert second["error"]["code"] == -32600
        # Still UTF-16: the error after the emoji is at UTF-16 column 7, not UTF-8's 9.
        c.open("untitled:e", "/*😀*/ §\n")
        (diagnostic,) = c.diagnostics("untitled:e", 1)
        assert diagnostic["range"]["start"] == {"line": 0, "character": 7}
    finally:
        c.close()


@pytest.mark.parametrize("body", [
    b'{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":' + b'{"a":' * 70000 +
    b'1' + b'}' * 70000 + b'}',
    b'{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":' + b'[' * 300000 +
    b']' * 300000 + b'}',
    b'{"jsonrpc":"2.0","id":' + b'[' * 100000 + b']' * 100000 + b',"method":"initialize"}',
    b'[' * 1000000,  # never closed
], ids=["objects", "arrays", "id", "unclosed"])
def test_json_nested_too_deeply_is_refused_before_it_is_parsed(client, body):
    client.initialize()
    client.send_raw(frame(body))
    reply = client.reply(None)
    assert reply["error"]["code"] == -32600
    assert "nests deeper than 256 levels" in reply["error"]["message"]
    assert client.request("shutdown")["result"] is None


def test_fuzzed_nesting_never_crashes_it():
    """Random mixes of brackets, braces, strings holding brackets and escapes, at every depth
    around the limit and far beyond: each message is answered and the server exits cleanly."""
    rng = random.Random(42)
    messages = [frame(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                                  "params": {"capabilities": {}}}).encode())]
    for n in range(60):
        depth = rng.choice([1, 100, 255, 256, 257, 1000, 50000, 200000])
        parts = [rng.choice([("[", "]"), ('{"k":', "}"), ('["]\\"[",', "]")])
                 for _ in range(depth)]
        opens = "".join(p[0] for p in parts)
        closes = "".join(p[1] for p in reversed(parts))
        body = '{"jsonrpc":"2.0","id":%d,"method":"x/y","params":%s1%s}' % (n + 1, opens, closes)
        messages.append(frame(body.encode()))
    messages.append(frame(b'{"jsonrpc":"2.0","id":999,"method":"shutdown"}'))
    messages.append(frame(b'{"jsonrpc":"2.0","method":"exit"}'))
    process = subprocess.run([PROGRAM, "lsp"], input=b"".join(messages), capture_output=True,
                             timeout=TIMEOUT)
    assert process.returncode == 0
    assert process.stdout.count(b"Content-Length") == 62


def test_a_lone_surrogate_in_a_string_is_replaced_not_a_parse_error(client):
    client.initialize()
    uri = "untitled:surrogate"
    body = ('{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{'
            '"uri":"%s","languageId":"movimentum","version":1,'
            '"text":"// \\ud800 and \\udc00 and a pair \\ud83d\\ude00\\nA : .bar P = [0,0];\\n"}}}'
            % uri)
    client.send_raw(frame(body.encode()))
    assert client.diagnostics(uri, 1) == []
    assert client.request("shutdown")["result"] is None


def utf16_offset(text, line, character):
    """The UTF-16 unit a position names, a character past the line's end clamped to it."""
    lines = text.split("\n")
    before = sum(len(l.encode("utf-16-le")) // 2 + 1 for l in lines[:line])
    return before + min(character, len(lines[line].encode("utf-16-le")) // 2)


def test_incremental_changes_are_applied_as_utf16_ranges():
    """Edits around a 😀 (two UTF-16 units) applied one after the other by the server give the text
    Python gets by applying them itself: the server formats both alike."""
    text = "// 😀 x\nArm : .bar P=[0,0] ;\n@0 Arm.P=[0,0];\n"
    edits = [  # ((line, character), (line, character), text), each on the text the last left
        ((0, 5), (0, 7), " yz"),           # after the emoji
        ((1, 0), (1, 3), "Lever"),         # the thing's name
        ((2, 3), (2, 6), "Lever"),         # and its use
        ((2, 17), (2, 17), " @1"),         # at the end of a line
        ((0, 3), (0, 5), ""),              # the emoji itself
        ((1, 20), (1, 40), " Q=[1,0];"),   # past the line's end: clamped to it
        ((1, 29), (2, 0), "\n\n"),         # across a line break
    ]
    c = Client()
    try:
        c.initialize()
        c.open("untitled:inc", text)
        for version, (start, end, new) in enumerate(edits, 2):
            c.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": "untitled:inc", "version": version},
                "contentChanges": [{"range": {"start": {"line": start[0], "character": start[1]},
                                              "end": {"line": end[0], "character": end[1]}},
                                    "text": new}]}})
            units = text.encode("utf-16-le")
            first, last = utf16_offset(text, *start) * 2, utf16_offset(text, *end) * 2
            text = (units[:first] + new.encode("utf-16-le") + units[last:]).decode("utf-16-le")
        assert text == "//  yz\nLever : .bar P=[0,0] Q=[1,0];\n\n@0 Lever.P=[0,0]; @1\n"
        c.open("untitled:expected", text)
        formatted = [c.request("textDocument/formatting", {
            "textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}})
            ["result"] for uri in ("untitled:inc", "untitled:expected")]
        assert formatted[0] == formatted[1] and formatted[0] != []
    finally:
        c.close()
