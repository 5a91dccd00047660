"""Every kind of page at a desktop width (1280 px) and a phone's (390 px), in the light and the dark colour scheme:
a full-page screenshot of each in browser-artifacts/screenshots/ for people to look at, and the checks every page
gets (status, console, requests, axe, Nu) in both schemes, so the dark colours are held to contrast too. No page may
be wider than its window: on a phone nothing pushes the page sideways.

Runs before the journeys (files are collected in name order), on the sample products, with one product of its own
that it edits through the form so the console's history has something to show."""

import base64
import uuid

import pytest

from browser import Browser, start_driver

WIDTHS = {"desktop": 1280, "phone": 390}
SCHEMES = ("light", "dark")
WINDOW_HEIGHT = 900

DESCRIPTION = ("결혼 선물로 받았던 원목 스툴입니다.\n거의 쓰지 않아 흠집 없이 깨끗해요.\n\n"
               "직거래는 성수역 근처에서 가능하고, 택배도 됩니다.")


def emulate(driver, width: int, scheme: str, height: int = WINDOW_HEIGHT) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def sideways_overflow(driver) -> int:
    """How many CSS pixels the page is wider than its window (0 when it fits)."""
    return driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")


def full_page_png(browser: Browser, width: int, scheme: str) -> bytes:
    """The whole page: the window made about as tall as the page, so lazy photos load, then one capture of all of it
    (a box sized by the window's height grows with it, so the page may still be a little taller)."""
    driver = browser.driver
    measure = "return Math.ceil(document.documentElement.scrollHeight)"
    height = WINDOW_HEIGHT
    for _ in range(4):
        needed = min(driver.execute_script(measure), 16000)
        if needed <= height:
            break
        height = needed
        emulate(driver, width, scheme, height=height)
    browser.wait_for(lambda d: d.execute_script(
        "return Array.from(document.images).every(i => i.complete)"), "photos did not load")
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
    full = min(driver.execute_script(measure), 16000)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": full, "scale": 1}})
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": False})
    emulate(driver, width, scheme)
    return base64.b64decode(shot["data"])


@pytest.fixture
def shooter(base_url, quality_record):
    driver = start_driver(js=True)
    try:
        yield Browser(driver, base_url, js=True, record=quality_record, test_name="appearance")
    finally:
        driver.quit()


def test_every_page_type_at_two_widths_in_light_and_dark(shooter, market, sample_images, vendor_secret, admin_password,
                                                         screenshots_dir):
    browser = shooter
    stool = market.create_product(f"원목 스툴 {uuid.uuid4().hex[:4]}", 39000, sample_images[:3], discount=4000, stock=2)
    bicycle = market.find("접이식 자전거 20인치")["id"]
    watch = market.find("빈티지 손목시계")["id"]
    assert market.product(watch)["stock"] == 0, "the sold-out sample is sold out"

    # One change through the storefront's form, so the console's history and the product's own history show it.
    emulate(browser.driver, WIDTHS["desktop"], "light")
    browser.visit(f"/products/{stool}/edit")
    browser.fill("#field-description", DESCRIPTION)
    browser.fill("#field-stock", "3")
    browser.fill("#field-password", vendor_secret)
    browser.follow(browser.find("form.product-form button[type=submit]"))
    assert browser.path() == f"/products/{stool}"

    storefront = [
        ("home-grid", "/", 200),
        ("list-view", "/products?view=list", 200),
        ("search", "/products?q=%EC%BA%A0%ED%95%91&view=grid", 200),
        ("search-nothing", "/products?q=%EC%97%86%EB%8A%94%EC%83%81%ED%92%88&view=grid", 200),
        ("list-sorted-filtered", "/products?sort=price_desc&stock=in&view=grid", 200),
        ("detail", f"/products/{bicycle}?photo=2", 200),
        ("detail-sold-out", f"/products/{watch}", 200),
        ("detail-edited", f"/products/{stool}", 200),
        ("new-product-form", "/products/new", 200),
        ("edit-form", f"/products/{stool}/edit", 200),
        ("delete-page", f"/products/{stool}/delete", 200),
        ("not-found", "/products/999999", 404),
        ("admin-login", "/admin/login", 200),
    ]
    console = [
        ("admin-products", "/admin/products", 200),
        ("admin-products-filtered", "/admin/products?stock=out&sort=price&dir=asc", 200),
        ("admin-product", f"/admin/products/{stool}", 200),
        ("admin-history", "/admin/history", 200),
    ]

    overflowing = []

    def shoot(number: int, name: str, path: str, status: int) -> None:
        for scheme in SCHEMES:
            for label, width in WIDTHS.items():
                emulate(browser.driver, width, scheme)
                browser.visit(path, status)
                excess = sideways_overflow(browser.driver)
                if excess > 0:
                    overflowing.append(f"{name} at {width} px ({scheme}): {excess} px too wide")
                file = screenshots_dir / f"{number:02d}-{name}-{label}-{scheme}.png"
                file.write_bytes(full_page_png(browser, width, scheme))

    for number, (name, path, status) in enumerate(storefront, start=1):
        shoot(number, name, path, status)

    emulate(browser.driver, WIDTHS["desktop"], "light")
    browser.visit("/admin/login")
    browser.fill("#admin-password", admin_password)
    browser.follow(browser.find("form.login-form button[type=submit]"))
    assert browser.path() == "/admin/products"
    for number, (name, path, status) in enumerate(console, start=len(storefront) + 1):
        shoot(number, name, path, status)

    assert not overflowing, "pages wider than the window:\n" + "\n".join(overflowing)
    assert len(list(screenshots_dir.glob("*.png"))) == (len(storefront) + len(console)) * len(SCHEMES) * len(WIDTHS)
