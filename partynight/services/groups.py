"""A host's groups: the members (their contact, the month each hosts) and the next night,
started from the group with every member already added. Each service is one transaction;
the views check that the group is the host's own. Reads are in `history`."""

from django.db import IntegrityError, transaction

from live.errors import ServiceError
from live.words import said
from partynight.models import Group, GroupMember, Night, Player
from partynight.names import clean_name, same_name
from partynight.rules.config import Rules
from partynight.services import nights


def group_create(*, host, name) -> Group:
    name = clean_name(name, 80, said("Please name the group."))
    with transaction.atomic():
        return Group.objects.create(host=host, name=name)


def member_add(*, group, name, contact="", hosts_month=None) -> GroupMember:
    name = clean_name(name)
    with transaction.atomic():
        _check_member_name_free(group, name)
        try:
            return GroupMember.objects.create(
                group=group, name=name, contact=contact.strip(), hosts_month=hosts_month
            )
        except IntegrityError:
            raise ServiceError(
                said("%(name)s is already a member.", name=name), "duplicate"
            ) from None


def member_update(*, member, name, contact="", hosts_month=None) -> GroupMember:
    name = clean_name(name)
    with transaction.atomic():
        member = GroupMember.objects.select_for_update().get(pk=member.pk)
        _check_member_name_free(member.group, name, exclude_id=member.pk)
        member.name, member.contact, member.hosts_month = name, contact.strip(), hosts_month
        member.save(update_fields=["name", "contact", "hosts_month"])
    return member


def member_remove(*, member) -> None:
    """The member leaves the group; the nights they played keep their names."""
    with transaction.atomic():
        GroupMember.objects.filter(pk=member.pk).delete()


def night_from_group(*, group, name, date, place="", actor, capped=False) -> Night:
    """A new night for the group with every member added (not yet paid), and the rules and
    prize table of the group's latest night, so a club's house rules carry over."""
    latest = Night.objects.filter(group=group).order_by("-date", "-id").first()
    with transaction.atomic():
        night = nights.night_create(
            host=group.host,
            group=group,
            name=name,
            date=date,
            place=place,
            rules=Rules.from_dict(latest.rules) if latest else None,
            prize_table=latest.prize_table if latest else None,
            capped=capped,
        )
        for member in group.members.order_by("name"):
            player = nights.player_add(night_id=night.pk, name=member.name, actor=actor)
            Player.objects.filter(pk=player.pk).update(member=member)
    return night


def _check_member_name_free(group, name, exclude_id=None) -> None:
    others = group.members.exclude(pk=exclude_id).values_list("name", flat=True)
    if same_name(name, others) is not None:
        message = said("%(name)s is already a member; add a last initial.", name=name)
        raise ServiceError(message, "duplicate")
