"""The API descriptions are true: each generation's create → list → detail → change → delete flow, and its
refusals, run over loopback against the embedded market, and every answer is checked against the committed
OpenAPI document — its status is one the operation declares, its Content-Type one declared for that status, and
its body valid under the declared schema. scripts/api-tests starts the server and sets the environment."""

import gzip
import http.client
import io
import json
import os
import re
import socket
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import jsonschema_rs
import pytest
import requests
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
DESCRIPTIONS = ROOT / "Public" / "openapi"
REQUESTS = ROOT / "Tests" / "API" / "requests"


def _environment(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run the suite through scripts/api-tests", pytrace=False)
    return value


class Contract:
    """One generation's committed description, and a client that checks each answer against it."""

    def __init__(self, name: str, base_url: str):
        self.name = name
        self.base_url = base_url.rstrip("/")
        self.document = json.loads((DESCRIPTIONS / f"{name}.json").read_text(encoding="utf-8"))
        self.session = requests.Session()
        self.checked: list[tuple[str, str, int]] = []

    def _operation(self, method: str, template: str) -> dict:
        item = self.document["paths"].get(template)
        assert item is not None, f"{self.name}: {template} is not described"
        operation = item.get(method.lower())
        assert operation is not None, f"{self.name}: {method} {template} is not described"
        return operation

    def _resolve(self, node: dict) -> dict:
        while "$ref" in node:
            pointer = node["$ref"].removeprefix("#/").split("/")
            node = self.document
            for part in pointer:
                node = node[part]
        return node

    def call(self, method: str, template: str, path: str, *, expect: int, **kwargs) -> requests.Response:
        """Sends the request, asserts the status, and validates the answer against the description."""
        response = self.session.request(method, self.base_url + path, timeout=30, **kwargs)
        assert response.status_code == expect, (
            f"{method} {path}: expected {expect}, got {response.status_code}: {response.text[:300]}")
        self.validate(method, template, response)
        return response

    def validate(self, method: str, template: str, response: requests.Response) -> None:
        operation = self._operation(method, template)
        status = str(response.status_code)
        declared = operation["responses"]
        assert status in declared, (
            f"{self.name}: {method} {template} answered {status}, which it does not declare ({sorted(declared)})")
        spec = self._resolve(declared[status])
        content = spec.get("content")
        if not content:
            assert response.content == b"", f"{method} {template} {status} declares no body but sent one"
            return
        media = response.headers.get("Content-Type", "").split(";")[0].strip()
        assert media in content, f"{method} {template} {status}: Content-Type {media} is not one of {sorted(content)}"
        if media == "application/json":
            # One spelling on every status, errors included, as the wire contract writes it.
            assert response.headers["Content-Type"] == "application/json", f"{method} {template} {status}: {response.headers['Content-Type']}"
        schema = content[media].get("schema")
        if schema is None:
            return
        body = response.json() if media == "application/json" else response.text
        validator = jsonschema_rs.validator_for({**schema, "components": self.document.get("components", {})})
        errors = [f"{'/'.join(map(str, error.instance_path))}: {error.message}" for error in validator.iter_errors(body)]
        assert not errors, f"{self.name}: {method} {template} {status} does not match its schema: {errors[:5]}"
        self.checked.append((method, template, response.status_code))


    def replay(self, name: str, template: str | None, *, expect: int, **values) -> "Answer":
        """Sends a request fixture as an app does (see `replay`), asserts the status, and validates the answer
        against the operation of `template` (None: an address the description does not have)."""
        answer = replay(self.base_url, name, **values)
        assert answer.status_code == expect, f"{name}: expected {expect}, got {answer.status_code}: {answer.text[:300]}"
        if template is not None:
            self.validate(answer.method, template, answer)
        return answer


class Answer:
    """An answer read off the socket, with what `Contract.validate` reads of a `requests.Response`."""

    def __init__(self, method: str, status: int, headers, content: bytes):
        self.method = method
        self.status_code = status
        self.headers = headers
        self.content = content

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")

    def json(self):
        return json.loads(self.content)


def replay(base_url: str, name: str, **values) -> Answer:
    """Sends Tests/API/requests/<name>.http byte for byte, its placeholders filled in, over a socket of its own, and
    reads the answer (unzipped: the fixtures accept gzip, as the apps do)."""
    url = urlsplit(base_url)
    head, _, body = (REQUESTS / f"{name}.http").read_bytes().partition(b"\r\n\r\n")
    filled = {"host": url.netloc.encode(), "photo": (REQUESTS / "photo.jpg").read_bytes()}
    filled.update({key: str(value).encode() for key, value in values.items()})

    def fill(data: bytes) -> bytes:
        return re.sub(rb"\{\{(\w+)\}\}", lambda match: filled[match.group(1).decode()], data)

    body = fill(body)
    filled["length"] = str(len(body)).encode()
    method = head.split(b" ", 1)[0].decode()
    with socket.create_connection((url.hostname, url.port), timeout=30) as connection:
        connection.sendall(fill(head) + b"\r\n\r\n" + body)
        response = http.client.HTTPResponse(connection, method=method)
        response.begin()
        content = response.read()
    if response.getheader("Content-Encoding") == "gzip":
        content = gzip.decompress(content)
    return Answer(method, response.status, response.headers, content)


def expect_v2_error(answer, status: int) -> None:
    """The v2 API's JSON error, as Spring Boot shapes it."""
    assert answer.headers["Content-Type"] == "application/json", answer.headers["Content-Type"]
    body = answer.json()
    assert {"timestamp", "status", "error", "message", "path"} <= set(body), body
    assert body["status"] == status, body


def expect_vapor_error(answer, status: int) -> None:
    """The first generation's JSON error, as Vapor shaped it (`answer`: an `Answer` or a `requests.Response`)."""
    assert answer.status_code == status
    assert answer.headers["Content-Type"] == "application/json", answer.headers["Content-Type"]
    body = answer.json()
    assert body["error"] is True and body["reason"], body
    assert set(body) == {"error", "reason"}, body


@pytest.fixture(scope="session")
def identifier() -> str:
    return _environment("OPENMARKET_VENDOR_IDENTIFIER")


@pytest.fixture(scope="session")
def secret() -> str:
    return _environment("OPENMARKET_VENDOR_SECRET")


@pytest.fixture(scope="session")
def main_url() -> str:
    return _environment("OPENMARKET_BASE_URL")


@pytest.fixture(scope="session")
def v2a_url() -> str:
    return _environment("OPENMARKET_V2A_URL")


def photo(color: tuple[int, int, int], size=(640, 480)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "JPEG", quality=80)
    return buffer.getvalue()


def params(name: str, secret: str, **extra) -> str:
    values = {"name": name, "description": "A described product, for the contract test.", "price": 12000,
              "currency": "KRW", "discounted_price": 2000, "stock": 3, "secret": secret}
    values.update(extra)
    return json.dumps(values)


@pytest.mark.parametrize("name", ["v1", "v2a", "v2b"])
def test_served_descriptions_are_the_committed_ones(name, main_url, v2a_url):
    """What apps and tools fetch is the document this suite checks answers against."""
    served = {"v1": f"{main_url}/openapi/v1.json", "v2a": f"{v2a_url}/api/openapi.json", "v2b": f"{main_url}/api/openapi.json"}
    response = requests.get(served[name], timeout=10)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/json")
    assert response.content == (DESCRIPTIONS / f"{name}.json").read_bytes()
    assert response.json()["openapi"] == "3.1.0"
    # Revalidation: the file's ETag answers 304 until it changes.
    again = requests.get(served[name], headers={"If-None-Match": response.headers["ETag"]}, timeout=10)
    assert again.status_code == 304


def test_v2b_flow_matches_its_description(main_url, identifier, secret):
    api = Contract("v2b", main_url)
    headers = {"identifier": identifier}
    api.call("GET", "/healthChecker", "/healthChecker", expect=200)

    created = api.call(
        "POST", "/api/products", "/api/products", expect=201, headers=headers,
        files=[("params", (None, params("계약 시험 상품", secret), "application/json")),
               ("images", ("a.jpg", photo((200, 30, 30)), "image/jpeg")),
               ("images", ("b.jpg", photo((30, 200, 30)), "image/jpeg"))]).json()
    product_id = created["id"]
    assert created["bargain_price"] == 10000.0 and len(created["images"]) == 2

    page = api.call("GET", "/api/products", "/api/products", expect=200,
                    params={"page_no": 1, "items_per_page": 5, "search_value": "계약"}).json()
    assert product_id in [item["id"] for item in page["pages"]]
    api.call("GET", "/api/products", "/api/products", expect=204, params={"page_no": 100000, "items_per_page": 100})
    nothing = api.call("GET", "/api/products", "/api/products", expect=200,
                       params={"search_value": "없는단어" + uuid.uuid4().hex}).json()
    assert nothing["totalCount"] == 0 and nothing["pages"] == []

    detail = api.call("GET", "/api/products/{id}", f"/api/products/{product_id}", expect=200).json()
    assert detail["name"] == "계약 시험 상품"

    changed = api.call("PATCH", "/api/products/{id}", f"/api/products/{product_id}", expect=200, headers=headers,
                       json={"secret": secret, "stock": 9, "thumbnail_id": detail["images"][1]["id"]}).json()
    assert changed["stock"] == 9

    path = api.call("POST", "/api/products/{id}/archived", f"/api/products/{product_id}/archived", expect=200,
                    headers=headers, json={"secret": secret}).text
    assert re.fullmatch(r"/api/products/[0-9a-f-]{36}", path)
    deleted = api.call("DELETE", "/api/products/{id}", path, expect=200, headers=headers).json()
    assert deleted["id"] == product_id
    api.call("GET", "/api/products/{id}", f"/api/products/{product_id}", expect=404)
    api.call("DELETE", "/api/products/{id}", path, expect=404, headers=headers)


def test_v2b_refusals_match_its_description(main_url, identifier, secret):
    api = Contract("v2b", main_url)
    headers = {"identifier": identifier}
    api.call("GET", "/api/products", "/api/products", expect=400, params={"page_no": 0})
    api.call("GET", "/api/products", "/api/products", expect=400, params={"items_per_page": "many"})
    api.call("GET", "/api/products/{id}", "/api/products/999999", expect=404)
    # A path the site refuses before routing: the HTML 404 the description declares.
    # The same with a trailing slash: only an otherwise canonical path is routed with one.
    for odd_path in ["/api/products/1%2F2", "/api/products/1%2F2/", "//api/products/1/", "/api/products/1//", "/api/products/1;x/"]:
        odd = api.call("GET", "/api/products/{id}", odd_path, expect=404)
        assert odd.headers["Content-Type"].startswith("text/html"), odd_path
    api.call("POST", "/api/products", "/api/products", expect=401,
             files=[("params", (None, params("No identifier", secret), "application/json")),
                    ("images", ("a.jpg", photo((1, 2, 3)), "image/jpeg"))])
    invalid = api.call("POST", "/api/products", "/api/products", expect=422, headers=headers,
                       files=[("params", (None, params("x", secret, price=-1), "application/json")),
                              ("images", ("a.jpg", photo((1, 2, 3)), "image/jpeg"))]).json()
    assert {error["field"] for error in invalid["errors"]} >= {"name", "price"}
    not_a_photo = api.call("POST", "/api/products", "/api/products", expect=415, headers=headers,
                           files=[("params", (None, params("Not a photo", secret), "application/json")),
                                  ("images", ("a.jpg", b"plain text, not a photo", "image/jpeg"))]).json()
    assert "Image 1" in not_a_photo["message"]
    api.call("POST", "/api/products", "/api/products", expect=415, headers=headers, data="name=x")
    api.call("PATCH", "/api/products/{id}", "/api/products/1", expect=400, headers=headers, data=b"{not json")
    api.call("DELETE", "/api/products/{id}", "/api/products/1", expect=400, headers=headers)
    for method, template, path, allow in [
        ("PUT", "/api/products", "/api/products", "GET, POST, HEAD"),
        ("POST", "/api/products/{id}", "/api/products/1", "GET, PATCH, DELETE, HEAD"),
        ("TRACE", "/healthChecker", "/healthChecker", "GET, HEAD"),
    ]:
        refused = requests.request(method, main_url + path, timeout=10)
        assert refused.status_code == 405, f"{method} {path}: {refused.status_code}"
        assert refused.headers["Allow"] == allow
        assert refused.json()["status"] == 405, f"{method} {template}: the API's JSON error"
    # Methods no route knows, and paths below /api the API does not have: still the API's JSON.
    for method, path, status in [("PROPFIND", "/api/products", 405), ("QUERY", "/api/nothing/here", 404), ("GET", "/api", 404),
                                 ("DELETE", "/api/products/1/archived/x/", 404)]:
        answer = requests.request(method, main_url + path, timeout=10)
        assert answer.status_code == status, f"{method} {path}: {answer.status_code}"
        assert answer.headers["Content-Type"] == "application/json", f"{method} {path}: {answer.headers['Content-Type']}"
        assert answer.json()["status"] == status and answer.json()["path"] == path.rstrip("/"), answer.text


def test_v2a_flow_matches_its_description(v2a_url, identifier, secret):
    api = Contract("v2a", v2a_url)
    headers = {"identifier": identifier}
    created = api.call(
        "POST", "/api/products", "/api/products", expect=201, headers=headers,
        files=[("params", (None, params("Training product", secret), "application/json")),
               ("images", ("a.jpg", photo((10, 10, 200)), "image/jpeg"))]).json()
    product_id = created["id"]
    assert created["images"][0]["succeed"] is True
    page = api.call("GET", "/api/products", "/api/products", expect=200, params={"page_no": 1, "items_per_page": 3}).json()
    assert page["page_no"] == 1 and product_id in [item["id"] for item in page["pages"]]
    api.call("GET", "/api/products/{id}", f"/api/products/{product_id}", expect=200)
    # v2a apps send PATCH with no Content-Type at all.
    api.call("PATCH", "/api/products/{id}", f"/api/products/{product_id}", expect=200, headers=headers,
             data=json.dumps({"secret": secret, "name": "Training product, renamed"}).encode())
    token = api.call("POST", "/api/products/{id}/secret", f"/api/products/{product_id}/secret", expect=200,
                     headers=headers, json={"secret": secret}).text
    api.call("DELETE", "/api/products/{id}/{token}", f"/api/products/{product_id}/{token}", expect=200, headers=headers)
    api.call("DELETE", "/api/products/{id}/{token}", f"/api/products/{product_id}/{token}", expect=404, headers=headers)
    api.call("GET", "/api/products/{id}", f"/api/products/{product_id}", expect=404)


def test_v1_flow_matches_its_description(main_url):
    api = Contract("v1", main_url)
    password = "item-pass-1"

    def form(**values):
        return [(key, (None, str(value))) for key, value in values.items()]

    item = api.call("POST", "/item", "/item", expect=200, files=form(
        title="First generation item", descriptions="Listed by an app of 2021.", price=15000, currency="KRW",
        stock=2, discounted_price=12000, password=password) + [
        ("images[]", ("a.jpg", photo((90, 90, 90)), "image/jpeg"))]).json()
    item_id = item["id"]
    assert item["discounted_price"] == 12000 and len(item["images"]) == 1

    page = api.call("GET", "/items/{page}", "/items/1", expect=200).json()
    assert item_id in [listed["id"] for listed in page["items"]]
    assert api.call("GET", "/items/{page}", "/items/5000", expect=200).json() == {"page": 5000, "items": []}
    api.call("GET", "/item/{id}", f"/item/{item_id}", expect=200)

    api.call("PATCH", "/item/{id}", f"/item/{item_id}", expect=200, files=form(password=password))
    api.call("PATCH", "/item/{id}", f"/item/{item_id}", expect=401, files=form(password="wrong-password"))
    changed = api.call("PATCH", "/item/{id}", f"/item/{item_id}", expect=200, files=form(password=password, stock=7)).json()
    assert changed["stock"] == 7

    api.call("DELETE", "/item/{id}", f"/item/{item_id}", expect=401, json={"password": "wrong-password"})
    deleted = api.call("DELETE", "/item/{id}", f"/item/{item_id}", expect=200, json={"password": password}).json()
    assert deleted["id"] == item_id and deleted["title"] == "First generation item"

    # The first server's apps send the id too, and are answered with it alone.
    second = api.call("POST", "/item", "/item", expect=200, files=form(
        title="Second item", descriptions="Deleted the way of 2021.", price=3, currency="USD", stock=1,
        password=password) + [("images[]", ("b.jpg", photo((5, 5, 5)), "image/jpeg"))]).json()
    # An id in the body that is not the path's deletes nothing.
    api.call("DELETE", "/item/{id}", f"/item/{second['id']}", expect=422, json={"id": item_id, "password": password})
    answer = api.call("DELETE", "/item/{id}", f"/item/{second['id']}", expect=200,
                      json={"id": second["id"], "password": password}).json()
    assert answer == {"id": second["id"]}

    api.call("GET", "/item/{id}", f"/item/{item_id}", expect=404)
    api.call("GET", "/items/{page}", "/items/0", expect=404)
    api.call("POST", "/item", "/item", expect=415, data="title=x")
    invalid = api.call("POST", "/item", "/item", expect=422, files=form(
        title="Item", descriptions="short", price=1, currency="KRW", stock=1, password=password) + [
        ("images[]", ("c.jpg", photo((7, 7, 7)), "image/jpeg"))]).json()
    assert invalid["error"] is True and "description" in invalid["reason"].lower()
    refused = requests.put(f"{main_url}/item/1", timeout=10)
    assert refused.status_code == 405 and refused.headers["Allow"] == "GET, PATCH, DELETE, HEAD"
    for method, path, status in [("PROPFIND", "/item/1", 405), ("GET", "/items", 404), ("GET", "/item/1/images", 404),
                                 ("POST", "/items/1/2", 404)]:
        expect_vapor_error(requests.request(method, main_url + path, timeout=10), status)


def test_v2b_apps_habits_match_its_description(main_url, identifier, secret):
    """Requests as v2b apps send them (Tests/API/requests): every path with a trailing slash answers as without it."""
    api = Contract("v2b", main_url)
    vendor = {"identifier": identifier, "secret": secret}
    created = api.replay("v2b-create-trailing-slash", "/api/products", expect=201, **vendor).json()
    product_id = created["id"]
    assert created["name"] == "Trailing slash mug" and len(created["images"]) == 1

    page = api.replay("v2b-list-trailing-slash", "/api/products", expect=200).json()
    assert page["pageNo"] == 1 and page["itemsPerPage"] == 20 and product_id in [item["id"] for item in page["pages"]]
    assert page == api.call("GET", "/api/products", "/api/products", expect=200, params={"page_no": 1, "items_per_page": 20}).json()
    detail = api.replay("v2b-detail-trailing-slash", "/api/products/{id}", expect=200, id=product_id).json()
    assert detail == api.call("GET", "/api/products/{id}", f"/api/products/{product_id}", expect=200).json()
    changed = api.replay("v2b-patch-trailing-slash", "/api/products/{id}", expect=200, id=product_id, **vendor).json()
    assert changed["stock"] == 11

    refused = api.replay("v2b-unknown-method", None, expect=405, id=product_id, **vendor)
    assert refused.headers["Allow"] == "GET, PATCH, DELETE, HEAD"
    expect_v2_error(refused, 405)
    expect_v2_error(api.replay("v2b-unknown-path", None, expect=404, id=product_id), 404)

    path = api.replay("v2b-archived-trailing-slash", "/api/products/{id}/archived", expect=200, id=product_id, **vendor).text
    deleted = api.replay("v2b-delete-trailing-slash", "/api/products/{id}", expect=200, token=path.rsplit("/", 1)[1], **vendor).json()
    assert deleted["id"] == product_id
    api.replay("v2b-detail-trailing-slash", "/api/products/{id}", expect=404, id=product_id)


def test_v2a_apps_habits_match_its_description(v2a_url, identifier, secret):
    api = Contract("v2a", v2a_url)
    vendor = {"identifier": identifier, "secret": secret}
    created = api.replay("v2a-create-trailing-slash", "/api/products", expect=201, **vendor).json()
    product_id = created["id"]
    assert created["images"][0]["succeed"] is True

    page = api.replay("v2a-list-trailing-slash", "/api/products", expect=200).json()
    assert page["page_no"] == 1 and product_id in [item["id"] for item in page["pages"]]
    detail = api.replay("v2a-detail-trailing-slash", "/api/products/{id}", expect=200, id=product_id).json()
    assert detail == api.call("GET", "/api/products/{id}", f"/api/products/{product_id}", expect=200).json()
    changed = api.replay("v2a-patch-trailing-slash", "/api/products/{id}", expect=200, id=product_id, **vendor).json()
    assert changed["description"] == "Changed through /api/products/{id}/ without a Content-Type."
    expect_v2_error(api.replay("v2a-unknown-path", None, expect=404), 404)

    token = api.replay("v2a-secret-trailing-slash", "/api/products/{id}/secret", expect=200, id=product_id, **vendor).text
    api.replay("v2a-delete-trailing-slash", "/api/products/{id}/{token}", expect=200, id=product_id, token=token, **vendor)
    api.replay("v2a-detail-trailing-slash", "/api/products/{id}", expect=404, id=product_id)


def test_v1_apps_habits_match_its_description(main_url):
    """Requests as 2021 apps send them: trailing slashes, unchanged fields as empty parts, bodies never closed."""
    api = Contract("v1", main_url)
    password = "habit-pass-1"
    item = api.replay("v1-create-trailing-slash", "/item", expect=200, password=password).json()
    assert item["title"] == "Trailing slash mug" and item["discounted_price"] == 10000 and len(item["images"]) == 1
    unclosed = api.replay("v1-create-unclosed", "/item", expect=200, password=password).json()
    assert unclosed["title"] == "Unclosed body mug" and len(unclosed["images"]) == 1

    page = api.replay("v1-list-trailing-slash", "/items/{page}", expect=200).json()
    assert page["page"] == 1 and unclosed["id"] in [listed["id"] for listed in page["items"]]
    shown = api.replay("v1-item-trailing-slash", "/item/{id}", expect=200, id=item["id"]).json()
    assert shown == api.call("GET", "/item/{id}", f"/item/{item['id']}", expect=200).json()

    # Empty parts are fields left alone, the empty file part no photo: only the title and the price change.
    changed = api.replay("v1-patch-empty-parts", "/item/{id}", expect=200, id=item["id"], password=password).json()
    assert changed["title"] == "Renamed by a 2021 app" and changed["price"] == 15000
    assert (changed["descriptions"], changed["currency"], changed["stock"]) == (item["descriptions"], "KRW", 7)
    assert changed["discounted_price"] == 10000 and changed["images"] == item["images"]
    restocked = api.replay("v1-patch-unclosed", "/item/{id}", expect=200, id=item["id"], password=password).json()
    assert restocked["stock"] == 21 and restocked["title"] == "Renamed by a 2021 app"

    expect_vapor_error(api.replay("v1-unknown-path", None, expect=404), 404)
    for answer in [api.replay("v1-delete-trailing-slash", "/item/{id}", expect=200, id=key, password=password).json()
                   for key in (item["id"], unclosed["id"])]:
        assert answer["id"] in (item["id"], unclosed["id"])
    expect_vapor_error(api.replay("v1-item-trailing-slash", "/item/{id}", expect=404, id=item["id"]), 404)
