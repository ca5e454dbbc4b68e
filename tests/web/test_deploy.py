"""The production shape: compose wiring, Dockerfile, and Django's deployment checks."""

import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


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
        env={**base, "DJANGO_SETTINGS_MODULE": "partynight.settings", **env},
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
