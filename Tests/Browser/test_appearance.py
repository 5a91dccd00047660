"""Every kind of page at a desktop width (1280 px) and two phones' (390 and 360 px), in the light and the dark colour
scheme, in Korean and in English: a full-page screenshot of each in browser-artifacts/screenshots/ for people to look
at, named `NN-page-LANGUAGE-WIDTHpx-SCHEME.png`, and the checks every page gets (status, console, requests, axe, Nu)
in both schemes, so the dark colours are held to contrast too. At every width no page is wider than its window and no
element reaches past its sides; on the phones every link and button of the storefront is a target a finger can hit
(see layout.py for the rules). Problems are gathered over every page and width, then reported together.

Runs before the journeys (files are collected in name order), on the sample products, with one product of its own
that it edits through the form, so that the console's history has something to show."""

import uuid
from dataclasses import dataclass
from typing import Callable

import pytest

from browser import Browser, start_driver
from layout import emulate, full_page_png, overflow_problems, small_targets

WIDTHS = (1280, 390, 360)
PHONES = (390, 360)
AXE_WIDTHS = (1280, 390)  # the 360 px layout is the 390 px one, narrower: its colours and names are the same
SCHEMES = ("light", "dark")
LANGUAGES = ("ko", "en")
SHOWN_PER_PAGE = 6  # elements reported reaching past the window, per page and width (the first ones hold the rest)

DESCRIPTION = ("결혼 선물로 받았던 원목 스툴입니다.\n거의 쓰지 않아 흠집 없이 깨끗해요.\n\n"
               "직거래는 성수역 근처에서 가능하고, 택배도 됩니다.")


@dataclass
class Shot:
    """One page to photograph: reached by `path`, or by `reach` (a form's answer) when given."""
    name: str
    path: str
    status: int = 200
    reach: Callable[[Browser], None] | None = None
    # Also a window's worth scrolled half-way down (`…-scrolled.png`): what stays in view shows only there.
    scrolled: bool = False


@pytest.fixture(scope="module")
def products(market, sample_images, vendor_secret, base_url, quality_record) -> dict:
    """The pages' products: two samples, and a stool listed here and edited once through the storefront's form."""
    stool = market.create_product(f"원목 스툴 {uuid.uuid4().hex[:4]}", 39000, sample_images[:3], discount=4000, stock=2)
    bicycle = market.find("접이식 자전거 20인치")
    watch = market.find("빈티지 손목시계")["id"]
    assert market.product(watch)["stock"] == 0, "the sold-out sample is sold out"
    driver = start_driver(js=True)
    try:
        browser = Browser(driver, base_url, js=True, record=quality_record, test_name="appearance-setup")
        emulate(driver, 1280, "light")
        browser.visit(f"/products/{stool}/edit")
        browser.fill("#field-description", DESCRIPTION)
        browser.fill("#field-stock", "3")
        browser.fill("#field-password", vendor_secret)
        browser.follow(browser.find("form.product-form button[type=submit]"))
        assert browser.path() == f"/products/{stool}"
    finally:
        driver.quit()
    seller = market.product(bicycle["id"])["vendors"]["id"]
    return {"stool": stool, "bicycle": bicycle["id"], "watch": watch, "seller": seller}


@pytest.fixture
def shooter(base_url, quality_record):
    driver = start_driver(js=True)
    try:
        yield Browser(driver, base_url, js=True, record=quality_record, test_name="appearance")
    finally:
        driver.quit()


class Photographer:
    """Visits each page once per language, then for each scheme and width: measures, runs axe, and writes a
    screenshot. The window changes around the loaded page; its photos are chosen again as it grows."""

    def __init__(self, browser: Browser, folder, language: str, measures_targets: bool = True):
        self.browser = browser
        self.measures_targets = measures_targets
        self.folder = folder
        self.language = language
        self.problems: dict[str, list[str]] = {}  # each problem, and where it was seen
        self.files: list = []

    def choose_language(self) -> None:
        emulate(self.browser.driver, WIDTHS[0], SCHEMES[0])
        self.browser.visit(f"/language/{self.language}?return=/")
        assert self.browser.find("html").get_attribute("lang") == self.language

    def shoot(self, number: int, shot: Shot) -> None:
        browser = self.browser
        emulate(browser.driver, WIDTHS[0], SCHEMES[0])
        if shot.reach:
            shot.reach(browser)
        else:
            browser.visit(shot.path, shot.status)
        where = f"{shot.name} ({self.language})"  # the scheme changes colours only: a place is a page and a width
        for scheme in SCHEMES:
            for width in WIDTHS:
                emulate(browser.driver, width, scheme)
                if width in AXE_WIDTHS and (scheme, width) != (SCHEMES[0], WIDTHS[0]):
                    browser.reaxe(f"{shot.name}-{self.language}-{width}-{scheme}")
                found = [f"sideways: {p}" for p in overflow_problems(browser.driver)[:SHOWN_PER_PAGE]]
                if width in PHONES and self.measures_targets:
                    found += [f"small target: {p}" for p in small_targets(browser.driver)]
                for problem in found:
                    places = self.problems.setdefault(problem, [])
                    if f"{where} at {width} px" not in places:
                        places.append(f"{where} at {width} px")
                stem = f"{number:02d}-{shot.name}-{self.language}-{width}px-{scheme}"
                if shot.scrolled:
                    browser.driver.execute_script(
                        "window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2)")
                    (self.folder / f"{stem}-scrolled.png").write_bytes(browser.driver.get_screenshot_as_png())
                    browser.driver.execute_script("window.scrollTo(0, 0)")
                file = self.folder / f"{stem}.png"
                file.write_bytes(full_page_png(browser, width, scheme))
                self.files.append(file)

    def report(self, count: int) -> None:
        assert len(self.files) == count * len(SCHEMES) * len(WIDTHS)
        lines = [f"{problem}\n    on {', '.join(places)}" for problem, places in self.problems.items()]
        assert not lines, f"{len(lines)} problems of layout:\n" + "\n".join(lines)


def submit_empty_listing(browser: Browser) -> None:
    """The upload form sent with a price only: it comes back with its summary and a message by each field."""
    browser.visit("/products/new")
    browser.fill("#field-price", "12000")
    browser.follow(browser.find("form.product-form button[type=submit]"), status=422)


@pytest.mark.parametrize("language", LANGUAGES)
def test_storefront_pages_fit_every_width(shooter, products, screenshots_dir, language):
    browser = shooter
    photographer = Photographer(browser, screenshots_dir, language)
    photographer.choose_language()
    stool, bicycle, watch = products["stool"], products["bicycle"], products["watch"]
    # A visitor's own lists: two products viewed, one of them liked.
    browser.visit(f"/products/{watch}")
    browser.visit(f"/products/{bicycle}")
    browser.find(".like-button").click()
    browser.wait_for(lambda d: browser.find(".like-button").get_attribute("aria-pressed") == "true", "the like did not take")
    # A question to the seller, so the product page shows one and its own page can be taken.
    browser.visit(f"/products/{bicycle}")
    browser.fill("#question-nickname", "자전거초보")
    browser.fill("#question-text", "타이어는 언제 갈았나요? 시승해 볼 수 있을까요?")
    browser.fill("#question-password", "asker-pass")
    browser.follow(browser.find("#question-form button[type=submit]"))
    question = browser.driver.current_url.split("#q-")[1]

    pages = [
        Shot("home", "/"),
        Shot("list-view", "/products?view=list"),
        Shot("search", "/products?q=%EC%BA%A0%ED%95%91&view=grid"),
        Shot("search-nothing", "/products?q=%EC%97%86%EB%8A%94%EC%83%81%ED%92%88&view=grid"),
        Shot("list-sorted-filtered", "/products?sort=price_desc&stock=in&view=grid"),
        Shot("detail", f"/products/{bicycle}?photo=2"),
        Shot("detail-sold-out", f"/products/{watch}"),
        Shot("detail-edited", f"/products/{stool}"),
        Shot("question", f"/products/{bicycle}/questions/{question}"),
        Shot("likes", "/likes"),
        Shot("recent", "/recent"),
        Shot("seller", f"/sellers/{products['seller']}"),
        Shot("new-product-form", "/products/new"),
        Shot("new-product-errors", "/products/new", reach=submit_empty_listing),
        Shot("edit-form", f"/products/{stool}/edit"),
        Shot("delete-page", f"/products/{stool}/delete"),
        Shot("not-found", "/products/999999", 404),
    ]
    for number, shot in enumerate(pages, start=1):
        photographer.shoot(number, shot)
    photographer.report(len(pages))


def sign_in(browser: Browser, password: str) -> None:
    browser.visit("/admin/login")
    browser.fill("#admin-password", password)
    browser.follow(browser.find("form.login-form button[type=submit]"))
    assert browser.path() == "/admin/products"


def confirm_two_deletions(browser: Browser) -> None:
    """Two rows ticked in the table and sent: the confirmation lists both (nothing is deleted yet)."""
    browser.visit("/admin/products")
    for box in browser.find_all("tbody input[type=checkbox][name=ids]")[:2]:
        box.click()
    browser.follow(browser.find("form.admin-table-form button[type=submit]"))
    assert len(browser.find_all(".confirm-list li")) == 2


def fail_sign_in_once(browser: Browser, password: str) -> None:
    """One wrong password from a browser the console knows (signed in once, then out): the miss is counted for this
    browser alone, so other suites' sign-ins are not held back by it."""
    sign_in(browser, password)
    browser.follow(browser.find("nav.admin-nav button[type=submit]"))
    browser.fill("#admin-password", "not-the-password")
    browser.follow(browser.find("form.login-form button[type=submit]"), status=401)
    assert browser.find_all("#admin-password-error")


def tick_two_rows(browser: Browser) -> None:
    """Two rows ticked: the bar that counts them shows, and stays at the bottom of the window as the page scrolls."""
    browser.visit("/admin/products")
    for box in browser.find_all("tbody input[type=checkbox][name=ids]")[:2]:
        box.click()


def delete_in_console(product: int) -> Callable[[Browser], None]:
    """The product ticked alone and deleted through the confirmation: the results page."""
    def reach(browser: Browser) -> None:
        browser.visit("/admin/products")
        browser.find(f"tbody input[name=ids][value='{product}']").click()
        browser.follow(browser.find("form.admin-table-form button[type=submit]"))
        browser.follow(browser.find("form button.button-danger[type=submit]"))
        assert len(browser.find_all(".admin-table tbody tr")) == 1
    return reach


@pytest.mark.parametrize("language", LANGUAGES)
def test_console_pages_fit_every_width(shooter, products, market, sample_images, screenshots_dir, admin_password, language):
    browser = shooter
    # The console's tap targets are not measured yet: its table's cells are a desktop's.
    photographer = Photographer(browser, screenshots_dir, language, measures_targets=False)
    photographer.choose_language()
    stool = products["stool"]
    # Deleted here, to show the results, the table's deleted filter and the deleted product's banner.
    doomed = market.create_product(f"삭제될 탁상 시계 {uuid.uuid4().hex[:4]}", 18000, sample_images[:1])
    pages = [
        Shot("admin-login", "/admin/login"),
        Shot("admin-login-failed", "/admin/login", status=401, reach=lambda b: fail_sign_in_once(b, admin_password)),
        Shot("admin-products", "/admin/products", reach=lambda b: sign_in(b, admin_password)),
        Shot("admin-products-selected", "/admin/products", reach=tick_two_rows, scrolled=True),
        Shot("admin-products-filtered", "/admin/products?stock=out&sort=price&dir=asc"),
        Shot("admin-product", f"/admin/products/{stool}"),
        Shot("admin-edit-form", f"/admin/products/{stool}/edit"),
        Shot("admin-history", "/admin/history"),
        Shot("admin-questions", "/admin/questions"),
        Shot("admin-delete-confirm", "/admin/products", reach=confirm_two_deletions),
        Shot("admin-delete-results", "/admin/products", reach=delete_in_console(doomed)),
        Shot("admin-deleted", "/admin/products?status=deleted"),
        Shot("admin-deleted-product", f"/admin/products/{doomed}"),
    ]
    start = 20  # after the storefront's pages
    for number, shot in enumerate(pages, start=start):
        photographer.shoot(number, shot)
    photographer.report(len(pages))
