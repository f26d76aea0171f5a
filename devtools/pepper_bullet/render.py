"""Headless frames of the simulation (pybullet's software TinyRenderer) and the GIF."""
import pybullet
from PIL import Image

# A three-quarter view from Pepper's front right, framing her from wheels to head.
EYE = (2.0, -1.2, 1.2)  # m, world frame
TARGET = (0.0, 0.0, 0.6)  # m
FIELD_OF_VIEW = 36.0  # degrees, vertical: Pepper (1.2 m) fills most of the height
PALETTE_COLOURS = 128


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


def write_gif(frames, path, frame_period):
    """Write ``frames`` (PIL images) as a looping GIF playing ``frame_period`` s each."""
    if not frames:
        raise ValueError("no frames to write to %s" % path)
    frames[0].save(path, save_all=True, append_images=frames[1:],
                   duration=int(round(frame_period * 1000)), loop=0, optimize=False)
