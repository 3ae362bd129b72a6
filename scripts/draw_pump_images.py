#!/usr/bin/env python3
"""Draws the images of samples/pump.movimentum: engine (cylinder), crank (disc), piston, conrod.

Only the standard library: shapes are tested per sub-pixel (4x4 samples) for smooth edges and the
result is written as an 8-bit RGBA PNG with zlib and struct. The anchor positions the script uses
are the pixel positions printed at the end; they are the centres of the drawn pivots and eyes.
Run: python3 scripts/draw_pump_images.py samples/
"""

import math
import os
import struct
import sys
import zlib

SAMPLES = 4


class Canvas:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = [[(0, 0, 0, 0) for _ in range(width)] for _ in range(height)]

    def fill(self, inside, colour, box=None):
        """Paints colour where inside(x, y) holds, x and y in pixel units (0,0 = top-left corner).
        colour may be a function of (x, y) for shading."""
        x0, y0, x1, y1 = box if box else (0, 0, self.width, self.height)
        x0, y0 = max(0, int(x0) - 1), max(0, int(y0) - 1)
        x1, y1 = min(self.width, int(x1) + 2), min(self.height, int(y1) + 2)
        for py in range(y0, y1):
            for px in range(x0, x1):
                hits = 0
                for sy in range(SAMPLES):
                    for sx in range(SAMPLES):
                        if inside(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES):
                            hits += 1
                if hits:
                    c = colour(px + 0.5, py + 0.5) if callable(colour) else colour
                    self.blend(px, py, c, hits / (SAMPLES * SAMPLES))

    def blend(self, x, y, colour, coverage):
        r, g, b = colour[:3]
        a = (colour[3] / 255 if len(colour) > 3 else 1.0) * coverage
        dr, dg, db, da = self.pixels[y][x]
        da /= 255
        oa = a + da * (1 - a)
        if oa <= 0:
            return
        mix = lambda s, d: round((s * a + d * da * (1 - a)) / oa)
        self.pixels[y][x] = (mix(r, dr), mix(g, dg), mix(b, db), round(oa * 255))

    def save(self, path):
        raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in self.pixels)
        def chunk(kind, data):
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)
        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
                    + chunk(b"IEND", b""))


def rect(x0, y0, x1, y1, radius=0.0):
    def inside(x, y):
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        cx = min(max(x, x0 + radius), x1 - radius)
        cy = min(max(y, y0 + radius), y1 - radius)
        return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 + 1e-9
    return inside


def circle(cx, cy, r):
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def ring(cx, cy, outer, inner):
    return lambda x, y: inner * inner < (x - cx) ** 2 + (y - cy) ** 2 <= outer * outer


def minus(a, b):
    return lambda x, y: a(x, y) and not b(x, y)


def metal(base, light, axis_from, axis_to):
    """A cylindrical shading across an axis: brighter in the middle, like turned steel."""
    def colour(x, y):
        s = (y - axis_from) / max(1e-9, axis_to - axis_from)
        k = 1 - abs(2 * min(max(s, 0), 1) - 1) ** 2
        return tuple(round(b + (l - b) * k) for b, l in zip(base, light)) + (255,)
    return colour


OUTLINE = (40, 44, 52)


def engine():
    """The pump cylinder: head on the left with inlet and outlet valves on top, bore open to the right."""
    c = Canvas(290, 140)
    body = rect(0, 40, 290, 140, 4)
    c.fill(body, OUTLINE)
    c.fill(rect(2, 42, 288, 138, 3), metal((110, 118, 130), (200, 206, 214), 40, 140))
    c.fill(rect(24, 50, 290, 130), (58, 62, 70))  # the bore, seen in section
    c.fill(rect(24, 52, 290, 128), metal((78, 84, 94), (120, 128, 140), 50, 130))
    for x in range(40, 290, 60):  # cooling fins on the outside
        c.fill(rect(x, 40, x + 6, 50), (90, 96, 106))
        c.fill(rect(x, 130, x + 6, 140), (90, 96, 106))
    c.fill(rect(282, 36, 290, 52), OUTLINE)  # flange round the open end
    c.fill(rect(282, 128, 290, 140), OUTLINE)
    for x0, colour in ((30, (60, 120, 200)), (58, (200, 80, 60))):  # inlet (blue), outlet (red)
        c.fill(rect(x0, 4, x0 + 14, 42), OUTLINE)
        c.fill(rect(x0 + 2, 6, x0 + 12, 42), colour)
        c.fill(rect(x0 - 4, 0, x0 + 18, 8, 2), OUTLINE)
    c.fill(circle(24, 90, 2.5), (230, 200, 60))  # mark of the anchor P on the head face
    return c, {"P": (24, 90)}


def crank():
    """The crank disc: hub at the centre P, crank pin at Q below it, counterweight opposite."""
    c = Canvas(96, 96)
    cx, cy, pin = 48, 48, (48, 83)
    c.fill(circle(cx, cy, 46), OUTLINE)
    c.fill(circle(cx, cy, 44), metal((70, 110, 160), (150, 190, 230), 4, 92))
    c.fill(lambda x, y: circle(cx, cy, 40)(x, y) and y < cy - 12, (50, 80, 120))  # counterweight
    c.fill(circle(cx, cy, 11), OUTLINE)
    c.fill(circle(cx, cy, 8), (200, 206, 214))
    c.fill(circle(*pin, 8), OUTLINE)
    c.fill(circle(*pin, 6), (230, 200, 60))
    return c, {"P": (cx, cy), "Q": pin}


def piston():
    """The piston seen from the side: crown on the left with three rings, wrist pin P."""
    c = Canvas(64, 76)
    c.fill(rect(0, 0, 64, 76, 5), OUTLINE)
    c.fill(rect(2, 2, 62, 74, 4), metal((150, 150, 156), (225, 225, 230), 2, 74))
    for x in (6, 12, 18):
        c.fill(rect(x, 2, x + 3, 74), (70, 70, 78))
    pin = (40, 38)
    c.fill(circle(*pin, 9), OUTLINE)
    c.fill(circle(*pin, 6.5), (190, 190, 196))
    return c, {"P": pin}


def conrod():
    """The connecting rod: big eye P (on the crank pin) and small eye Q (on the wrist pin)."""
    c = Canvas(176, 32)
    big, small = (16, 16), (156, 16)

    def shank(x, y):
        s = (x - big[0]) / (small[0] - big[0])
        half = 7 - 2.5 * s
        return 0 <= s <= 1 and abs(y - 16) <= half

    colour = metal((120, 70, 40), (210, 150, 100), 4, 28)
    c.fill(lambda x, y: shank(x, y) or circle(*big, 15)(x, y) or circle(*small, 12)(x, y), OUTLINE)
    c.fill(lambda x, y: (shank(x, y) and abs(y - 16) <= 5.5 - 2.5 * (x - 16) / 140)
           or circle(*big, 13)(x, y) or circle(*small, 10)(x, y), colour)
    c.fill(circle(*big, 7), (30, 30, 34, 255))
    c.fill(circle(*small, 5.5), (30, 30, 34, 255))
    return c, {"P": big, "Q": small}


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "samples"
    for name, draw in (("engine", engine), ("crank", crank), ("piston", piston), ("conrod", conrod)):
        image, anchors = draw()
        image.save(os.path.join(folder, name + ".png"))
        print(name, image.width, "x", image.height, "anchors", anchors)


if __name__ == "__main__":
    main()
