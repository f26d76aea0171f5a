"""The motion engine: rounds of workers (one per joint group, one for the base) planning
with the live signal and sending through the NAOqi edge, stepping aside, going home."""
