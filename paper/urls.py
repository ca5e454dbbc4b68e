"""Paper for a night (HTML pages that print, and the same as PDFs), the read-only results
link and CSV exports."""

from django.urls import path

from paper import views
from paper.pdf import as_pdf

app_name = "paper"

urlpatterns = [
    path("nights/<int:night_id>/print/sheets/", views.score_sheets, name="sheets"),
    path("nights/<int:night_id>/print/sheets.pdf", as_pdf(views.score_sheets), name="sheets_pdf"),
    path("nights/<int:night_id>/print/tables/", views.table_sheets, name="tables"),
    path("nights/<int:night_id>/print/tables.pdf", as_pdf(views.table_sheets), name="tables_pdf"),
    path("nights/<int:night_id>/print/results/", views.results_sheet, name="results"),
    path(
        "nights/<int:night_id>/print/results.pdf", as_pdf(views.results_sheet), name="results_pdf"
    ),
    path("nights/<int:night_id>/standings.csv", views.standings_csv, name="standings_csv"),
    path("results/<str:token>/", views.results_public, name="results_public"),
]
