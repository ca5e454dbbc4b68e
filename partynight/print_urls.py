"""Paper for a night (HTML pages that print, and the same as PDFs), the read-only results
link and CSV exports."""

from django.urls import path

from partynight import print_views

app_name = "paper"

urlpatterns = [
    path("nights/<int:night_id>/print/sheets/", print_views.score_sheets, name="sheets"),
    path(
        "nights/<int:night_id>/print/sheets.pdf",
        print_views.as_pdf(print_views.score_sheets),
        name="sheets_pdf",
    ),
    path("nights/<int:night_id>/print/tables/", print_views.table_sheets, name="tables"),
    path(
        "nights/<int:night_id>/print/tables.pdf",
        print_views.as_pdf(print_views.table_sheets),
        name="tables_pdf",
    ),
    path("nights/<int:night_id>/print/results/", print_views.results_sheet, name="results"),
    path(
        "nights/<int:night_id>/print/results.pdf",
        print_views.as_pdf(print_views.results_sheet),
        name="results_pdf",
    ),
    path("nights/<int:night_id>/standings.csv", print_views.standings_csv, name="standings_csv"),
    path("results/<str:token>/", print_views.results_public, name="results_public"),
]
