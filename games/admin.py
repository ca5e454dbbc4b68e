from django.contrib import admin

from games.models import Room, RoomAction


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("id", "night", "game", "status", "version", "created")
    list_filter = ("game", "status")
    readonly_fields = ("state", "seed", "join_token", "screen_token")


@admin.register(RoomAction)
class RoomActionAdmin(admin.ModelAdmin):
    list_display = ("room", "seq", "seat", "by", "action", "version", "created")
    list_filter = ("by",)
    readonly_fields = [field.name for field in RoomAction._meta.fields]
