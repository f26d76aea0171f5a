"""A person's stick figure from a BVH clip's posed joints (bvh.Pose), seen from the
direction render.Camera sees Pepper from, so the two stand side by side alike.

Python 3 tooling (Pillow).
"""
import numpy as np
from PIL import Image, ImageDraw

from people import mapping

BACKGROUND = (255, 255, 255)
BONE = (40, 70, 140)
HEAD = (40, 70, 140)
WIDTH = 4  # px
HEAD_RADIUS = 0.1  # m
MARGIN = 0.12  # of the frame's height, above and below the figure
HEAD_JOINT = "face"


def _heading(posed, clip):
    """The yaw (rad, about the clip's up axis) the person faces, their median over the
    clip: their pelvis's forward (+z at rest) in the world."""
    forward = posed.rotations[:, clip.index(mapping.PELVIS)][:, :, 2]
    return float(np.median(np.arctan2(forward[:, 0], forward[:, 2])))


def _view(eye, target):
    """(right, up) screen axes of an orthographic view from ``eye`` to ``target`` (Pepper's
    world: x forward, y left, z up)."""
    direction = np.asarray(target, dtype=float) - np.asarray(eye, dtype=float)
    direction /= np.linalg.norm(direction)
    right = np.cross(direction, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    return right, np.cross(right, direction)


def projected(posed, clip, eye, target):
    """Every joint of every frame on the screen (frames, joints, 2), in m: the person turned
    to face Pepper's forward (+x) and seen from ``eye`` towards ``target``."""
    yaw = _heading(posed, clip)
    cos, sin = np.cos(-yaw), np.sin(-yaw)
    turn = np.array([[cos, 0.0, sin], [0.0, 1.0, 0.0], [-sin, 0.0, cos]])  # about up
    points = np.einsum("ij,fkj->fki", np.dot(mapping.TO_PEPPER, turn), posed.positions)
    right, up = _view(eye, target)
    return np.stack([np.dot(points, right), np.dot(points, up)], axis=-1)


def frames(posed, clip, times, size, eye, target):
    """The stick figure at each of ``times`` (s from the clip's start) as PIL images of
    ``size`` (width, height), one scale for all so that the figure does not breathe."""
    screen = projected(posed, clip, eye, target)
    low, high = screen.reshape(-1, 2).min(axis=0), screen.reshape(-1, 2).max(axis=0)
    scale = (1.0 - 2.0 * MARGIN) * size[1] / (high[1] - low[1])
    centre = (low + high) / 2.0
    bones = [(joint.parent, index) for index, joint in enumerate(clip.joints)
             if joint.parent >= 0]
    head = clip.index(HEAD_JOINT)
    images = []
    for moment in times:
        frame = min(int(round(moment * clip.rate)), len(screen) - 1)
        pixels = (screen[frame] - centre) * scale * np.array([1.0, -1.0]) \
            + np.array(size) / 2.0
        image = Image.new("RGB", size, BACKGROUND)
        draw = ImageDraw.Draw(image)
        for parent, child in bones:
            draw.line([tuple(pixels[parent]), tuple(pixels[child])], fill=BONE, width=WIDTH)
        radius = HEAD_RADIUS * scale
        x, y = pixels[head]
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], outline=HEAD,
                     width=WIDTH)
        images.append(image)
    return images
