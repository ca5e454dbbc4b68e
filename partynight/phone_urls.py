"""The players' phones: their secret play link and the join link behind the QR code."""

from django.urls import path

from partynight import phone_views

app_name = "phone"

urlpatterns = [
    path("play/<str:token>/", phone_views.play, name="play"),
    path("join/", phone_views.join_by_code, name="join_code"),
    path("join/<str:join_token>/", phone_views.join, name="join"),
]
