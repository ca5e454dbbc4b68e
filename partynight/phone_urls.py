"""The players' phones: their secret play link and the join link behind the QR code."""

from django.urls import path

from partynight import phone_views

urlpatterns = [
    path("play/<str:token>/", phone_views.play, name="phone-play"),
    path("join/", phone_views.join_by_code, name="join-code"),
    path("join/<str:join_token>/", phone_views.join, name="phone-join"),
]
