"""Adapters that let other frameworks drive any TrickSpec variant (OpenSpiel, PettingZoo)."""
