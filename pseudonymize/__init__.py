"""The pseudonymizer: tokenize -> detect -> resolve -> render -> formats. Plain library, no Prefect."""
__version__ = "0.1.0"
