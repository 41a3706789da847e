"""Prefect orchestration (thin) and the command-line interface."""
