"""CSV downloads (a night's standings, a group's season)."""

import csv

from django.http import HttpResponse


def csv_response(filename: str, header: list[str], rows) -> HttpResponse:
    """A CSV download. A cell starting like a formula gets a quote, so a spreadsheet shows
    a name such as "=1+1" as typed instead of running it."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    writer = csv.writer(response)
    writer.writerow(header)
    for row in rows:
        writer.writerow(
            f"'{cell}" if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@") else cell
            for cell in row
        )
    return response
