"""The production shape, read as its tools read it: what docker-compose.yml wires together,
what nginx passes to the replicas, what the image runs, and Django's deployment checks on
the settings compose gives the web replicas (tests/helpers/deploy.py parses the files)."""

import ipaddress
import json
import os
import re
import subprocess
import sys
import tomllib
from urllib.parse import urlsplit

import environ
import pytest
from daphne.cli import CommandLineInterface

from tests.helpers.deploy import (
    INCLUDED,
    Unset,
    command,
    compose,
    instructions,
    nginx,
    shell_steps,
)
from tests.helpers.servers import DAPHNE_LIMITS, ROOT

SECRET = "k" * 20 + "-production-like-secret-" + "z" * 30
PASSWORD = "5f0c1e" * 6  # the database's, from the shell as SECRET_KEY is
SHELL = {"SECRET_KEY": SECRET, "POSTGRES_PASSWORD": PASSWORD}


def depends(service: dict) -> dict:
    return {name: rule["condition"] for name, rule in service.get("depends_on", {}).items()}


def web_port() -> int:
    (port,) = compose(SHELL)["services"]["web"]["expose"]
    return int(port)


def daphne_args(words: list[str]):
    """Daphne's own reading of its command line."""
    return CommandLineInterface().parser.parse_args(words)


def test_compose_runs_web_db_and_redis_wired_together():
    with pytest.raises(Unset, match="SECRET_KEY"):  # compose refuses to start without one
        compose({"POSTGRES_PASSWORD": PASSWORD})
    with pytest.raises(Unset, match="POSTGRES_PASSWORD"):  # the password is never built in
        compose({"SECRET_KEY": SECRET})
    assert "partynight:partynight@" not in (ROOT / "docker-compose.yml").read_text()
    spec = compose(SHELL)
    services = spec["services"]
    web, migrate, db, redis = (services[name] for name in ("web", "migrate", "db", "redis"))
    # the web replicas and the migration reach the database the db service creates
    database = environ.Env.db_url_config(web["environment"]["DATABASE_URL"])
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["HOST"], database["PORT"]) == ("db", 5432)
    made = db["environment"]
    assert (database["USER"], database["PASSWORD"], database["NAME"]) == (
        made["POSTGRES_USER"],
        made["POSTGRES_PASSWORD"],
        made["POSTGRES_DB"],
    )
    assert database["PASSWORD"] == PASSWORD
    assert migrate["environment"]["DATABASE_URL"] == web["environment"]["DATABASE_URL"]
    redis_url = urlsplit(web["environment"]["REDIS_URL"])
    assert redis_url.scheme == "redis" and (redis_url.hostname, redis_url.port) == ("redis", 6379)
    assert web["environment"]["DEBUG"] == "0" and web["environment"]["SECRET_KEY"] == SECRET
    # started in order: the database healthy, migrated once, the replicas healthy, the proxy
    assert depends(migrate) == {"db": "service_healthy"}
    assert depends(web) == {
        "migrate": "service_completed_successfully",
        "redis": "service_healthy",
    }
    assert depends(services["proxy"]) == {"web": "service_healthy"}
    for service in services.values():
        for name, condition in depends(service).items():
            assert condition != "service_healthy" or "healthcheck" in services[name], name
    assert command(json.dumps(migrate["command"]))[1:3] == ["manage.py", "migrate"]
    assert migrate["build"] == web["build"] == "."  # the same image
    # several replicas behind the proxy, which publishes HTTPS and the HTTP that redirects
    assert web["deploy"]["replicas"] >= 2 and "ports" not in web
    assert [port.split(":")[1] for port in services["proxy"]["ports"]] == ["80", "443"]
    assert db["image"].split(":") == ["postgres", "16"]
    assert redis["image"].split(":") == ["redis", "7"]
    # the database's files outlive its container
    volume, path = db["volumes"][0].split(":")
    assert volume in spec["volumes"] and path == "/var/lib/postgresql/data"


def proxy_site(shell: dict) -> tuple[dict, object]:
    """The proxy's mounts (source: target) with `shell`, and the site it serves, parsed."""
    proxy = compose({**SHELL, **shell})["services"]["proxy"]
    mounts = dict(volume.rsplit(":", 2)[:2] for volume in proxy["volumes"])
    site = next(source for source, target in mounts.items() if target.endswith("default.conf"))
    assert mounts["./deploy"] == INCLUDED.rstrip("/")  # the includes resolve in the proxy
    return mounts, nginx(ROOT / site)


def check_proxying(conf, site):
    """`site` passes HTTP and websockets to every web replica, with the client's address."""
    services = compose(SHELL)["services"]
    (upstream,) = conf.all("upstream")  # the file is included in nginx's http context
    (server,) = upstream.all("server")
    host, port = server.args[0].split(":")
    assert host in services and int(port) == web_port()  # Docker's DNS: every replica
    (location,) = site.all("location")
    assert location.args == ["/"]
    assert location.one("proxy_pass").args == [f"http://{upstream.args[0]}"]
    assert location.one("proxy_http_version").args == ["1.1"]
    headers = {d.args[0]: d.args[1] for d in location.all("proxy_set_header")}
    assert headers["Upgrade"] == "$http_upgrade"
    (upgrade_map,) = conf.all("map")
    assert upgrade_map.args == ["$http_upgrade", headers["Connection"]]
    assert {d.name: d.args for d in upgrade_map.block} == {"default": ["upgrade"], "": ["close"]}
    # the client's own address for the per-address limits, and the scheme for HTTPS
    assert headers["X-Forwarded-For"] == "$remote_addr"
    assert headers["X-Forwarded-Proto"] == "$scheme"
    (timeout,) = location.one("proxy_read_timeout").args
    assert timeout.endswith("h") and int(timeout[:-1]) >= 1  # a socket stays open all night


def test_the_proxy_serves_https_and_redirects_http_to_it():
    mounts, conf = proxy_site({})
    plain, tls = conf.all("server")
    assert plain.one("listen").args == ["80"] and not plain.all("location")
    assert plain.one("return").args == ["301", "https://$host$request_uri"]
    assert tls.one("listen").args == ["443", "ssl"]
    assert mounts["./deploy/certs"] == "/etc/nginx/certs"  # TLS_CERTS, or this by default
    for name in ("ssl_certificate", "ssl_certificate_key"):
        (path,) = tls.one(name).args
        assert path.startswith("/etc/nginx/certs/")
    assert set(tls.one("ssl_protocols").args) <= {"TLSv1.2", "TLSv1.3"}
    check_proxying(conf, tls)
    web = compose(SHELL)["services"]["web"]["environment"]
    assert web["HTTPS"] == "1" and web["CSRF_TRUSTED_ORIGINS"].startswith("https://")
    elsewhere = proxy_site({"TLS_CERTS": "/etc/letsencrypt/live/bunco.example.com"})[0]
    assert elsewhere["/etc/letsencrypt/live/bunco.example.com"] == "/etc/nginx/certs"


def test_plain_http_is_an_explicit_opt_in():
    _, conf = proxy_site({"PROXY_SITE": "nginx-http.conf", "HTTPS": "0"})
    (site,) = conf.all("server")
    assert site.one("listen").args == ["80"] and not site.all("return")
    check_proxying(conf, site)
    assert compose({**SHELL, "HTTPS": "0"})["services"]["web"]["environment"]["HTTPS"] == "0"
    readme = (ROOT / "README.md").read_text()
    assert "PROXY_SITE=nginx-http.conf HTTPS=0" in readme


def test_forwarded_headers_are_trusted_from_the_proxy_alone():
    spec = compose(SHELL)
    proxy, web = spec["services"]["proxy"], spec["services"]["web"]
    address = proxy["networks"]["partynight"]["ipv4_address"]
    (subnet,) = [pool["subnet"] for pool in spec["networks"]["partynight"]["ipam"]["config"]]
    assert ipaddress.ip_address(address) in ipaddress.ip_network(subnet)
    assert web["environment"]["TRUSTED_PROXIES"] == address
    assert web["networks"] == ["partynight"]
    assert web["environment"]["ADMIN"] == "0"  # /admin/ off unless asked for


def test_dockerfile_migrates_then_serves_with_daphne():
    steps = instructions()
    keywords = [keyword for keyword, _ in steps]
    image, version = steps[0][1].split(":")
    needed = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert image == "python" and version.startswith(needed.removeprefix(">="))
    runs = [words for key, args in steps if key == "RUN" for words in shell_steps(args)]
    assert ["pip", "install", "-r", "requirements.txt"] in [words[:4] for words in runs]
    assert keywords.index("USER") > max(i for i, k in enumerate(keywords) if k == "RUN")
    assert [args for keyword, args in steps if keyword == "USER"] != ["root"]
    (exposed,) = [int(args) for keyword, args in steps if keyword == "EXPOSE"]
    (cmd,) = [command(args) for keyword, args in steps if keyword == "CMD"]
    assert cmd[:2] == ["sh", "-c"]
    migrate, serve = shell_steps(cmd[2])
    assert migrate[:3] == ["python", "manage.py", "migrate"]
    assert serve[0] == "daphne"
    served = daphne_args(serve[1:])
    assert (served.host, served.port) == ("0.0.0.0", exposed) and exposed == web_port()
    # Daphne would believe X-Forwarded-For from anyone: the app believes the proxy alone
    assert not served.proxy_headers
    assert served.application == "config.asgi:application"
    tested = daphne_args([*DAPHNE_LIMITS, "config.asgi:application"])
    assert (served.websocket_max_message_size, served.websocket_max_frame_size) == (
        tested.websocket_max_message_size,
        tested.websocket_max_frame_size,
    )  # the limits the system tests run with
    health = compose(SHELL)["services"]["web"]["healthcheck"]["test"]
    (url,) = re.findall(r"https?://[^'\"]+", health[-1])
    assert urlsplit(url).port == exposed and urlsplit(url).path == "/healthz"


def _manage(*args, **env):
    base = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "HTTPS"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
    )


def test_check_deploy_is_clean_with_production_settings():
    """The web replicas' settings as compose gives them by default (HTTPS on, the proxy's
    headers trusted from its address): no warning (W004, W008, W012, W016 before)."""
    shell = {**SHELL, "ALLOWED_HOSTS": "bunco.example.com"}
    environment = compose(shell)["services"]["web"]["environment"]
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **environment)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = _manage("check")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def _readme_commands() -> list[list[str]]:
    """The commands of the README's "Other commands" block, as printed (optional
    `[...]` parts and comments dropped), with this interpreter for `.venv/bin/python`."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("Other commands", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = []
    for line in block.strip().splitlines():
        line = re.sub(r"\[[^\]]*\]", "", line.split("#", 1)[0]).split()
        assert line[0] == ".venv/bin/python", line
        commands.append([sys.executable, *line[1:]])
    return commands


def test_the_readmes_commands_run_on_a_fresh_checkout_without_production_secrets():
    base = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "HTTPS"}}
    base["DJANGO_SETTINGS_MODULE"] = "config.settings"
    commands = _readme_commands()
    assert any("simulate_night" in c for c in commands)
    for command_line in commands:
        result = subprocess.run(command_line, cwd=ROOT, env=base, capture_output=True, text=True)
        assert result.returncode == 0, (command_line, result.stderr[-2000:])
        assert result.stdout.strip(), command_line
    night = json.loads(_manage("simulate_night", "--players", "8", "--seed", "7", "--json").stdout)
    assert night["rounds_planned"] == 24 and len(night["rounds"]) == 24


def test_serving_still_needs_the_secret_key():
    result = _manage("runserver", "--noreload", "127.0.0.1:0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
