"""Layout rules measured where they once broke: the home page's strip of recently viewed products and the seller's
label beside the name. The appearance suite checks every page for overflow and tap targets; these check what a
screenshot shows but no general rule catches."""

import pytest

from browser import Browser, start_driver
from layout import emulate

# A zero-size inline box at the end of an element's text sits on its last line's baseline.
BASELINE = """
const probe = document.createElement('span');
probe.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
arguments[0].append(probe);
const y = probe.getBoundingClientRect().bottom;
probe.remove();
return y;
"""


@pytest.fixture
def window(base_url, quality_record):
    """A Chromium with JavaScript, for what does not depend on it."""
    driver = start_driver(js=True)
    try:
        yield Browser(driver, base_url, js=True, record=quality_record, test_name="layout")
    finally:
        driver.quit()


def choose_language(browser: Browser, language: str) -> None:
    browser.visit(f"/language/{language}?return=/")


@pytest.mark.parametrize("width", [1280, 390])
def test_recently_viewed_strip_is_one_row_of_small_square_photos(window, width):
    browser = window
    emulate(browser.driver, width, "light")
    browser.visit("/")
    for card in browser.card_ids()[:5]:
        browser.visit(f"/products/{card.removeprefix('p-')}")
    browser.visit("/")
    items = browser.find_all(".product-strip li")
    assert len(items) == 5
    tops = {round(item.rect["y"]) for item in items}
    assert len(tops) == 1, f"the strip is not one row: items start at {sorted(tops)}"
    assert all(item.value_of_css_property("list-style-type") == "none" for item in items), "the strip shows list numbers"
    photos = [image.rect for image in browser.find_all(".product-strip li img")]
    assert all(abs(p["width"] - p["height"]) <= 1 and 100 <= p["width"] <= 160 for p in photos), photos
    strip = browser.find(".product-strip").rect
    assert strip["height"] < 420, f"the strip is {strip['height']} px tall"


@pytest.mark.parametrize("language", ["ko", "en"])
def test_the_seller_label_sits_on_the_name_baseline(window, market, language):
    browser = window
    choose_language(browser, language)
    lantern = market.find("캠핑용 랜턴")["id"]
    for width in (1280, 390, 360):
        emulate(browser.driver, width, "light")
        browser.visit(f"/products/{lantern}")
        label, name = browser.find(".seller-block h2"), browser.find(".seller-block .seller-name")
        if abs(label.rect["y"] - name.rect["y"]) > label.rect["height"]:
            continue  # on lines of their own, there is no shared baseline to keep
        below = browser.driver.execute_script(BASELINE, label) - browser.driver.execute_script(BASELINE, name)
        assert abs(below) <= 1, f"at {width} px the label's baseline is {below:.1f} px below the name's"
