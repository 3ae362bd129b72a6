// The HTML player of `movimentum render --format html` (ui/export/html_export.cpp embeds this
// file) and of the editable page (`--editable`, bundled into resources/web/editor.js), whose
// worker gives it the data.
//
// The page holds the things' images once (hidden <img> elements with data URIs) and a pose table:
// for every frame each thing's pose (x, y, angle, in the world) and each drawn element's place (in
// the scene: the world with y flipped), as little-endian float32 in base64. Each frame is drawn on
// a canvas the way the program's own scene draws it (ui/machine_scene.cpp, ui/thing_item.cpp,
// ui/element_item.cpp): white ground, things in definition order, then the elements' visuals, then
// the traces, with the same transforms, pens and colours, so a frame looks like `render --format
// png` of it. The canvas' backing store has devicePixelRatio pixels per CSS pixel: crisp at any
// zoom. Nothing is fetched: the page works from file:// and offline.
//
// URL fragment: #frame=N or #t=SECONDS opens paused there; #play (or &play) plays from there;
// &controls=0 shows the canvas alone at its size in the top-left corner; &present=1 starts
// presentation (marker to marker). Once open, the fragment follows the frame shown (#frame=N,
// with &play while it plays), by history.replaceState: a link to the current frame can be copied
// from the address bar, and Back still leaves the page rather than stepping through frames.
(function () {
  "use strict";
  var scriptStartMs = performance.now();

  var SPEEDS = [0.25, 0.5, 1, 2, 4];
  var SPEED_NAMES = ["\u00bc\u00d7", "\u00bd\u00d7", "1\u00d7", "2\u00d7", "4\u00d7"];
  var TRACE_COLOUR = "rgba(230, 90, 20, " + 200 / 255 + ")";  // MachineScene::setTrace

  // --- the data -----------------------------------------------------------------------------

  function decodeTable(base64) {
    var bytes = atob(base64);
    var count = bytes.length >> 2;
    var buffer = new ArrayBuffer(count * 4);
    var raw = new Uint8Array(buffer);
    for (var i = 0; i < raw.length; ++i) raw[i] = bytes.charCodeAt(i);
    var view = new DataView(buffer);
    var table = new Float32Array(count);
    for (var j = 0; j < count; ++j) table[j] = view.getFloat32(4 * j, true);
    return table;
  }

  var FRAGMENT_KEYS = ["frame", "t", "play", "controls", "present"];

  // "frame=50&controls=0" (with or without '#'): {frame, t, play, controls, present}; unknown keys
  // and values that are not numbers are left out. "play" alone is play=1.
  function parseFragment(hash) {
    var result = {};
    var text = String(hash || "").replace(/^#/, "");
    if (!text) return result;
    text.split("&").forEach(function (part) {
      var eq = part.indexOf("=");
      var key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      var value = eq < 0 ? "" : decodeURIComponent(part.slice(eq + 1));
      if (key === "frame" && /^\s*-?\d+\s*$/.test(value)) result.frame = parseInt(value, 10);
      else if (key === "t" && value.trim() !== "" && isFinite(Number(value)))
        result.t = Number(value);
      else if (key === "play") result.play = value !== "0";
      else if (key === "controls") result.controls = value !== "0";
      else if (key === "present") result.present = value === "1";
    });
    return result;
  }

  // The fragment for the page's state: `current` with its own keys replaced by the frame shown,
  // "play" while playing, and the controls and presentation as they are; other keys kept.
  function fragmentFor(current, state) {
    var kept = String(current || "").replace(/^#/, "").split("&").filter(function (part) {
      var key = decodeURIComponent(part.split("=")[0]);
      return part !== "" && FRAGMENT_KEYS.indexOf(key) < 0;
    });
    var parts = ["frame=" + state.frame];
    if (state.playing) parts.push("play");
    if (!state.controls) parts.push("controls=0");
    if (state.presenting) parts.push("present=1");
    return "#" + parts.concat(kept).join("&");
  }

  // Where presentation stops: the first frame, every marker, the last frame (sorted, once each).
  function presentationStops(first, last, markers) {
    var stops = [first];
    markers.forEach(function (m) { if (m.frame > first && m.frame < last) stops.push(m.frame); });
    if (last > first) stops.push(last);
    stops.sort(function (a, b) { return a - b; });
    return stops.filter(function (f, i) { return i === 0 || f !== stops[i - 1]; });
  }

  function Player(data, images, now) {
    this.now = now || function () { return performance.now(); };
    this.frame = data.first;
    this.playing = false;
    this.loop = true;
    this.speed = 1;
    this.presenting = false;
    this.target = -1;  // presentation: the stop being played to, -1 when standing
    this.listeners = [];
    this.load(data, images);
  }

  // The animation played: at first, and in the editable page at every edit that solves
  // (resources/web/), where the playhead stays where it stood.
  Player.prototype.load = function (data, images) {
    this.data = data;
    this.images = images;
    this.first = data.first;
    this.last = data.first + data.count - 1;
    this.table = decodeTable(data.table);
    this.stride = data.stride;
    this.frame = this.clamp(this.frame);
    this.stops = presentationStops(this.first, this.last, data.markers);
    this.traces = this.computeTraces();
  };

  Player.prototype.timeOf = function (frame) {
    return this.data.startTime + frame / this.data.fps;
  };

  // As the editor's timeline shows it: "T 1.20 s  frame 30 / 325".
  Player.prototype.timeText = function (frame) {
    return "T " + this.timeOf(frame).toFixed(2) + " s  frame " + frame + " / " + this.last;
  };

  Player.prototype.frameOfTime = function (t) {
    return Math.round((t - this.data.startTime) * this.data.fps);
  };

  Player.prototype.clamp = function (frame) {
    return Math.max(this.first, Math.min(this.last, Math.round(frame)));
  };

  Player.prototype.changed = function () {
    for (var i = 0; i < this.listeners.length; ++i) this.listeners[i](this);
  };

  Player.prototype.seek = function (frame) {
    frame = this.clamp(frame);
    if (this.playing) this.restartClock(frame);
    this.frame = frame;
    this.changed();
  };

  Player.prototype.restartClock = function (frame) {
    this.playStart = frame;
    this.playStartMs = this.now();
  };

  Player.prototype.play = function () {
    if (this.last <= this.first) return;
    if (!this.presenting && this.frame >= this.last) this.frame = this.first;
    this.playing = true;
    this.restartClock(this.frame);
    this.changed();
  };

  Player.prototype.pause = function () {
    this.playing = false;
    this.target = -1;
    this.changed();
  };

  Player.prototype.togglePlay = function () {
    if (this.playing) this.pause(); else this.play();
  };

  Player.prototype.setSpeed = function (speed) {
    if (SPEEDS.indexOf(speed) < 0) return;
    this.speed = speed;
    if (this.playing) this.restartClock(this.frame);
    this.changed();
  };

  Player.prototype.step = function (delta) {
    if (this.playing) this.pause();
    this.seek(this.frame + delta);
  };

  // The marker after (delta > 0) or before the current frame; the first or last frame past them.
  Player.prototype.markerFrom = function (frame, delta) {
    var frames = this.data.markers.map(function (m) { return m.frame; });
    if (delta > 0) {
      for (var i = 0; i < frames.length; ++i) if (frames[i] > frame) return frames[i];
      return this.last;
    }
    for (var j = frames.length - 1; j >= 0; --j) if (frames[j] < frame) return frames[j];
    return this.first;
  };

  Player.prototype.stepMarker = function (delta) {
    if (this.playing) this.pause();
    this.seek(this.markerFrom(this.frame, delta));
  };

  // Playback follows the wall clock (ui/playback_clock.cpp): a slow paint skips frames.
  Player.prototype.tick = function () {
    if (!this.playing) return;
    var elapsed = this.now() - this.playStartMs;
    var advanced = Math.floor(elapsed * this.data.fps * this.speed / 1000);
    var frame = this.playStart + advanced;
    if (this.presenting && this.target >= 0) {
      if (frame >= this.target) {
        this.frame = this.target;
        this.playing = false;
        this.target = -1;
      } else {
        this.frame = frame;
      }
    } else if (frame > this.last) {
      if (this.loop) {
        var count = this.last - this.first + 1;
        this.frame = this.first + ((frame - this.first) % count);
      } else {
        this.frame = this.last;
        this.playing = false;
      }
    } else {
      this.frame = frame;
    }
    this.changed();
  };

  // --- presentation: from marker to marker ----------------------------------------------------

  Player.prototype.nextStop = function (frame) {
    for (var i = 0; i < this.stops.length; ++i) if (this.stops[i] > frame) return this.stops[i];
    return -1;
  };

  Player.prototype.previousStop = function (frame) {
    for (var i = this.stops.length - 1; i >= 0; --i) if (this.stops[i] < frame) return this.stops[i];
    return this.first;
  };

  // Space or →: play to the next stop; while playing there, be there at once.
  Player.prototype.presentForward = function () {
    if (this.playing && this.target >= 0) {
      var reached = this.target;
      this.pause();
      this.seek(reached);
      return;
    }
    var next = this.nextStop(this.frame);
    if (next < 0) return;
    this.target = next;
    this.playing = true;
    this.restartClock(this.frame);
    this.changed();
  };

  // ←: back to the stop before (while playing: to the stop the segment started from).
  Player.prototype.presentBack = function () {
    var from = this.playing && this.target >= 0 ? this.previousStop(this.target) : null;
    this.pause();
    this.seek(from !== null ? from : this.previousStop(this.frame));
  };

  Player.prototype.setPresenting = function (on) {
    this.presenting = on;
    this.pause();
  };

  // --- traces: an anchor's world position in every frame, from the poses ------------------------

  Player.prototype.computeTraces = function () {
    var self = this;
    return (this.data.traces || []).map(function (trace) {
      var points = [];
      for (var f = self.first; f <= self.last; ++f) {
        var o = (f - self.first) * self.stride + 3 * trace.thing;
        var x = self.table[o], y = self.table[o + 1], a = self.table[o + 2];
        if (!isFinite(x) || !isFinite(y) || !isFinite(a)) continue;
        var c = Math.cos(a), s = Math.sin(a), lx = trace.local[0], ly = trace.local[1];
        points.push([x + c * lx - s * ly, self.data.height - (y + s * lx + c * ly)]);
      }
      return points;
    });
  };

  // --- drawing: the scene of the frame, as ui/machine_scene.cpp paints it ------------------------

  // `sx`, `sy`: device pixels per scene unit.
  Player.prototype.draw = function (ctx, frame, sx, sy) {
    var data = this.data;
    var o = (this.clamp(frame) - this.first) * this.stride;
    var t = this.table;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    ctx.imageSmoothingEnabled = true;
    for (var i = 0; i < data.things.length; ++i, o += 3) {
      var x = t[o], y = t[o + 1], a = t[o + 2];
      if (!isFinite(x) || !isFinite(y) || !isFinite(a)) continue;
      var c = Math.cos(a), s = Math.sin(a);
      // ThingItem::transformFor: pixel (px, py) -> scene (c px + s py + x, -s px + c py + H - y)
      ctx.setTransform(sx * c, -sy * s, sx * s, sy * c, sx * x, sy * (data.height - y));
      drawThing(ctx, data.things[i], this.images);
    }
    for (var e = 0; e < data.elements.length; ++e) {
      var element = data.elements[e];
      var values = [];
      for (var k = 0; k < element.values; ++k) values.push(t[o + k]);
      o += element.values;
      if (element.values === 0 || !isFinite(values[0])) continue;
      ctx.setTransform(sx, 0, 0, sy, 0, 0);
      drawElement(ctx, element, values, this.images);
    }
    if (this.traces.length) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.strokeStyle = TRACE_COLOUR;
      ctx.lineWidth = 1;  // cosmetic, as the scene's: one pixel at any zoom
      ctx.lineJoin = "miter";
      ctx.lineCap = "butt";
      this.traces.forEach(function (points) {
        ctx.beginPath();
        points.forEach(function (p, n) {
          if (n === 0) ctx.moveTo(p[0] * sx, p[1] * sy); else ctx.lineTo(p[0] * sx, p[1] * sy);
        });
        ctx.stroke();
      });
    }
  };

  function drawThing(ctx, thing, images) {
    if (thing.kind === "image") {
      ctx.drawImage(images[thing.image], 0, 0);
    } else if (thing.kind === "bar") {
      var points = thing.points;
      ctx.strokeStyle = thing.color;
      ctx.fillStyle = thing.color;
      ctx.lineWidth = thing.width;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      var same = points.every(function (p) { return p[0] === points[0][0] && p[1] === points[0][1]; });
      if (same) {  // a point drawn with a round pen: a disc as wide as the pen
        ctx.beginPath();
        ctx.arc(points[0][0], points[0][1], thing.width / 2, 0, 2 * Math.PI);
        ctx.fill();
        return;
      }
      ctx.beginPath();
      points.forEach(function (p, n) { if (n === 0) ctx.moveTo(p[0], p[1]); else ctx.lineTo(p[0], p[1]); });
      ctx.stroke();
    } else {  // an image that could not be read: the dashed placeholder
      var r = thing.rect;
      ctx.fillStyle = "rgba(255, 220, 220, " + 160 / 255 + ")";
      ctx.fillRect(r[0], r[1], r[2], r[3]);
      ctx.strokeStyle = "rgb(200, 40, 40)";
      ctx.lineWidth = 1;
      ctx.setLineDash([4, 2]);
      ctx.strokeRect(r[0], r[1], r[2], r[3]);
      ctx.beginPath();
      ctx.moveTo(r[0], r[1]); ctx.lineTo(r[0] + r[2], r[1] + r[3]);
      ctx.moveTo(r[0] + r[2], r[1]); ctx.lineTo(r[0], r[1] + r[3]);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = "rgb(140, 20, 20)";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(thing.name, r[0] + r[2] / 2, r[1] + r[3] / 2);
    }
  }

  // ElementItem::paint: a pendulum's rod, the disc at the bob and the pivot; a point's disc; or
  // the element's image centred on the bob (turned with the rod). `v`: bob x, y, then for a
  // pendulum pivot x, y and the angle, in scene units.
  function drawElement(ctx, element, v, images) {
    var pendulum = element.kind === "pendulum";
    if (element.image >= 0) {
      var image = images[element.image];
      ctx.translate(v[0], v[1]);
      if (pendulum) ctx.rotate(-v[4]);
      ctx.translate(-image.naturalWidth / 2, -image.naturalHeight / 2);
      ctx.drawImage(image, 0, 0);
      return;
    }
    if (pendulum) {
      ctx.strokeStyle = "#000000";
      ctx.lineWidth = 3;
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(v[2], v[3]);
      ctx.lineTo(v[0], v[1]);
      ctx.stroke();
    }
    ctx.fillStyle = "#000000";
    ctx.beginPath();
    ctx.arc(v[0], v[1], 10, 0, 2 * Math.PI);
    ctx.fill();
    if (!pendulum) return;
    ctx.fillStyle = "#ffffff";
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(v[2], v[3], 3.5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }

  // --- the timeline: the frames, the marker ticks with their times, the playhead ---------------

  function Timeline(canvas, player) {
    this.canvas = canvas;
    this.player = player;
    this.margin = 8;
    this.dragging = false;
    var self = this;
    function seekAt(event) {
      var rect = canvas.getBoundingClientRect();
      player.pause();
      player.seek(self.frameAt(event.clientX - rect.left));
    }
    canvas.addEventListener("pointerdown", function (event) {
      self.dragging = true;
      if (canvas.setPointerCapture) canvas.setPointerCapture(event.pointerId);
      seekAt(event);
    });
    canvas.addEventListener("pointermove", function (event) {
      if (self.dragging) return seekAt(event);
      var rect = canvas.getBoundingClientRect();
      canvas.title = self.toolTipAt(event.clientX - rect.left);
    });
    canvas.addEventListener("pointerup", function () {
      self.dragging = false;
      player.changed();  // the frame the drag ended on goes into the fragment
    });
  }

  Timeline.prototype.width = function () {
    return this.canvas.getBoundingClientRect().width || 400;
  };

  Timeline.prototype.xOf = function (frame) {
    var p = this.player, w = this.width() - 2 * this.margin;
    var span = Math.max(1, p.last - p.first);
    return this.margin + (frame - p.first) / span * w;
  };

  Timeline.prototype.frameAt = function (x) {
    var p = this.player, w = this.width() - 2 * this.margin;
    return p.clamp(p.first + (x - this.margin) / Math.max(1, w) * Math.max(1, p.last - p.first));
  };

  Timeline.prototype.toolTipAt = function (x) {
    var markers = this.player.data.markers, best = null, bestDistance = 5;
    for (var i = 0; i < markers.length; ++i) {
      var d = Math.abs(this.xOf(markers[i].frame) - x);
      if (d <= bestDistance) { best = markers[i]; bestDistance = d; }
    }
    return best ? best.label + "  frame " + best.frame : "";
  };

  Timeline.prototype.draw = function () {
    var canvas = this.canvas, p = this.player, dpr = window.devicePixelRatio || 1;
    var w = this.width(), h = 44;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
    }
    var ctx = canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    var barTop = 16, barHeight = 14;
    ctx.fillStyle = "rgb(190, 210, 240)";  // every frame of the page is solved
    ctx.fillRect(this.margin, barTop, w - 2 * this.margin, barHeight);
    ctx.fillStyle = "rgb(220, 40, 40)";
    var self = this;
    p.data.failed.forEach(function (f) {
      var x = self.xOf(f);
      ctx.fillRect(x - 0.5, barTop, Math.max(1, self.xOf(f + 1) - x), barHeight);
    });
    // Marker ticks, and as many labels as fit left to right without touching (marker_labels.h).
    ctx.font = "11px system-ui, sans-serif";
    ctx.textBaseline = "alphabetic";
    var lastRight = -Infinity;
    ctx.strokeStyle = "rgb(90, 90, 90)";
    ctx.fillStyle = "rgb(60, 60, 60)";
    p.data.markers.forEach(function (m) {
      var x = Math.round(self.xOf(m.frame)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(x, barTop - 4);
      ctx.lineTo(x, barTop + barHeight);
      ctx.lineWidth = 1;
      ctx.stroke();
      var width = ctx.measureText(m.label).width;
      var left = Math.min(x + 2, w - width);
      if (left < lastRight + 6) return;
      ctx.fillText(m.label, left, 11);
      lastRight = left + width;
    });
    // The playhead.
    var x = self.xOf(p.frame);
    ctx.fillStyle = "rgb(30, 120, 230)";
    ctx.fillRect(Math.round(x) - 1, barTop - 2, 2, barHeight + 4);
    ctx.fillStyle = "rgb(100, 100, 100)";
    ctx.textBaseline = "top";
    ctx.fillText(String(p.first), this.margin, barTop + barHeight + 3);
    var lastText = String(p.last);
    ctx.fillText(lastText, w - this.margin - ctx.measureText(lastText).width, barTop + barHeight + 3);
  };

  // --- the page -------------------------------------------------------------------------------

  function Page(player) {
    this.player = player;
    this.canvas = document.getElementById("mv-canvas");
    this.timeline = new Timeline(document.getElementById("mv-timeline"), player);
    this.timeLabel = document.getElementById("mv-time");
    this.playButton = document.getElementById("mv-play");
    this.shown = -1;
    // The share of the window's width the canvas may take: all of it on the player's page, half
    // beside the editor of the editable page (editablePlayer), whose script must stay in view in
    // an iframe of the canvas's size too.
    this.share = 1;
    var self = this;
    this.following = false;  // true once the page stands where its fragment said
    this.fragmentPlaying = false;
    player.listeners.push(function () {
      self.update();
      self.followInFragment();
    });
    this.buildControls();
    document.addEventListener("keydown", function (event) { self.onKey(event); });
    window.addEventListener("resize", function () { self.layout(); });
    window.addEventListener("hashchange", function () {
      self.following = false;
      self.applyFragment(location.hash);
      self.startFollowing();
    });
    document.addEventListener("fullscreenchange", function () {
      if (!document.fullscreenElement && self.player.presenting && self.wasFullscreen)
        self.setPresenting(false);
      self.wasFullscreen = !!document.fullscreenElement;
      self.layout();
    });
    this.canvas.addEventListener("click", function () {
      if (!self.player.presenting) return;
      self.requestFullscreen();  // a click is a gesture the browser allows full screen after
      self.player.presentForward();
    });
    var loop = function () {
      self.player.tick();
      window.requestAnimationFrame(loop);
    };
    window.requestAnimationFrame(loop);
  }

  // From now on the fragment follows the frame shown; as the page stands it says so already.
  Page.prototype.startFollowing = function () {
    this.following = true;
    this.fragmentPlaying = this.player.playing;
  };

  Page.prototype.buildControls = function () {
    var p = this.player, self = this;
    var speed = document.getElementById("mv-speed");
    SPEEDS.forEach(function (s, i) {
      var option = document.createElement("option");
      option.value = String(s);
      option.textContent = SPEED_NAMES[i];
      speed.appendChild(option);
    });
    speed.value = "1";
    speed.addEventListener("change", function () { p.setSpeed(Number(speed.value)); });
    var loop = document.getElementById("mv-loop");
    loop.addEventListener("change", function () { p.loop = loop.checked; });
    this.playButton.addEventListener("click", function () { p.togglePlay(); });
    document.getElementById("mv-prev").addEventListener("click", function () { p.step(-1); });
    document.getElementById("mv-next").addEventListener("click", function () { p.step(1); });
    document.getElementById("mv-prev-marker").addEventListener("click", function () { p.stepMarker(-1); });
    document.getElementById("mv-next-marker").addEventListener("click", function () { p.stepMarker(1); });
    document.getElementById("mv-present").addEventListener("click", function () {
      self.setPresenting(true);
      self.requestFullscreen();
    });
  };

  Page.prototype.requestFullscreen = function () {
    var element = document.getElementById("mv-player");
    if (document.fullscreenElement || !element.requestFullscreen) return;
    var request = element.requestFullscreen();
    if (request && request.catch) request.catch(function () {});  // refused: the window it is
  };

  Page.prototype.setPresenting = function (on) {
    this.player.setPresenting(on);
    document.body.classList.toggle("mv-present", on);
    if (!on && document.fullscreenElement && document.exitFullscreen) {
      var exit = document.exitFullscreen();
      if (exit && exit.catch) exit.catch(function () {});
    }
    this.layout();
  };

  Page.prototype.applyFragment = function (hash) {
    var f = parseFragment(hash), p = this.player;
    document.body.classList.toggle("mv-bare", f.controls === false);
    if (f.frame !== undefined || f.t !== undefined) {
      p.pause();
      p.seek(f.frame !== undefined ? f.frame : p.frameOfTime(f.t));
    }
    if (f.present) this.setPresenting(true);
    if (f.play && !p.playing) p.play();
    this.layout();
  };

  // After every change the page has been asked for (never while it reads its fragment), the
  // address bar's fragment says where it stands. While playing, or dragging on the timeline, it is
  // rewritten only when that starts or stops: browsers throttle (Safari refuses) a page that
  // replaces its URL more than a few times a second.
  Page.prototype.followInFragment = function () {
    var p = this.player;
    if (!this.following || this.timeline.dragging || (p.playing && this.fragmentPlaying)) return;
    this.fragmentPlaying = p.playing;
    var fragment = fragmentFor(location.hash, {
      frame: p.frame, playing: p.playing, presenting: p.presenting,
      controls: !document.body.classList.contains("mv-bare") });
    if (fragment === location.hash) return;
    try {
      history.replaceState(history.state, "", fragment);
    } catch (e) {
      // A page in an iframe's srcdoc (a notebook) has no URL of its own to rewrite.
    }
  };

  // The canvas at the page's size (its CSS size, or the largest that fits the window while
  // presenting), its backing store at devicePixelRatio.
  Page.prototype.layout = function () {
    var d = this.player.data, dpr = window.devicePixelRatio || 1;
    var w = d.pixelWidth, h = d.pixelHeight;
    if (this.player.presenting) {
      var fit = Math.min(window.innerWidth / w, window.innerHeight / h);
      w = w * fit;
      h = h * fit;
    } else if (!document.body.classList.contains("mv-bare")) {
      var room = Math.max(200, window.innerWidth * this.share - 20);
      if (w > room) { h = h * room / w; w = room; }
    }
    this.canvas.style.width = w + "px";
    this.canvas.style.height = h + "px";
    this.canvas.width = Math.max(1, Math.round(w * dpr));
    this.canvas.height = Math.max(1, Math.round(h * dpr));
    document.getElementById("mv-timeline").style.width = w + "px";
    this.shown = -1;
    this.update();
  };

  Page.prototype.update = function () {
    var p = this.player;
    if (p.frame !== this.shown || this.shownSize !== this.canvas.width) {
      var ctx = this.canvas.getContext("2d");
      p.draw(ctx, p.frame, this.canvas.width / p.data.width, this.canvas.height / p.data.height);
      this.shown = p.frame;
      this.shownSize = this.canvas.width;
    }
    this.timeLabel.textContent = p.timeText(p.frame);
    this.playButton.innerHTML = p.playing ? "&#10074;&#10074;" : "&#9654;";
    if (!document.body.classList.contains("mv-bare") && !p.presenting) this.timeline.draw();
  };

  Page.prototype.onKey = function (event) {
    var target = event.target;
    if (target && (target.tagName === "SELECT" || (target.tagName === "INPUT" && target.type !== "checkbox")))
      return;
    var p = this.player, handled = true;
    if (p.presenting) {
      switch (event.key) {
        case " ": case "ArrowRight": case "PageDown": case "Enter":
          this.requestFullscreen();
          p.presentForward();
          break;
        case "ArrowLeft": case "PageUp": case "Backspace": p.presentBack(); break;
        case "Escape": this.setPresenting(false); break;
        case "Home": p.pause(); p.seek(p.first); break;
        case "End": p.pause(); p.seek(p.last); break;
        default: handled = false;
      }
    } else {
      switch (event.key) {
        case " ": p.togglePlay(); break;
        case "ArrowRight": p.step(1); break;
        case "ArrowLeft": p.step(-1); break;
        case "PageDown": p.stepMarker(1); break;
        case "PageUp": p.stepMarker(-1); break;
        case "Home": p.pause(); p.seek(p.first); break;
        case "End": p.pause(); p.seek(p.last); break;
        case "p": case "P": this.setPresenting(true); this.requestFullscreen(); break;
        default: handled = false;
      }
    }
    if (handled) event.preventDefault();
  };

  // The images of `data`: the <img> elements its ids name.
  function imagesOf(data) {
    return data.images.map(function (id) { return document.getElementById(id); });
  }

  function start(data, share) {
    var player = new Player(data, imagesOf(data));
    var page = new Page(player);
    page.share = share || 1;
    // The editable page (resources/web/editor.js) has set window.movimentum already: added to.
    var api = window.movimentum || (window.movimentum = {});
    api.player = player;
    api.page = page;
    api.parseFragment = parseFragment;
    api.fragmentFor = fragmentFor;
    api.presentationStops = presentationStops;
    page.applyFragment(location.hash);
    page.layout();
    page.startFollowing();
    // When the first frame was drawn, in ms since the page was asked for (docs/performance.md).
    api.firstFrameMs = performance.now();
    api.setupMs = api.firstFrameMs - scriptStartMs;  // decode, draw
    document.documentElement.setAttribute("data-mv-ready", "1");
    return page;
  }

  // The editable page gives the player its data as the worker solves it: `show(data)` plays a
  // new animation from the frame under the playhead (the first whole one starts the player, which
  // then goes where the URL fragment says; `partial`: the frames solved so far);
  // `preview(data)` draws a data's one frame on the canvas until the animation comes.
  function editablePlayer() {
    var page = null;
    return {
      show: function (data, partial) {
        whenImagesDecoded(function () {
          if (!page && partial) return;
          if (!page) {
            page = start(data, 0.5);
            return;
          }
          page.player.load(data, imagesOf(data));
          page.layout();
        });
      },
      preview: function (data) {
        whenImagesDecoded(function () {
          var one = new Player(data, imagesOf(data));
          var canvas = document.getElementById("mv-canvas");
          if (!page) {  // nothing shown yet: the canvas at the size the player will give it
            canvas.width = data.pixelWidth;
            canvas.height = data.pixelHeight;
          }
          one.draw(canvas.getContext("2d"), data.first, canvas.width / data.width,
                   canvas.height / data.height);
          if (page) page.shown = data.first;
        });
      },
      frame: function () { return page ? page.player.frame : 0; },
      // x, y and angle of each thing in the frame under the playhead, as the table holds them;
      // null before an animation is shown.
      poses: function () {
        if (!page) return null;
        var p = page.player, o = (p.frame - p.first) * p.stride;
        return Array.prototype.slice.call(p.table.subarray(o, o + 3 * p.data.things.length));
      },
    };
  }

  // The images are <img> elements with data URIs: drawn once they are decoded.
  function whenImagesDecoded(callback) {
    var pending = Array.prototype.slice.call(document.querySelectorAll("img.mv-image"))
      .filter(function (img) { return !img.complete; });
    if (!pending.length) return callback();
    var left = pending.length;
    pending.forEach(function (img) {
      var done = function () { if (--left === 0) callback(); };
      img.addEventListener("load", done);
      img.addEventListener("error", done);
    });
  }

  var embedded = document.getElementById("mv-data");
  if (embedded) whenImagesDecoded(function () { start(JSON.parse(embedded.textContent)); });
  else window.movimentumPlayer = editablePlayer();
})();
