"""Print the fuzz table of the last `make test` / `make soak` run: python -m tests.hostile.report [--codes]."""

from __future__ import annotations

import sys

from .outcomes import RESULTS, collect, table


def main(argv: list[str]) -> int:
    totals = collect()
    if not totals:
        print(f"No fuzz results in {RESULTS}: run `make test` or `make soak` first.")
        return 1
    print(table(totals))
    if "--codes" in argv:
        for path, tally in sorted(totals.items()):
            top = sorted(tally.codes.items(), key=lambda kv: -kv[1])[:8]
            print(f"{path}: " + ", ".join(f"{code} {n}" for code, n in top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
