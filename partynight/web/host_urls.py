from django.urls import path

from partynight.web import host, live

app_name = "host"

urlpatterns = [
    path("nights/", host.night_list, name="nights"),
    path("nights/new/", host.night_new, name="night_new"),
    path("nights/<int:night_id>/", host.night_detail, name="night"),
    path("nights/<int:night_id>/settings/", host.night_settings, name="night_settings"),
    path("nights/<int:night_id>/players/", host.player_add, name="player_add"),
    path("nights/<int:night_id>/players/list/", host.players_add_list, name="players_add_list"),
    path("nights/<int:night_id>/phones/", host.night_phones, name="night_phones"),
    path(
        "nights/<int:night_id>/players/<int:player_id>/release/",
        host.player_release,
        name="player_release",
    ),
    path(
        "nights/<int:night_id>/players/<int:player_id>/rename/",
        host.player_rename,
        name="player_rename",
    ),
    path(
        "nights/<int:night_id>/players/<int:player_id>/remove/",
        host.player_remove,
        name="player_remove",
    ),
    path(
        "nights/<int:night_id>/players/<int:player_id>/paid/", host.player_paid, name="player_paid"
    ),
    path("nights/<int:night_id>/seats/", host.seats_draw, name="seats_draw"),
    path("nights/<int:night_id>/start/", host.play_start, name="play_start"),
    path("nights/<int:night_id>/dashboard/", live.dashboard, name="dashboard"),
    path("nights/<int:night_id>/fix/undo/", live.roll_undo, name="fix_undo"),
    path("nights/<int:night_id>/fix/points/", live.points_adjust, name="fix_points"),
    path("nights/<int:night_id>/fix/bunco/", live.bunco_reassign, name="fix_bunco"),
    path("nights/<int:night_id>/fix/ghost/", live.player_replace_by_ghost, name="fix_ghost"),
    path("nights/<int:night_id>/fix/late/", live.player_late_arrival, name="fix_late"),
    path("nights/<int:night_id>/late/seat/", live.late_guest_seat, name="late_seat"),
    path("nights/<int:night_id>/finish/", live.night_finish, name="night_finish"),
    path("nights/<int:night_id>/results/", live.results, name="results"),
    path("nights/<int:night_id>/record.json", live.record_json, name="record_json"),
    path("screen/<str:token>/", live.screen, name="screen"),
]
