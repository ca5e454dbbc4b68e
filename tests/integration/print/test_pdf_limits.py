"""PDFs under load (issue 12, finding 8): three 48-sheet PDFs at once used to hold the
process's one sync thread for half a minute each. Now the PDF is written off that thread,
one render at a time per process, one at a time and a few dozen an hour per host."""

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import AsyncClient
from django.urls import reverse

from paper import pdf
from partynight import throttles
from tests import builders
from tests.builders import SHORT

NAMES = ["Ann", "Bea", "Cat", "Dee"]


@pytest.fixture
def blocked_writer(monkeypatch):
    """PdfPage.write waits until released: a long render, without the cost of one."""
    started, release = threading.Event(), threading.Event()

    def write(page):
        started.set()
        assert release.wait(30)
        return b"%PDF-1.7 test"

    monkeypatch.setattr(pdf.PdfPage, "write", write)
    yield started, release
    release.set()


@pytest.fixture
async def sync_thread_closed():
    """AsyncClient runs the views on asgiref's one sync thread and leaves its database
    connection open there (the test client keeps it between requests); close it, or the
    next test without database access finds it."""
    yield
    await sync_to_async(connections.close_all)()


async def until_true(check, what):
    for _ in range(300):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(what)


@pytest.mark.django_db(transaction=True)
async def test_a_pdf_being_written_holds_no_one_else_up(
    host, weasyprint, blocked_writer, sync_thread_closed
):
    started, release = blocked_writer
    night = await sync_to_async(builders.night)(host, NAMES, paid=True, rules=SHORT)
    client = AsyncClient()
    await client.aforce_login(host)
    url = reverse("paper:sheets_pdf", args=[night.pk])
    first = asyncio.ensure_future(client.get(url, {"blank": 48}))
    await until_true(started.is_set, "the render never started")
    # while it renders: other pages answer (the sync thread is free) ...
    page = await asyncio.wait_for(client.get(reverse("paper:sheets", args=[night.pk])), 10)
    assert page.status_code == 200
    assert (await asyncio.wait_for(AsyncClient().get("/healthz"), 10)).status_code == 200
    # ... and the same host's second PDF is refused, not queued behind it
    second = await asyncio.wait_for(client.get(url), 10)
    assert second.status_code == 429 and "still being made" in second.content.decode()
    release.set()
    done = await asyncio.wait_for(first, 10)
    assert done.status_code == 200 and done.content == b"%PDF-1.7 test"
    again = await asyncio.wait_for(client.get(url), 10)  # once it is done, the next one
    assert again.status_code == 200


@pytest.mark.django_db
def test_a_host_makes_at_most_so_many_pdfs_an_hour(
    host_client, host, weasyprint, monkeypatch, limits_clock
):
    monkeypatch.setattr(pdf.PdfPage, "write", lambda page: b"%PDF-1.7 test")
    monkeypatch.setattr(throttles, "PDFS_PER_HOUR", 2)
    night = builders.night(host, NAMES, paid=True, rules=SHORT)
    url = reverse("paper:tables_pdf", args=[night.pk])
    assert [host_client.get(url).status_code for _ in range(2)] == [200, 200]
    refused = host_client.get(url)
    assert refused.status_code == 429 and "in the last hour" in refused.content.decode()
    assert host_client.get(reverse("paper:tables", args=[night.pk])).status_code == 200
    limits_clock.advance(3601)  # the hour is over (the cache's clock, no sleep)
    assert host_client.get(url).status_code == 200


@pytest.mark.django_db(transaction=True)
async def test_one_pdf_is_written_at_a_time_per_process(
    host, other, weasyprint, monkeypatch, sync_thread_closed
):
    """Two hosts' PDFs: the second waits for the PDF worker instead of rendering beside
    the first (each render takes a core; three at once slowed everyone)."""
    writing, release = [], threading.Event()

    def write(page):
        writing.append(page.owner)
        assert release.wait(30)
        return b"%PDF-1.7 test"

    monkeypatch.setattr(pdf.PdfPage, "write", write)
    answers, queue = [], pdf._writers._work_queue
    for user, arrived in ((host, lambda: writing), (other, lambda: queue.qsize() == 1)):
        night = await sync_to_async(builders.night)(user, NAMES, paid=True, rules=SHORT)
        client = AsyncClient()
        await client.aforce_login(user)
        url = reverse("paper:tables_pdf", args=[night.pk])
        answers.append(asyncio.ensure_future(client.get(url)))
        await until_true(arrived, f"{user}'s PDF never reached the worker")
    assert writing == [host.pk]  # the other host's PDF waits in the queue
    release.set()
    done = await asyncio.wait_for(asyncio.gather(*answers), 10)
    assert [r.status_code for r in done] == [200, 200] and writing == [host.pk, other.pk]
