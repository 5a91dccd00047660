"""The storefront and admin journeys, each run with JavaScript enabled and disabled (the `browser` fixture's two modes).
Every page reached is also checked for its status, console errors, foreign requests, axe and HTML validity."""

import csv
import io
import re
import urllib.error
import urllib.request
import uuid

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

DESCRIPTION = "브라우저 테스트에서 올린 상품입니다.\n두 번째 줄도 그대로 보여야 합니다."


def in_viewport(browser, element_id: str) -> bool:
    return browser.driver.execute_script(
        "const e = document.getElementById(arguments[0]); if (!e) return false;"
        "const r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight;", element_id)


def submit(browser, status: int = 200) -> None:
    browser.follow(browser.find("form.product-form button[type=submit], form.delete-form button[type=submit]"), status)


def choose_photos(browser, photos) -> None:
    browser.find("#field-images").send_keys("\n".join(str(p) for p in photos))


def open_more_settings(browser) -> None:
    """Stock, discount and currency are folded under "추가 설정" on a new listing; a click on its summary opens it."""
    details = browser.find("details.more-settings")
    if details.get_attribute("open") is None:
        browser.find("details.more-settings > summary").click()
    assert details.get_attribute("open") is not None


def manage_listing(browser, product_id: int, action: str) -> None:
    """The seller's edit and delete links wait in the "내 상품 관리" disclosure at the bottom of the product page."""
    link = browser.find(f"details.manage-listing a[href='/products/{product_id}/{action}']")
    assert not link.is_displayed(), "the seller's links are folded away from shoppers"
    browser.find("details.manage-listing summary").click()
    browser.follow(link)


def swipe(browser, dx: int) -> None:
    """A one-finger horizontal swipe across the photo, as a touch screen sends it."""
    browser.driver.execute_script(
        "const stage = document.querySelector('.gallery-stage'); const r = stage.getBoundingClientRect();"
        "const y = r.top + r.height / 2, x0 = r.left + r.width / 2, x1 = x0 + arguments[0];"
        "const touch = (x) => new Touch({identifier: 1, target: stage, clientX: x, clientY: y});"
        "stage.dispatchEvent(new TouchEvent('touchstart', {touches: [touch(x0)], changedTouches: [touch(x0)], bubbles: true}));"
        "stage.dispatchEvent(new TouchEvent('touchend', {touches: [], changedTouches: [touch(x1)], bubbles: true}));", dx)


def test_browse_grid_paging_and_gallery(browser, market):
    browser.visit("/")
    grid_link, list_link = browser.find_all("nav.view-switch a")
    browser.follow(list_link)
    assert browser.find_all("#products.view-list")
    browser.follow(browser.find_all("nav.view-switch a")[0])
    assert "view=grid" in browser.path() and browser.find_all("#products.view-grid")
    assert browser.find_all("nav.view-switch a")[0].get_attribute("aria-current") == "true"
    first_page = browser.card_ids()
    assert len(first_page) == 20, "the first page shows 20 products"

    # Next page: with JS "load more" appends in place and updates the URL; without it, the page numbers are the way
    # on, and only one of the two shows.
    more = browser.find(".load-more")
    assert more.is_displayed() == browser.js
    assert browser.find("nav.pagination").is_displayed() != browser.js
    if browser.js:
        more.click()
        browser.wait_for(lambda d: len(browser.card_ids()) > len(first_page), "load more appended nothing")
        browser.wait_for(lambda d: "page=2" in d.current_url, "load more did not update the URL")
        assert browser.card_ids()[: len(first_page)] == first_page
        browser.recheck()
    else:
        browser.follow(browser.find("nav.pagination a[rel=next]"))
    next_page_url = browser.path()
    assert "page=2" in next_page_url
    new_cards = [c for c in browser.card_ids() if c not in first_page]
    assert new_cards, "the next page shows other products"

    # Into a product from the next page and back: same URL, same place.
    target = new_cards[-1]
    browser.follow(browser.find(f"#{target} a.product-link"))
    assert browser.path() == f"/products/{target.removeprefix('p-')}"
    browser.back()
    assert browser.path() == next_page_url
    browser.wait_for(lambda d: in_viewport(browser, target), f"back did not return to #{target}")

    # A product with several photos from the list: gallery to photo 2, then back to the list.
    browser.follow(browser.find(".site-nav a[href='/products']"))
    assert browser.find_all("#products.view-grid"), "the chosen view is remembered"
    pick = next(c for c in browser.card_ids() if market.photo_count(int(c.removeprefix("p-"))) >= 2)
    browser.follow(browser.find(f"#{pick} a.product-link"))
    total = len(browser.find_all(".gallery-thumbs a"))
    assert browser.text(".gallery-counter") == f"1 / {total}"
    second = browser.find_all(".gallery-thumbs a")[1]
    if browser.js:
        second.click()
        browser.wait_for(lambda d: browser.text(".gallery-counter") == f"2 / {total}", "gallery counter did not move")
        assert browser.find(".gallery-main img").get_attribute("src").endswith(second.get_attribute("data-full"))
        browser.recheck()
    else:
        browser.follow(second)
    assert browser.text(".gallery-counter") == f"2 / {total}"
    assert "photo=2" in browser.path()
    assert browser.find_all(".gallery-thumbs a")[1].get_attribute("aria-current") == "true"

    # The arrows on the photo step through it round the ends: links without script; with it, also the arrow keys
    # and a swipe.
    after = 3 if total >= 3 else 1
    if browser.js:
        browser.find(".gallery-next").click()
        browser.wait_for(lambda d: browser.text(".gallery-counter") == f"{after} / {total}", "the next arrow did nothing")
        ActionChains(browser.driver).send_keys(Keys.ARROW_LEFT).perform()
        browser.wait_for(lambda d: browser.text(".gallery-counter") == f"2 / {total}", "the left arrow key did nothing")
        ActionChains(browser.driver).send_keys(Keys.ARROW_RIGHT).perform()
        browser.wait_for(lambda d: browser.text(".gallery-counter") == f"{after} / {total}", "the right arrow key did nothing")
        swipe(browser, 150)
        browser.wait_for(lambda d: browser.text(".gallery-counter") == f"2 / {total}", "a swipe to the right did nothing")
        assert browser.find(".gallery-previous").get_attribute("href").endswith("?photo=1#gallery")
        assert "photo=2" in browser.path()
    else:
        browser.follow(browser.find(".gallery-next"))
        assert browser.text(".gallery-counter") == f"{after} / {total}"
        browser.follow(browser.find(".gallery-previous"))
        assert browser.text(".gallery-counter") == f"2 / {total}"
    browser.follow(browser.find(".product-detail .actions a[href^='/products#']"))
    assert browser.path() == f"/products#{pick}"
    browser.wait_for(lambda d: in_viewport(browser, pick), f"back to the list did not show #{pick}")


def test_search_and_empty_state(browser):
    browser.visit("/products")
    # A whole product name, as people type it: the form sends the space as "+" (HTML form encoding).
    browser.fill("#search-q", "캠핑용 랜턴")
    browser.follow(browser.find("form.search button[type=submit]"))
    assert "q=" in browser.path()
    assert browser.find("#search-q").get_attribute("value") == "캠핑용 랜턴"
    assert "캠핑용 랜턴" in browser.text(".search-summary")
    assert "캠핑용 랜턴" in [e.text for e in browser.find_all("#products .product-name")]

    nothing = f"없는상품{uuid.uuid4().hex[:8]}"
    browser.fill("#search-q", nothing)
    browser.follow(browser.find("form.search button[type=submit]"))
    assert nothing in browser.text(".empty-state h2")
    assert not browser.find_all("#products .product-card")
    browser.follow(browser.find(".empty-state a"))
    assert browser.card_ids(), "'show all' lists products again"


def test_upload_and_validation_errors(browser, sample_images):
    mode = "js" if browser.js else "nojs"
    name = f"브라우저 업로드 {mode} {uuid.uuid4().hex[:6]}"
    browser.visit("/products/new")
    browser.fill("#field-name", name)
    browser.fill("#field-description", DESCRIPTION)
    browser.fill("#field-price", "15000")
    open_more_settings(browser)
    browser.fill("#field-discounted_price", "1500")
    browser.fill("#field-stock", "3")
    browser.fill("#field-seller_name", "브라우저 판매자")
    choose_photos(browser, sample_images[:2])
    if browser.js:
        browser.wait_for(lambda d: browser.text("#photo-counter") == "2/5", "no live photo counter")
        assert len(browser.find_all("#photo-previews img")) == 2
        browser.recheck()
    browser.fill("#field-password", "upload-pw-1")
    submit(browser)
    assert re.fullmatch(r"/products/\d+", browser.path())
    assert browser.text(".flash") == "상품을 등록했습니다."
    assert browser.text("h1") == name
    assert browser.text(".gallery-counter") == "1 / 2"
    assert browser.text(".sale-price").endswith("13,500원")
    assert browser.text(".discount-rate").startswith("10%")
    assert browser.text(".description") == DESCRIPTION

    # No name and six photos: the error summary, inline messages, and everything typed kept but the password.
    browser.visit("/products/new")
    browser.fill("#field-name", "")
    browser.fill("#field-description", DESCRIPTION)
    browser.fill("#field-price", "9900")
    open_more_settings(browser)
    browser.fill("#field-stock", "7")
    browser.fill("#field-seller_name", "브라우저 판매자")
    choose_photos(browser, sample_images[:6])
    if browser.js:  # the picker keeps five and says why
        browser.wait_for(lambda d: browser.text("#photo-counter") == "5/5", "the picker did not stop at five")
        assert "최대 5장" in browser.text("#photo-status")
        browser.recheck()
    browser.fill("#field-password", "upload-pw-2")
    submit(browser, status=422)
    summary_links = [a.get_attribute("href").split("#")[1] for a in browser.find_all(".error-summary a")]
    assert "field-name" in summary_links
    assert browser.find("#field-name").get_attribute("aria-invalid") == "true"
    assert browser.find("#field-name-error").text
    if not browser.js:  # the server takes the first five and says the sixth was left out
        assert "field-images" in summary_links
        assert "1장은 넣지 않았습니다" in browser.text("#field-images-error")
    assert browser.find("#field-description").get_attribute("value").replace("\r\n", "\n") == DESCRIPTION
    assert browser.find("#field-price").get_attribute("value") == "9900"
    assert browser.find("#field-stock").get_attribute("value") == "7"
    assert browser.find("#field-password").get_attribute("value") == ""
    assert len(browser.find_all(".kept-photo img")) == 5, "the five photos are kept, not to be chosen again"


def loaded_images(browser, css: str) -> int:
    return browser.driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).filter(i => i.complete && i.naturalWidth > 0).length;", css)


def test_kept_photos_after_an_error(browser, market, sample_images, phone_photo):
    mode = "js" if browser.js else "nojs"
    name = f"보관한 사진 {mode} {uuid.uuid4().hex[:6]}"
    browser.visit("/products/new")
    # The file button speaks the page's language; the native input stays for keyboards and screen readers.
    assert browser.text("label.photo-button") == "사진 고르기"
    browser.fill("#field-description", DESCRIPTION)
    browser.fill("#field-price", "12,000")
    open_more_settings(browser)
    browser.fill("#field-stock", "2")
    browser.fill("#field-seller_name", "보관 판매자")
    choose_photos(browser, sample_images[:2])
    browser.fill("#field-password", "kept-pw-1")
    submit(browser, status=422)  # no name

    # The two photos come back as previews, served to this visitor only.
    assert browser.find("#field-name").get_attribute("aria-invalid") == "true"
    assert len(browser.find_all(".kept-photo img")) == 2
    browser.wait_for(lambda d: loaded_images(browser, ".kept-photo img") == 2, "the kept photos did not load")
    assert not browser.find_all(".field .notice"), "nothing to choose again"
    assert browser.find("#field-images").get_attribute("required") is None
    assert browser.find("#field-price").get_attribute("value") == "12,000"
    if browser.js:
        assert browser.text("#photo-counter") == "2/5", "kept photos count towards the five"

    # Leave the second one out, add a phone photo (the script shrinks it before sending), and list.
    remove = browser.find("#remove-photo-2")
    browser.find("label[for='remove-photo-2']").click()
    assert remove.is_selected()
    choose_photos(browser, [phone_photo])
    if browser.js:
        browser.wait_for(lambda d: browser.text("#photo-counter") == "2/5", "the counter did not count kept and new photos")
        browser.recheck()
    browser.fill("#field-name", name)
    browser.fill("#field-password", "kept-pw-1")
    submit(browser)
    assert re.fullmatch(r"/products/\d+", browser.path())
    assert browser.text(".flash") == "상품을 등록했습니다."
    assert browser.text("h1") == name
    assert browser.text(".gallery-counter") == "1 / 2"
    product_id = int(browser.path().rsplit("/", 1)[1])
    assert market.photo_count(product_id) == 2
    assert market.product(product_id)["price"] == 12000


def test_edit_price(browser, market, sample_images, vendor_secret):
    product_id = market.create_product(f"가격 수정 테스트 {uuid.uuid4().hex[:6]}", 40000, sample_images[2:3])
    browser.visit(f"/products/{product_id}")
    assert browser.text(".sale-price").endswith("40,000원")
    assert not browser.find_all(".original-price")
    manage_listing(browser, product_id, "edit")
    assert browser.find("#field-price").get_attribute("value") == "40,000", "the edit form is filled in, as people write prices"
    browser.fill("#field-price", "50,000")
    browser.fill("#field-discounted_price", "5,000")
    browser.fill("#field-password", vendor_secret)
    submit(browser)
    assert browser.path() == f"/products/{product_id}"
    assert browser.text(".flash") == "상품 정보를 수정했습니다."
    assert browser.text(".sale-price").endswith("45,000원")
    assert browser.text(".original-price").endswith("50,000원")
    assert browser.text(".discount-rate").startswith("10%")


def test_edit_photos(browser, market, sample_images, vendor_secret):
    """On the embedded market the edit form arranges photos: one moved first, one removed, another made the main one,
    a new one added, with the script (previews, the counter) and without it (the same plain fields)."""
    product_id = market.create_product(f"사진 수정 테스트 {uuid.uuid4().hex[:6]}", 30000, sample_images[0:3])
    first, second, third = (image["id"] for image in market.product(product_id)["images"])
    browser.visit(f"/products/{product_id}")
    manage_listing(browser, product_id, "edit")
    assert browser.text(".photo-editor legend") == "사진"
    assert len(browser.find_all(".photo-edit img")) == 3
    Select(browser.find(f"#photo-place-{third}")).select_by_value("1")
    Select(browser.find(f"#photo-place-{first}")).select_by_value("2")
    browser.find(f"label[for='remove-image-{second}']").click()
    assert browser.find(f"#remove-image-{second}").is_selected()
    browser.find(f"label[for='thumbnail-{first}']").click()
    choose_photos(browser, sample_images[3:4])
    if browser.js:
        browser.wait_for(lambda d: browser.text("#photo-counter") == "3/5", "the counter did not count kept and new photos")
        browser.recheck()
    # A wrong password: the choices stay and the new photo is kept, not to be chosen again.
    browser.fill("#field-password", "not-the-password")
    submit(browser, status=403)
    assert browser.find(f"#remove-image-{second}").is_selected()
    assert browser.find(f"#thumbnail-{first}").is_selected()
    assert Select(browser.find(f"#photo-place-{third}")).first_selected_option.text == "1"
    assert len(browser.find_all(".photo-editor .kept-photo img")) == 1
    browser.wait_for(lambda d: loaded_images(browser, ".kept-photo img") == 1, "the kept photo did not load")
    if browser.js:
        assert browser.text("#photo-counter") == "3/5", "kept photos count towards the five"
    browser.fill("#field-password", vendor_secret)
    submit(browser)
    assert browser.path() == f"/products/{product_id}"
    assert browser.text(".flash") == "상품 정보를 수정했습니다."
    assert browser.text(".gallery-counter") == "1 / 3"
    product = market.product(product_id)
    ids = [image["id"] for image in product["images"]]
    assert ids[:2] == [third, first] and len(ids) == 3 and second not in ids
    assert product["thumbnail"] == next(image["thumbnail_url"] for image in product["images"] if image["id"] == first)


def test_delete_with_wrong_then_right_password(browser, market, sample_images, vendor_secret):
    product_id = market.create_product(f"삭제 테스트 {uuid.uuid4().hex[:6]}", 12000, sample_images[3:4])
    browser.visit(f"/products/{product_id}")
    manage_listing(browser, product_id, "delete")
    browser.fill("#field-password", "not-the-password")
    submit(browser, status=403)
    assert "비밀번호가 맞지 않습니다" in browser.text(".field-error")
    assert browser.find("#field-password").get_attribute("aria-invalid") == "true"
    browser.visit(f"/products/{product_id}")  # still there

    manage_listing(browser, product_id, "delete")
    browser.fill("#field-password", vendor_secret)
    submit(browser)
    assert browser.path().split("#")[0] == "/products"
    assert browser.text(".flash") == "상품을 삭제했습니다."
    assert f"p-{product_id}" not in browser.card_ids()
    browser.visit(f"/products/{product_id}", status=404)
    assert browser.text(".error-status") == "404"


def test_language_switch(browser, market):
    lantern = market.find("캠핑용 랜턴")
    assert (lantern["price"], lantern["discounted_price"], lantern["currency"]) == (28000, 0, "KRW")
    detail = f"/products/{lantern['id']}"
    browser.visit(detail)
    assert browser.find("html").get_attribute("lang") == "ko"
    assert browser.text(".sale-price").endswith("28,000원")
    assert browser.text(".product-description h2") == "상품 설명"
    assert browser.text("nav.lang-switch a") == "English"

    browser.follow(browser.find("nav.lang-switch a"))
    assert browser.path() == detail
    assert browser.find("html").get_attribute("lang") == "en"
    assert browser.text(".sale-price").endswith("₩28,000")
    assert browser.text(".product-description h2") == "Description"
    assert browser.text("nav.lang-switch a") == "한국어"
    browser.visit("/products")  # remembered
    assert browser.text("h1") == "Products"
    assert re.fullmatch(r"1–20 of \d+", browser.text(".result-range"))

    browser.follow(browser.find("nav.lang-switch a"))
    assert browser.path() == "/products"
    assert browser.find("html").get_attribute("lang") == "ko"
    assert browser.text("h1") == "상품 목록"
    assert re.fullmatch(r"총 \d+개 중 1–20", browser.text(".result-range"))
    browser.visit(detail)
    assert browser.text(".sale-price").endswith("28,000원")


def like_state(browser) -> tuple[str, str]:
    """The like button's aria-pressed and the count beside it."""
    return browser.find(".like-button").get_attribute("aria-pressed"), browser.text(".like-count")


def toggle_like(browser) -> None:
    """With JS the form is sent in place (no new document, the focus stays on the button); without, it is a post
    that comes back to the product page with a message."""
    button = browser.find(".like-button")
    before = button.get_attribute("aria-pressed")
    if browser.js:
        browser.driver.execute_script("window.__sameDocument = true")
        button.click()
        browser.wait_for(lambda d: browser.find(".like-button").get_attribute("aria-pressed") != before, "the like did not toggle")
        assert browser.driver.execute_script("return window.__sameDocument === true"), "the page was reloaded"
        assert browser.driver.switch_to.active_element == browser.find(".like-button"), "the button lost the focus"
        message = browser.find(".like-status").get_attribute("textContent")
        assert message == ("찜 목록에 담았습니다." if before == "false" else "찜 목록에서 뺐습니다.")
        browser.recheck()
    else:
        browser.follow(button)
        assert browser.text(".flash") == ("찜 목록에 담았습니다." if before == "false" else "찜 목록에서 뺐습니다.")


def test_like_a_product_and_find_it_in_the_likes(browser, market):
    lantern = market.find("캠핑용 랜턴")
    page = f"/products/{lantern['id']}"
    browser.visit(page)
    assert like_state(browser) == ("false", "찜 목록 0개")
    toggle_like(browser)
    assert browser.path() == page
    assert like_state(browser) == ("true", "찜 목록 1개")
    assert browser.driver.get_cookie("likes")["value"] == str(lantern["id"])

    browser.follow(browser.find(".site-nav a[href='/likes']"))
    assert browser.text("h1") == "찜 목록"
    assert browser.card_ids() == [f"p-{lantern['id']}"]
    browser.follow(browser.find(f"#p-{lantern['id']} a.product-link"))
    assert like_state(browser) == ("true", "찜 목록 1개"), "the product page knows it is liked"
    toggle_like(browser)
    assert like_state(browser) == ("false", "찜 목록 0개")
    browser.visit("/likes")
    assert not browser.card_ids()
    assert browser.text(".empty-state h2") == "아직 찜한 상품이 없습니다."


def test_recently_viewed_on_the_home_page_and_cleared(browser):
    browser.visit("/")
    assert not browser.find_all(".product-strip"), "a new visitor has no history"
    viewed = [card.removeprefix("p-") for card in browser.card_ids()[3:6]]
    for product_id in viewed:
        browser.visit(f"/products/{product_id}")
    browser.visit("/")
    strip = [a.get_attribute("href").removeprefix(browser.base_url) for a in browser.find_all(".product-strip li a")]
    assert strip == [f"/products/{product_id}" for product_id in reversed(viewed)], "the most recent first"

    browser.follow(browser.find(".product-strip a[href='/recent']"))
    assert browser.text("h1") == "최근 본 상품"
    assert browser.card_ids() == [f"p-{product_id}" for product_id in reversed(viewed)]
    browser.follow(browser.find(".clear-recent-form button[type=submit]"))
    assert browser.path() == "/recent"
    assert browser.text(".flash") == "최근 본 상품 기록을 지웠습니다."
    assert browser.text(".empty-state h2") == "최근 본 상품이 없습니다."
    browser.visit("/")
    assert not browser.find_all(".product-strip")


def test_seller_page_from_a_product(browser, market, sample_images):
    """A sample listed under a nickname leads to the products listed under it; a product listed through the API (no
    nickname) leads to its vendor's products: the sample data gives this front end's vendor 20, one more makes a
    second page. The vendor's system name (demo_vendor) is never shown."""
    lantern = market.find("캠핑용 랜턴")
    browser.visit(f"/products/{lantern['id']}")
    assert browser.text(".seller-block .seller-name") == "주말캠퍼"
    browser.follow(browser.find(".seller-block a.seller-link"))
    assert browser.path().startswith("/sellers?name=")
    assert browser.text("h1") == "주말캠퍼"
    assert len(browser.card_ids()) == 3, "the lantern, the backpack and the tent were listed as 주말캠퍼"
    assert all(v.text.startswith("주말캠퍼 · ") for v in browser.find_all("#products .card-meta"))

    listed = market.create_product(f"판매자 페이지 {uuid.uuid4().hex[:6]}", 21000, sample_images[:1])
    seller = market.product(listed)["vendors"]
    browser.visit(f"/products/{listed}")
    shown = browser.text(".seller-block .seller-name")
    assert shown and "vendor" not in shown
    browser.follow(browser.find(".seller-block a.seller-link"))
    assert browser.path() == f"/sellers/{seller['id']}"
    assert browser.text("h1") == shown
    first_page = browser.card_ids()
    assert first_page, "the seller's products are listed"
    assert len(first_page) == 20
    # Older products: with JS "load more" appends them in place; without it, the page links lead on and back.
    if browser.js:
        browser.find(".load-more").click()
        browser.wait_for(lambda d: len(browser.card_ids()) > len(first_page), "load more appended nothing")
        browser.wait_for(lambda d: "before=" in d.current_url, "load more did not update the URL")
        assert browser.card_ids()[: len(first_page)] == first_page
        older = browser.card_ids()[len(first_page):]
        assert older and not set(older) & set(first_page), "load more added older products"
        browser.recheck()
    else:
        browser.follow(browser.find("nav.pagination a[rel=next]"))
        assert "before=" in browser.path()
        older = browser.card_ids()
        assert older and not set(older) & set(first_page), "the next page shows older products"
        browser.follow(browser.find("nav.pagination a[rel=prev]"))
        assert browser.card_ids() == first_page
    browser.visit("/sellers/987654321", status=404)
    assert browser.text(".error-status") == "404"


def button(browser, label: str):
    """The one submit button (or link styled as one) whose text is exactly `label`."""
    return browser.driver.find_element(
        By.XPATH, f"//main//*[self::button or self::a][normalize-space()='{label}']")


def admin_total(browser) -> int:
    """The product count the toolbar states, as the table's caption does ("상품 N개 중 1–M")."""
    caption = browser.text(".admin-count")
    match = re.fullmatch(r"상품 ([\d,]+)개 중 \d+–\d+", caption)
    assert match, f"unexpected product count {caption!r}"
    return int(match.group(1).replace(",", ""))


def admin_names(browser) -> list[str]:
    return [e.text.strip() for e in browser.find_all(".admin-table tbody th[scope=row]")]


def admin_column(browser, label: str) -> list[str]:
    """The texts of one column of the products table, found by its header's sort link."""
    return browser.driver.execute_script(
        "const table = document.querySelector('.admin-table');"
        "const i = [...table.tHead.rows[0].cells].findIndex("
        "  (th) => th.querySelector('a') && th.querySelector('a').textContent.trim() === arguments[0]);"
        "if (i < 0) return null;"
        "return [...table.tBodies[0].rows].map((row) => row.cells[i].textContent.trim());", label)


def admin_search(browser, text: str) -> None:
    browser.fill("#admin-q", text)
    browser.follow(button(browser, "검색"))
    assert browser.find("#admin-q").get_attribute("value") == text


def fetch(browser, url: str, send_cookies: bool = True):
    """GETs a URL outside the browser, optionally with the browser's cookies (the admin session among them)."""
    headers = {"Accept-Language": "ko-KR,ko"}
    if send_cookies:
        headers["Cookie"] = "; ".join(f"{c['name']}={c['value']}" for c in browser.driver.get_cookies())
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as response:
        return response.geturl(), response.headers.get("Content-Type", ""), response.read()


def test_admin_journey(browser, market, sample_images, admin_password):
    mode = "js" if browser.js else "nojs"
    prefix = f"관리자 테스트 {mode} {uuid.uuid4().hex[:6]}"
    doomed = {market.create_product(f"{prefix} 하나", 31000, sample_images[4:5]): f"{prefix} 하나",
              market.create_product(f"{prefix} 둘", 32000, sample_images[5:6]): f"{prefix} 둘"}

    # Signed out, the console sends to the sign-in page; signing in comes back to the products table.
    browser.visit("/admin")
    assert browser.path().startswith("/admin/login")
    assert browser.text("h1") == "관리자 로그인"
    browser.fill("#admin-password", admin_password)
    browser.follow(browser.find("form.login-form button[type=submit]"))
    assert browser.path() == "/admin/products"
    assert browser.text("h1") == "상품 관리"
    total = admin_total(browser)

    # Search a sample product by name, then reset the search.
    admin_search(browser, "캠핑용 랜턴")
    assert "q=" in browser.path()
    assert "캠핑용 랜턴" in admin_names(browser)
    assert admin_total(browser) < total
    admin_search(browser, "")
    assert admin_total(browser) == total
    assert len(admin_names(browser)) == min(total, 50)

    # Sort by price, then the other way: aria-sort and the indicator say how, the won prices agree.
    price_header = "//table[contains(@class, 'admin-table')]/thead//th[a[normalize-space()='가격']]"
    for expected in ("descending", "ascending"):
        browser.follow(browser.driver.find_element(By.XPATH, price_header + "/a"))
        th = browser.driver.find_element(By.XPATH, price_header)
        assert th.get_attribute("aria-sort") == expected
        assert th.find_element(By.CSS_SELECTOR, "span[aria-hidden=true]").text == ("▼" if expected == "descending" else "▲")
        assert "sort=price" in browser.path()
        won = [int(p.removesuffix("원").replace(",", "")) for p in admin_column(browser, "가격") if p.endswith("원")]
        assert len(won) >= 2, "the first page shows prices in won"
        assert won == sorted(won, reverse=expected == "descending"), f"prices not {expected}: {won}"

    # The journey's two products: search by their prefix, select both, delete them in bulk.
    admin_search(browser, prefix)
    assert sorted(admin_names(browser)) == sorted(doomed.values())
    boxes = browser.find_all("tbody input[type=checkbox][name=ids]")
    assert sorted(int(b.get_attribute("value")) for b in boxes) == sorted(doomed)
    # The header's box selects every row with script; without it, it is not there and each row's box is.
    select_all = browser.find("thead input.select-all")
    if browser.js:
        select_all.click()
        assert all(b.is_selected() for b in boxes)
        boxes[0].click()
        assert browser.driver.execute_script("return arguments[0].indeterminate", select_all)
        select_all.click()
        assert all(b.is_selected() for b in boxes)
        select_all.click()
        assert not any(b.is_selected() for b in boxes)
    else:
        assert not select_all.is_displayed()
    for box in boxes:
        box.click()
    assert all(b.is_selected() for b in boxes)
    browser.follow(button(browser, "선택한 상품 삭제"))
    assert browser.text("h1") == "상품 삭제 확인"
    listed = [li.text for li in browser.find_all(".confirm-list li")]
    assert len(listed) == 2
    assert all(any(name in text for text in listed) for name in doomed.values())
    browser.follow(button(browser, "모두 삭제"))
    assert browser.text("h1") == "삭제 결과"
    outcomes = {row.find_element(By.CSS_SELECTOR, "th[scope=row]").text.strip(): row.find_elements(By.TAG_NAME, "td")[-1].text.strip()
                for row in browser.find_all(".admin-table tbody tr")}
    assert outcomes == {name: "성공" for name in doomed.values()}
    browser.follow(button(browser, "상품 관리로"))
    assert browser.path() == "/admin/products"
    assert admin_total(browser) == total - 2
    shown = admin_names(browser)
    assert not set(doomed.values()) & set(shown)
    for product_id in doomed:
        with pytest.raises(urllib.error.HTTPError) as answer:
            market.product(product_id)
        assert answer.value.code == 404

    # CSV export of the unfiltered table, fetched with the browser's session (and refused without it).
    export = browser.find(".admin-toolbar a[download]")
    assert export.text == "CSV로 내보내기"
    url = export.get_attribute("href")
    assert "admin_session" in {c["name"] for c in browser.driver.get_cookies()}
    final_url, content_type, body = fetch(browser, url)
    assert final_url == url and content_type.startswith("text/csv"), (final_url, content_type)
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))
    header, records = rows[0], rows[1:]
    assert {"id", "name", "price", "currency"} <= set(header), f"CSV header: {header}"
    assert len(records) == total - 2, "one CSV row per product in the table"
    names = [record[header.index("name")] for record in records]
    assert "캠핑용 랜턴" in names
    assert set(shown) <= set(names), "Korean names come through the CSV unchanged"
    assert not set(doomed.values()) & set(names)
    refused_url, refused_type, _ = fetch(browser, url, send_cookies=False)
    assert "/admin/login" in refused_url and not refused_type.startswith("text/csv"), "the export needs a session"
    for product_id in doomed:
        browser.visit(f"/products/{product_id}", status=404)
        assert browser.text(".error-status") == "404"

    # The history lists both deletions by the admin, each a success.
    browser.visit("/admin/products")
    browser.follow(browser.find("nav.admin-nav a[href='/admin/history']"))
    assert browser.text("h1") == "변경 기록"
    entries = [[cell.text.strip() for cell in row.find_elements(By.TAG_NAME, "td")]
               for row in browser.find_all(".history-table tbody tr")]
    deletions = sorted((e[3], e[1], e[5]) for e in entries if e[2] == "삭제" and e[3] in doomed.values())
    assert deletions == sorted((name, "관리자", "성공") for name in doomed.values())

    # Signing out ends the session: the console asks for the password again.
    sign_out = browser.find("nav.admin-nav button[type=submit]")
    assert sign_out.text == "로그아웃"
    browser.follow(sign_out)
    assert browser.path().startswith("/admin/login")
    browser.visit("/admin")
    assert browser.path().startswith("/admin/login")
    assert browser.find_all("#admin-password")


def test_the_list_page_loads_real_thumbnails(browser, market, quality_record, display_photos):
    """Twenty newly listed products with photos of 200–300 KB each (about 5 MB in all), every card scrolled into
    view: the photos the browser fetched, by what it chose from srcset."""
    stored = sum(display_photos[index % 4].stat().st_size for index in range(20))
    for index in range(20):
        market.create_product(f"사진 용량 확인 {index + 1}", 10_000 + index, [display_photos[index % 4]])
    browser.visit("/products?view=grid")
    assert len(browser.card_ids()) == 20
    driver = browser.driver
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    browser.wait_for(lambda d: d.execute_script(
        "return Array.from(document.querySelectorAll('#products img')).every(i => i.complete && i.naturalWidth > 0)"),
        "not every card photo loaded")
    fetched = driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.initiatorType === 'img')"
        ".map(e => [new URL(e.name).pathname, e.encodedBodySize])")
    photos = {path: size for path, size in fetched if path.startswith("/images/")}
    total = sum(photos.values())
    quality_record.figures.append(
        f"list page of 20 uploaded photos ({'JS' if browser.js else 'no JS'}): {len(photos)} files, {total // 1024} KB "
        f"fetched; the uploads were {stored // 1024} KB")
    assert len(photos) >= 20, photos
    assert all(re.search(r"_w\d+\.(webp|jpg)$|_thumb\.jpg$", path) for path in photos), photos
    assert total < 300 * 1024, f"{total} bytes of photos on one list page"


def test_a_phone_photo_uploads_upright_and_without_its_location(browser, phone_photo):
    """A 4 MB sideways photo with GPS: with JS the page may shrink it first, without JS the server does; either way
    the stored photo is upright, within the market's 300 KB and carries no metadata."""
    from PIL import Image

    assert phone_photo.stat().st_size > 3 * 1024 * 1024
    name = f"폰 사진 {'js' if browser.js else 'nojs'} {uuid.uuid4().hex[:6]}"
    browser.visit("/products/new")
    for field, value in [("name", name), ("description", DESCRIPTION), ("price", "30000"), ("seller_name", "폰 사진 판매자")]:
        browser.fill(f"#field-{field}", value)
    choose_photos(browser, [phone_photo])
    browser.fill("#field-password", "phone-pw-1")
    submit(browser)
    assert re.fullmatch(r"/products/\d+", browser.path()), browser.path()
    assert browser.text("h1") == name
    for url in [browser.find(".gallery-main img").get_attribute("src"),
                browser.find(".gallery-main a").get_attribute("href")]:
        data = urllib.request.urlopen(url).read()
        assert len(data) <= 300 * 1024, f"{url}: {len(data)} bytes"
        assert b"Exif" not in data and b"GPS" not in data, url
        with Image.open(io.BytesIO(data)) as stored:
            assert stored.format == "JPEG" and not stored.getexif(), url
            assert stored.height > stored.width and max(stored.size) <= 1600, f"{url}: {stored.size} is not upright"


def test_restore_after_delete(browser, market, sample_images, vendor_secret, admin_password):
    mode = "js" if browser.js else "nojs"
    name = f"복원 테스트 {mode} {uuid.uuid4().hex[:6]}"
    product_id = market.create_product(name, 21000, sample_images[1:3])
    photos = [fetch(browser, image["url"], send_cookies=False)[2] for image in market.product(product_id)["images"]]

    # The seller deletes it in the storefront.
    browser.visit(f"/products/{product_id}/delete")
    browser.fill("#field-password", vendor_secret)
    submit(browser)
    browser.visit(f"/products/{product_id}", status=404)

    # Staff restore it from its history, once.
    browser.visit(f"/admin/history?product={product_id}")
    browser.fill("#admin-password", admin_password)
    browser.follow(browser.find("form.login-form button[type=submit]"))
    assert browser.path() == f"/admin/history?product={product_id}"
    assert "복원할 수 있습니다" in browser.text(".restore-note")
    browser.follow(browser.find("form.restore-form button"))
    restored = re.fullmatch(r"/admin/products/(\d+)", browser.path())
    assert restored, browser.path()
    new_id = int(restored.group(1))
    assert new_id == product_id, "the embedded market restores a product under its old id"
    assert browser.text(".flash") == "상품을 사진과 함께 복원했습니다."
    again = [fetch(browser, image["url"], send_cookies=False)[2] for image in market.product(new_id)["images"]]
    assert again == photos, "the same photo bytes"

    # Its old links work again, and its history offers no second restore.
    browser.visit(f"/products/{product_id}")
    browser.visit(f"/admin/history?product={product_id}")
    assert not browser.find_all("form.restore-form"), "restored once"


def ask(browser, nickname: str, text: str, password: str, private: bool = False) -> str:
    """Asks through the product page's form; the id of the question the redirect leads to."""
    browser.fill("#question-nickname", nickname)
    browser.fill("#question-text", text)
    browser.fill("#question-password", password)
    if private:
        browser.find("#question-private").click()
    browser.follow(browser.find("#question-form button[type=submit]"))
    assert browser.text(".flash") == "문의를 남겼습니다."
    return browser.driver.current_url.split("#")[1]


def test_ask_the_seller_who_answers_then_delete(browser, market, sample_images, vendor_secret):
    product_id = market.create_product(f"문의 테스트 {uuid.uuid4().hex[:6]}", 18000, sample_images[1:2])
    browser.visit(f"/products/{product_id}")
    assert "아직 문의가 없습니다" in browser.text("#questions")
    anchor = ask(browser, "주말직거래", "주말에 직거래 되나요?\n역 앞이면 좋겠어요.", "asker-pass")
    question = browser.find(f"#{anchor}")
    assert "주말직거래" in question.text and "역 앞이면 좋겠어요." in question.text and "답변 대기" in question.text
    assert browser.text(".question-count") == "문의 1개"

    # The seller answers on the question's page with the product's password.
    browser.follow(browser.find(f"#{anchor} .question-manage a"))
    browser.fill("#seller-password", "not-the-password")
    browser.fill("#answer-text", "네, 토요일 오후에 가능합니다.")
    browser.follow(browser.find("form[action$='/answer'] button.button-primary"), status=403)
    assert "비밀번호가 맞지 않습니다" in browser.text("#seller-password-error")
    assert browser.find("#answer-text").get_attribute("value") == "네, 토요일 오후에 가능합니다.", "the answer typed stays"
    browser.fill("#seller-password", vendor_secret)
    browser.follow(browser.find("form[action$='/answer'] button.button-primary"))
    assert browser.text(".flash") == "답변을 등록했습니다."
    assert "판매자 답변" in browser.text(f"#{anchor}") and "토요일 오후에 가능합니다." in browser.text(f"#{anchor}")

    # Its asker deletes it.
    browser.follow(browser.find(f"#{anchor} .question-manage a"))
    browser.fill("#asker-password", "asker-pass")
    browser.follow(browser.find("form[action$='/delete'] button.button-quiet-danger"))
    assert browser.text(".flash") == "문의를 삭제했습니다."
    assert "아직 문의가 없습니다" in browser.text("#questions")


def test_a_private_question_is_read_with_its_password(browser, market, sample_images):
    product_id = market.create_product(f"비밀글 테스트 {uuid.uuid4().hex[:6]}", 9000, sample_images[2:3])
    browser.visit(f"/products/{product_id}")
    anchor = ask(browser, "조용한이웃", "연락처 남겨요 010-0000-1111", "private-pass", private=True)
    assert browser.text(f"#{anchor} .question-text") == "🔒 비밀글입니다."
    assert "010-0000-1111" not in browser.driver.page_source
    browser.follow(browser.find(f"#{anchor} .question-manage a"))
    assert "010-0000-1111" not in browser.driver.page_source
    browser.fill("#asker-password", "private-pass")
    browser.follow(browser.find("form[action$='/delete'] button[formaction$='/read']"))
    assert browser.text(".question-page .question-text") == "연락처 남겨요 010-0000-1111"
