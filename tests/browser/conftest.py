"""Browser tests: Playwright drives Debian's Chromium against pytest-django's live server.

Never downloads a browser. Without /usr/bin/chromium the tests skip on a
developer's machine and fail in CI (``CI`` set): browser tests never skip in CI.
"""

import os
from pathlib import Path

import pytest
from django.core.management import call_command

# Playwright's sync API keeps an event loop running in this thread; Django's ORM
# refuses to run "inside" it unless told that this is fine (it is: the loop is
# Playwright's, and the test code itself is synchronous).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CONTENT = Path(__file__).resolve().parent.parent / "content"
PASSWORD = "a-long-test-password"

# Appended to every page before its own scripts: reports CSP violations to the
# console, where the `browser_errors` fixture collects them.
REPORT_CSP = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
});
"""


def log_in(page, site, username, password=PASSWORD):
    """Log ``username`` in through the site's own form."""
    from playwright.sync_api import expect

    page.goto(f"{site}/accounts/login/")
    form = page.locator("main form")
    form.locator("input[name=login]").fill(username)
    form.locator("input[name=password]").fill(password)
    form.locator("button[type=submit]").click()
    expect(page.locator(".site-nav").get_by_role("link", name=username)).to_be_visible()


@pytest.fixture(scope="session", autouse=True)
def live_server_closes_its_connections():
    """The live server's threads close their database connection after each request.

    Chromium keeps its connections to the live server open between requests, and the
    thread serving one holds its database connection as long as CONN_MAX_AGE lets it;
    PostgreSQL then refused to drop a worker's test database at the end ("being
    accessed by other users").
    """
    from django.db import connections

    connections.settings["default"]["CONN_MAX_AGE"] = 0


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: browser tests never skip in CI")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


class BrowserErrors:
    """Collects console errors, uncaught exceptions and CSP violations of watched pages."""

    def __init__(self):
        self.errors: list[str] = []

    def watch(self, page):
        page.on(
            "console",
            lambda message: (
                self.errors.append(f"console {message.type}: {message.text} ({page.url})")
                if message.type == "error"
                else None
            ),
        )
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error} ({page.url})"))
        return page


@pytest.fixture
def browser_errors():
    """Fails the test if any watched page logged an error or broke the CSP."""
    collector = BrowserErrors()
    yield collector
    assert not collector.errors, "the browser reported errors:\n" + "\n".join(collector.errors)


@pytest.fixture
def new_page(new_context, browser_errors):
    """Open a watched page in a fresh context; ``new_page(java_script_enabled=False)``.

    The browser asks for Chinese, the site's first language, unless told another
    ``locale``.
    """

    def build(**context_args):
        context = new_context(**{"locale": "zh-CN", **context_args})
        context.add_init_script(REPORT_CSP)
        return browser_errors.watch(context.new_page())

    return build


@pytest.fixture
def page(new_page):
    """pytest-playwright's page, watched for console errors and CSP violations."""
    return new_page()


@pytest.fixture
def site(transactional_db, live_server):
    """The live server's base URL, with the test content loaded.

    The live server runs in another thread, so the content is committed
    (transactional_db) rather than kept in a rolled-back transaction.
    """
    with open(os.devnull, "w") as devnull:
        call_command("load_content", dir=CONTENT, stdout=devnull)
    return live_server.url.rstrip("/")
