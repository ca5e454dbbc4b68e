from django.contrib import admin
from django.urls import include, path

from partynight.web import accounts

urlpatterns = [
    path("", include("partynight.web.site_urls")),  # its log-in page before auth.urls' own
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/login/", accounts.admin_login),  # before admin.site.urls' own
    path("admin/", admin.site.urls),
    path("", include("partynight.web.host_urls")),
    path("", include("partynight.web.phone_urls")),
    path("", include("paper.urls")),
    path("", include("groups.urls")),
    path("", include("games.urls")),
]
