"""Ending the night early: after any finished round the host can award the prizes, after a
confirmation; the results, the shared summary and the record say how many rounds were played."""

import random

from django.urls import reverse

from partynight.models import Award
from partynight.rules.record import validate_record
from partynight.services import play
from tests import builders
from tests.helpers.pages import messages_of
from tests.helpers.play import play_round


def one_round_played(host):
    night = builders.night(host, players=6, drawn=True)
    play_round(night, random.Random(4), 1)
    night.refresh_from_db()
    return night


def test_the_dashboard_offers_to_end_early_and_asks_first(host_client, host):
    night = one_round_played(host)
    page = host_client.get(reverse("host:dashboard", args=[night.pk])).content.decode()
    assert f'data-finish="{reverse("host:night_finish", args=[night.pk])}"' in page
    url = reverse("host:night_finish", args=[night.pk])
    confirm = host_client.get(url).content.decode()
    assert "1 round played, 23 still to go" in confirm
    assert "Yes, award the prizes now" in confirm
    # A POST without the confirmation (an old tab's "Award prizes") only shows the question.
    response = host_client.post(url)
    assert response.status_code == 200 and "End the night now?" in response.content.decode()
    assert not Award.objects.filter(night=night).exists()

    done = host_client.post(url, {"confirm": "early"}, follow=True)
    assert done.redirect_chain[-1][0] == reverse("host:results", args=[night.pk])
    assert Award.objects.filter(night=night).exists()
    assert "1 of 24 rounds played (the night ended early)." in done.content.decode()
    night.refresh_from_db()
    assert night.state == "finished"

    record = host_client.get(reverse("host:record_json", args=[night.pk])).json()
    assert record["rounds_planned"] == 24 and len(record["rounds"]) == 1
    assert validate_record(record) == []
    public = host_client.get(reverse("paper:results_public", args=[night.results_token]))
    text = public.content.decode()
    assert text.count("1 of 24 rounds played (the night ended early).") == 2  # page + summary
    # Done once: the confirmation page now leads to the results.
    assert host_client.get(url).url == reverse("host:results", args=[night.pk])


def test_ending_early_waits_for_the_round_in_play(host_client, host):
    night = one_round_played(host)
    play.round_start(night_id=night.pk, number=2, actor="host")
    url = reverse("host:night_finish", args=[night.pk])
    assert "Round 2 is being played" in host_client.get(url).content.decode()
    response = host_client.post(url, {"confirm": "early"}, follow=True)
    assert "Finish the current round before awarding prizes." in messages_of(response)
    assert not Award.objects.filter(night=night).exists()


def test_nothing_to_award_before_the_first_round(host_client, host):
    night = builders.night(host, players=4, drawn=True)
    url = reverse("host:night_finish", args=[night.pk])
    assert "Play at least one round" in host_client.get(url).content.decode()
    response = host_client.post(url, {"confirm": "early"}, follow=True)
    assert "Play at least one round before awarding prizes." in messages_of(response)
