"""``make compare``: the two motion styles side by side. The frames' composition alone,
then (with --simulator) the tool run briefly in qiBullet, judged on the files it writes."""
import math
import sys

import pytest

if sys.version_info[0] < 3:
    pytest.skip("3.9 lane only: Pillow, matplotlib and qiBullet are installed there (a "
                "development tool, not what Pepper runs)", allow_module_level=True)

from PIL import Image, ImageChops, ImageColor  # noqa: E402

from animate_behaviour import configuration as config_module  # noqa: E402
from animate_behaviour.planning import styles  # noqa: E402
import motion_quality  # noqa: E402
from pepper_bullet import compare, render, speed_traces  # noqa: E402
from pepper_bullet.physics import SIMULATED_JOINTS, Sample  # noqa: E402

WIDTH, HEIGHT = 240, 60  # px of a made-up frame
LABEL_BAND = 25  # px from the top: the labels; the scene below
DARK = 60  # an RGB channel at or below this is text (the scene's darkest is the tablet)
LABEL = (0, 0, WIDTH // 2, LABEL_BAND)  # where each half's label is
TIME = (2 * WIDTH // 3, 0, WIDTH, LABEL_BAND)  # and its time


def dark_pixels(image, box):
    return sum(1 for pixel in image.convert("RGB").crop(box).getdata() if max(pixel) <= DARK)


def text(half, box):
    """Where ``box`` of a half is dark: its text."""
    return half.crop(box).convert("L").point(lambda value: 255 if value <= DARK else 0).convert(
        "RGB")


def differing_pixels(first, second):
    return sum(1 for pixel in ImageChops.difference(first, second).getdata() if any(pixel))


def halves(frame, width):
    rgb = frame.convert("RGB")
    return rgb.crop((0, 0, width, rgb.size[1])), rgb.crop(
        (width + render.DIVIDER_WIDTH, 0, 2 * width + render.DIVIDER_WIDTH, rgb.size[1]))


def marked(background, index, row):
    """A made-up frame: ``background`` with a black square whose place says its index."""
    frame = Image.new("RGB", (WIDTH, HEIGHT), background)
    frame.paste((0, 0, 0), (5 + 10 * index, row, 11 + 10 * index, row + 6))
    return frame


def dark_box(half):
    """Where the scene (below the labels) is dark, in the half's coordinates."""
    scene = half.crop((0, LABEL_BAND, WIDTH, HEIGHT)).convert("L").point(
        lambda value: 255 if value <= DARK else 0)
    left, top, right, bottom = scene.getbbox()
    return left, top + LABEL_BAND, right, bottom + LABEL_BAND


def test_side_by_side_pairs_the_same_second_and_labels_each_half():
    left = [marked((250, 250, 250), index, 30) for index in range(5)]
    right = [marked((250, 250, 250), index, 45) for index in range(4)]
    frames = render.side_by_side([left, right], ["specification", "lifelike"], 0.1)
    assert len(frames) == 4  # as many as the shorter run
    for index, frame in enumerate(frames):
        assert frame.size == (2 * WIDTH + render.DIVIDER_WIDTH, HEIGHT)
        left_half, right_half = halves(frame, WIDTH)
        assert dark_box(left_half) == (5 + 10 * index, 30, 11 + 10 * index, 36)
        assert dark_box(right_half) == (5 + 10 * index, 45, 11 + 10 * index, 51)
        for half in (left_half, right_half):
            assert dark_pixels(half, LABEL) > 20
            assert dark_pixels(half, TIME) > 20
        # The same second in both halves, each under its own label.
        assert differing_pixels(text(left_half, TIME), text(right_half, TIME)) == 0
        assert differing_pixels(text(left_half, LABEL), text(right_half, LABEL)) > 20
    first, last = halves(frames[0], WIDTH)[0], halves(frames[3], WIDTH)[0]
    assert differing_pixels(text(first, TIME), text(last, TIME)) > 0
    assert differing_pixels(text(first, LABEL), text(last, LABEL)) == 0


def test_side_by_side_refuses_what_it_cannot_pair():
    frame = Image.new("RGB", (WIDTH, HEIGHT))
    with pytest.raises(ValueError, match="one label per list of frames, got 2 lists and 1"):
        render.side_by_side([[frame], [frame]], ["specification"], 0.1)
    with pytest.raises(ValueError, match="a run has no frames"):
        render.side_by_side([[frame], []], ["specification", "lifelike"], 0.1)


class StillLegsRun(object):
    """A made-up scenario.Run: the left arm swings at 0.5 Hz, every other joint rests."""

    def __init__(self, seconds=4.0, period=0.02):
        self.disabled_at = seconds
        self.samples = []
        for step in range(int(seconds / period) + 1):
            time = step * period
            measured = [0.3 * math.sin(math.pi * time) if joint == "LShoulderPitch" else 0.0
                        for joint in SIMULATED_JOINTS]
            self.samples.append(Sample(time, time, measured, measured, (0.0, 0.0, 0.0), 0.0,
                                       0))


def test_a_chain_that_rested_through_the_run_is_drawn_flat_not_left_out():
    trace = speed_traces.trace(StillLegsRun(), "body")
    chains = motion_quality.chains_of(list(trace.speeds))
    assert set(chains) == {"left arm", "right arm", "legs"}
    assert max(trace.speeds["LShoulderPitch"]) > 0.5  # 0.3 pi rad/s at its top
    for joint in chains["legs"] + chains["right arm"]:
        assert max(abs(trace.speeds[joint])) == 0.0
    with pytest.raises(ValueError, match="behaviour 'rotation' owns none of the chains' joints"):
        speed_traces.trace(StillLegsRun(), "rotation")


# ----------------------------------------------------------------- in qiBullet
SECONDS = 4.0
SETTLE = 2.0  # scenario.run's default, after the disable
STOP_SECONDS = 5.0  # the simulation runs on while the runner exits: under a second, alone
FRAME_WIDTH, FRAME_HEIGHT = compare.FRAME_SIZE  # px per style


def near(pixel, colour, tolerance=40):
    return all(abs(channel - wanted) <= tolerance for channel, wanted in zip(pixel, colour))


@pytest.mark.simulator
def test_the_comparison_writes_both_styles_side_by_side_and_their_speed_traces(tmp_path):
    assert compare.main(["--seconds", str(SECONDS), "--out", str(tmp_path)]) == 0
    assert styles.NAMES == ("specification", "lifelike")  # left, right; top, bottom
    for style in styles.NAMES:  # what each run's runner was given
        config = config_module.load(str(tmp_path / style / "config_used.ini"))
        assert (config.motion_style, config.behaviour) == (style, "body")
    with Image.open(str(tmp_path / compare.GIF)) as gif:
        assert gif.size == (2 * FRAME_WIDTH + render.DIVIDER_WIDTH, FRAME_HEIGHT)
        # Every frame is its own (the time label changes), 10 per simulated second: the
        # animation, the settling and the runner's exit (at most STOP_SECONDS).
        assert 10 * (SECONDS + SETTLE) - 1 <= gif.n_frames <= 10 * (
            SECONDS + SETTLE + STOP_SECONDS)
        frames = []
        for index in range(gif.n_frames):
            gif.seek(index)
            assert gif.info["duration"] == 100
            frames.append(gif.convert("RGB"))
    scene = (0, LABEL_BAND, FRAME_WIDTH, FRAME_HEIGHT)
    # The labels' corners are sky, Pepper's head between them: no dark pixel unlabelled.
    corners = ((0, 0, 100, LABEL_BAND), (FRAME_WIDTH - 100, 0, FRAME_WIDTH, LABEL_BAND))
    for frame in (frames[0], frames[-1]):
        for half in halves(frame, FRAME_WIDTH):
            for corner in corners:
                assert dark_pixels(half, corner) > 50
    # Both start in the same pose (identical halves) and move apart.
    start = [half.crop(scene) for half in halves(frames[0], FRAME_WIDTH)]
    assert differing_pixels(*start) == 0
    animated = [differing_pixels(*[half.crop(scene) for half in halves(frame, FRAME_WIDTH)])
                for frame in frames[: int(10 * SECONDS)]]
    assert max(animated) > 200, animated
    with Image.open(str(tmp_path / compare.PLOT)) as png:
        plot = png.convert("RGB")
    assert plot.size == (int(speed_traces.WIDTH * speed_traces.DPI),
                         int(2 * speed_traces.BLOCK_HEIGHT * speed_traces.DPI))
    width, height = plot.size
    for block in (plot.crop((0, 0, width, height // 2)),
                  plot.crop((0, height // 2, width, height))):
        pixels = list(block.getdata())
        for chain, colour in speed_traces.CHAIN_COLOURS.items():
            rgb = ImageColor.getrgb(colour)
            assert sum(1 for pixel in pixels if near(pixel, rgb)) > 100, chain
