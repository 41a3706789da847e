"""Wall time and peak RSS of curating the large upstream files, each in its own child process.

    python benchmarks/bench_builders.py [--rows N]

(a) GeoNames cities500 from ../shared/mirror (skipped with a message when absent or when
    builders.geonames does not exist); target < 10 s.
(b) A generated Bolagsverket bulk file of N rows (default 1.5 million, ~5% sole traders; see
    gen_bolagsverket.py); target < 60 s and peak RSS < 1.5 GB.
Peak RSS is the child's own ru_maxrss, so the parent's memory and the generator do not count.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
CITIES500 = REPO.parent / "shared" / "mirror" / "geonames" / "export" / "dump" / "cities500.zip"

# Runs in the child: curate, then report rows, seconds and the child's own peak RSS (KiB on Linux).
CHILD = """
import json, resource, sys, time
from pathlib import Path
start = time.perf_counter()
{call}
seconds = time.perf_counter() - start
print(json.dumps({{"rows": frame.height, "seconds": seconds,
                  "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""


def measure(label: str, call: str) -> dict:
    """Run `call` (which binds `frame`) in a fresh interpreter and print its figures."""
    done = subprocess.run([sys.executable, "-c", CHILD.format(call=call)], cwd=REPO,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{label}: child failed\n{done.stderr}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"{label}: {result['rows']:,} rows in {result['seconds']:.1f} s, "
          f"peak RSS {result['peak_rss_mib']:.0f} MiB")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_500_000, help="Bolagsverket rows")
    args = parser.parse_args()
    if not CITIES500.exists():
        print(f"cities500: skipped ({CITIES500} not present)")
    elif importlib.util.find_spec("builders.geonames") is None:
        print("cities500: skipped (builders.geonames does not exist yet)")
    else:
        measure("cities500 (geonames.curate_features)",
                "from builders.geonames import curate_features\n"
                f"frame = curate_features(Path({str(CITIES500)!r}), 'cities500.txt')")
    import gen_bolagsverket
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bolagsverket_bulkfil.zip"
        start = time.perf_counter()
        gen_bolagsverket.write(args.rows, path)
        print(f"generated {args.rows:,} Bolagsverket rows ({path.stat().st_size / 2**20:.0f} MiB "
              f"zipped) in {time.perf_counter() - start:.1f} s (not part of the figure below)")
        measure(f"bolagsverket ({args.rows:,} rows)",
                "from builders.bolagsverket import curate\n"
                f"frame = curate(Path({str(path)!r}))")


if __name__ == "__main__":
    main()
