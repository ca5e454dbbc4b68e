from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from partynight.web import accounts, language

# Django's admin only where it is switched on (ADMIN; off in production by default).
admin_site = [
    path("admin/login/", accounts.admin_login),  # before admin.site.urls' own
    path("admin/", admin.site.urls),
]

urlpatterns = [
    path("", include("partynight.web.site_urls")),  # its log-in page before auth.urls' own
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the host's pick
    path("words/<str:lang>/<str:domain>.js", language.catalog, name="words"),
    *(admin_site if settings.ADMIN else []),
    path("", include("partynight.web.host_urls")),
    path("", include("partynight.web.phone_urls")),
    path("", include("paper.urls")),
    path("", include("groups.urls")),
    path("", include("games.urls")),
]
