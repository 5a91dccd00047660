"""The embedded market's REST API, for setting up and looking up products around the browser journeys."""

import json
import mimetypes
import urllib.parse
import urllib.request
import uuid
from pathlib import Path


class Market:
    def __init__(self, base_url: str, identifier: str, secret: str):
        self.base_url = base_url.rstrip("/")
        self.identifier = identifier
        self.secret = secret

    def _get(self, path: str) -> dict:
        with urllib.request.urlopen(self.base_url + path, timeout=15) as response:
            return json.load(response)

    def product(self, product_id: int) -> dict:
        return self._get(f"/api/products/{product_id}")

    def search(self, text: str) -> list[dict]:
        query = urllib.parse.urlencode(
            {"page_no": 1, "items_per_page": 100, "search_value": text}, quote_via=urllib.parse.quote)
        with urllib.request.urlopen(f"{self.base_url}/api/products?{query}", timeout=15) as response:
            return [] if response.status == 204 else json.load(response)["pages"]

    def find(self, name: str) -> dict:
        matches = [p for p in self.search(name) if p["name"] == name]
        assert matches, f"sample product {name!r} is missing from the market"
        return matches[0]

    def photo_count(self, product_id: int) -> int:
        return len(self.product(product_id)["images"])

    def create_product(self, name: str, price: int, images: list[Path], discount: int = 0, stock: int = 5) -> int:
        """Lists a product as this front end's vendor, so the vendor secret is its password in the storefront."""
        params = {
            "name": name, "description": f"{name}: 브라우저 테스트용으로 등록한 상품입니다.", "price": price,
            "currency": "KRW", "discounted_price": discount, "stock": stock, "secret": self.secret,
        }
        boundary = uuid.uuid4().hex
        parts = [(b'form-data; name="params"', "application/json", json.dumps(params).encode())]
        for image in images:
            disposition = f'form-data; name="images"; filename="{image.name}"'.encode()
            parts.append((disposition, mimetypes.guess_type(image.name)[0] or "image/png", image.read_bytes()))
        body = b"".join(
            b"--" + boundary.encode() + b"\r\nContent-Disposition: " + disposition
            + f"\r\nContent-Type: {content_type}\r\n\r\n".encode() + data + b"\r\n"
            for disposition, content_type, data in parts
        ) + b"--" + boundary.encode() + b"--\r\n"
        request = urllib.request.Request(
            self.base_url + "/api/products", data=body, method="POST",
            headers={"identifier": self.identifier, "Content-Type": f"multipart/form-data; boundary={boundary}"})
        with urllib.request.urlopen(request, timeout=15) as response:
            assert response.status == 201, f"creating {name!r} answered {response.status}"
            return json.load(response)["id"]
