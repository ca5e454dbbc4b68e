"""Accounts: signing up and logging in (the site's and the admin's), with wrong passwords
and refused sign-ups slowed down per address, and bounded in flight (partynight/throttles.py).
Every wait is an await that holds no thread and no database connection."""

import functools

from asgiref.sync import sync_to_async
from django.contrib import admin
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.views import LoginView
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from live import limits, text
from partynight import throttles


def _address(request) -> str:
    return request.META.get("REMOTE_ADDR") or "unknown"


_cache = functools.partial(sync_to_async, thread_sensitive=False)  # off the sync thread


def slowed(login_view):
    """A Django login view with wrong passwords slowing down per address and per user name
    (partynight/throttles.py): past the free ones every attempt waits, right or wrong, in
    an await that holds no thread, before it touches the database. Past the attempts in
    flight allowed per name and per address, an attempt is answered 429 unchecked."""
    run = limits.releasing(login_view)

    async def page(request, *args, **kwargs):
        if request.method != "POST":
            return await run(request, *args, **kwargs)
        name = str(request.POST.get("username", ""))
        attempts = throttles.login_attempts(_address(request), name)
        with throttles.login_places(attempts) as placed:
            if not placed:
                return limits.too_many_waiting(request, throttles.TOO_MANY_LOGINS)
            await limits.pause(await _cache(throttles.delay_before)(attempts))
            response = await run(request, *args, **kwargs)
            if response.status_code == 200:  # the form again: a wrong user name or password
                await _cache(throttles.account_failed)(attempts)
            return response

    return page


class LoginForm(AuthenticationForm):
    """Django's, with its labels in our catalogs: Django has no Filipino of its own."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Username")
        self.fields["password"].label = _("Password")


login_page = slowed(LoginView.as_view(authentication_form=LoginForm))
admin_login = slowed(admin.site.login)  # the same passwords, through the admin's own form


@require_http_methods(["GET", "POST"])
def _signup(request):
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not throttles.signup_counted(_address(request)):
            form.add_error(None, text.render(throttles.TOO_MANY_SIGNUPS))
            return render(request, "registration/signup.html", {"form": form}, status=429)
        login(request, form.save())
        return redirect("site:home")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


_signup_page = limits.releasing(_signup)


async def signup(request):
    """Signing up: at most throttles.SIGNUPS_PER_HOUR accounts an hour per address; refused
    forms slow down like wrong passwords, and at most SIGNUPS_IN_FLIGHT forms of one address
    are read or wait at once (more are answered 429 unread)."""
    if request.method != "POST":
        return await _signup_page(request)
    with throttles.signups_in_flight.place(_address(request)) as placed:
        if not placed:
            return limits.too_many_waiting(request, throttles.TOO_MANY_SIGNUPS_AT_ONCE)
        response = await _signup_page(request)
        if response.status_code == 400:
            attempts = [("signup", _address(request))]
            await limits.pause(await _cache(throttles.account_failed)(attempts))
        return response
