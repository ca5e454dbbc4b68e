"""The host's groups: members, a night from a group, the season's CSV."""

from django.urls import path

from groups import views

app_name = "groups"

urlpatterns = [
    path("groups/", views.group_list, name="list"),
    path("groups/<int:group_id>/", views.group_detail, name="detail"),
    path("groups/<int:group_id>/members/", views.member_add, name="member_add"),
    path(
        "groups/<int:group_id>/members/<int:member_id>/", views.member_update, name="member_update"
    ),
    path(
        "groups/<int:group_id>/members/<int:member_id>/remove/",
        views.member_remove,
        name="member_remove",
    ),
    path("groups/<int:group_id>/nights/", views.night_start, name="night_start"),
    path("groups/<int:group_id>/season.csv", views.season_csv, name="season_csv"),
]
