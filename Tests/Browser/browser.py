"""The Browser wrapper the journeys drive: Chromium through chromedriver, JavaScript on or off, and the checks
run on every page it lands on (HTTP status, console errors, requests to other hosts, axe, saved HTML)."""

import re
from pathlib import Path
from urllib.parse import unquote

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from quality import QualityRecord, run_axe

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT_SECONDS = 15

# The whole document as parsed, for pages changed in place by script (no new response to save).
DOM_SOURCE = (
    "const d = document.doctype;"
    "return (d ? new XMLSerializer().serializeToString(d) + '\\n' : '') + document.documentElement.outerHTML;"
)


def chrome_options(js: bool) -> webdriver.ChromeOptions:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--lang=ko-KR",
        "--window-size=1280,900",
        # Any host but the server under test fails to resolve: nothing leaves this machine.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-features=Translate,OptimizationHints,MediaRouter",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    prefs = {"intl.accept_languages": "ko-KR,ko"}
    if not js:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    return options


def start_driver(js: bool) -> webdriver.Chrome:
    driver = webdriver.Chrome(options=chrome_options(js), service=Service(CHROMEDRIVER))
    driver.set_script_timeout(30)
    driver.set_page_load_timeout(30)
    # Keeps response bodies available, so the HTML the server sent can be validated as sent.
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


def replaced(old):
    """Like `EC.staleness_of`, but also when ChromeDriver, asked mid-navigation, answers that the node "does not
    belong to the document" (a plain WebDriverException, not a stale element): either way a new document is in."""

    def predicate(_driver) -> bool:
        try:
            old.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise

    return predicate


class Browser:
    """One Chromium session for one test; every page it reaches goes through `check`."""

    def __init__(self, driver, base_url: str, js: bool, record: QualityRecord, test_name: str):
        self.driver = driver
        self.base_url = base_url.rstrip("/")
        self.js = js
        self.record = record
        self.test_name = test_name
        self.pages_seen = 0

    # ------------------------------------------------------------------ navigation
    def url(self, path: str) -> str:
        return self.base_url + path

    def visit(self, path: str, status: int = 200) -> None:
        self.driver.get(self.url(path))
        self.check(status)

    def follow(self, element, status: int = 200) -> None:
        """Clicks a link or submit button and waits for the next document to load."""
        old = self.driver.find_element(By.TAG_NAME, "html")
        # In the middle of the window, as a person would see it: WebDriver scrolls no further than the window's
        # edge, where a sticky header or bar may cover it.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
        element.click()
        WebDriverWait(self.driver, WAIT_SECONDS).until(replaced(old), "the click did not load a new document")
        self.check(status)

    def back(self, status: int = 200) -> None:
        self.driver.back()
        self.check(status)

    def wait_for(self, condition, message: str = ""):
        return WebDriverWait(self.driver, WAIT_SECONDS).until(condition, message)

    # ------------------------------------------------------------------ reading
    def find(self, css: str):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css: str):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def text(self, css: str) -> str:
        return self.find(css).text.strip()

    def path(self) -> str:
        current = self.driver.current_url
        return current[len(self.base_url):] if current.startswith(self.base_url) else current

    def card_ids(self) -> list[str]:
        return [card.get_attribute("id") for card in self.find_all("#products .product-card")]

    def fill(self, css: str, value: str) -> None:
        field = self.find(css)
        field.clear()
        field.send_keys(value)

    # ------------------------------------------------------------------ checks
    def check(self, status: int = 200) -> None:
        """Runs after every page load: status, console, foreign requests, then records HTML and axe results."""
        self.wait_for(lambda d: d.execute_script("return document.readyState") == "complete", "page did not load")
        actual = self.driver.execute_script(
            "const n = performance.getEntriesByType('navigation')[0]; return n ? n.responseStatus : null;")
        where = self.driver.current_url
        assert actual in (status, None, 0), f"{where}: HTTP {actual}, expected {status}"
        self._check_console(status)
        self._check_requests()
        self._record(self._served_html())

    def recheck(self) -> None:
        """For a page that script changed in place: the same checks on the DOM as it is now."""
        self._check_console(200)
        self._check_requests()
        self._record(self.driver.execute_script(DOM_SOURCE), suffix="dom")

    def reaxe(self, label: str) -> None:
        """The same document in another window size or colour scheme: console and requests checked again, and axe
        (its HTML is already saved for the Nu checker)."""
        self._check_console(200)
        self._check_requests()
        self.record.add_result(f"{self.test_name}-{label}", self.driver.current_url, run_axe(self.driver, shim_timers=not self.js))

    def _check_console(self, status: int) -> None:
        document = self.driver.current_url.split("#")[0]
        expected = f"{document} - Failed to load resource: the server responded with a status of {status} "
        errors = []
        for entry in self.driver.get_log("browser"):
            if entry["level"] != "SEVERE":
                continue
            if status >= 400 and entry["message"].startswith(expected):
                continue  # the document's own 4xx status, which this step expects
            errors.append(entry["message"])
        assert not errors, f"console errors on {document}:\n" + "\n".join(errors)

    def _check_requests(self) -> None:
        names = self.driver.execute_script(
            "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
            ".map(e => e.name);")
        foreign = [n for n in names if not (n.startswith(self.base_url + "/") or n.startswith(("data:", "blob:")))]
        assert not foreign, f"requests to other hosts from {self.driver.current_url}: {foreign}"

    def _served_html(self) -> str:
        """The document exactly as the server sent it (CDP keeps the body); the DOM if it is gone (back cache)."""
        try:
            frame = self.driver.execute_cdp_cmd("Page.getFrameTree", {})["frameTree"]["frame"]
            return self.driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": frame["loaderId"]})["body"]
        except WebDriverException:
            return self.driver.execute_script(DOM_SOURCE)

    def _record(self, html: str, suffix: str = "") -> None:
        self.pages_seen += 1
        mode = "js" if self.js else "nojs"
        slug = re.sub(r"[^A-Za-z0-9]+", "-", unquote(self.path().split("#")[0])).strip("-")[:60] or "home"
        name = f"{self.test_name}-{mode}-{self.pages_seen:02d}-{slug}" + (f".{suffix}" if suffix else "")
        violations = run_axe(self.driver, shim_timers=not self.js)
        self.record.add_page(name, self.driver.current_url, html, violations)

    # ------------------------------------------------------------------ failure artifacts
    def save_artifacts(self, folder: Path, name: str) -> list[Path]:
        folder.mkdir(parents=True, exist_ok=True)
        screenshot, html = folder / f"{name}.png", folder / f"{name}.html"
        self.driver.save_screenshot(str(screenshot))
        html.write_text(f"<!-- {self.driver.current_url} -->\n" + self.driver.page_source, encoding="utf-8")
        return [screenshot, html]
