"""European option pricing with the Black-Scholes model.

=BS_PRICE(spot, strike, years, rate, volatility, [kind])  kind "call" (default) or "put"
=BS_DELTA(spot, strike, years, rate, volatility, [kind])

Rates and volatility are annual decimals (5% is 0.05). An input that is missing, not a number,
or not positive where it must be raises, which the cell shows as #VALUE! with the reason.
"""
import math


def _normal_cdf(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _inputs(spot, strike, years, rate, volatility, kind):
    values = {"spot": spot, "strike": strike, "years": years, "rate": rate, "volatility": volatility}
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{name} must be a number")
    for name in ("spot", "strike", "years", "volatility"):
        if values[name] <= 0:
            raise ValueError(f"{name} must be greater than 0")
    kind = (kind or "call").strip().lower() if isinstance(kind, str) else "call"
    if kind not in ("call", "put"):
        raise ValueError('kind must be "call" or "put"')
    return float(spot), float(strike), float(years), float(rate), float(volatility), kind


def _d1_d2(spot, strike, years, rate, volatility):
    spread = volatility * math.sqrt(years)
    d1 = (math.log(spot / strike) + (rate + volatility * volatility / 2.0) * years) / spread
    return d1, d1 - spread


def register(kernel):
    @kernel.formula("BS_PRICE")
    def bs_price(spot, strike, years, rate, volatility, kind="call"):
        spot, strike, years, rate, volatility, kind = _inputs(
            spot, strike, years, rate, volatility, kind
        )
        d1, d2 = _d1_d2(spot, strike, years, rate, volatility)
        discount = strike * math.exp(-rate * years)
        if kind == "call":
            return spot * _normal_cdf(d1) - discount * _normal_cdf(d2)
        return discount * _normal_cdf(-d2) - spot * _normal_cdf(-d1)

    @kernel.formula("BS_DELTA")
    def bs_delta(spot, strike, years, rate, volatility, kind="call"):
        spot, strike, years, rate, volatility, kind = _inputs(
            spot, strike, years, rate, volatility, kind
        )
        d1, _ = _d1_d2(spot, strike, years, rate, volatility)
        return _normal_cdf(d1) if kind == "call" else _normal_cdf(d1) - 1.0
