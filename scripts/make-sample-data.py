#!/usr/bin/env python3
"""Generate the embedded market's sample data: SampleData/images/*.png and SampleData/products.json.

Standard library only (zlib, struct, json, random, colorsys, math). Deterministic: a fixed seed and a fixed
drawing order, so rerunning the script rewrites byte-identical files.

    python3 scripts/make-sample-data.py
"""

import colorsys
import json
import math
import os
import random
import struct
import sys
import zlib

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT_DIR = os.path.join(ROOT, "SampleData")
IMAGE_DIR = os.path.join(OUT_DIR, "images")
SEED = 20240615
WIDTH = HEIGHT = 320
MAX_IMAGE_BYTES = 300 * 1024  # MarketLimits.maxImageBytes

# ---------------------------------------------------------------------------------------------------------------
# PNG encoding
# ---------------------------------------------------------------------------------------------------------------


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode_png(width, height, rows):
    """rows: list of bytearray (RGB, 3 * width bytes each). Filter type 0 for every row."""
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit truecolour, no interlace
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", zlib.compress(raw, 9))
            + png_chunk(b"IEND", b""))


def check_png(data):
    """Re-read a PNG written by encode_png: signature, chunk CRCs, IHDR, and the decompressed size."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "bad signature"
    pos, kinds, idat = 8, [], b""
    width = height = None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, "bad CRC in %r" % kind
        kinds.append(kind)
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, _ = struct.unpack(">IIBBBBB", body)
            assert (depth, ctype) == (8, 2), "not 8-bit RGB"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and b"IDAT" in kinds, "bad chunk order"
    raw = zlib.decompress(idat)
    assert len(raw) == height * (1 + 3 * width), "bad image data length"
    return width, height


# ---------------------------------------------------------------------------------------------------------------
# A tiny anti-aliased vector renderer (signed distance functions)
# ---------------------------------------------------------------------------------------------------------------
# Shapes are designed in a 100 x 100 "design space" centred on (0, 0) (y grows downwards); a view transform
# (scale, rotation, offset) maps them onto the 320 x 320 canvas, which is how the variants of a product differ.


def clamp(v, lo=0.0, hi=1.0):
    return lo if v < lo else hi if v > hi else v


def mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def hls(h, l, s):
    return tuple(c * 255.0 for c in colorsys.hls_to_rgb(h % 1.0, l, s))


class Shape:
    def __init__(self, sdf, box):
        self.sdf = sdf  # (x, y) -> signed distance in design units, negative inside
        self.box = box  # (x0, y0, x1, y1) in design units


def circle(cx, cy, r):
    return Shape(lambda x, y: math.hypot(x - cx, y - cy) - r, (cx - r, cy - r, cx + r, cy + r))


def ring(cx, cy, r, w):
    return Shape(lambda x, y: abs(math.hypot(x - cx, y - cy) - r) - w / 2,
                 (cx - r - w, cy - r - w, cx + r + w, cy + r + w))


def ellipse(cx, cy, rx, ry):
    m = min(rx, ry)
    return Shape(lambda x, y: (math.hypot((x - cx) / rx, (y - cy) / ry) - 1.0) * m, (cx - rx, cy - ry, cx + rx, cy + ry))


def rrect(cx, cy, w, h, r=0.0):
    hw, hh = w / 2.0, h / 2.0

    def sdf(x, y):
        qx = abs(x - cx) - hw + r
        qy = abs(y - cy) - hh + r
        return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r

    return Shape(sdf, (cx - hw, cy - hh, cx + hw, cy + hh))


def capsule(ax, ay, bx, by, r):
    dx, dy = bx - ax, by - ay
    dd = dx * dx + dy * dy or 1e-9

    def sdf(x, y):
        t = clamp(((x - ax) * dx + (y - ay) * dy) / dd)
        return math.hypot(x - ax - dx * t, y - ay - dy * t) - r

    return Shape(sdf, (min(ax, bx) - r, min(ay, by) - r, max(ax, bx) + r, max(ay, by) + r))


def polygon(points):
    n = len(points)

    def sdf(x, y):
        d = float("inf")
        inside = False
        for i in range(n):
            ax, ay = points[i]
            bx, by = points[i - 1]
            ex, ey = bx - ax, by - ay
            wx, wy = x - ax, y - ay
            t = clamp((wx * ex + wy * ey) / (ex * ex + ey * ey))
            d = min(d, math.hypot(wx - ex * t, wy - ey * t))
            if (ay > y) != (by > y) and x < (bx - ax) * (y - ay) / (by - ay) + ax:
                inside = not inside
        return -d if inside else d

    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return Shape(sdf, (min(xs), min(ys), max(xs), max(ys)))


def intersect(a, b):
    box = (max(a.box[0], b.box[0]), max(a.box[1], b.box[1]), min(a.box[2], b.box[2]), min(a.box[3], b.box[3]))
    return Shape(lambda x, y: max(a.sdf(x, y), b.sdf(x, y)), box)


def stripes(inside, angle_deg, period, width):
    """Parallel stripes clipped to another shape."""
    ca, sa = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))

    def sdf(x, y):
        u = (x * ca + y * sa) % period
        return max(abs(u - period / 2.0) - width / 2.0, inside.sdf(x, y))

    return Shape(sdf, inside.box)


class Canvas:
    def __init__(self, width, height, c0, c1, angle_deg):
        """A two-colour linear gradient background."""
        self.w, self.h = width, height
        ca, sa = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
        corners = [x * ca + y * sa for x in (0, width) for y in (0, height)]
        lo, hi = min(corners), max(corners)
        self.px = []
        for y in range(height):
            row = []
            for x in range(width):
                t = (x * ca + y * sa - lo) / (hi - lo)
                t = t * t * (3 - 2 * t)  # smoothstep: softer ends
                row.append(mix(c0, c1, t))
            self.px.append(row)
        self.view(1.0, 0.0, width / 2.0, height / 2.0)

    def view(self, scale, rotation_deg, ox, oy):
        """Design point (x, y) lands on canvas point (ox, oy) + scale * R(rotation) (x, y)."""
        self.s, self.ox, self.oy = scale, ox, oy
        self.ca, self.sa = math.cos(math.radians(rotation_deg)), math.sin(math.radians(rotation_deg))

    def fill(self, shape, color, alpha=1.0, blur=0.0):
        """Paint shape with colour; blur (in pixels) widens the soft edge, for shadows and glows."""
        s, ca, sa = self.s, self.ca, self.sa
        x0, y0, x1, y1 = shape.box
        pts = [(self.ox + s * (x * ca - y * sa), self.oy + s * (x * sa + y * ca))
               for x in (x0, x1) for y in (y0, y1)]
        pad = 2 + blur
        px0 = max(0, int(min(p[0] for p in pts) - pad))
        px1 = min(self.w, int(max(p[0] for p in pts) + pad) + 1)
        py0 = max(0, int(min(p[1] for p in pts) - pad))
        py1 = min(self.h, int(max(p[1] for p in pts) + pad) + 1)
        soft = 1.0 + blur
        sdf = shape.sdf
        for py in range(py0, py1):
            row = self.px[py]
            dy = py + 0.5 - self.oy
            for px in range(px0, px1):
                dx = px + 0.5 - self.ox
                # inverse view transform: canvas -> design
                d = sdf((dx * ca + dy * sa) / s, (-dx * sa + dy * ca) / s) * s
                cover = clamp(0.5 - d / soft) * alpha
                if cover > 0.0:
                    row[px] = mix(row[px], color, cover)

    def rows(self):
        out = []
        for row in self.px:
            b = bytearray()
            for r, g, bl in row:
                b += bytes((int(r + 0.5), int(g + 0.5), int(bl + 0.5)))
            out.append(b)
        return out


# ---------------------------------------------------------------------------------------------------------------
# Product drawings (design space, roughly -45..45)
# ---------------------------------------------------------------------------------------------------------------
# Each returns a list of (shape, colour) layers. `c` is the main colour, `d` a darker shade, `a` an accent.


def draw_chair(c, d, a):
    return [(capsule(-22, 8, -24, 40, 3), d), (capsule(22, 8, 24, 40, 3), d),
            (capsule(-18, 8, -16, 34, 2.5), d), (capsule(18, 8, 16, 34, 2.5), d),
            (rrect(-20, -18, 8, 52, 3), c), (rrect(0, -34, 48, 10, 4), c), (rrect(0, -22, 36, 5, 2), a),
            (rrect(0, 6, 56, 10, 4), c)]


def draw_lantern(c, d, a):
    return [(circle(0, 8, 34), a), (ring(0, -36, 10, 3), d), (rrect(0, -24, 34, 8, 3), d),
            (rrect(0, 8, 30, 52, 6), c), (rrect(0, 8, 18, 40, 5), (255, 240, 190)),
            (ellipse(0, 10, 6, 10), (255, 200, 90)), (rrect(0, 38, 38, 10, 3), d)]


def draw_camera(c, d, a):
    return [(rrect(0, 4, 84, 52, 8), c), (rrect(-22, -26, 22, 12, 3), c), (rrect(0, 10, 84, 18, 0), d),
            (circle(6, 6, 21), d), (ring(6, 6, 16, 4), a), (circle(6, 6, 9), (40, 50, 70)),
            (circle(3, 3, 3), (235, 240, 255)), (rrect(30, -12, 12, 7, 2), a), (circle(-30, -12, 3.5), a)]


def draw_mug(c, d, a):
    return [(ring(24, 2, 12, 6), c), (rrect(-6, 4, 44, 52, 6), c),
            (stripes(rrect(-6, 4, 44, 52, 6), 90, 12, 4), a), (rrect(-6, -22, 44, 5, 2), d),
            (capsule(-14, -34, -10, -44, 2), (255, 255, 255)), (capsule(0, -34, 4, -46, 2), (255, 255, 255))]


def draw_bicycle(c, d, a):
    return [(ring(-26, 14, 18, 3.5), d), (ring(26, 14, 18, 3.5), d),
            (capsule(-26, 14, -4, 14, 2.5), c), (capsule(-4, 14, 16, -12, 2.5), c),
            (capsule(-14, -12, 16, -12, 2.5), c), (capsule(-26, 14, -14, -12, 2.5), c),
            (capsule(-4, 14, -16, -20, 2.5), c), (capsule(16, -12, 26, 14, 2.5), c),
            (capsule(16, -12, 13, -22, 2.5), c), (capsule(9, -24, 19, -22, 2.5), d),
            (rrect(-17, -22, 14, 4, 2), d), (circle(-4, 14, 4), a)]


def draw_speaker(c, d, a):
    return [(rrect(0, 0, 56, 84, 10), c), (circle(0, 14, 18), d), (ring(0, 14, 18, 3), a),
            (circle(0, 14, 6), a), (circle(0, -22, 9), d), (ring(0, -22, 9, 2), a), (circle(0, -36, 2), a)]


def draw_lamp(c, d, a):
    return [(ellipse(0, 40, 24, 5), d), (capsule(-6, 38, -18, 2, 2.5), c), (capsule(-18, 2, 8, -22, 2.5), c),
            (circle(-18, 2, 4), a), (polygon([(0, -30), (22, -40), (34, -10), (8, -4)]), c),
            (circle(20, -8, 6), (255, 235, 160))]


def draw_plant(c, d, a):
    leaves = [(ellipse(-16, -22, 10, 20), c), (ellipse(16, -22, 10, 20), c), (ellipse(0, -32, 11, 24), c),
              (capsule(0, -8, 0, -44, 1.2), d), (capsule(-16, -6, -16, -36, 1.2), d), (capsule(16, -6, 16, -36, 1.2), d)]
    pot = polygon([(-24, -2), (24, -2), (17, 42), (-17, 42)])
    return leaves + [(pot, a), (stripes(pot, 90, 10, 3), d), (rrect(0, -2, 54, 8, 2), a)]


def draw_keyboard(c, d, a):
    layers = [(rrect(0, 0, 96, 42, 6), d)]
    for row in range(3):
        for col in range(8):
            colour = a if (row, col) in ((0, 0), (2, 7), (1, 7)) else c
            layers.append((rrect(-38.5 + col * 11, -11 + row * 11, 9, 9, 2), colour))
    layers.append((rrect(0, 22, 52, 7, 2), c))
    return layers


def draw_books(c, d, a):
    return [(rrect(0, 30, 76, 14, 2), c), (rrect(0, 30, 66, 10, 1), (250, 246, 236)),
            (rrect(4, 14, 70, 14, 2), a), (rrect(4, 14, 60, 10, 1), (250, 246, 236)),
            (rrect(-2, -2, 72, 14, 2), d), (rrect(-2, -2, 62, 10, 1), (250, 246, 236)),
            (rrect(-10, -34, 12, 50, 2), c), (rrect(-10, -46, 8, 3, 1), a), (rrect(6, -36, 12, 46, 2), a),
            (rrect(6, -46, 8, 3, 1), d), (polygon([(16, -11), (24, -56), (35, -54), (27, -9)]), d)]


def draw_console(c, d, a):
    return [(capsule(-24, 4, 24, 4, 22), c), (rrect(0, -2, 40, 32, 4), d), (rrect(-26, 6, 6, 18, 1), d),
            (rrect(-26, 6, 18, 6, 1), d), (circle(24, 0, 4.5), a), (circle(32, 8, 4.5), a), (circle(24, 16, 4.5), d),
            (circle(16, 8, 4.5), d), (rrect(0, 22, 14, 3, 1.5), d)]


def draw_sneaker(c, d, a):
    body = polygon([(-40, 16), (-40, -4), (-30, -14), (-12, -10), (4, -4), (26, 4), (40, 10), (42, 20), (-40, 24)])
    return [(body, c), (stripes(intersect(body, rrect(-6, 0, 26, 30)), 60, 9, 3.5), a),
            (rrect(0, 24, 86, 9, 4), (250, 250, 250)), (rrect(0, 28, 86, 3, 1.5), d), (circle(-34, -9, 4), d)]


def draw_dvd(c, d, a):
    return [(rrect(-14, 0, 60, 80, 4), d), (rrect(-14, 0, 52, 72, 2), c), (circle(12, 0, 36), (214, 220, 232)),
            (ring(12, 0, 26, 12), a), (ring(12, 0, 33, 2), (245, 245, 250)), (circle(12, 0, 6), (255, 255, 255)),
            (ring(12, 0, 8, 2), d)]


def draw_ukulele(c, d, a):
    return [(capsule(0, -6, 0, -44, 4), d), (rrect(0, -46, 12, 10, 3), d), (circle(0, 24, 20), c),
            (circle(0, 0, 15), c), (circle(0, 8, 7), d), (rrect(0, 30, 16, 4, 1.5), d),
            (stripes(rrect(0, -10, 6, 70), 0, 2, 0.6), a)]


def draw_backpack(c, d, a):
    return [(ring(0, -34, 10, 4), d), (rrect(0, 4, 60, 76, 16), c), (rrect(0, 18, 42, 34, 8), d),
            (rrect(0, 10, 42, 3, 1.5), a), (rrect(0, -16, 44, 16, 8), a), (circle(0, 22, 3), a)]


def draw_watch(c, d, a):
    return [(rrect(0, -30, 26, 40, 4), d), (rrect(0, 30, 26, 40, 4), d),
            (stripes(rrect(0, 36, 22, 24), 0, 6, 2), c), (circle(0, 0, 28), c), (circle(0, 0, 23), (250, 250, 245)),
            (capsule(0, 0, 0, -16, 1.6), d), (capsule(0, 0, 11, 4, 1.6), d), (capsule(0, 0, -6, 14, 0.6), a),
            (circle(0, 0, 2.5), a), (rrect(30, 0, 5, 7, 1.5), c)]


def draw_espresso(c, d, a):
    return [(rrect(0, -24, 70, 28, 6), c), (rrect(-26, 10, 18, 46, 4), c), (rrect(0, 40, 70, 8, 2), d),
            (rrect(8, -4, 28, 6, 2), d), (capsule(8, -2, 8, 6, 3), d), (rrect(8, 24, 20, 20, 4), (250, 250, 250)),
            (ring(20, 24, 6, 3), (250, 250, 250)), (circle(-18, -24, 5), a), (circle(0, -24, 5), a),
            (rrect(20, -24, 14, 6, 2), a)]


def draw_yoga(c, d, a):
    roll = circle(-20, 6, 26)
    return [(rrect(16, 24, 64, 12, 2), c), (roll, c), (ring(-20, 6, 18, 3), d), (ring(-20, 6, 10, 3), d),
            (circle(-20, 6, 3), d), (capsule(-20, -20, -20, 32, 1.5), a)]


def draw_sunglasses(c, d, a):
    return [(capsule(-40, -10, -48, -4, 2), d), (capsule(40, -10, 48, -4, 2), d),
            (ellipse(-20, 2, 18, 14), d), (ellipse(20, 2, 18, 14), d), (ellipse(-20, 2, 14, 10), c),
            (ellipse(20, 2, 14, 10), c), (capsule(-5, -4, 5, -4, 2.5), d), (capsule(-26, -2, -20, -6, 1.5), a),
            (capsule(14, -2, 20, -6, 1.5), a)]


def draw_turntable(c, d, a):
    return [(rrect(0, 0, 94, 80, 8), c), (circle(-8, 2, 32), (35, 35, 40)), (ring(-8, 2, 24, 1.2), (70, 70, 80)),
            (ring(-8, 2, 17, 1.2), (70, 70, 80)), (circle(-8, 2, 10), a), (circle(-8, 2, 2), d),
            (circle(34, -26, 6), d), (capsule(34, -26, 30, 18, 2), (215, 215, 220)),
            (capsule(30, 18, 20, 24, 3), (215, 215, 220)), (circle(36, 30, 3), a)]


def draw_umbrella(c, d, a):
    canopy = intersect(circle(0, 0, 44), rrect(0, -22, 100, 44))
    return [(capsule(0, -4, 0, 36, 2), d), (ring(-8, 36, 8, 3.5), d), (canopy, c),
            (stripes(canopy, 0, 29.3, 10), a), (circle(0, -46, 3), d)]


def draw_tent(c, d, a):
    return [(polygon([(-46, 34), (0, -36), (46, 34)]), c), (polygon([(0, -36), (46, 34), (20, 34)]), d),
            (polygon([(-12, 34), (0, 8), (12, 34)]), a), (capsule(-50, 34, 50, 34, 2), d),
            (capsule(0, -36, 0, -44, 1.5), d)]


def draw_headphones(c, d, a):
    band = intersect(ring(0, 4, 34, 6), rrect(0, -20, 80, 50))
    return [(band, c), (rrect(-34, 14, 16, 32, 7), d), (rrect(34, 14, 16, 32, 7), d),
            (rrect(-29, 14, 8, 26, 4), a), (rrect(29, 14, 8, 26, 4), a)]


def draw_guitar_pick_set(c, d, a):
    # a tray of colourful picks (rounded triangles) for the "Guitar Picks" listing
    pick = lambda cx, cy: polygon([(cx - 11, cy - 10), (cx + 11, cy - 10), (cx, cy + 14)])
    return [(rrect(0, 0, 90, 66, 8), d), (rrect(0, 0, 82, 58, 6), c),
            (pick(-24, -8), a), (pick(0, -8), (250, 250, 250)), (pick(24, -8), a),
            (pick(-24, 18), (250, 250, 250)), (pick(0, 18), a), (pick(24, 18), (250, 250, 250))]


def draw_kettle(c, d, a):
    body = polygon([(-26, 36), (-20, -14), (20, -14), (26, 36)])
    return [(ring(0, -18, 18, 5), d), (capsule(22, 4, 40, -18, 4), c), (body, c), (rrect(0, -16, 44, 8, 3), d),
            (circle(0, -22, 4), d), (rrect(0, 36, 60, 6, 2), d), (rrect(-8, 12, 6, 30, 2), a)]


# ---------------------------------------------------------------------------------------------------------------
# Products
# ---------------------------------------------------------------------------------------------------------------

TRICKY = 'Tom & Jerry <DVD> "Special" 판'

PRODUCTS = [
    dict(slug="chair", draw=draw_chair, hue=0.08, name="원목 의자",
         description="원목으로 만든 튼튼한 식탁 의자입니다.\n1년 정도 사용했고 흔들림 없어요.\n직거래 우선입니다.",
         currency="KRW", price=45000, discounted_price=5000, stock=2, images=3, days_ago=3, seller="초록소파"),
    dict(slug="lantern", draw=draw_lantern, hue=0.12, name="캠핑용 랜턴",
         description="충전식 LED 캠핑 랜턴. 밝기 3단계, 완충 시 약 10시간 사용 가능합니다. 캠핑 두 번 썼어요.",
         currency="KRW", price=28000, discounted_price=0, stock=14, images=2, days_ago=0, seller="주말캠퍼"),
    dict(slug="film-camera", draw=draw_camera, hue=0.58, name="Vintage Film Camera",
         description="35mm rangefinder from the late 1970s.\nShutter fires at all speeds, light meter works.\n"
                     "Comes with the original leather case and a fresh battery.",
         currency="USD", price=129.99, discounted_price=15.5, stock=1, images=5, days_ago=12, seller="Jamie"),
    dict(slug="mug", draw=draw_mug, hue=0.95, name="머그컵 2개 세트",
         description="선물 받았는데 쓰지 않아 내놓습니다. 새 제품이고 박스 있어요.",
         currency="KRW", price=12000, discounted_price=2000, stock=40, images=1, days_ago=5, seller="햇살가득"),
    dict(slug="bicycle", draw=draw_bicycle, hue=0.0, name="접이식 자전거 20인치",
         description="출퇴근용으로 타던 접이식 자전거입니다.\n\n- 7단 변속\n- 앞뒤 타이어 작년 교체\n- 접으면 트렁크에 들어가요\n\n"
                     "체인에 약간의 녹이 있어 가격 낮췄습니다.",
         currency="KRW", price=180000, discounted_price=30000, stock=1, images=5, days_ago=21, seller="달빛러너"),
    dict(slug="speaker", draw=draw_speaker, hue=0.52, name="블루투스 스피커",
         description="방수 기능 있는 휴대용 블루투스 스피커. 음질 좋고 배터리 오래 갑니다.",
         currency="KRW", price=65000, discounted_price=0, stock=8, images=2, days_ago=1, seller="동네음악가"),
    dict(slug="desk-lamp", draw=draw_lamp, hue=0.33, name="스탠드 조명",
         description="각도 조절되는 책상용 스탠드입니다. 전구 포함.",
         currency="KRW", price=23000, discounted_price=0, stock=0, images=1, days_ago=44, seller="초록소파"),
    dict(slug="plant", draw=draw_plant, hue=0.38, name="몬스테라 화분",
         description="잘 자란 몬스테라와 도자기 화분 같이 드립니다. 이사 때문에 정리해요.\n물은 일주일에 한 번이면 충분합니다.",
         currency="KRW", price=35000, discounted_price=5000, stock=3, images=3, days_ago=7, seller="햇살가득"),
    dict(slug="keyboard", draw=draw_keyboard, hue=0.75, name="Mechanical Keyboard (Brown Switches)",
         description="Tenkeyless mechanical keyboard with tactile brown switches and PBT keycaps. "
                     "Used for about six months, all keys register, USB-C cable included.",
         currency="USD", price=74.5, discounted_price=0, stock=6, images=3, days_ago=9, seller="Jamie"),
    dict(slug="books", draw=draw_books, hue=0.02, name="소설책 묶음 (10권)",
         description="한국 소설과 번역 소설 10권 묶음 판매합니다. 한 번씩 읽었고 상태 깨끗해요.\n낱권 판매는 하지 않습니다.",
         currency="KRW", price=30000, discounted_price=0, stock=1, images=2, days_ago=15, seller="책읽는곰"),
    dict(slug="console", draw=draw_console, hue=0.62, name="휴대용 게임기",
         description="휴대용 게임기 본체와 충전기입니다. 화면 보호 필름 붙여서 사용해 흠집 없습니다. 게임 칩 2개 포함.",
         currency="KRW", price=210000, discounted_price=20000, stock=5, images=3, days_ago=2, seller="망원동고양이"),
    dict(slug="sneakers", draw=draw_sneaker, hue=0.55, name="러닝화 270mm",
         description="사이즈가 맞지 않아 두 번 신고 보관만 했습니다.",
         currency="KRW", price=59000, discounted_price=9000, stock=12, images=2, days_ago=18, seller="달빛러너"),
    dict(slug="dvd", draw=draw_dvd, hue=0.08, name=TRICKY,
         description='Special edition box set: "Tom & Jerry" <Disc 1 & 2>.\n'
                     "Region 3, Korean & English subtitles. Case has a small crack at the <hinge>; discs are clean.\n"
                     "It's a classic -- 5 > 3, as they say.",
         currency="USD", price=19.99, discounted_price=4.99, stock=15, images=1, days_ago=30, seller="책읽는곰"),
    dict(slug="ukulele", draw=draw_ukulele, hue=0.07, name="콘서트 우쿨렐레",
         description="입문용으로 샀다가 거의 안 쳤습니다. 튜너와 가방 함께 드려요.",
         currency="KRW", price=70000, discounted_price=0, stock=7, images=2, days_ago=26, seller="동네음악가"),
    dict(slug="backpack", draw=draw_backpack, hue=0.45, name="등산 백팩 30L",
         description="가볍고 수납 공간 많은 30리터 백팩입니다. 레인커버 포함, 오염 없습니다.",
         currency="KRW", price=48000, discounted_price=8000, stock=25, images=1, days_ago=11, seller="주말캠퍼"),
    dict(slug="watch", draw=draw_watch, hue=0.1, name="빈티지 손목시계",
         description="아버지께서 쓰시던 오토매틱 손목시계입니다. 최근 오버홀 받았고 하루 오차 10초 이내입니다.",
         currency="KRW", price=350000, discounted_price=0, stock=0, images=4, days_ago=52, seller="망원동고양이"),
    dict(slug="espresso", draw=draw_espresso, hue=0.0, name="Espresso Machine",
         description="Compact 15-bar espresso machine with milk frother.\nDescaled last month. Works perfectly.",
         currency="USD", price=159.0, discounted_price=0, stock=2, images=3, days_ago=6, seller="Jamie"),
    dict(slug="yoga-mat", draw=draw_yoga, hue=0.8, name="요가 매트 8mm",
         description="두께 8mm 요가 매트와 스트랩입니다. 필라테스 할 때도 좋아요.",
         currency="KRW", price=15000, discounted_price=3000, stock=60, images=1, days_ago=4, seller="달빛러너"),
    dict(slug="sunglasses", draw=draw_sunglasses, hue=0.14, name="편광 선글라스",
         description="UV400 편광 선글라스. 케이스와 클리너 포함.",
         currency="KRW", price=39000, discounted_price=0, stock=200, images=1, days_ago=35, seller="햇살가득"),
    dict(slug="turntable", draw=draw_turntable, hue=0.06, name="Vinyl Record Player",
         description="Belt-drive turntable with built-in preamp. New stylus installed in March. "
                     "Plays 33 and 45 RPM records; dust cover has light scratches.",
         currency="USD", price=240.0, discounted_price=40.0, stock=1, images=2, days_ago=40, seller="동네음악가"),
    dict(slug="umbrella", draw=draw_umbrella, hue=0.6, name="장우산",
         description="튼튼한 자동 장우산입니다. 살 16개, 바람에 강해요.",
         currency="KRW", price=12000, discounted_price=0, stock=90, images=1, days_ago=60, seller="초록소파"),
    dict(slug="tent", draw=draw_tent, hue=0.3, name="캠핑 텐트 3~4인용",
         description=("3~4인용 돔 텐트입니다. 설치가 쉬워서 혼자서도 10분이면 칩니다.\n\n"
                      "구성품: 텐트 본체, 플라이, 팩 12개, 스트링, 수납 가방.\n"
                      "사용 횟수는 다섯 번 정도이고, 사용 후에는 항상 건조해서 보관했기 때문에 곰팡이나 냄새가 없습니다. "
                      "플라이 한쪽에 작은 보수 자국이 있는데 방수에는 문제가 없습니다(사진 참고).\n\n"
                      "택배 거래 가능하지만 부피가 커서 직거래를 선호합니다. 주말 오후에 시간 맞춰 드릴 수 있어요. "
                      "네고는 정중하게 말씀해 주시면 조금 가능합니다. 구매 후 단순 변심 환불은 어렵습니다."),
         currency="KRW", price=120000, discounted_price=0, stock=0, images=3, days_ago=28, seller="주말캠퍼"),
    dict(slug="headphones", draw=draw_headphones, hue=0.9, name="노이즈캔슬링 헤드폰",
         description="노이즈캔슬링 무선 헤드폰입니다. 이어패드 교체해서 새것 같아요.\n정품 케이스 포함.",
         currency="KRW", price=155000, discounted_price=25000, stock=3, images=2, days_ago=13, seller="망원동고양이"),
    dict(slug="kettle", draw=draw_kettle, hue=0.5, name="Electric Kettle 1.7L",
         description="Stainless steel electric kettle with auto shut-off. Used for one year.",
         currency="USD", price=24.99, discounted_price=0, stock=9, images=1, days_ago=22, seller="햇살가득"),
]

VARIANTS = [  # (scale, rotation, offset x, offset y, gradient angle, background hue shift)
    (2.9, 0, 160, 164, 90, 0.0),
    (3.2, -12, 158, 166, 35, 0.08),
    (2.3, 8, 176, 150, 160, -0.06),
    (4.1, 0, 176, 186, 220, 0.15),  # close-up detail shot
    (2.6, 18, 150, 160, 300, -0.12),
]


def render(product, variant, rng):
    scale, rot, ox, oy, grad_angle, shift = VARIANTS[variant]
    hue = product["hue"]
    bg_hue = hue + 0.5 + shift
    c0 = hls(bg_hue, 0.93, 0.45 + 0.2 * rng.random())
    c1 = hls(bg_hue + 0.07, 0.80, 0.40 + 0.2 * rng.random())
    canvas = Canvas(WIDTH, HEIGHT, c0, c1, grad_angle + rng.uniform(-10, 10))

    # soft decorative bubbles in the background, then a floor shadow
    canvas.view(1.0, 0.0, 0.0, 0.0)
    for _ in range(rng.randint(2, 4)):
        canvas.fill(circle(rng.uniform(0, WIDTH), rng.uniform(0, HEIGHT), rng.uniform(18, 60)),
                    hls(bg_hue + rng.uniform(-0.05, 0.05), 0.97, 0.5), alpha=0.45, blur=6)
    canvas.view(scale, 0.0, ox, oy)
    canvas.fill(ellipse(0, 44, 40, 6), mix(c1, (0, 0, 0), 0.5), alpha=0.35, blur=10)

    main = hls(hue, 0.50 + 0.08 * rng.random(), 0.55 + 0.2 * rng.random())
    dark = hls(hue, 0.28, 0.45)
    accent = hls(hue + 0.45 + rng.uniform(-0.05, 0.05), 0.62, 0.75)
    canvas.view(scale, rot, ox, oy)
    for shape, colour in product["draw"](main, dark, accent):
        canvas.fill(shape, colour)
    return encode_png(WIDTH, HEIGHT, canvas.rows())


# ---------------------------------------------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------------------------------------------

KEYS = {"name", "description", "currency", "price", "discounted_price", "stock", "images", "days_ago", "seller"}


def validate(products):
    problems = []

    def need(ok, message):
        if not ok:
            problems.append(message)

    need(len(products) == 24, "expected 24 products, got %d" % len(products))
    names = [p["name"] for p in products]
    need(len(set(names)) == len(names), "duplicate product names")
    total_images, total_bytes, files = 0, 0, set()
    for p in products:
        n = p.get("name", "?")
        need(set(p) == KEYS, "%s: keys %s" % (n, sorted(p)))
        need(isinstance(p["name"], str) and 3 <= len(p["name"]) <= 100, "%s: name length" % n)
        need(isinstance(p["description"], str) and 10 <= len(p["description"]) <= 1000, "%s: description length" % n)
        need(p["currency"] in ("KRW", "USD"), "%s: currency" % n)
        price, discount = p["price"], p["discounted_price"]
        need(isinstance(price, (int, float)) and 0 < price < 1_000_000_000, "%s: price" % n)
        need(isinstance(discount, (int, float)) and 0 <= discount <= price, "%s: discounted_price" % n)
        if p["currency"] == "KRW":
            need(isinstance(price, int) and isinstance(discount, int), "%s: KRW amounts must be whole" % n)
        else:
            need(round(price, 2) == price and round(discount, 2) == discount,
                 "%s: USD amounts have at most two decimals" % n)
        need(isinstance(p["stock"], int) and 0 <= p["stock"] <= 200, "%s: stock" % n)
        need(isinstance(p["days_ago"], int) and 0 <= p["days_ago"] <= 60, "%s: days_ago" % n)
        need(isinstance(p["seller"], str) and 2 <= len(p["seller"]) <= 20, "%s: seller nickname" % n)
        images = p["images"]
        need(isinstance(images, list) and 1 <= len(images) <= 5, "%s: image count" % n)
        for image in images:
            path = os.path.join(IMAGE_DIR, image)
            if not os.path.isfile(path):
                problems.append("%s: missing image %s" % (n, image))
                continue
            with open(path, "rb") as f:
                data = f.read()
            need(len(data) < MAX_IMAGE_BYTES, "%s: %s is %d bytes" % (n, image, len(data)))
            try:
                check_png(data)
            except Exception as error:  # noqa: BLE001 - report every broken file
                problems.append("%s: %s is not a valid PNG (%s)" % (n, image, error))
            total_images += 1
            total_bytes += len(data)
            files.add(image)
    currencies = [p["currency"] for p in products]
    need(currencies.count("USD") == 6 and currencies.count("KRW") == 18, "currency mix")
    need(sum(1 for p in products if p["stock"] == 0) == 3, "exactly three sold out")
    need(sum(1 for p in products if 1 <= p["stock"] <= 3) >= 3, "a few low-stock products")
    need(all(p["stock"] == 0 or p["stock"] <= 3 or 5 <= p["stock"] <= 200 for p in products), "stock ranges")
    need(10 <= sum(1 for p in products if p["discounted_price"] == 0) <= 14, "about half undiscounted")
    counts = [len(p["images"]) for p in products]
    need(counts.count(1) >= 4 and sum(1 for c in counts if c in (2, 3)) >= 4 and counts.count(5) >= 2, "image counts")
    need(any(all(ch in p["description"] for ch in "<>&\"") for p in products), "an escaping test description")
    need(sum(1 for p in products if "\n" in p["description"]) >= 3, "multi-line descriptions")
    need(len(set(p["days_ago"] for p in products)) == len(products), "distinct listing dates")
    on_disk = set(os.listdir(IMAGE_DIR))
    need(on_disk == files, "unreferenced or missing files: %s" % sorted(on_disk ^ files))
    return problems, total_images, total_bytes


def main():
    rng = random.Random(SEED)
    os.makedirs(IMAGE_DIR, exist_ok=True)
    for stale in os.listdir(IMAGE_DIR):
        if stale.endswith(".png"):
            os.remove(os.path.join(IMAGE_DIR, stale))

    products = []
    for product in PRODUCTS:
        images = []
        for i in range(product["images"]):
            file_name = "%s-%d.png" % (product["slug"], i + 1)
            with open(os.path.join(IMAGE_DIR, file_name), "wb") as f:
                f.write(render(product, i, rng))
            images.append(file_name)
        products.append({
            "name": product["name"],
            "description": product["description"],
            "currency": product["currency"],
            "price": product["price"],
            "discounted_price": product["discounted_price"],
            "stock": product["stock"],
            "images": images,
            "days_ago": product["days_ago"],
            "seller": product["seller"],
        })

    with open(os.path.join(OUT_DIR, "products.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(products, ensure_ascii=False, indent=2) + "\n")

    problems, total_images, total_bytes = validate(products)
    if problems:
        for problem in problems:
            print("error: " + problem, file=sys.stderr)
        sys.exit(1)
    print("sample data OK: %d products, %d images, %d image bytes" % (len(products), total_images, total_bytes))


if __name__ == "__main__":
    main()
