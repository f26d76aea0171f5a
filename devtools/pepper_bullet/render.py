"""Headless frames of the simulation (pybullet's software TinyRenderer), frames of
several runs side by side, and the GIF."""
import pybullet
from PIL import Image, ImageDraw, ImageFont

# A three-quarter view from Pepper's front right, framing her from wheels to head.
EYE = (2.0, -1.2, 1.2)  # m, world frame
TARGET = (0.0, 0.0, 0.6)  # m
FIELD_OF_VIEW = 36.0  # degrees, vertical: Pepper (1.2 m) fills most of the height
PALETTE_COLOURS = 128
# Side by side: each run's label at its top left and the simulated time at its top
# right, in the sky above Pepper's head.
LABEL_SIZE = 15  # px
LABEL_MARGIN = 4  # px
LABEL_COLOUR = (0, 0, 0)
DIVIDER_COLOUR = (90, 90, 90)
DIVIDER_WIDTH = 2  # px


class Camera(object):
    """A fixed camera rendering ``width`` x ``height`` RGB frames (about 17 ms each at
    320 x 240), kept as palette images to hold minutes of frames in little memory."""

    def __init__(self, width=320, height=240, eye=EYE, target=TARGET, fov=FIELD_OF_VIEW):
        self.width = int(width)
        self.height = int(height)
        self._view = pybullet.computeViewMatrix(list(eye), list(target), [0.0, 0.0, 1.0])
        self._projection = pybullet.computeProjectionMatrixFOV(
            fov, self.width / float(self.height), 0.1, 10.0)

    def capture(self, client):
        """One frame of physics client ``client`` as a PIL palette image."""
        _w, _h, rgba, _depth, _mask = pybullet.getCameraImage(
            self.width, self.height, self._view, self._projection,
            renderer=pybullet.ER_TINY_RENDERER, physicsClientId=client)
        image = Image.frombytes("RGBA", (self.width, self.height), bytes(bytearray(rgba)))
        return image.convert("RGB").quantize(PALETTE_COLOURS)


def side_by_side(columns, labels, frame_period):
    """Frames of several runs side by side, left to right: frame k of each of
    ``columns`` (lists of frames, one per run, the same size within a list) at the same
    simulated time k x ``frame_period``, each half labelled with its entry of ``labels``
    and that time. As many frames as the shortest list."""
    if len(columns) != len(labels) or not columns:
        raise ValueError("one label per list of frames, got %d lists and %d labels"
                         % (len(columns), len(labels)))
    count = min(len(frames) for frames in columns)
    if count == 0:
        raise ValueError("a run has no frames to put side by side")
    sizes = [frames[0].size for frames in columns]
    width = sum(size[0] for size in sizes) + DIVIDER_WIDTH * (len(columns) - 1)
    height = max(size[1] for size in sizes)
    font = ImageFont.load_default(size=LABEL_SIZE)
    combined = []
    palette = None
    for index in range(count):
        frame = Image.new("RGB", (width, height), DIVIDER_COLOUR)
        draw = ImageDraw.Draw(frame)
        left = 0
        for frames, label, (column_width, _height) in zip(columns, labels, sizes):
            frame.paste(frames[index].convert("RGB"), (left, 0))
            draw.text((left + LABEL_MARGIN, LABEL_MARGIN), label, fill=LABEL_COLOUR, font=font)
            draw.text((left + column_width - LABEL_MARGIN, LABEL_MARGIN),
                      "t = %.1f s" % (index * frame_period), fill=LABEL_COLOUR, font=font,
                      anchor="ra")
            left += column_width + DIVIDER_WIDTH
        if palette is None:
            palette = frame.quantize(PALETTE_COLOURS)
        # One palette for every frame: what does not move keeps its pixels, and the GIF
        # is half the size it has with a palette per frame.
        combined.append(frame.quantize(palette=palette, dither=Image.Dither.NONE))
    return combined


def write_gif(frames, path, frame_period):
    """Write ``frames`` (PIL images) as a looping GIF playing ``frame_period`` s each."""
    if not frames:
        raise ValueError("no frames to write to %s" % path)
    frames[0].save(path, save_all=True, append_images=frames[1:],
                   duration=int(round(frame_period * 1000)), loop=0, optimize=False)
