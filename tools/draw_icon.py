#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Draw icon.png, the application icon (a PNG at the package root, as Choregraphe writes it).

    .venv/bin/python tools/draw_icon.py            # rewrite icon.png
    .venv/bin/python tools/draw_icon.py --check    # exit 1 if icon.png differs from the drawing

The PNG is committed rather than drawn at build time: the repository's .pml lists it, so a
checkout Choregraphe opens and every build have it without Pillow (only .venv has it), and
tests/test_packaging.py checks that its pixels are what this script draws.

The drawing: Pepper's head, seen from the front, with the two arcs of a gentle sway on
each side, on a rounded teal square. Supersampled 4x, then reduced, for smooth edges.

Single-source Python 2.7 / 3.x (needs Pillow).
"""
from __future__ import absolute_import, division, print_function, unicode_literals

import argparse
import os
import sys

from PIL import Image, ImageChops, ImageDraw

ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ICON_PATH = os.path.join(ROOT_DIR, "icon.png")
SIZE = 512
SCALE = 4

BACKGROUND = (0, 128, 140, 255)
HEAD = (250, 250, 250, 255)
EYES = (40, 44, 52, 255)
SWAY = (255, 255, 255, 200)


def draw():
    """The icon as a SIZE x SIZE RGBA image."""
    big = SIZE * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)

    def box(x0, y0, x1, y1):
        return [int(v * big) for v in (x0, y0, x1, y1)]

    pen.rounded_rectangle(box(0.02, 0.02, 0.98, 0.98), radius=int(0.18 * big), fill=BACKGROUND)
    # Head and neck.
    pen.ellipse(box(0.27, 0.20, 0.73, 0.66), fill=HEAD)
    pen.rounded_rectangle(box(0.42, 0.62, 0.58, 0.80), radius=int(0.03 * big), fill=HEAD)
    pen.rounded_rectangle(box(0.30, 0.76, 0.70, 0.86), radius=int(0.05 * big), fill=HEAD)
    # Eyes.
    pen.ellipse(box(0.37, 0.37, 0.45, 0.47), fill=EYES)
    pen.ellipse(box(0.55, 0.37, 0.63, 0.47), fill=EYES)
    # Sway arcs: two on each side of the head, 50 degrees around 9 and 3 o'clock.
    width = int(0.025 * big)
    for inset in (0.08, 0.15):
        for middle in (180, 0):
            pen.arc(box(inset, 0.15 + inset, 1.0 - inset, 0.71 - inset + 0.14),
                    start=middle - 25, end=middle + 25, fill=SWAY, width=width)
    return image.resize((SIZE, SIZE), Image.LANCZOS)


def same_pixels(first, second):
    """True when two images have the same size and RGBA pixels."""
    if first.size != second.size:
        return False
    return ImageChops.difference(first.convert("RGBA"), second.convert("RGBA")).getbbox() is None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if icon.png is not this drawing")
    args = parser.parse_args(argv)
    image = draw()
    if args.check:
        if not os.path.exists(ICON_PATH) or not same_pixels(Image.open(ICON_PATH), image):
            print("%s is out of date; run: .venv/bin/python tools/draw_icon.py" % ICON_PATH,
                  file=sys.stderr)
            return 1
        print("%s is up to date" % ICON_PATH)
        return 0
    image.save(ICON_PATH, optimize=True)
    print("wrote %s" % ICON_PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
