"""A request waiting for a solve waits alone: the pump turning for 600 s takes a while to solve,
and a hover asked at once is parked until its values are there while the requests after it are
answered; a cancel of the parked hover answers -32800 at once."""

import os

from client import SOURCE_DIR, Client, file_uri

PUMP = os.path.join(SOURCE_DIR, "samples/pump.movimentum")


def long_pump():
    with open(PUMP, encoding="utf-8") as f:
        return f.read().replace("@+12.0", "@+600.0")


def position_of(text, needle, offset=0):
    at = text.index(needle) + offset
    line = text.count("\n", 0, at)
    return {"line": line, "character": at - (text.rindex("\n", 0, at) + 1 if line else 0)}


def open_long_pump():
    c = Client()
    c.initialize()
    text = long_pump()
    uri = file_uri(os.path.join(SOURCE_DIR, "samples/long.movimentum"))
    c.open(uri, text)
    return c, uri, text


def test_requests_after_a_hover_waiting_for_the_solve_are_answered_first():
    c, uri, text = open_long_pump()
    try:
        document = {"textDocument": {"uri": uri}}
        hover = c.send_request("textDocument/hover", dict(
            document, position=position_of(text, "Crank.Q = Crank.P + [c", 6)))
        completion = c.send_request("textDocument/completion", dict(
            document, position=position_of(text, "Crank.Q = Crank.P + [c", 6)))
        symbols = c.send_request("textDocument/documentSymbol", document)
        order = [reply["id"] for reply in c.replies([hover, completion, symbols])]
        assert order == [completion, symbols, hover]
    finally:
        c.close()


def test_the_parked_hover_still_gets_the_solved_values():
    c, uri, text = open_long_pump()
    try:
        document = {"textDocument": {"uri": uri}}
        hover = c.send_request("textDocument/hover", dict(
            document, position=position_of(text, "Crank.Q = Crank.P + [c", 6)))
        symbols = c.send_request("textDocument/documentSymbol", document)
        replies = c.replies([hover, symbols])
        assert replies[0]["id"] == symbols and replies[0]["result"][1]["name"] == "Crank"
        value = replies[1]["result"]["contents"]["value"]
        assert "not solved yet" not in value and "frame 25" in value
    finally:
        c.close()


def test_cancelling_the_parked_hover_answers_minus_32800_and_the_id_is_forgotten():
    c, uri, text = open_long_pump()
    try:
        hover = c.send_request("textDocument/hover", {
            "textDocument": {"uri": uri},
            "position": position_of(text, "Crank.Q = Crank.P + [c", 6)})
        c.notify("$/cancelRequest", {"id": hover})
        assert c.reply(hover)["error"]["code"] == -32800
        # The id may be used again: the cancel is not remembered.
        again = c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}, id=hover)
        assert "result" in again
    finally:
        c.close()


def test_a_cancel_of_an_answered_request_is_forgotten():
    c = Client()
    try:
        c.initialize()
        c.open("untitled:a", "A : .bar P = [0,0];\n")
        document = {"textDocument": {"uri": "untitled:a"}}
        assert "result" in c.request("textDocument/documentSymbol", document, id=7)
        c.notify("$/cancelRequest", {"id": 7})
        assert "result" in c.request("textDocument/documentSymbol", document, id=7)
    finally:
        c.close()
