"""Planning motion, pure numpy (1.8): Pepper's joints, the groups, the motion styles'
streams, breath, posture shifts, trajectories and the checks (clearance, lean). No
NAOqi, no threads."""
