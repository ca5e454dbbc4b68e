from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("nights/<int:night_id>/rooms/", views.host_rooms, name="host_rooms"),
    path(
        "nights/<int:night_id>/rooms/<int:room_id>/<str:what>/",
        views.host_room_do,
        name="host_room_do",
    ),
    path("rooms/for/<str:token>/", views.player_rooms, name="player_rooms"),
    path("rooms/<int:room_id>/play/<str:token>/", views.room_play, name="room_play"),
    path("rooms/join/<str:join_token>/", views.room_join, name="room_join"),
    path("rooms/screen/<str:token>/", views.room_screen, name="room_screen"),
]
