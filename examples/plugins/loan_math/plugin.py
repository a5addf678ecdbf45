"""Fixed-rate amortising loans.

=LOAN_PAYMENT(principal, annual_rate, years, [periods_per_year])   payment per period
=LOAN_TOTAL_INTEREST(principal, annual_rate, years, [periods_per_year])
=LOAN_BALANCE(principal, annual_rate, years, payments_made, [periods_per_year])

annual_rate is a decimal (6% is 0.06); periods_per_year defaults to 12. A rate of 0 is a plain
division. Bad inputs raise, which the cell shows as #VALUE! with the reason.
"""


def _number(name, value, minimum=None):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}")
    return float(value)


def _terms(principal, annual_rate, years, periods_per_year):
    principal = _number("principal", principal, 0)
    rate = _number("annual_rate", annual_rate, 0) / _number("periods_per_year", periods_per_year, 1)
    periods = round(_number("years", years, 0) * periods_per_year)
    if periods < 1:
        raise ValueError("the loan must last at least one period")
    return principal, rate, periods


def _payment(principal, rate, periods):
    if rate == 0:
        return principal / periods
    return principal * rate / (1.0 - (1.0 + rate) ** -periods)


def register(kernel):
    @kernel.formula("LOAN_PAYMENT")
    def loan_payment(principal, annual_rate, years, periods_per_year=12):
        return _payment(*_terms(principal, annual_rate, years, periods_per_year))

    @kernel.formula("LOAN_TOTAL_INTEREST")
    def loan_total_interest(principal, annual_rate, years, periods_per_year=12):
        principal, rate, periods = _terms(principal, annual_rate, years, periods_per_year)
        return _payment(principal, rate, periods) * periods - principal

    @kernel.formula("LOAN_BALANCE")
    def loan_balance(principal, annual_rate, years, payments_made, periods_per_year=12):
        principal, rate, periods = _terms(principal, annual_rate, years, periods_per_year)
        made = min(round(_number("payments_made", payments_made, 0)), periods)
        if rate == 0:
            return principal * (periods - made) / periods
        payment = _payment(principal, rate, periods)
        grown = (1.0 + rate) ** made
        return principal * grown - payment * (grown - 1.0) / rate
