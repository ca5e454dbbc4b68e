"""Paper for a night (HTML pages that print, and the same as PDFs), the read-only results
link, CSV exports, and the host's groups."""

from django.urls import path

from partynight import group_views, print_views

urlpatterns = [
    path("nights/<int:night_id>/print/sheets/", print_views.score_sheets, name="print_sheets"),
    path(
        "nights/<int:night_id>/print/sheets.pdf",
        print_views.as_pdf(print_views.score_sheets),
        name="print_sheets_pdf",
    ),
    path("nights/<int:night_id>/print/tables/", print_views.table_sheets, name="print_tables"),
    path(
        "nights/<int:night_id>/print/tables.pdf",
        print_views.as_pdf(print_views.table_sheets),
        name="print_tables_pdf",
    ),
    path("nights/<int:night_id>/print/results/", print_views.results_sheet, name="print_results"),
    path(
        "nights/<int:night_id>/print/results.pdf",
        print_views.as_pdf(print_views.results_sheet),
        name="print_results_pdf",
    ),
    path("nights/<int:night_id>/standings.csv", print_views.standings_csv, name="standings_csv"),
    path("results/<str:token>/", print_views.results_public, name="results_public"),
    path("groups/", group_views.group_list, name="groups"),
    path("groups/<int:group_id>/", group_views.group_detail, name="group"),
    path("groups/<int:group_id>/members/", group_views.member_add, name="member_add"),
    path(
        "groups/<int:group_id>/members/<int:member_id>/",
        group_views.member_update,
        name="member_update",
    ),
    path(
        "groups/<int:group_id>/members/<int:member_id>/remove/",
        group_views.member_remove,
        name="member_remove",
    ),
    path("groups/<int:group_id>/nights/", group_views.night_start, name="group_night_start"),
    path("groups/<int:group_id>/season.csv", group_views.season_csv, name="season_csv"),
]
