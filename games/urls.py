from django.urls import path

from games import views

urlpatterns = [
    path("nights/<int:night_id>/rooms/", views.host_rooms, name="host-rooms"),
    path(
        "nights/<int:night_id>/rooms/<int:room_id>/<str:what>/",
        views.host_room_do,
        name="host-room-do",
    ),
    path("rooms/for/<str:token>/", views.player_rooms, name="player-rooms"),
    path("rooms/<int:room_id>/play/<str:token>/", views.room_play, name="room-play"),
    path("rooms/join/<str:join_token>/", views.room_join, name="room-join"),
    path("rooms/screen/<str:token>/", views.room_screen, name="room-screen"),
]
