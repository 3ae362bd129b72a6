// Run inside a copy of a player page by tests/player/browser_test.cpp (Chromium --dump-dom): it
// drives the player with the keys a user presses, on a clock of its own (no waiting, no timing),
// and writes what it saw as JSON into <pre id="mv-test-result">. With #…&hook=keys it steps,
// plays and presents; with #…&hook=follow it reads the address bar's fragment after each step;
// otherwise it reports the state the URL fragment opened the page in.
(function () {
  "use strict";
  function key(k) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  }
  function report(result) {
    var pre = document.createElement("pre");
    pre.id = "mv-test-result";
    pre.textContent = JSON.stringify(result);
    document.body.appendChild(pre);
  }
  // Steps, plays and pauses, with the fragment after each and the history's length at the end.
  function follow(p, r) {
    var clock = 0;
    p.now = function () { return clock; };
    var entries = history.length;
    r.hashes = [];
    ["ArrowRight", "ArrowRight", "End", "PageUp"].forEach(function (k) {
      key(k);
      r.hashes.push(location.hash);
    });
    key("Home");
    key(" ");
    r.hashes.push(location.hash);  // playing from frame 0
    clock = 400;
    p.tick();
    r.hashes.push(location.hash);  // still: not rewritten on every frame
    key(" ");
    r.hashes.push(location.hash);  // paused at frame 10
    r.addedEntries = history.length - entries;
    return r;
  }

  function run() {
    var m = window.movimentum;
    if (!m) return setTimeout(run, 10);
    var p = m.player, clock = 0, r = {};
    p.now = function () { return clock; };
    r.initial = { frame: p.frame, playing: p.playing, presenting: p.presenting,
                  bare: document.body.classList.contains("mv-bare"),
                  present: document.body.classList.contains("mv-present"),
                  time: document.getElementById("mv-time").textContent,
                  canvas: [document.getElementById("mv-canvas").width,
                           document.getElementById("mv-canvas").height],
                  // The page's own height (not the window's) and the canvas' box, before the
                  // result is added to the page.
                  pageHeight: document.documentElement.getBoundingClientRect().height,
                  canvasBox: [document.getElementById("mv-canvas").getBoundingClientRect().width,
                              document.getElementById("mv-canvas").getBoundingClientRect().height],
                  hash: location.hash };
    r.fragments = ["#frame=50&controls=0", "#t=2.0", "t=1.5&present=1", "#frame=abc&t=",
                   "#frame=7&hook=keys", ""].map(function (f) { return m.parseFragment(f); });
    if (location.hash.indexOf("hook=follow") >= 0) return report(follow(p, r));
    if (location.hash.indexOf("hook=keys") < 0) return report(r);

    key("Home");
    r.steps = ["ArrowRight", "ArrowRight", "ArrowLeft", "End", "ArrowRight", "Home", "ArrowLeft",
               "PageDown", "PageDown", "PageDown", "PageDown", "PageUp"].map(function (k) {
      key(k);
      return p.frame;
    });
    key("Home");
    key("PageDown");
    r.markerTime = document.getElementById("mv-time").textContent;

    // Playing follows the clock: 400 ms at 1× are fps · 0.4 frames.
    key("Home");
    key(" ");
    r.playing = p.playing;
    clock = 400;
    p.tick();
    r.after400ms = p.frame;
    key(" ");
    r.pausedAt = p.frame;
    r.playingAfterPause = p.playing;
    // Looping from the last frame wraps to the first.
    key("End");
    key(" ");
    r.restartedAt = p.frame;

    // Presentation: from the first frame, Space plays to the next stop and stands there.
    key(" ");
    key("p");
    r.presenting = p.presenting && document.body.classList.contains("mv-present");
    key("Home");
    r.stops = [];
    r.monotonic = true;
    for (var n = 0; n < 100; ++n) {
      key(n % 2 ? "ArrowRight" : " ");
      if (!p.playing) break;
      var before = p.frame;
      for (var guard = 0; p.playing && guard < 100000; ++guard) {
        clock += 1000 / p.data.fps;
        p.tick();
        if (p.frame < before) r.monotonic = false;
        before = p.frame;
      }
      r.stops.push(p.frame);
    }
    key("ArrowLeft");
    r.backOnce = p.frame;
    key("PageUp");
    r.backTwice = p.frame;
    // Going on while it plays is being at the next stop at once.
    key("Home");
    key(" ");
    key("ArrowRight");
    r.skipped = { frame: p.frame, playing: p.playing };
    key("Escape");
    r.leftPresentation = !p.presenting && !document.body.classList.contains("mv-present");
    r.markers = p.data.markers.map(function (mk) { return mk.frame; });
    r.last = p.last;
    report(r);
  }
  run();
})();
