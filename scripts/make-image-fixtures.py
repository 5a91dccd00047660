#!/usr/bin/env python3
"""Writes the small image fixtures of Tests/OpenMarketImagingTests/Fixtures. Run it only to change them: the
files are committed, so tests need neither Python nor this script.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow pillow-heif
    /tmp/venv/bin/python scripts/make-image-fixtures.py      # also needs `vips` (Debian: libvips-tools)

Every marker string ("OM-MARKER-...") sits in metadata only, so finding one in an output means metadata leaked.
"""
import io
import os
import struct
import subprocess
import tempfile
import zlib

import pillow_heif
from PIL import Image, ImageCms, ImageDraw

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "OpenMarketImagingTests", "Fixtures")
RED = (220, 30, 30)
BLUE = (30, 30, 220)
XMP = b"""<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="OM-MARKER-XMP"/></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>"""


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def halves(size, first, second, vertical=True):
    """First colour on the top half (or left half), second on the other."""
    image = Image.new("RGB", size, second)
    w, h = size
    ImageDraw.Draw(image).rectangle((0, 0, w - 1, h // 2 - 1) if vertical else (0, 0, w // 2 - 1, h - 1), fill=first)
    return image


def orientation6_with_metadata():
    """Stored 300 x 200, red on top; EXIF orientation 6 means "rotate 90° clockwise to view", so the upright
    image is 200 x 300 with red on the right. Carries EXIF with GPS, XMP, an sRGB ICC profile and a comment."""
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation
    exif[0x010E] = "OM-MARKER-DESCRIPTION"  # ImageDescription
    exif[0x013B] = "OM-MARKER-ARTIST"  # Artist
    gps = exif.get_ifd(0x8825)
    gps[1], gps[2] = "N", (48.0, 51.0, 24.0)
    gps[3], gps[4] = "E", (2.0, 21.0, 3.0)
    gps[0x1B] = b"ASCII\x00\x00\x00OM-MARKER-GPS"  # GPSProcessingMethod
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    buffer = io.BytesIO()
    halves((300, 200), RED, BLUE).save(
        buffer, "JPEG", quality=90, exif=exif, icc_profile=srgb, xmp=XMP, comment=b"OM-MARKER-COMMENT"
    )
    return buffer.getvalue()


def png_bomb(side=30000):
    """A valid 1-bit PNG of side x side black pixels: 900 megapixels in about 110 KB."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    row = b"\x00" + bytes((side + 7) // 8)
    compressor = zlib.compressobj(9)
    idat = b"".join(compressor.compress(row) for _ in range(side)) + compressor.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def small_photo():
    """320 x 240 gradient, smaller than every display size."""
    image = Image.linear_gradient("L").resize((320, 240)).convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=88)
    return buffer.getvalue()


def two_frame_gif():
    """Red first frame, blue second: only the first may be used."""
    frames = [Image.new("RGB", (120, 80), RED), Image.new("RGB", (120, 80), BLUE)]
    buffer = io.BytesIO()
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=200, loop=0)
    return buffer.getvalue()


def heic_photo():
    """640 x 480 HEIC as phones write it: red left half, blue right half."""
    pillow_heif.register_heif_opener()
    buffer = io.BytesIO()
    halves((640, 480), RED, BLUE, vertical=False).save(buffer, "HEIF", quality=80)
    return buffer.getvalue()


def transparent_png():
    """100 x 100 RGBA: opaque red left half, fully transparent right half."""
    image = Image.new("RGBA", (100, 100), (0, 0, 0, 0))
    ImageDraw.Draw(image).rectangle((0, 0, 49, 99), fill=RED + (255,))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def grey16_png():
    """16-bit greyscale 64 x 64 at mid grey: must come out as 8-bit sRGB."""
    image = Image.new("I;16", (64, 64), 32768)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def p3_swatch():
    """64 x 48 of sRGB (200, 100, 50) converted to Display P3 and tagged with that profile: its stored numbers
    are about (187, 106, 63); shown correctly, it is (200, 100, 50) again."""
    with tempfile.TemporaryDirectory() as tmp:
        black, flat, out = (os.path.join(tmp, n) for n in ("black.v", "flat.v", "p3.jpg"))
        subprocess.run(["vips", "black", black, "64", "48", "--bands", "3"], check=True)
        subprocess.run(["vips", "linear", black, flat, "1 1 1", "200 100 50", "--uchar"], check=True)
        subprocess.run(["vips", "icc_transform", flat, out + "[Q=95]", "p3", "--input-profile", "srgb"], check=True)
        with open(out, "rb") as f:
            return f.read()


def tiff():
    buffer = io.BytesIO()
    Image.new("RGB", (16, 16), RED).save(buffer, "TIFF")
    return buffer.getvalue()


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    write("orientation6-metadata.jpg", orientation6_with_metadata())
    write("bomb-30000.png", png_bomb())
    write("small-320.jpg", small_photo())
    write("two-frames.gif", two_frame_gif())
    write("photo.heic", heic_photo())
    write("transparent.png", transparent_png())
    write("grey16.png", grey16_png())
    write("p3-swatch.jpg", p3_swatch())
    write("tiny.tiff", tiff())
