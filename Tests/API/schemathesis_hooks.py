"""Schemathesis hooks for scripts/api-tests (loaded through SCHEMATHESIS_HOOKS): write requests carry the vendor's
real secret, so the operation behind the secret check is what gets tested, not the guessing throttle.

A made-up secret is a wrong guess: after a few the server refuses every write from the client for a while (429, with
a Retry-After that schemathesis waits out), and most write cases then test the throttle instead of the operation.
So every secret sent as a string (the `secret` field of the JSON body or of the `params` part on v2, the `password`
part or field on v1) is replaced with the vendor's secret, except the first of each run, which is sent as made up:
a wrong secret is still checked, once per run, too few to be throttled. Left as generated: values of another type,
and strings that can be no one's secret (empty, holding a NUL, longer than the 72 bytes bcrypt reads), which the
server refuses as malformed without counting a guess; both are the negative cases schemathesis means them to be.
The contract tests (Tests/API) and the Swift suites check wrong and overlong secrets and the throttle's answers on
every generation.
"""

import os

import schemathesis

SECRET = os.environ["OPENMARKET_VENDOR_SECRET"]
FIELDS = ("secret", "password")
KEEP_WRONG = 1
kept_wrong = 0


def could_be_a_secret(value):
    raw = value.encode("utf-8", "surrogatepass")
    return 0 < len(raw) <= 72 and b"\0" not in raw


@schemathesis.hook
def before_call(context, case, kwargs):
    global kept_wrong
    body = case.body
    if not isinstance(body, dict):
        return
    for container in (body, body.get("params")):
        if not isinstance(container, dict):
            continue
        for field in FIELDS:
            value = container.get(field)
            if not isinstance(value, str) or value == SECRET or not could_be_a_secret(value):
                continue
            if kept_wrong < KEEP_WRONG:
                kept_wrong += 1
                continue
            container[field] = SECRET
