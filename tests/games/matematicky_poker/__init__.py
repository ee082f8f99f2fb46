"""Tests of the Matematický poker engine."""
