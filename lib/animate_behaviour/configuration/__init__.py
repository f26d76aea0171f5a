"""The configuration: the kinds of values, the key table with the built-in presets, the
Configuration and reading the file."""
