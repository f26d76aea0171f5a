"""The NAOqi edge, the only package that calls NAOqi: our ALMotion calls and the sender,
ALMemory's events (speech, Autonomous Life, people, listening, Pepper's own state), the
contract looked up at start, BackgroundMovement, the motors' heat, the joints' limits and
the owner's preferences."""
