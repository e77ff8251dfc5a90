"""Trenchtable: a digital table for skirmish wargames of the two World Wars."""
