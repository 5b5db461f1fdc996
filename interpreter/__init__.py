"""TrickSpec: a rules-as-data interpreter for the Euchre family of card games."""

__version__ = "0.1.0"
