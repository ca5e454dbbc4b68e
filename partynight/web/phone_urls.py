"""The players' phones: their secret play link and the join link behind the QR code."""

from django.urls import path

from partynight.web import phone

app_name = "phone"

urlpatterns = [
    path("play/<str:token>/", phone.play, name="play"),
    path("play/<str:token>/language/", phone.choose_language, name="language"),
    path("join/", phone.join_by_code, name="join_code"),
    path("join/<str:join_token>/", phone.join, name="join"),
]
