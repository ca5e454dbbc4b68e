"""The host's groups: members, a night from a group, the season's CSV."""

from django.urls import path

from partynight import group_views

app_name = "groups"

urlpatterns = [
    path("groups/", group_views.group_list, name="list"),
    path("groups/<int:group_id>/", group_views.group_detail, name="detail"),
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
    path("groups/<int:group_id>/nights/", group_views.night_start, name="night_start"),
    path("groups/<int:group_id>/season.csv", group_views.season_csv, name="season_csv"),
]
