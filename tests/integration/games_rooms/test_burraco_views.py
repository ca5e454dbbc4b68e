"""Opening a Burraco room from the form (its variants) and its page parts."""

from django.test import Client

from games.models import Room


def test_the_host_opens_a_burraco_room_with_variants(host, night, players):
    client = Client()
    client.force_login(host)
    settings = {"game": "burraco", "seats": 4, "chips": 1000, "max_coups": 30, "timeout": 300}
    settings |= {"target": "2005", "semi_clean": "150", "end_swing": "on", "play_out": "on"}
    assert client.post(f"/nights/{night.pk}/rooms/", settings).status_code == 302
    room = Room.objects.get(night=night)
    assert room.config == {
        "seats": 4, "target": 2005, "semi_clean": 150,
        "partners_by_seat": False, "end_swing": True, "play_out": True,
    }  # fmt: skip
    page = Client().get(f"/rooms/{room.pk}/play/{players[0].token}/").content.decode()
    assert "js/games/burraco.js" in page and "css/games/burraco.css" in page
    assert "<title>Burraco" in page
    screen = Client().get(f"/rooms/screen/{room.screen_token}/").content.decode()
    assert "js/games/burraco.js" in screen


def test_the_default_target_is_each_games_own(host, night):
    client = Client()
    client.force_login(host)
    settings = {"game": "burraco", "seats": 2, "chips": 1000, "max_coups": 30, "timeout": 120}
    client.post(f"/nights/{night.pk}/rooms/", settings | {"target": ""})
    assert Room.objects.get(night=night).config == {
        "seats": 2, "semi_clean": 0, "partners_by_seat": False, "end_swing": False,
        "play_out": False,
    }  # fmt: skip


def test_a_refused_setting_is_said_on_the_page(host, night):
    client = Client()
    client.force_login(host)
    settings = {"game": "burraco", "seats": 5, "chips": 1000, "max_coups": 30, "timeout": 120}
    page = client.post(f"/nights/{night.pk}/rooms/", settings, follow=True).content.decode()
    assert "Burraco is played by 2, 3 or 4 players." in page
    assert not Room.objects.filter(night=night).exists()
    settings |= {"seats": 4, "target": "2000"}  # not one of the choices: the default is ""
    page = client.post(f"/nights/{night.pk}/rooms/", settings, follow=True).content.decode()
    assert "Check the room settings" in page and not Room.objects.exists()
