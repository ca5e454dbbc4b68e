import functools

from asgiref.sync import sync_to_async
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.db import connection
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from partynight import limits


def home(request):
    return render(request, "home.html")


def healthz(request):
    """For load balancers and the compose health check: the app and its database answer."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"ok": True})


def _address(request) -> str:
    return request.META.get("REMOTE_ADDR") or "unknown"


_login_page = sync_to_async(LoginView.as_view())
_cached = functools.partial(sync_to_async, thread_sensitive=False)


async def login_page(request):
    """Django's login page, with wrong passwords slowing down per address and per user
    name (partynight/limits.py): every attempt past the free ones waits, right or wrong."""
    if request.method != "POST":
        return await _login_page(request)
    attempts = [("login", _address(request)), ("login-name", _user_name(request))]
    await limits.pause(await _cached(limits.delay_before)(*attempts))
    response = await _login_page(request)
    if response.status_code == 200:  # the form again: a wrong user name or password
        for kind, who in attempts:
            await _cached(limits.failed)(kind, who)
    return response


def _user_name(request) -> str:
    return str(request.POST.get("username", ""))[:150].casefold()


@require_http_methods(["GET", "POST"])
def _signup(request):
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not limits.signup_counted(_address(request)):
            form.add_error(None, limits.TOO_MANY_SIGNUPS)
            return render(request, "registration/signup.html", {"form": form}, status=429)
        login(request, form.save())
        return redirect("home")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


_signup_page = sync_to_async(_signup)


async def signup(request):
    """Signing up: at most limits.SIGNUPS_PER_HOUR accounts an hour per address; refused
    forms slow down like wrong passwords."""
    response = await _signup_page(request)
    if request.method == "POST" and response.status_code == 400:
        await limits.pause(await _cached(limits.failed)("signup", _address(request)))
    return response
