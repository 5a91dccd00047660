"""Fixtures and hooks for the browser suite. scripts/browser-tests starts the server and sets the environment:
OPENMARKET_BASE_URL, OPENMARKET_VENDOR_IDENTIFIER, OPENMARKET_VENDOR_SECRET, OPENMARKET_ADMIN_PASSWORD and
OPENMARKET_ARTIFACTS."""

import os
import re
import tempfile
from pathlib import Path

import pytest

from browser import Browser, start_driver
from market import Market
from quality import FAILING_IMPACTS, IMPACT_ORDER, QualityRecord, describe

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("OPENMARKET_ARTIFACTS") or tempfile.mkdtemp(prefix="openmarket-browser-"))
RECORD = QualityRecord(ARTIFACTS / "pages")
FAILURES = ARTIFACTS / "failures"
SAVED_FAILURES: list[Path] = []


def _environment(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run the suite through scripts/browser-tests", pytrace=False)
    return value


@pytest.fixture(scope="session")
def base_url() -> str:
    return _environment("OPENMARKET_BASE_URL").rstrip("/")


@pytest.fixture(scope="session")
def vendor_secret() -> str:
    return _environment("OPENMARKET_VENDOR_SECRET")


@pytest.fixture(scope="session")
def admin_password() -> str:
    return _environment("OPENMARKET_ADMIN_PASSWORD")


@pytest.fixture(scope="session")
def market(base_url, vendor_secret) -> Market:
    return Market(base_url, _environment("OPENMARKET_VENDOR_IDENTIFIER"), vendor_secret)


@pytest.fixture(scope="session")
def sample_images() -> list[Path]:
    """Real photos from the sample data, all well under the 300 KB limit."""
    images = sorted((ROOT / "SampleData" / "images").glob("*.png"))
    assert len(images) >= 6, "SampleData/images needs at least six photos"
    return images


@pytest.fixture(scope="session")
def phone_photo(tmp_path_factory) -> Path:
    """What a phone writes: 12 megapixels, about 4 MB, taken sideways (EXIF Orientation 6), with GPS coordinates."""
    from PIL import Image

    noise = Image.effect_noise((4000, 3000), 24)
    gradient = Image.linear_gradient("L").resize((4000, 3000))
    image = Image.merge("RGB", (noise, gradient, Image.blend(noise, gradient, 0.5)))
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90° clockwise to view
    exif[0x8825] = {1: "N", 2: (37.0, 33.0, 59.0), 3: "E", 4: (126.0, 58.0, 40.0)}  # GPS: a home in Seoul
    path = tmp_path_factory.mktemp("phone") / "IMG_4032.JPG"
    image.save(path, "JPEG", quality=88, exif=exif)
    return path


@pytest.fixture(scope="session")
def display_photos(tmp_path_factory) -> list[Path]:
    """Four different 1600 × 1200 JPEGs of 200–300 KB: what an app or the page's script sends after shrinking."""
    from PIL import Image

    folder = tmp_path_factory.mktemp("display")
    paths = []
    for index in range(4):
        detail = Image.effect_noise((400, 300), 10 + index).resize((1600, 1200), Image.BICUBIC)
        gradient = Image.linear_gradient("L").rotate(90 * index).resize((1600, 1200))
        path = folder / f"display-{index}.jpg"
        Image.merge("RGB", (gradient, detail, Image.blend(detail, gradient, 0.5))).save(path, "JPEG", quality=85)
        assert 150 * 1024 < path.stat().st_size <= 300 * 1024, path.stat().st_size
        paths.append(path)
    return paths


@pytest.fixture(scope="session")
def quality_record() -> QualityRecord:
    return RECORD


@pytest.fixture(scope="session")
def screenshots_dir() -> Path:
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(params=[True, False], ids=["js", "nojs"])
def browser(request, base_url):
    """A fresh Chromium profile per test, with JavaScript enabled or disabled."""
    driver = start_driver(js=request.param)
    test_name = re.sub(r"^test_", "", request.node.originalname)
    try:
        yield Browser(driver, base_url, js=request.param, record=RECORD, test_name=test_name)
    finally:
        driver.quit()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "teardown" or not report.failed:
        return
    browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    if not isinstance(browser, Browser):
        return
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid.split("::")[-1])
    try:
        files = browser.save_artifacts(FAILURES, name)
    except Exception as error:  # a dead browser must not hide the test's own failure
        report.sections.append(("browser artifacts", f"could not save a screenshot: {error}"))
        return
    SAVED_FAILURES.extend(files)
    report.sections.append(("browser artifacts", "\n".join(str(f) for f in files)))


def pytest_terminal_summary(terminalreporter):
    if not RECORD.pages:
        return
    write = terminalreporter.write_line
    terminalreporter.section("page quality")
    for line in RECORD.summary_lines():
        write(line)
    listed = [x for x in RECORD.violations() if x[1]["impact"] not in FAILING_IMPACTS]
    if listed:
        write("axe violations below 'serious' (listed, not failing), one example page per rule:")
        seen = set()
        for page, violation in sorted(listed, key=lambda x: IMPACT_ORDER.index(x[1]["impact"])):
            if violation["id"] not in seen:
                seen.add(violation["id"])
                write("  " + describe(page, violation))
    write(f"pages saved in {RECORD.pages_dir}")
    if SAVED_FAILURES:
        write(f"failure screenshots and HTML in {FAILURES}")
