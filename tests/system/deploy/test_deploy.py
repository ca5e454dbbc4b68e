"""The production shape: compose wiring, Dockerfile, and Django's deployment checks."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]


def test_compose_runs_web_db_and_redis_wired_together():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert set(services) >= {"proxy", "web", "db", "redis"}
    web = services["web"]
    assert web["build"] == "."
    assert web["expose"] == ["8000"] and web["deploy"]["replicas"] >= 2
    proxy = services["proxy"]
    assert "8000:80" in proxy["ports"]
    assert "./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in proxy["volumes"]
    env = web["environment"]
    assert env["DATABASE_URL"].startswith("postgres://") and "@db:5432/" in env["DATABASE_URL"]
    assert env["REDIS_URL"] == "redis://redis:6379/0"
    assert env["DEBUG"] == "0" and "SECRET_KEY" in env
    assert web["depends_on"] == {
        "migrate": {"condition": "service_completed_successfully"},
        "redis": {"condition": "service_healthy"},
    }
    migrate = services["migrate"]
    assert "migrate" in migrate["command"]
    assert migrate["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert migrate["environment"]["DATABASE_URL"] == env["DATABASE_URL"]
    assert services["db"]["image"].startswith("postgres:16")
    assert services["redis"]["image"].startswith("redis:7")
    for name in ("web", "db", "redis"):
        assert "healthcheck" in services[name], name
    assert "pgdata:/var/lib/postgresql/data" in services["db"]["volumes"]
    assert "pgdata" in compose["volumes"]


def test_proxy_passes_websockets_to_every_web_replica():
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "server web:8000" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf
    assert "proxy_set_header Connection $connection_upgrade;" in conf
    assert "proxy_http_version 1.1;" in conf


def test_dockerfile_migrates_then_serves_with_daphne():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "pip install -r requirements.txt" in dockerfile
    cmd = [line for line in dockerfile.splitlines() if line.startswith("CMD")][0]
    assert cmd.index("migrate") < cmd.index("daphne")


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
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY="k" * 20 + "-production-like-secret-" + "z" * 30,
        ALLOWED_HOSTS="bunco.example.com",
    )
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
    for command in commands:
        result = subprocess.run(command, cwd=ROOT, env=base, capture_output=True, text=True)
        assert result.returncode == 0, (command, result.stderr[-2000:])
        assert result.stdout.strip(), command
    night = json.loads(_manage("simulate_night", "--players", "8", "--seed", "7", "--json").stdout)
    assert night["rounds_planned"] == 24 and len(night["rounds"]) == 24


def test_serving_still_needs_the_secret_key():
    result = _manage("runserver", "--noreload", "127.0.0.1:0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
