"""Checking rows of the key table together: each after the rows its bounds need, a refused
value keeping the rows that need it unchecked."""
from __future__ import absolute_import, division, print_function


def checking_order(table, rows):
    """The rows of ``table`` with each after the rows its bounds need (``rows``: name ->
    row)."""
    order = []

    def visit(row):
        if row not in order:
            for need in row.needs:
                visit(rows[need])
            order.append(row)
    for row in table:
        visit(row)
    return order


def rechecked(values, overrides, prefix, rows, written=None):
    """Check ``rows`` (in checking order) on ``values`` with ``overrides`` in place:
    ({key: checked value}, problems named ``prefix + key``, quoting the value as
    ``written`` ({key: text}) where it gives one). A row with no value, or needing one
    that has none or was refused, is left unchecked."""
    merged = dict(values)
    merged.update(overrides)
    checked, problems = {}, []
    for row in rows:
        if row.name not in merged or any(need not in merged for need in row.needs):
            continue
        value, refused = row.check(merged[row.name], merged, prefix)
        if refused:
            if written and row.name in written and not row.kind.is_section:
                refused = [row.refusal(written[row.name], name=prefix + row.name)]
            problems.extend(refused)
            del merged[row.name]  # the rows that need it are not checked against it
        else:
            checked[row.name] = merged[row.name] = value
    return checked, problems
