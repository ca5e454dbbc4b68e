"""Names that would hide or scramble what a screen shows (issue 12, finding 11): invisible
ones (only zero-width or blank characters) and ones holding a text-direction override are
refused with a clear message, on every form that takes a player's name."""

import pytest
from django.test import Client

from live.errors import ServiceError
from partynight.models import Group, Night
from partynight.rules.prizes import DEFAULT_PRIZE_TABLE
from partynight.services import groups, nights
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


# --- one name rule for every name a person types (issue 28) ----------------------------------

STRIPPED = ["Ann\u200b", "A\u2060nn", "\ufeffAnn", "An\u200dn", "An\u00adn", "An\u034fn"]


@pytest.mark.parametrize("name", STRIPPED)
def test_invisible_format_characters_are_dropped(name):
    assert nights.clean_name(name) == "Ann"


@pytest.mark.parametrize("name", ["\uff21\uff4e\uff4e", "\u212bnn"])
def test_names_are_stored_in_nfkc(name):
    assert nights.clean_name(name) in ("Ann", "\u00c5nn")


@pytest.mark.parametrize(
    "name, why",
    [
        ("Ann\u200f", "reverse the text direction"),  # RLM
        ("Ann\u061c", "reverse the text direction"),  # ALM
        ("\u200eAnn", "reverse the text direction"),  # LRM
        ("Ann\x1b[31m", "control characters"),  # ESC
        ("Ann\x07", "control characters"),  # BEL
        ("A" + "\u0301" * 39, "at most 3 accents"),  # Zalgo
        ("Z\u0336\u0335\u0334\u0337a\u0336\u0335\u0334\u0337l", "at most 3 accents"),
    ],
)
def test_direction_controls_control_characters_and_zalgo_are_refused(name, why):
    with pytest.raises(ServiceError, match=why) as refused:
        nights.clean_name(name)
    assert refused.value.code == "invalid_name"


@pytest.mark.parametrize("name", ["Vi\u1ec7t", "Nguy\u1ec5n", "Zo\u00eb", "\u0e01\u0e34\u0e48"])
def test_accented_names_pass(name):
    assert nights.clean_name(name) == name


LOOK_ALIKES = ["\u0410nn", "ANN", "ann", "\u0391\u039d\u039d", "Ann\u200b", "\uff21nn"]


@pytest.mark.django_db
@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_of_a_player_is_a_duplicate(planning, name):
    night, listed = planning
    nights.player_add(night_id=night.pk, name="Ann", actor="host")
    with pytest.raises(ServiceError, match="already playing tonight") as refused:
        nights.player_add(night_id=night.pk, name=name, actor="host")
    assert refused.value.code == "duplicate"
    with pytest.raises(ServiceError, match="already playing tonight"):
        nights.player_rename(night_id=night.pk, player_id=listed.pk, name=name, actor="host")
    assert sorted(night.players.values_list("name", flat=True)) == ["Ann", "Listed"]


@pytest.mark.django_db
def test_a_look_alike_of_a_group_member_is_a_duplicate(host):
    group = groups.group_create(host=host, name="Club")
    groups.member_add(group=group, name="Ann")
    with pytest.raises(ServiceError, match="already a member"):
        groups.member_add(group=group, name="\u0410nn")
    assert list(group.members.values_list("name", flat=True)) == ["Ann"]


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["\u202eecilA", "Club\x1b", "\u200b"])
def test_night_group_place_and_prize_names_follow_the_rule(host, bad):
    with pytest.raises(ServiceError) as refused:
        groups.group_create(host=host, name=bad)
    assert refused.value.code == "invalid_name"
    with pytest.raises(ServiceError):
        nights.night_create(host=host, name=bad, date=builders.DATE)
    with pytest.raises(ServiceError):
        nights.night_create(host=host, name="Friday", date=builders.DATE, place=bad)
    prizes = [dict(prize, name=bad) for prize in DEFAULT_PRIZE_TABLE]
    with pytest.raises(ServiceError):
        nights.night_create(host=host, name="Friday", date=builders.DATE, prize_table=prizes)
    assert not Night.objects.exists() and not Group.objects.exists()
    night = nights.night_create(
        host=host, name="\uff26riday\u200b", date=builders.DATE, place="Jo\u00ad's",
        prize_table=[dict(prize, name=prize["name"] + "\u2060") for prize in DEFAULT_PRIZE_TABLE],
    )  # fmt: skip
    assert (night.name, night.place) == ("Friday", "Jo's")
    assert [p["name"] for p in night.prize_table] == [p["name"] for p in DEFAULT_PRIZE_TABLE]
