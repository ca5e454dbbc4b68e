"""Every HTML form (the host's new night, settings, players, corrections, groups, card
rooms; the phone's join form) posted with random field values through Django's test
client: never a 500; refused input is answered 200/400 with the form's error, or (for the
dashboard's corrections and the player buttons, which go back to their page) a redirect
carrying an error message, and then nothing in the database changed."""

import datetime

import pytest
from django.contrib import messages
from django.contrib.messages import get_messages
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from partynight.models import Group, GroupMember
from partynight.web.forms import (
    NightForm,
)
from tests import builders
from tests.helpers.hostile import HOSTILE, dump, make_night
from tests.helpers.pages import initial_post, settings_post

TEXT = st.text(st.characters(codec="utf-8"), max_size=60)
VALUES = st.one_of(
    TEXT,
    st.integers(-(10**12), 10**12).map(str),
    st.sampled_from(
        ["", " ", "0", "1", "2", "-1", "A", "B", "C", "p1", "p999", "none", "on", "share"]
        + ["amount", "2026-12-04", "2026-02-30", "1e9", "\x00", "<b>x</b>", "=1+1", "7.5"]
    ),
    st.integers(41, 6000).map(lambda n: "x" * n),
)


@pytest.fixture
def world(host):
    night, room, people = make_night(host)
    names = [f"P{i}" for i in range(5)]
    date = datetime.date(2026, 12, 11)
    planning = builders.night(host, names, seed=1, paid=False, name="Planning", date=date)
    listed = list(planning.players.order_by("pk"))
    group = Group.objects.create(host=host, name="Club")
    member = GroupMember.objects.create(group=group, name="Ann")
    return {"night": night, "planning": planning, "listed": listed, "people": people,
            "group": group, "member": member}  # fmt: skip


def forms(w):
    """Each form: (url, a valid post to start from, logged in as the host?)."""
    n, p, g = w["night"].pk, w["planning"].pk, w["group"].pk
    late = {"name": "Late Lou"}
    return {
        "new_night": (
            "/nights/new/",
            {**initial_post(NightForm()), "name": "N", "date": "2026-12-04", **settings_post()},
            True,
        ),  # fmt: skip
        "settings": (f"/nights/{p}/settings/", settings_post(), True),
        "add_player": (f"/nights/{p}/players/", {"name": "Zed"}, True),
        "rename": (f"/nights/{p}/players/{w['listed'][0].pk}/rename/", {"name": "Al"}, True),
        "undo": (f"/nights/{n}/fix/undo/", {"table": "1"}, True),
        "points": (
            f"/nights/{n}/fix/points/",
            {"table": "1", "team": "A", "delta": "2", "reason": "x"},
            True,
        ),  # fmt: skip
        "bunco": (
            f"/nights/{n}/fix/bunco/",
            {"table": "1", "from_player": "p1", "to_player": "p2"},
            True,
        ),  # fmt: skip
        "ghost": (f"/nights/{n}/fix/ghost/", {"player": w["people"][-1].key}, True),
        "late": (f"/nights/{n}/fix/late/", late, True),
        "group_new": ("/groups/", {"name": "Club 2"}, True),
        "member_add": (
            f"/groups/{g}/members/",
            {"name": "Bo", "contact": "", "hosts_month": "3"},
            True,
        ),  # fmt: skip
        "member_update": (
            f"/groups/{g}/members/{w['member'].pk}/",
            {"name": "Ann B", "contact": "555", "hosts_month": ""},
            True,
        ),  # fmt: skip
        "group_night": (
            f"/groups/{g}/nights/",
            {"name": "Club night", "date": "2026-12-18", "place": ""},
            True,
        ),  # fmt: skip
        "room_host": (
            f"/nights/{n}/rooms/",
            {
                "game": "punto_banco",
                "seats": "4",
                "chips": "1000",
                "max_coups": "30",
                "timeout": "120",
            },
            True,
        ),  # fmt: skip
        "room_player": (
            f"/rooms/for/{w['people'][3].token}/",
            {
                "game": "punto_banco",
                "seats": "4",
                "chips": "1000",
                "max_coups": "30",
                "timeout": "120",
            },
            False,
        ),  # fmt: skip
        "join": (f"/join/{w['planning'].join_token}/", {"name": "Newcomer"}, False),
        "claim": (f"/join/{w['planning'].join_token}/", {"claim": str(w["listed"][1].pk)}, False),
        "paste_list": (f"/nights/{p}/players/list/", {"names": "Zed\nYan"}, True),
        "release": (f"/nights/{p}/players/{w['listed'][2].pk}/release/", {"release": "1"}, True),
    }


@st.composite
def mangled(draw, valid):
    """The valid post with some fields replaced by random values, some dropped, and
    sometimes unknown fields added."""
    data = dict(valid)
    for name in draw(st.lists(st.sampled_from(sorted(valid)), max_size=4, unique=True)):
        if draw(st.integers(0, 4)) == 0:
            data.pop(name)
        else:
            data[name] = draw(VALUES)
    if draw(st.integers(0, 3)) == 0:
        data[draw(TEXT.filter(bool))] = draw(VALUES)
    return data


def shows_an_error(response) -> bool:
    if response.status_code == 302:
        added = get_messages(response.wsgi_request)._queued_messages  # by this request only
        return any(m.level >= messages.ERROR for m in added)
    page = response.content.decode()
    return any(mark in page for mark in ('class="errorlist', 'role="alert"', 'class="error'))


FORMS = [
    "new_night", "settings", "add_player", "rename", "undo", "points", "bunco", "ghost",
    "late", "group_new", "member_add", "member_update", "group_night", "room_host",
    "room_player", "join", "claim", "paste_list", "release",
]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("which", FORMS)
@HOSTILE
@given(data=st.data())
def test_a_form_with_random_values_never_fails_and_refusals_change_nothing(
    world, host_client, which, data
):
    url, valid, as_host = forms(world)[which]
    post = data.draw(mangled(valid), label="post")
    before = dump()
    client = host_client if as_host else Client()
    response = client.post(url, post)
    assert response.status_code in (200, 302, 400, 409), response.status_code
    if response.status_code == 302 and not shows_an_error(response):
        return  # the random values happened to be valid: the change was made
    if which == "join" and 'id="join-headline">Is this you?' in response.content.decode():
        assert dump() == before  # a name the host added: the phone is asked, nothing changes
        return
    assert shows_an_error(response), (response.status_code, response.content[:2000])
    if which == "paste_list":
        return  # by design the good lines are added while each bad line is reported
    assert dump() == before


REFUSED_BY_THE_SERVICE = {"undo", "bunco", "late"}  # valid forms, but nothing to undo / move


@pytest.mark.django_db
@pytest.mark.parametrize("which", sorted(set(FORMS) - REFUSED_BY_THE_SERVICE))
def test_the_valid_starting_posts_are_accepted(world, host_client, which):
    url, valid, as_host = forms(world)[which]
    response = (host_client if as_host else Client()).post(url, valid)
    assert response.status_code == 302 and not shows_an_error(response), response.content[:3000]


@pytest.mark.django_db
@pytest.mark.parametrize("which", ["rename", "join", "add_player"])
def test_a_name_with_a_nul_byte_is_refused(world, host_client, which):
    url, _, as_host = forms(world)[which]
    before = dump()
    response = (host_client if as_host else Client()).post(url, {"name": "Al\x00ice"})
    assert shows_an_error(response) and dump() == before
