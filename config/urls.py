from django.contrib import admin
from django.urls import include, path

from partynight import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.login_page, name="login"),  # before auth.urls' own
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/login/", views.admin_login),  # before admin.site.urls' own
    path("admin/", admin.site.urls),
    path("", include("partynight.host_urls")),
    path("", include("partynight.phone_urls")),
    path("", include("partynight.print_urls")),
    path("", include("partynight.group_urls")),
    path("", include("games.urls")),
]
