"""The ``memcore`` command line: parses options, calls one engine operation, prints the result."""
