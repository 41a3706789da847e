"""Resource builders: download public sources into raw/ and curate them into Parquet gazetteers.

Plain library, no Prefect: `flows/resources.py` orchestrates it.
"""
__version__ = "0.1.0"
