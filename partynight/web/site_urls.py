"""The site's own pages: home, sign-up and log-in, the health check and the icon. Django's
auth views (`accounts/` in config/urls.py: log out, passwords) keep the names Django gives
them, since they reverse those names themselves."""

from django.urls import path

from partynight.web import accounts, site

app_name = "site"

urlpatterns = [
    path("", site.home, name="home"),
    path("healthz", site.healthz, name="healthz"),
    path("favicon.ico", site.favicon, name="favicon"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login_page, name="login"),  # before auth.urls' own
]
