from django.urls import path

from partynight import host_views, live_views

app_name = "host"

urlpatterns = [
    path("nights/", host_views.night_list, name="nights"),
    path("nights/new/", host_views.night_new, name="night_new"),
    path("nights/<int:night_id>/", host_views.night_detail, name="night"),
    path("nights/<int:night_id>/settings/", host_views.night_settings, name="night_settings"),
    path("nights/<int:night_id>/players/", host_views.player_add, name="player_add"),
    path(
        "nights/<int:night_id>/players/list/",
        host_views.players_add_list,
        name="players_add_list",
    ),
    path("nights/<int:night_id>/phones/", host_views.night_phones, name="night_phones"),
    path(
        "nights/<int:night_id>/players/<int:player_id>/release/",
        host_views.player_release,
        name="player_release",
    ),
    path(
        "nights/<int:night_id>/players/<int:player_id>/rename/",
        host_views.player_rename,
        name="player_rename",
    ),
    path(
        "nights/<int:night_id>/players/<int:player_id>/remove/",
        host_views.player_remove,
        name="player_remove",
    ),
    path(
        "nights/<int:night_id>/players/<int:player_id>/paid/",
        host_views.player_paid,
        name="player_paid",
    ),
    path("nights/<int:night_id>/seats/", host_views.seats_draw, name="seats_draw"),
    path("nights/<int:night_id>/start/", host_views.play_start, name="play_start"),
    path("nights/<int:night_id>/dashboard/", live_views.dashboard, name="dashboard"),
    path("nights/<int:night_id>/fix/undo/", live_views.roll_undo, name="fix_undo"),
    path("nights/<int:night_id>/fix/points/", live_views.points_adjust, name="fix_points"),
    path("nights/<int:night_id>/fix/bunco/", live_views.bunco_reassign, name="fix_bunco"),
    path("nights/<int:night_id>/fix/ghost/", live_views.player_replace_by_ghost, name="fix_ghost"),
    path("nights/<int:night_id>/fix/late/", live_views.player_late_arrival, name="fix_late"),
    path("nights/<int:night_id>/finish/", live_views.night_finish, name="night_finish"),
    path("nights/<int:night_id>/results/", live_views.results, name="results"),
    path("nights/<int:night_id>/record.json", live_views.record_json, name="record_json"),
    path("screen/<str:token>/", live_views.screen, name="screen"),
]
