"""`python -m bench.dice_odds`: how fast /odds refuses huge expressions, and what it computes.

Refusals must come within 100 ms (the issue's bound; they are a price check, microseconds on
an idle machine). The allowed worst cases show what the price limit buys. Best of 5 runs each,
so a busy machine's pauses do not count; the tests only assert that bombs are refused.
"""

from __future__ import annotations

import time

from games.dice import DiceError, exact_odds

REFUSED = [
    "1000000d1000000",
    "1d1000000",
    "10d1000",
    "100d1000+100d1000",
    "1d6e>1",
    "10d6e>1",
    "40d6kh3",
    "(" * 10 + "100d100" + ")" * 10,
]
ALLOWED = ["4d6kh3 >= 15", "8d6e6", "100d6", "2d1000", "30d10kh15", "30d20", "3d6e>4"]
REFUSAL_BOUND_MS = 100.0


def best_ms(expression: str, *, refused: bool, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        try:
            exact_odds(expression)
        except DiceError:
            if not refused:
                raise
        else:
            if refused:
                raise AssertionError(f"{expression} was not refused")
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def main() -> None:
    print("refused (best of 5):")
    worst = 0.0
    for expression in REFUSED:
        ms = best_ms(expression, refused=True)
        worst = max(worst, ms)
        print(f"  {expression[:40]:42} {ms:8.3f} ms")
    verdict = "OK" if worst < REFUSAL_BOUND_MS else "OVER"
    print(f"  worst refusal {worst:.3f} ms (bound {REFUSAL_BOUND_MS:.0f} ms): {verdict}")
    print("computed (best of 3):")
    for expression in ALLOWED:
        print(f"  {expression:42} {best_ms(expression, refused=False, runs=3):8.1f} ms")


if __name__ == "__main__":
    main()
