"""Corpus release: read a batch, pseudonymize it in learner-whole shards, publish an auditable release.

    batch.py     read a batch directory or JSON Lines file; quarantine what cannot be released
    release.py   shard, pseudonymize, write the release directory atomically
    keys.py      the key (originals <-> pseudonyms) outside the release, optionally encrypted
    leakgate.py  scan every output for its essay's originals and for ID-shaped strings
    audit.py     from an output file to its manifest, snapshot and upstream sources
    verify.py    re-run a release from its recorded inputs and compare the bytes

Plain library, no Prefect: `flows/corpus.py` orchestrates it.
"""
