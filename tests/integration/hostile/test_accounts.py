"""Logins and signups per address (issue 12, finding 8): 60 wrong passwords then the right
one used to go through without a delay. Now wrong passwords slow down (per address and
per user name) and a right one is never refused; signups are capped per address."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from partynight import throttles

ADDRESS = "203.0.113.20"


def log_in(client, username, password):
    return client.post("/accounts/login/", {"username": username, "password": password})


@pytest.mark.django_db
def test_wrong_passwords_slow_down_and_the_right_one_still_works(host, pauses):
    client = Client(REMOTE_ADDR=ADDRESS)
    free = throttles.ACCOUNT_FAILURES["login-name"][0]
    for _ in range(free + 3):
        assert log_in(client, "hostess", "wrong").status_code == 200
    # every attempt waits as long as its failure would, before it is checked
    assert pauses == [0.0] * free + [0.25, 0.5, 1.0]
    right = log_in(client, "hostess", "pw-for-tests-1")
    assert right.status_code == 302  # slowed (2 s), never refused
    assert pauses[-1] == 2.0
    assert Client().get("/").wsgi_request.user.is_anonymous  # and only this client is in


@pytest.mark.django_db
def test_guessing_many_names_from_one_address_slows_down_too(host, pauses):
    client = Client(REMOTE_ADDR=ADDRESS)
    free = throttles.ACCOUNT_FAILURES["login"][0]
    for i in range(free + 2):
        assert log_in(client, f"name-{i}", "wrong").status_code == 200
    assert pauses[-3:] == [0.0, 0.25, 0.5]  # the address's count, not one name's
    other = Client(REMOTE_ADDR="203.0.113.21")
    assert log_in(other, "hostess", "pw-for-tests-1").status_code == 302
    assert pauses[-1] == 0.0  # another address is not slowed


def sign_up(client, name):
    return client.post(
        "/accounts/signup/",
        {"username": name, "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
    )


@pytest.mark.django_db
def test_signups_per_address_are_capped(pauses):
    client = Client(REMOTE_ADDR=ADDRESS)
    for i in range(throttles.SIGNUPS_PER_HOUR):
        assert sign_up(Client(REMOTE_ADDR=ADDRESS), f"host{i}").status_code == 302
    refused = sign_up(client, "one-too-many")
    assert refused.status_code == 429 and "in the last hour" in refused.content.decode()
    assert not get_user_model().objects.filter(username="one-too-many").exists()
    assert sign_up(Client(REMOTE_ADDR="203.0.113.22"), "elsewhere").status_code == 302


def refused_past_the_free_ones(client, kind, url, data, status):
    """Post `data` to `url` two times more than `kind`'s free failures, each answered
    `status`: how many were free."""
    free = throttles.ACCOUNT_FAILURES[kind][0]
    for _ in range(free + 2):
        assert client.post(url, data).status_code == status
    return free


@pytest.mark.django_db
def test_refused_signups_slow_down(pauses):
    client = Client(REMOTE_ADDR=ADDRESS)
    data = {"username": "x", "password1": "1"}
    free = refused_past_the_free_ones(client, "signup", "/accounts/signup/", data, 400)
    assert pauses == [0.0] * free + [0.25, 0.5]


@pytest.mark.django_db
def test_signups_go_through_when_the_cache_is_down(monkeypatch, pauses):
    """The throttles fail open, as the limits do: a missing counter never stops a host."""

    class Down:
        def __getattr__(self, name):
            raise ConnectionError("cache down")

    monkeypatch.setattr(throttles, "cache", Down())
    assert sign_up(Client(REMOTE_ADDR=ADDRESS), "while-down").status_code == 302


@pytest.mark.django_db
def test_the_signup_cap_lasts_an_hour(limits_clock, pauses):
    """Capped within the hour, open again after it (the cache's clock moved on, no sleep)."""
    for i in range(throttles.SIGNUPS_PER_HOUR):
        assert sign_up(Client(REMOTE_ADDR=ADDRESS), f"hour{i}").status_code == 302
    limits_clock.advance(3590)
    assert sign_up(Client(REMOTE_ADDR=ADDRESS), "too-soon").status_code == 429
    limits_clock.advance(11)
    assert sign_up(Client(REMOTE_ADDR=ADDRESS), "an-hour-on").status_code == 302


@pytest.mark.django_db
def test_the_admin_login_slows_down_the_same(host, pauses):
    """The admin site has its own login form; it checks the same passwords."""
    client = Client(REMOTE_ADDR=ADDRESS)
    data = {"username": "hostess", "password": "wrong"}
    free = refused_past_the_free_ones(client, "login-name", "/admin/login/", data, 200)
    assert pauses == [0.0] * free + [0.25, 0.5]
    # the two forms share the counts: the next try on the main form waits longer still
    assert log_in(client, "hostess", "wrong").status_code == 200
    assert pauses[-1] == 1.0
