"""Generate N synthetic learner essays (~250 tokens each) as a release batch directory.

    python benchmarks/gen_essays.py OUT_DIR [--n 10000] [--seed 1]

Writes `<id>.txt` and `metadata.csv` (4 essays per learner). Sentences are learner-style Swedish
with names, places, e-mail addresses and phone numbers in the places a reviewer would expect
them; everything is invented and deterministic for a given seed.
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path

FIRST = ["Anna", "Maria", "Sara", "Emma", "Elin", "Karin", "Erik", "Johan", "Lars", "Anders",
         "Ahmed", "Fatima", "Omar", "Leila", "Mohammed", "Zainab", "Ali", "Amina"]
SURNAMES = ["Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson",
            "Persson", "Svensson", "Gustafsson"]
CITIES = ["Göteborg", "Malmö", "Uppsala", "Västerås", "Örebro", "Linköping", "Helsingborg",
          "Jönköping", "Norrköping", "Umeå", "Borås", "Gävle"]
FILLER = [
    "Jag tycker om att läsa böcker och titta på film på kvällarna.",
    "På helgerna brukar vi gå i skogen eller åka till havet om det är fint väder.",
    "Svenska språket är svårt men jag lär mig lite varje dag i skolan.",
    "Min lägenhet är inte så stor men den är ljus och har en balkong.",
    "Jag arbetar fyra dagar i veckan och studerar svenska på eftermiddagarna.",
    "Det är viktigt att ha vänner när man bor i ett nytt land.",
    "Vintern är lång och mörk här, men sommaren är väldigt vacker.",
    "Jag vill bli sjuksköterska i framtiden eftersom jag tycker om att hjälpa människor.",
    "Vi äter ofta middag tillsammans och pratar om dagen.",
    "Ibland är jag trött men jag försöker att träna två gånger i veckan.",
]


def essay(rng: random.Random) -> str:
    name, friend = rng.sample(FIRST, 2)
    surname, city, home = rng.choice(SURNAMES), *rng.sample(CITIES, 2)
    user = f"{name.lower()}.{surname.lower()}{rng.randint(1, 99)}"
    phone = f"07{rng.randint(0, 9)}-{rng.randint(100, 999)} {rng.randint(10, 99)} {rng.randint(10, 99)}"
    facts = [f"Jag heter {name} {surname} och jag bor i {city}.",
             f"Min bästa vän heter {friend} och hon bor i {home}.",
             f"Du kan skicka mejl till {user}@example.com om du vill träffas.",
             f"Mitt telefonnummer är {phone}.",
             f"Förra sommaren åkte jag och {friend} till {home} med tåget."]
    body = facts + [rng.choice(FILLER) for _ in range(14)]
    rng.shuffle(body)
    paragraphs = [" ".join(body[i:i + 5]) for i in range(0, len(body), 5)]
    return "\n\n".join(paragraphs) + "\n"


def generate(out: Path, n: int, seed: int = 1) -> Path:
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    rows = ["essay_id,learner_id,level"]
    for i in range(n):
        essay_id = f"gen-{i:06d}"
        (out / f"{essay_id}.txt").write_text(essay(rng), encoding="utf-8")
        rows.append(f"{essay_id},L{i // 4:05d},{rng.choice(['A2', 'B1', 'B2'])}")
    (out / "metadata.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    generate(args.out, args.n, args.seed)


if __name__ == "__main__":
    main()
