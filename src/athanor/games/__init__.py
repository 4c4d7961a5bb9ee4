"""The games, one wing each. A game imports the engine and its own files only."""
