"""Three instances on one PostgreSQL act as one market: what one instance writes, the others read; sessions,
product passwords, throttles and the audit log are shared; nothing is lost to concurrency, a restart or kill -9.

Every request names its instance explicitly (`cluster.instances[k]`) or goes through nginx (`cluster.base`), which
shares requests out round robin and says which instance answered in `X-Instance`.
"""

import concurrent.futures
import csv
import io
import re
import threading
import time
import uuid

import requests
from PIL import Image

TOKEN = re.compile(r'name="_csrf" value="([^"]+)"')
PRODUCT_PATH = re.compile(r"^/products/(\d+)$")
PASSWORD = "cluster-pass-7"


def photo(seed: int) -> bytes:
    """A real JPEG, different for every seed."""
    image = Image.frombytes("RGB", (240, 180), bytes((x * 7 + seed * 13) % 256 for x in range(240 * 180 * 3)))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return out.getvalue()


def token(session: requests.Session, url: str) -> str:
    page = session.get(url, timeout=30)
    assert page.status_code == 200, f"{url} answered {page.status_code}"
    match = TOKEN.search(page.text)
    assert match, f"{url} has no CSRF token"
    return match.group(1)


def create(session: requests.Session, base: str, name: str, photos: int = 1, timeout: float = 120) -> requests.Response:
    """Lists a product through the upload form of `base`, as a seller does."""
    data = {
        "_csrf": token(session, base + "/products/new"), "name": name, "description": f"{name} — 클러스터 테스트 상품",
        "price": "12000", "currency": "KRW", "discounted_price": "0", "stock": "3", "password": PASSWORD,
        "seller_name": "클러스터 판매자",
    }
    files = [("images", (f"photo-{index}.jpg", photo(hash(name) % 200 + index), "image/jpeg")) for index in range(photos)]
    return session.post(base + "/products", data=data, files=files, allow_redirects=False, timeout=timeout)


def created_id(answer: requests.Response) -> int:
    assert answer.status_code == 303, f"the upload answered {answer.status_code}: {answer.text[:300]}"
    match = PRODUCT_PATH.match(answer.headers["Location"])
    assert match, answer.headers["Location"]
    return int(match.group(1))


def newest(base: str, count: int = 100) -> list[dict]:
    answer = requests.get(f"{base}/api/products", params={"page_no": 1, "items_per_page": count}, timeout=30)
    assert answer.status_code == 200
    return answer.json()["pages"]


def detail(base: str, product_id: int) -> requests.Response:
    return requests.get(f"{base}/api/products/{product_id}", timeout=30)


def delete(session: requests.Session, base: str, product_id: int, password: str) -> requests.Response:
    data = {"_csrf": token(session, f"{base}/products/{product_id}/delete"), "password": password}
    return session.post(f"{base}/products/{product_id}/delete", data=data, allow_redirects=False, timeout=60)


def sign_in(session: requests.Session, base: str, password: str) -> None:
    data = {"_csrf": token(session, base + "/admin/login"), "password": password}
    answer = session.post(base + "/admin/login", data=data, allow_redirects=False, timeout=60)
    assert answer.status_code == 303, f"signing in answered {answer.status_code}"


def signed_in(session: requests.Session, base: str) -> bool:
    answer = session.get(base + "/admin/products", allow_redirects=False, timeout=30)
    assert answer.status_code in (200, 303), answer.status_code
    return answer.status_code == 200


def eventually(condition, what: str, deadline: float = 15) -> None:
    """Polls `condition` until it holds: an instance keeps its pages and answers until another instance's write
    reaches it as a notification, a moment after that write's commit."""
    end = time.monotonic() + deadline
    while not condition():
        assert time.monotonic() < end, f"not within {deadline} s: {what}"
        time.sleep(0.05)


def photos_complete(base: str, product: dict, expected: int) -> bool:
    """The product has the photos it was listed with, and each of them is served as an image."""
    images = detail(base, product["id"]).json()["images"]
    if len(images) != expected:
        return False
    for image in images:
        answer = requests.get(image["url"], timeout=30)
        if answer.status_code != 200 or not answer.headers["Content-Type"].startswith("image/"):
            return False
    return True


def test_nginx_shares_requests_out_to_every_instance(cluster):
    seen = {requests.get(cluster.base + "/products", timeout=30).headers["X-Instance"] for _ in range(9)}
    assert seen == {address.removeprefix("http://") for address in cluster.instances}


def test_a_product_listed_on_one_instance_is_read_by_the_others(cluster):
    seller = requests.Session()
    name = f"클러스터 램프 {uuid.uuid4().hex[:6]}"
    product_id = created_id(create(seller, cluster.instances[0], name, photos=2))
    eventually(lambda: name in requests.get(cluster.instances[1] + "/products", timeout=30).text, "the list shows it")
    page = requests.get(f"{cluster.instances[2]}/products/{product_id}", timeout=30)
    assert page.status_code == 200 and name in page.text
    assert detail(cluster.instances[1], product_id).json()["name"] == name
    # The photos live in the database: an instance that never saw the upload serves them.
    assert photos_complete(cluster.instances[2], {"id": product_id}, 2)


def test_an_admin_session_made_on_one_instance_is_valid_on_all(cluster):
    staff = requests.Session()
    sign_in(staff, cluster.instances[0], cluster.admin_password)
    assert signed_in(staff, cluster.instances[1]) and signed_in(staff, cluster.instances[2])
    export = staff.get(cluster.instances[2] + "/admin/export.csv", timeout=60)
    assert export.status_code == 200 and export.headers["Content-Type"].startswith("text/csv")
    assert len(list(csv.reader(io.StringIO(export.text)))) > 1
    # Signing out on one instance ends the session on every instance.
    logout = {"_csrf": token(staff, cluster.instances[1] + "/admin/products")}
    assert staff.post(cluster.instances[1] + "/admin/logout", data=logout, allow_redirects=False, timeout=30).status_code == 303
    assert not signed_in(staff, cluster.instances[0])


def test_a_product_password_set_through_one_instance_works_on_another(cluster):
    seller = requests.Session()
    name = f"비밀번호 의자 {uuid.uuid4().hex[:6]}"
    product_id = created_id(create(seller, cluster.instances[0], name))
    assert delete(seller, cluster.instances[1], product_id, "not-the-password").status_code == 403
    assert detail(cluster.instances[2], product_id).status_code == 200
    assert delete(seller, cluster.instances[2], product_id, PASSWORD).status_code == 303
    assert detail(cluster.instances[0], product_id).status_code == 404
    eventually(lambda: name not in requests.get(cluster.instances[1] + "/products", timeout=30).text, "the list drops it")


def test_48_concurrent_uploads_through_nginx_make_48_whole_products(cluster):
    tag = uuid.uuid4().hex[:6]
    names = [f"동시 업로드 {tag} #{index:02d}" for index in range(48)]
    instances: list[str] = []
    lock = threading.Lock()

    def upload(name: str) -> int:
        answer = create(requests.Session(), cluster.base, name, photos=2, timeout=300)
        with lock:
            instances.append(answer.headers.get("X-Instance", ""))
        return created_id(answer)

    with concurrent.futures.ThreadPoolExecutor(max_workers=48) as pool:
        ids = list(pool.map(upload, names))
    assert len(set(ids)) == 48
    assert len(set(instances)) == 3, f"the uploads went to {set(instances)}"
    def listed_now() -> list[dict]:
        return [product for product in newest(cluster.base, 100) if product["name"].startswith(f"동시 업로드 {tag} ")]

    # Each instance (nginx picks one per request) lists all 48 once the last commits have reached it.
    for _ in range(3):
        eventually(lambda: sorted(product["name"] for product in listed_now()) == sorted(names), "every upload is listed")
    listed = listed_now()
    for product in listed:
        assert photos_complete(cluster.instances[len(product["name"]) % 3], product, 2), product["name"]


def test_kill_9_of_an_instance_during_uploads_leaves_no_partial_product(cluster):
    tag = uuid.uuid4().hex[:6]
    victim = cluster.instances[2]
    outcomes: list[str] = []

    def upload(index: int) -> None:
        try:
            answer = create(requests.Session(), victim, f"중단 업로드 {tag} #{index:02d}", photos=3, timeout=120)
            outcomes.append("listed" if answer.status_code == 303 else f"status {answer.status_code}")
        except requests.RequestException:
            outcomes.append("cut")

    with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
        for index in range(16):
            pool.submit(upload, index)
        time.sleep(0.8)
        cluster.kill(3)
    assert "cut" in outcomes, f"the kill came after every upload: {outcomes}"

    def check() -> int:
        survivors = [p for p in newest(cluster.instances[0], 100) if p["name"].startswith(f"중단 업로드 {tag} ")]
        for product in survivors:
            assert photos_complete(cluster.instances[0], product, 3), f"{product['name']} is partial"
        return len(survivors)

    # Every upload answered "listed" is there, whole; an upload cut short is there whole or not at all.
    eventually(lambda: check() >= outcomes.count("listed"), "every upload answered listed is there")
    # The instance starts again (finishing or releasing what it left) and the market is still whole.
    cluster.revive(3)
    assert outcomes.count("listed") <= check() <= 16


def test_everything_survives_a_restart_of_all_instances(cluster):
    staff = requests.Session()
    sign_in(staff, cluster.base, cluster.admin_password)
    seller = requests.Session()
    name = f"재시작 테이블 {uuid.uuid4().hex[:6]}"
    product_id = created_id(create(seller, cluster.instances[1], name, photos=2))
    cluster.restart()
    assert signed_in(staff, cluster.instances[0]) and signed_in(staff, cluster.instances[2])
    assert detail(cluster.instances[2], product_id).json()["name"] == name
    assert photos_complete(cluster.instances[0], {"id": product_id}, 2)
    # The audit log is one log: the listing made on instance 2 shows in the history read on instance 1.
    history = staff.get(cluster.instances[0] + "/admin/history", timeout=30)
    assert history.status_code == 200 and name in history.text
    assert delete(seller, cluster.instances[0], product_id, PASSWORD).status_code == 303


def test_wrong_passwords_spread_over_three_instances_are_throttled_as_on_one(cluster):
    seller = requests.Session()
    product_id = created_id(create(seller, cluster.instances[0], f"스로틀 조명 {uuid.uuid4().hex[:6]}"))
    statuses = [
        delete(seller, cluster.instances[attempt % 3], product_id, f"wrong-{attempt}").status_code for attempt in range(9)]
    # Three misses are free (per client and product), wherever they land; then every instance refuses to check for a
    # while (5 s, doubling at each miss after it). Counted per instance, no instance would have seen a fourth miss.
    assert statuses[:3] == [403, 403, 403], statuses
    assert statuses[3:5] == [429, 429], statuses
    # A block may end while the refusals are held back (a tarpit); a guess then is checked once and blocks again.
    assert statuses[3:].count(429) >= 5 and all(status in (403, 429) for status in statuses), statuses
    assert detail(cluster.instances[1], product_id).status_code == 200


SPENT = "This delete path is unknown, used or expired. Ask for a new one with POST /api/products/{id}/archived."


def delete_path(cluster, product_id: int) -> str:
    """The v2b delete's first step, as the vendor all instances act as: the plain-text path that deletes it once."""
    answer = requests.post(
        f"{cluster.base}/api/products/{product_id}/archived", json={"secret": cluster.secret},
        headers={"identifier": cluster.identifier}, timeout=60)
    assert answer.status_code == 200, f"archived answered {answer.status_code}: {answer.text[:300]}"
    assert answer.text.startswith("/api/products/"), answer.text
    return answer.text


def spend(cluster, path: str) -> requests.Response:
    return requests.delete(cluster.base + path, headers={"identifier": cluster.identifier}, timeout=60)


def assert_deleted_everywhere(cluster, product_id: int, name: str) -> None:
    for instance in cluster.instances:
        assert detail(instance, product_id).status_code == 404, instance
    assert all(product["name"] != name for product in newest(cluster.base, 100))


def test_a_delete_token_spent_at_once_on_three_instances_deletes_once(cluster):
    name = f"토큰 화분 {uuid.uuid4().hex[:6]}"
    product_id = created_id(create(requests.Session(), cluster.instances[0], name))
    path = delete_path(cluster, product_id)
    token = path.rsplit("/", 1)[1]
    # Both forms the API takes, sent together through nginx: round robin hands them to every instance.
    paths = [path if attempt % 2 == 0 else f"/api/products/{product_id}/{token}" for attempt in range(9)]
    start = threading.Barrier(len(paths))

    def attempt(each: str) -> requests.Response:
        start.wait(timeout=30)
        return spend(cluster, each)

    with concurrent.futures.ThreadPoolExecutor(max_workers=len(paths)) as pool:
        answers = list(pool.map(attempt, paths))
    assert len({answer.headers["X-Instance"] for answer in answers}) == 3, [a.headers["X-Instance"] for a in answers]
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200] + [404] * 8, statuses
    deleted = next(answer for answer in answers if answer.status_code == 200)
    assert deleted.json()["id"] == product_id and deleted.json()["name"] == name
    for answer in answers:
        if answer.status_code == 404:
            assert SPENT in answer.text, answer.text[:300]
    assert_deleted_everywhere(cluster, product_id, name)


def test_a_delete_token_spent_on_one_instance_is_spent_on_the_others(cluster):
    name = f"토큰 의자 {uuid.uuid4().hex[:6]}"
    product_id = created_id(create(requests.Session(), cluster.instances[1], name))
    path = delete_path(cluster, product_id)
    # One after another through nginx: each attempt lands on the next instance.
    answers = [spend(cluster, path) for _ in range(4)]
    assert len({answer.headers["X-Instance"] for answer in answers}) == 3, [a.headers["X-Instance"] for a in answers]
    assert [answer.status_code for answer in answers] == [200, 404, 404, 404], [a.text[:200] for a in answers]
    assert answers[0].json()["id"] == product_id
    assert all(SPENT in answer.text for answer in answers[1:])
    assert_deleted_everywhere(cluster, product_id, name)
    # A new path for the deleted product is refused too: there is nothing left to delete.
    again = requests.post(
        f"{cluster.base}/api/products/{product_id}/archived", json={"secret": cluster.secret},
        headers={"identifier": cluster.identifier}, timeout=60)
    assert again.status_code == 404, again.status_code
