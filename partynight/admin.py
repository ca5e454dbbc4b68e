from django.contrib import admin

from partynight.models import Award, Event, Group, GroupMember, Night, Player, Round, Seat, Table


class GroupMemberInline(admin.TabularInline):
    model = GroupMember
    extra = 0


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    list_display = ("name", "host", "created")
    inlines = [GroupMemberInline]


@admin.register(GroupMember)
class GroupMemberAdmin(admin.ModelAdmin):
    list_display = ("name", "group", "hosts_month")
    list_filter = ("group",)


@admin.register(Night)
class NightAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "host", "state", "is_demo")
    list_filter = ("state", "is_demo")
    search_fields = ("name", "place")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "night", "paid", "is_ghost", "active")
    list_filter = ("is_ghost", "active")
    search_fields = ("name",)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("night", "number", "set_number", "round_in_set", "up", "state")


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("round", "number", "version")


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("table", "position", "player")


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """The event log is append-only: it can be read here, never changed."""

    list_display = ("night", "kind", "actor", "round_number", "table_number", "created")
    list_filter = ("kind",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Award)
class AwardAdmin(admin.ModelAdmin):
    list_display = ("night", "name", "player", "amount")
