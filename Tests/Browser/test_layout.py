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


# Where the table's first header cell is seen, whether the selection bar is inside the window, and its words.
TABLE_IN_VIEW = """
const cell = document.querySelector('.admin-table thead th:nth-child(3)');
const box = cell.getBoundingClientRect();
const seen = document.elementFromPoint(box.left + box.width / 2, Math.max(box.top, 0) + box.height / 2);
const bar = document.querySelector('.selection-bar').getBoundingClientRect();
const count = document.querySelector('.selection-count');
return {headerTop: box.top, headerSeen: !!(seen && seen.closest('thead')), barTop: bar.top, barBottom: bar.bottom,
        window: innerHeight, barShown: bar.height > 0, words: [count.dataset.before, count.dataset.after],
        thumb: (() => { const r = document.querySelector('.admin-table .photo-cell img').getBoundingClientRect(); return [r.width, r.height]; })()};
"""


@pytest.mark.parametrize("language", ["ko", "en"])
def test_the_console_table_keeps_its_header_and_the_selection_in_view(window, admin_password, language):
    """Scrolled half-way down the products table with two rows ticked: the header row is at the top of the window and
    is what is seen there (not the console's bar over it), and the bar that counts the ticked rows is inside the
    window, in the page's language. Thumbnails are square. Before any tick the bar is not shown."""
    browser = window
    emulate(browser.driver, 1280, "light")
    browser.visit(f"/language/{language}?return=/admin/login")
    browser.fill("#admin-password", admin_password)
    browser.follow(browser.find("form.login-form button[type=submit]"))
    assert browser.path() == "/admin/products"
    before = browser.driver.execute_script(TABLE_IN_VIEW)
    assert not before["barShown"] or before["barTop"] >= before["window"], "no bar before a row is ticked"
    for box in browser.find_all("tbody input[type=checkbox][name=ids]")[:2]:
        box.click()
    browser.driver.execute_script("window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2)")
    seen = browser.driver.execute_script(TABLE_IN_VIEW)
    assert abs(seen["headerTop"]) < 1 and seen["headerSeen"], f"the header row is not in view: {seen}"
    assert seen["barShown"] and 0 <= seen["barTop"] and seen["barBottom"] <= seen["window"] + 1, f"the selection bar is not in view: {seen}"
    assert seen["words"] == (["", "개 선택됨 ·"] if language == "ko" else ["", " selected ·"])
    width, height = seen["thumb"]
    assert width == height and width >= 40, f"thumbnail {width}×{height}"


def test_the_history_gives_its_room_to_the_changes(window, market, sample_images, admin_password):
    """A price changed in the console, read in the history at a desktop's width: the changes column is the widest,
    at least twice the outcome's, and the change reads as the storefront writes prices."""
    browser = window
    emulate(browser.driver, 1280, "light")
    product = market.create_product("기록 폭 확인용 의자", 35000, sample_images[:1])
    browser.visit("/language/ko?return=/admin/login")
    browser.fill("#admin-password", admin_password)
    browser.follow(browser.find("form.login-form button[type=submit]"))
    browser.visit(f"/admin/products/{product}/edit")
    browser.fill("#field-price", "30000")
    browser.follow(browser.find("form.product-form button[type=submit]"))
    browser.visit(f"/admin/history?product={product}")
    widths = browser.driver.execute_script("""
        const row = [...document.querySelectorAll('.history-table tbody tr')].find(r => r.textContent.includes('30,000원'));
        if (!row) return null;
        return [...row.cells].map(c => ({name: c.className, width: c.getBoundingClientRect().width}));
    """)
    assert widths, "the change is in the history"
    by_name = {cell["name"]: cell["width"] for cell in widths}
    changes, outcome = by_name["col-changes"], widths[-1]["width"]
    assert changes == max(cell["width"] for cell in widths), widths
    assert changes >= 2 * outcome, widths
    assert "<del>35,000원</del> → <ins>30,000원</ins>" in browser.driver.page_source
