"""Write a synthetic file in the genuine layout of Bolagsverket's `bolagsverket_bulkfil.zip`.

    python benchmarks/gen_bolagsverket.py [N] [PATH]

Defaults: 10000 rows, $TMPDIR/bolagsverket_bulkfil.zip.

Deterministic (seeded): the same N gives the same bytes. About 5% of rows are sole traders
(`PERSON-IDORG`, form `E-ORGFO`) with made-up personnummer, which the builder must drop; some
companies carry a second name (`|`), some are deregistered, and descriptions hold stray quotes
and semicolons as the real file does.
"""
from __future__ import annotations

import random
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

HEADER = ("organisationsidentitet;namnskyddslopnummer;registreringsland;organisationsnamn;"
          "organisationsform;avregistreringsdatum;avregistreringsorsak;"
          "pagandeAvvecklingsEllerOmstruktureringsforfarande;registreringsdatum;"
          "verksamhetsbeskrivning;postadress")
SURNAMES = ("Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson",
            "Persson", "Svensson", "Gustafsson", "Pettersson", "Jonsson", "Lindberg", "Holm")
FIRST = ("Anna", "Erik", "Maria", "Lars", "Karin", "Johan", "Eva", "Per", "Sara", "Nils")
WORDS = ("Bygg", "Konsult", "Holding", "Invest", "Fastigheter", "Förvaltning", "Entreprenad",
         "Teknik", "Design", "Data", "Måleri", "El", "VVS", "Transport", "Handel", "Skog",
         "Norr", "Syd", "Väst", "Öst", "Nordic", "Svea", "Göta", "Fjäll", "Sjö", "Berg")
FORMS = ("AB", "AB", "AB", "AB", "HB", "KB", "BRF", "EK", "I", "S")
TOWNS = (("STOCKHOLM", "11122"), ("GÖTEBORG", "41101"), ("MALMÖ", "21119"),
         ("UPPSALA", "75320"), ("SOLLEFTEÅ", "88140"), ("UPPLANDS VÄSBY", "19430"),
         ("ÖSTERSUND", "83130"), ("KIRUNA", "98130"), ("VISBY", "62155"), ("LUND", "22100"))


def _luhn(digits: str) -> str:
    total = 0
    for i, ch in enumerate(digits):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str((10 - total % 10) % 10)


def _field(value: str) -> str:
    return '"' + value.replace('"', '""') + '"'


def rows(n: int, seed: int = 20260101) -> Iterator[str]:
    """`n` data lines in the bulk file's layout."""
    rng = random.Random(seed)
    for i in range(n):
        town, postcode = rng.choice(TOWNS)
        address = f"Storgatan {rng.randint(1, 99)}$${town}${postcode}$SE-LAND"
        registered = f"{rng.randint(1950, 2025)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        if rng.random() < 0.05:
            birth = f"{rng.randint(1940, 2004)}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
            serial = f"{rng.randint(0, 999):03d}"
            pnr = birth + serial + _luhn(birth[2:] + serial)
            name = f"{rng.choice(FIRST)} {rng.choice(SURNAMES)} {rng.choice(WORDS)}"
            fields = (f"{pnr}$PERSON-IDORG", "1", "SE-LAND",
                      f"{name}$FORETAGSNAMN-ORGNAM${registered}", "E-ORGFO", "", "", "",
                      registered, "Enskild näringsverksamhet", address)
        else:
            serial = f"55{i:07d}"[-9:]
            orgnr = serial + _luhn(serial)
            form = rng.choice(FORMS)
            name = f"{rng.choice(SURNAMES)}s {rng.choice(WORDS)} {rng.choice(WORDS)} {i} {form}"
            names = f"{name}$FORETAGSNAMN-ORGNAM${registered}"
            if rng.random() < 0.1:
                second = f"{rng.choice(WORDS)} {rng.choice(WORDS)} {i}"
                names += f"|{second}$SARS_FORNAMN-ORGNAM${registered}"
            deregistered = f"{rng.randint(2000, 2025)}-06-30" if rng.random() < 0.1 else ""
            fields = (f"{orgnr}$ORGNR-IDORG", "1", "SE-LAND", names, f"{form}-ORGFO",
                      deregistered, "AVREG-AVORG" if deregistered else "", "", registered,
                      f'Verksamhet inom {rng.choice(WORDS).lower()}; 24" skärmar och "annat',
                      address)
        yield ";".join(_field(f) for f in fields)


def write(n: int, path: Path, seed: int = 20260101) -> Path:
    """Write the zip (one member, bolagsverket_bulkfil.txt) streaming, and return its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        info = zipfile.ZipInfo("bolagsverket_bulkfil.txt", date_time=(2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with zf.open(info, "w", force_zip64=True) as member:
            member.write((HEADER + "\n").encode())
            buffer: list[str] = []
            for line in rows(n, seed):
                buffer.append(line)
                if len(buffer) >= 10_000:
                    member.write(("\n".join(buffer) + "\n").encode())
                    buffer = []
            if buffer:
                member.write(("\n".join(buffer) + "\n").encode())
    return path


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    target = Path(sys.argv[2] if len(sys.argv) > 2 else
                  Path(tempfile.gettempdir()) / "bolagsverket_bulkfil.zip")
    print(f"wrote {write(count, target)} ({count} rows)")
