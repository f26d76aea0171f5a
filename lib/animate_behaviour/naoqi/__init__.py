"""The NAOqi edge: our ALMotion calls, ALMemory's events (speech, Autonomous Life, people,
listening), BackgroundMovement and the motors' heat."""
