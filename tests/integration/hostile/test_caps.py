"""Caps on what one host can make through the pages (issue 12, finding 8): nights an hour
and the size of the prize formset. (Rooms per night and bot sessions are capped in
games/; PDFs in tests/integration/print/test_pdf_limits.py; logins and signups in
test_accounts.py.)"""

import threading
from datetime import timedelta

import pytest
from django.db import connection

from live.errors import ServiceError
from partynight import throttles
from partynight.models import Group, Night
from partynight.services import nights
from partynight.web.forms import NightForm
from tests.builders import DATE
from tests.helpers.pages import initial_post, settings_post


def new_night_post(name):
    return {**initial_post(NightForm()), "name": name, "date": "2026-12-04", **settings_post()}


@pytest.mark.django_db
def test_a_host_plans_at_most_so_many_nights_an_hour(host, host_client):
    for i in range(throttles.NIGHTS_PER_HOUR):
        assert host_client.post("/nights/new/", new_night_post(f"N{i}")).status_code == 302
    refused = host_client.post("/nights/new/", new_night_post("One too many"))
    assert refused.status_code == 200 and "in the last hour" in refused.content.decode()
    group = Group.objects.create(host=host, name="Club")
    page = host_client.post(f"/groups/{group.pk}/nights/", {"name": "Club", "date": "2026-12-18"})
    assert page.status_code == 400 and "in the last hour" in page.content.decode()
    assert Night.objects.filter(host=host).count() == throttles.NIGHTS_PER_HOUR
    # the hour is counted from each night's creation: once they are older, the next goes in
    an_hour_ago = Night.objects.first().created - timedelta(hours=1, seconds=1)
    Night.objects.filter(host=host).update(created=an_hour_ago)
    assert host_client.post("/nights/new/", new_night_post("Next hour")).status_code == 302


@pytest.mark.django_db
def test_a_prize_formset_claiming_100000_rows_is_refused_cheaply(host, host_client):
    post = new_night_post("Huge")
    post["prizes-TOTAL_FORMS"] = "100000"
    response = host_client.post("/nights/new/", post)
    assert response.status_code == 200 and "at most 6 prize rows" in response.content.decode()
    assert len(response.context["prizes"].forms) <= 6  # not 100,000 forms built
    assert not Night.objects.filter(name="Huge").exists()


@pytest.mark.django_db(transaction=True)
def test_the_nights_an_hour_cap_is_exact_when_requests_come_at_once(host):
    """The last free place, asked for by 6 requests at the same moment: one night is made,
    the others are refused (the count and the new night in one transaction, the host's row
    locked; counted before it, they all saw a free place)."""
    for i in range(throttles.NIGHTS_PER_HOUR - 1):
        nights.night_create(host=host, name=f"N{i}", date=DATE, capped=True)
    start, made, refused = threading.Barrier(6), [], []

    def one(i):
        start.wait()
        try:
            made.append(nights.night_create(host=host, name=f"R{i}", date=DATE, capped=True))
        except ServiceError as error:
            refused.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == 1 and refused == ["too_many"] * 5
    assert Night.objects.filter(host=host).count() == throttles.NIGHTS_PER_HOUR
