"""What Pepper feels and perceives and what it asks of the motion: the mood, the context,
the presets, and the live signal the planners read."""
