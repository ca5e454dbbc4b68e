"""Names that would hide or scramble what a screen shows (issue 12, finding 11): invisible
ones (only zero-width or blank characters) and ones holding a text-direction override are
refused with a clear message, on every form that takes a player's name."""

import pytest
from django.test import Client

from live.errors import ServiceError
from partynight.services import nights
from tests import builders
from tests.helpers.hostile import dump

INVISIBLE = ["\u200b", "\u200b\u200c\u200d", "\ufeff\u2060", "\u3164", "\u2800\u2800", "\u0301"]
REVERSED = ["\u202eecilA", "Bob\u202d", "A\u2066lice\u2069", "\u202bX\u202c"]


@pytest.mark.django_db
@pytest.mark.parametrize("name", INVISIBLE)
def test_an_invisible_name_is_refused(name):
    with pytest.raises(ServiceError, match="invisible") as refused:
        nights.clean_name(name)
    assert refused.value.code == "invalid_name"


@pytest.mark.django_db
@pytest.mark.parametrize("name", REVERSED)
def test_a_name_with_a_direction_override_is_refused(name):
    with pytest.raises(ServiceError, match="reverse the text direction"):
        nights.clean_name(name)


@pytest.mark.parametrize("name", ["Zoë", "李雷", "محمد", "José\u0301", "O'Neil", "Ann 2", "🎲 Dee"])
def test_real_names_still_pass(name):
    assert nights.clean_name(name) == name


@pytest.fixture
def planning(host):
    night = builders.night(host, ["Listed"], seed=1, paid=False, name="Names")
    return night, night.players.get()


@pytest.mark.django_db
@pytest.mark.parametrize("form", ["add_player", "rename", "join"])
@pytest.mark.parametrize("name", ["\u200b\u200b", "\u202eecilA"])
def test_the_forms_show_the_reason_and_change_nothing(planning, host_client, form, name):
    night, listed = planning
    url, client = {
        "add_player": (f"/nights/{night.pk}/players/", host_client),
        "rename": (f"/nights/{night.pk}/players/{listed.pk}/rename/", host_client),
        "join": (f"/join/{night.join_token}/", Client()),
    }[form]
    before = dump()
    response = client.post(url, {"name": name}, follow=True)
    page = response.content.decode()
    assert "invisible" in page or "reverse the text direction" in page
    assert dump() == before
